import { pages, type PageName } from '#shared/pages.ts'

// THE access table (ARCHITECTURE.md): every page of spec 000 §2, 001 §2 and
// 002 §2 (declared once, with its name and path, in shared/pages.ts, decision 019)
// and every API area, mapped to the least role that may open it. The web guards
// and the API middleware both read this file, so the interface and the server can
// never disagree. Where the specs give two readings, the route table of spec 000 §2
// wins (docs/decisions/002-access-table.md).

export type AccessLevel = 'visitor' | 'member' | 'subscriber' | 'admin'

export type Viewer = {
  signedIn: boolean
  subscribed: boolean
  isAdmin: boolean
}

export const anonymousViewer: Viewer = { signedIn: false, subscribed: false, isAdmin: false }

/**
 * Pages by path, as React Router patterns, from the one table of pages (shared/pages.ts).
 * Order does not matter: the most specific match wins.
 */
export const pageAccess = Object.fromEntries(Object.values(pages).map((page) => [page.path, page.access])) as {
  readonly [Name in PageName as (typeof pages)[Name]['path']]: (typeof pages)[Name]['access']
}

/**
 * API areas by path prefix, and single endpoints inside them where the endpoint
 * asks for more than its area (a member's own billing inside the public billing
 * area; an admin action inside a member area), as 'METHOD /path' when only one
 * method asks for more. Services check again; the table is never looser than
 * they are, and the authorization matrix test (src/server/authorization-matrix.test.ts)
 * calls every route as every role to prove it, failing for a route without an entry.
 */
export const apiAccess = {
  '/api/auth': 'visitor', // better-auth's endpoints the product exposes: Google's callback only (decision 012)
  '/api/accounts': 'visitor', // sign-up, sign-in, session: public by nature
  '/api/accounts/security': 'member', // two-factor state, other sessions
  '/api/accounts/verify-email/resend': 'member', // a new link for the signed-in member (opening a link needs no session: decision 014)
  '/api/billing': 'visitor', // plans and promo are public
  '/api/billing/me': 'member',
  '/api/billing/checkout': 'member',
  '/api/billing/test-checkout': 'member',
  '/api/billing/portal': 'member',
  '/api/billing/subscription': 'member', // the member's own membership: cancel, resume, change plan (decision 013)
  '/api/billing/webhook': 'visitor', // Stripe, authenticated by its signature
  '/api/admin': 'admin',
  '/api/admin/queue': 'admin', // background jobs: counts, failures, retry (decision 021)
  '/api/admin/audit': 'admin', // the audit log of administrative writes (decision 023)
  '/api/admin/courses': 'admin', // course, category, module and lesson management (spec 002 §2, issue 15)
  '/api/admin/resume-reviews': 'admin', // the coaches' table, details and scores (spec 002 §2, issue 16)
  '/api/admin/events': 'admin', // events management, attendees and their CSV (spec 002 §2, issue 17)
  '/api/admin/blog': 'admin', // blog management and the newsletter feed's address and state (spec 002 §2, issue 18)
  '/api/admin/layoffs': 'admin', // layoff CSV import: preview, import, history, skipped rows, undo (spec 002 §2, issue 19)
  '/api/admin/chat': 'admin', // the coach's view of a member beside a conversation (issue 20)
  '/api/admin/routine': 'admin', // the quote, coach's tip and challenge of a day (issue 21)
  '/api/admin/users': 'admin', // user management: table, details, admin flag, delete, invitations, CSV import and export (issue 22)
  '/api/dev-mail': 'admin',
  '/api/live': 'member', // one event stream per browser; each topic is filtered by liveTopicAccess
  '/api/community': 'subscriber',
  'PUT /api/community/trends': 'admin', // the trends panel is edited by admins (spec 000 §8)
  '/api/update-signup': 'visitor',
  '/api/profile': 'member', // the member's own profile, avatar, skills; avatars of others for display
  '/api/contact': 'visitor',
  '/api/settings': 'visitor', // the public part of the platform settings: name, maintenance, sign-in options (issue 22)
  '/api/business-requests': 'visitor',
  '/api/jobs': 'subscriber', // the private job board (admin job management is under /api/admin/jobs)
  '/api/jobs/latest': 'visitor', // the newest three jobs of the landing teaser (spec 000 §1)
  '/api/jobs/logos': 'visitor', // company logos shown with that teaser
  '/api/courses': 'member', // browse, course pages, progress (spec 000 §2: /courses needs no subscription)
  '/api/courses/marketplace': 'subscriber', // spec 000 §2 route table: /courses/marketplace is for subscribers
  '/api/saved': 'member', // spec 001 §2 /saved is a member page: a free member sees (and may drop) what they saved
  'PUT /api/saved/jobs': 'subscriber', // saving a job is part of the private job board
  '/api/applications': 'member', // the member's own applications and resumes (applicant or admin only)
  '/api/resume-reviews': 'subscriber', // spec 001 §2 /resume-review: the member's own reviews, files and comments (owner or admin only)
  '/api/events': 'subscriber', // spec 000 §2 route table: events and registration are for subscribers
  '/api/blog': 'subscriber', // spec 000 §2 route table: /blog and /blog/{postId} are for subscribers
  '/api/blog/images': 'visitor', // a published post's picture: the preview of a shared link shows it (decision 027)
  '/api/layoffs': 'subscriber', // spec 000 §2 route table: the layoff tracker also needs a subscription (admins pass)
  '/api/layoffs/latest': 'visitor', // the latest records of the landing teaser (spec 000 §1, issue 19)
  '/api/goals': 'member', // spec 000 §2: /dashboard is for every member; the member's own career goals (issue 21)
  '/api/routine': 'member', // the member's own daily routine, calendar and routine settings (issue 21)
  '/api/recommendations': 'member', // computed from the member's own goals, profile, saved jobs and the platform (issue 21)
  '/api/chat': 'subscriber', // spec 000 §2 route table: /career-chat; each conversation its two parties (and admins) only (issue 20)
  // outside /api: the Prometheus metrics (issue 23 §6), for admins' sessions or a scraper's METRICS_TOKEN (platform/metrics.ts)
  '/metrics': 'admin',
} as const satisfies Record<string, AccessLevel>

