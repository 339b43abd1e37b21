// THE access table (ARCHITECTURE.md): every page of spec 000 §2, 001 §2 and
// 002 §2, and every API area, mapped to the least role that may open it. The
// web guards and the API middleware both read this file, so the interface and
// the server can never disagree. Where the specs give two readings, the route
// table of spec 000 §2 wins (docs/decisions/002-access-table.md).

export type AccessLevel = 'visitor' | 'member' | 'subscriber' | 'admin'

export type Viewer = {
  signedIn: boolean
  subscribed: boolean
  isAdmin: boolean
}

export const anonymousViewer: Viewer = { signedIn: false, subscribed: false, isAdmin: false }

/** Pages, as React Router patterns. Order does not matter: the most specific match wins. */
export const pageAccess = {
  '/': 'visitor',
  '/login': 'visitor',
  '/create-account': 'visitor',
  '/reset-password': 'visitor',
  '/business': 'visitor',
  '/contact': 'visitor',
  '/subscription': 'visitor',
  '/subscription/test-checkout/:checkoutId': 'member',
  '/prestige-labs': 'visitor',
  '/faqs': 'visitor',
  '/privacy': 'visitor',
  '/terms': 'visitor',
  '/partners': 'visitor',

  '/dashboard': 'member',
  '/dashboard/daily-routine': 'member',
  '/dashboard/calendar': 'member',
  '/saved': 'member',
  '/saved/jobs': 'member',
  '/saved/courses': 'member',
  '/profile': 'member',
  '/settings': 'member',
  // spec 000 §2: "subscription explicitly not required"; spec 000 §6 puts course browse with members
  '/courses': 'member',
  '/courses/browse': 'member',
  // spec 001 §2: route not shown; a course detail is reached from browse, so members
  '/courses/:courseId': 'member',

  '/prestige-club': 'subscriber',
  '/events': 'subscriber',
  '/events/:eventId/register': 'subscriber',
  '/community': 'subscriber',
  '/blog': 'subscriber',
  '/blog/:postId': 'subscriber',
  '/jobs': 'subscriber',
  '/jobs/:jobId': 'subscriber',
  '/resume-review': 'subscriber',
  '/career-chat': 'subscriber',
  '/courses/marketplace': 'subscriber',
  // issue 2: the tracker lives at /layoffs for subscribers; imports stay admin-only
  '/layoffs': 'subscriber',

  '/admin': 'admin',
  '/admin/jobs/manage': 'admin',
  '/admin/users': 'admin',
  '/admin/users/:userId': 'admin',
  '/admin/courses': 'admin',
  '/admin/courses/new': 'admin',
  '/admin/courses/:courseId/edit': 'admin',
  '/admin/courses/:courseId/modules': 'admin',
  '/admin/settings': 'admin',
  '/admin/blog': 'admin',
  '/admin/layoffs': 'admin',
  '/admin/resume-review': 'admin',
  '/admin/inbox': 'admin',
  '/admin/mail': 'admin',
  '/admin/plans': 'admin',
} as const satisfies Record<string, AccessLevel>

export type PagePath = keyof typeof pageAccess

/**
 * API areas by path prefix. Endpoints inside an area may ask for more (an admin
 * action inside a member area) through the service's own checks, never less.
 */
export const apiAccess = {
  '/api/auth': 'visitor', // better-auth's own endpoints; each checks its session itself
  '/api/accounts': 'visitor', // sign-up, sign-in, session: public by nature
  '/api/accounts/security': 'member', // two-factor state, other sessions
  '/api/billing': 'visitor', // plans and promo are public; each member endpoint checks its session
  '/api/billing/webhook': 'visitor', // Stripe, authenticated by its signature
  '/api/admin': 'admin',
  '/api/dev-mail': 'admin',
  '/api/live': 'member', // one event stream per browser; each topic is filtered by liveTopicAccess
  '/api/community': 'subscriber',
  '/api/update-signup': 'visitor',
  '/api/profile': 'member', // the member's own profile, avatar, skills; avatars of others for display
  '/api/contact': 'visitor',
  '/api/business-requests': 'visitor',
  '/api/jobs': 'subscriber', // the private job board (admin job management is under /api/admin/jobs)
  '/api/jobs/latest': 'visitor', // the newest three jobs of the landing teaser (spec 000 §1)
  '/api/jobs/logos': 'visitor', // company logos shown with that teaser
  '/api/saved': 'member', // spec 001 §2 /saved is a member page; saving itself checks the subscription
  '/api/applications': 'member', // the member's own applications and resumes (applicant or admin only)
} as const satisfies Record<string, AccessLevel>

/**
 * Live-update topics (Server-Sent Events at /api/live) and who receives them: the
 * same level as the pages that show them.
 */
export const liveTopicAccess = {
  community: 'subscriber',
  jobs: 'subscriber', // the board and the admin table refresh when a job is added, edited, closed or deleted
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
const apiPrefixes = /* @__PURE__ */ (() =>
  Object.entries(apiAccess)
    .map(([prefix, level]) => ({ prefix, level: level as AccessLevel }))
    .sort((a, b) => b.prefix.length - a.prefix.length))()

/** The access level of an API path: its longest matching area prefix; unknown areas are visitor (they 404). */
export function apiAccessFor(pathname: string): AccessLevel {
  return apiPrefixes.find((entry) => pathname === entry.prefix || pathname.startsWith(`${entry.prefix}/`))?.level ?? 'visitor'
}
