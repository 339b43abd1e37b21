import type { AccessLevel } from '#shared/access.ts'

// THE pages of the app, each declared once (docs/decisions/019): its name, its path
// as a React Router pattern, and the least role that may open it. Every page of spec
// 000 §2, 001 §2 and 002 §2 is here, built or not; where the specs give two readings,
// the route table of spec 000 §2 wins (docs/decisions/002-access-table.md). The server
// reads it (a page path answers 200, any other 404), the web guards read it, and
// src/web/app/pages.tsx gives each page its component and menu entries.

export type Page = { path: string; access: AccessLevel }

export const pages = {
  home: { path: '/', access: 'visitor' },
  login: { path: '/login', access: 'visitor' },
  createAccount: { path: '/create-account', access: 'visitor' },
  resetPassword: { path: '/reset-password', access: 'visitor' },
  // the link in the verification mail, opened in whatever browser (decision 014)
  verifyEmail: { path: '/verify-email', access: 'visitor' },
  // an admin's invitation (Add user, CSV import) sets the password, opened in whatever browser (issue 22)
  acceptInvitation: { path: '/accept-invitation', access: 'visitor' },
  business: { path: '/business', access: 'visitor' },
  contact: { path: '/contact', access: 'visitor' },
  subscription: { path: '/subscription', access: 'visitor' },
  testCheckout: { path: '/subscription/test-checkout/:checkoutId', access: 'member' },
  about: { path: '/prestige-labs', access: 'visitor' },
  faqs: { path: '/faqs', access: 'visitor' },
  privacy: { path: '/privacy', access: 'visitor' },
  terms: { path: '/terms', access: 'visitor' },
  partners: { path: '/partners', access: 'visitor' },

  dashboard: { path: '/dashboard', access: 'member' },
  dailyRoutine: { path: '/dashboard/daily-routine', access: 'member' },
  calendar: { path: '/dashboard/calendar', access: 'member' },
  saved: { path: '/saved', access: 'member' },
  savedJobs: { path: '/saved/jobs', access: 'member' },
  savedCourses: { path: '/saved/courses', access: 'member' },
  profile: { path: '/profile', access: 'member' },
  settings: { path: '/settings', access: 'member' },
  // spec 000 §2: "subscription explicitly not required"; spec 000 §6 puts course browse with members
  courses: { path: '/courses', access: 'member' },
  coursesBrowse: { path: '/courses/browse', access: 'member' },
  // spec 001 §2: route not shown; a course detail is reached from browse, so members
  courseDetail: { path: '/courses/:courseId', access: 'member' },

  prestigeClub: { path: '/prestige-club', access: 'subscriber' },
  events: { path: '/events', access: 'subscriber' },
  eventRegistration: { path: '/events/:eventId/register', access: 'subscriber' },
  community: { path: '/community', access: 'subscriber' },
  blog: { path: '/blog', access: 'subscriber' },
  blogPost: { path: '/blog/:postId', access: 'subscriber' },
  jobs: { path: '/jobs', access: 'subscriber' },
  jobDetail: { path: '/jobs/:jobId', access: 'subscriber' },
  resumeReview: { path: '/resume-review', access: 'subscriber' },
  careerChat: { path: '/career-chat', access: 'subscriber' },
  coursesMarketplace: { path: '/courses/marketplace', access: 'subscriber' },
  // issue 2: the tracker lives at /layoffs for subscribers; imports stay admin-only
  layoffs: { path: '/layoffs', access: 'subscriber' },

  admin: { path: '/admin', access: 'admin' },
  adminJobs: { path: '/admin/jobs/manage', access: 'admin' },
  adminUsers: { path: '/admin/users', access: 'admin' },
  adminUser: { path: '/admin/users/:userId', access: 'admin' },
  adminCourses: { path: '/admin/courses', access: 'admin' },
  adminCourseNew: { path: '/admin/courses/new', access: 'admin' },
  adminCourseEdit: { path: '/admin/courses/:courseId/edit', access: 'admin' },
  adminCourseModules: { path: '/admin/courses/:courseId/modules', access: 'admin' },
  adminSettings: { path: '/admin/settings', access: 'admin' },
  adminBlog: { path: '/admin/blog', access: 'admin' },
  adminLayoffs: { path: '/admin/layoffs', access: 'admin' },
  adminResumeReview: { path: '/admin/resume-review', access: 'admin' },
  // issue 17: events management, attendees and their CSV (the dashboard card links here)
  adminEvents: { path: '/admin/events', access: 'admin' },
  adminInbox: { path: '/admin/inbox', access: 'admin' },
  // issue 14 §1: the background job queues, their failures and a retry (the queue-admin area)
  adminQueue: { path: '/admin/jobs-queue', access: 'admin' },
  // the development mailbox (the dev-mail area)
  devMail: { path: '/admin/mail', access: 'admin' },
  adminPlans: { path: '/admin/plans', access: 'admin' },
  // issue 14 §3: the audit log of administrative writes (decision 023)
  adminAudit: { path: '/admin/audit', access: 'admin' },
} as const satisfies Record<string, Page>

export type PageName = keyof typeof pages

/** Every page path, as a React Router pattern ('/jobs/:jobId'). */
export type PagePath = (typeof pages)[PageName]['path']

type PathOf<Name extends PageName> = (typeof pages)[Name]['path']

/** The `:name` parameters of a path pattern: 'jobId' of '/jobs/:jobId'. */
type ParamsOf<Path extends string> = Path extends `${string}:${infer Param}/${infer Rest}`
  ? Param | ParamsOf<Rest>
  : Path extends `${string}:${infer Param}`
    ? Param
    : never

/** A path pattern with its parameters filled: '/jobs/:jobId' is `/jobs/${string}`, '/jobs' stays '/jobs'. */
type Filled<Path extends string> = Path extends `${infer Head}:${string}/${infer Rest}`
  ? `${Head}${string}/${Filled<Rest>}`
  : Path extends `${infer Head}:${string}`
    ? `${Head}${string}`
    : Path

/** The parameters a page's path needs, by name. */
export type PageParams<Name extends PageName> = Record<ParamsOf<PathOf<Name>>, string>

/** The pages whose path has no parameter: `pathTo(name)` alone reaches them. */
export type StaticPageName = { [Name in PageName]: [ParamsOf<PathOf<Name>>] extends [never] ? Name : never }[PageName]

/**
 * The path of a page, its parameters filled (and encoded): `pathTo('jobs')` is '/jobs',
 * `pathTo('jobDetail', { jobId })` is '/jobs/<jobId>'. A page with parameters cannot be
 * reached without them, nor one without parameters with some: both fail to compile.
 */
export function pathTo<Name extends PageName>(
  name: Name,
  ...params: [ParamsOf<PathOf<Name>>] extends [never] ? [] : [PageParams<Name>]
): Filled<PathOf<Name>> {
  const values: Record<string, string> = params[0] ?? {}
  return pages[name].path.replace(/:(\w+)/g, (_, key: string) => encodeURIComponent(values[key] ?? '')) as Filled<
    PathOf<Name>
  >
}