/**
 * Live-update topics (Server-Sent Events at /api/live) and who receives them: the
 * same level as the pages that show them.
 */
export const liveTopicAccess = {
  community: 'subscriber',
  jobs: 'subscriber', // the board and the admin table refresh when a job is added, edited, closed or deleted
  courses: 'member', // course lists refresh when an admin changes a course or a category
  resumes: 'subscriber', // a review's status, comments and pre-score; each event reaches its owner and admins only
  events: 'subscriber', // seats, details and cancellations of events, for the lists and pages that show them
  blog: 'subscriber', // the merged list and the cards that show it refresh when a post or the feed changes
  layoffs: 'subscriber', // the tracker refreshes after an import or undo; an import's progress reaches admins only
  chat: 'subscriber', // a conversation's messages and reads; each event reaches its two parties and no one else
  admin: 'admin', // the admin area's own events (a user import's progress), to admins only (issue 22)
} as const satisfies Record<string, AccessLevel>

export type LiveTopic = keyof typeof liveTopicAccess

export type AccessDecision = 'allow' | 'sign-in' | 'admin-only' | 'premium'

/** What happens when `viewer` opens something that needs `level` (spec 000 §2, guard behaviour). */
export function decideAccess(level: AccessLevel, viewer: Viewer): AccessDecision {
  if (level === 'visitor') return 'allow'
  if (!viewer.signedIn) return 'sign-in'
  if (viewer.isAdmin) return 'allow' // admins bypass subscription checks (spec 000 §4)
  if (level === 'admin') return 'admin-only'
  if (level === 'subscriber' && !viewer.subscribed) return 'premium'
  return 'allow'
}

function patternToRegExp(pattern: string): RegExp {
  const source = pattern
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/')
  return new RegExp(`^${source}/?$`)
}

const pagePatterns = Object.entries(pageAccess)
  .map(([pattern, level]) => ({
    pattern,
    level: level as AccessLevel,
    regexp: patternToRegExp(pattern),
    // static segments beat parameters: '/courses/marketplace' before '/courses/:courseId'
    specificity: pattern.split('/').filter((s) => s && !s.startsWith(':')).length,
  }))
  .sort((a, b) => b.specificity - a.specificity)

/** The access level of a page path, or undefined for a path that is no page (the not-found page). */
export function pageAccessFor(pathname: string): AccessLevel | undefined {
  return pagePatterns.find((entry) => entry.regexp.test(pathname))?.level
}

/** Pages where a lost session does not send the user to /login (spec 000 §2, session-loss). */
export function isPublicPage(pathname: string): boolean {
  return (pageAccessFor(pathname) ?? 'visitor') === 'visitor'
}

// marked pure: the browser never asks for API levels, so its bundle leaves the API table out
const apiEntries = /* @__PURE__ */ (() =>
  Object.entries(apiAccess)
    .map(([key, level]) => {
      const [method, prefix] = key.includes(' ') ? key.split(' ') : [undefined, key]
      return { method, prefix: prefix!, level: level as AccessLevel }
    })
    // the longest prefix first; for one prefix, the method-qualified entry first
    .sort((a, b) => b.prefix.length - a.prefix.length || Number(Boolean(b.method)) - Number(Boolean(a.method))))()

/** The table entry an API request falls under: its longest matching prefix (for its method), or undefined (unknown areas 404). */
export function apiAccessEntry(pathname: string, method = 'GET'): { key: string; level: AccessLevel } | undefined {
  const entry = apiEntries.find(
    (candidate) =>
      (!candidate.method || candidate.method === method) &&
      (pathname === candidate.prefix || pathname.startsWith(`${candidate.prefix}/`)),
  )
  return entry && { key: entry.method ? `${entry.method} ${entry.prefix}` : entry.prefix, level: entry.level }
}

/** The access level of an API request; paths outside every area are visitor (they 404). */
export function apiAccessFor(pathname: string, method = 'GET'): AccessLevel {
  return apiAccessEntry(pathname, method)?.level ?? 'visitor'
}
