// Business constants shared by server and web (spec 000 §3, §9; spec 001 §9).

// spec 000 §3, "Signup option lists"
export const cities = [
  'New York City NY',
  'Washington D.C.',
  'San Francisco',
  'Boston',
  'Chicago',
  'Seattle',
  'Miami',
  'Los Angeles',
  'Austin',
  'Houston',
  'Dallas',
  'Atlanta',
  'Toronto',
  'Vancouver',
  'London',
  'Amsterdam',
  'Sydney',
  'Singapore',
  'USA',
  'Africa',
  'Other Canada',
  'Other Outside of North America',
  'Other',
] as const

export const experienceLevels = ['College', 'Early Career', 'Mid-Level', 'Senior Level', 'Executive/Chief'] as const

/** The industries a member picks at sign-up and in their profile (spec 000 §3). */
export const memberIndustries = [
  'Technology',
  'Finance',
  'Healthcare',
  'Education',
  'Manufacturing',
  'Retail',
  'Media',
  'Consulting',
  'Real Estate',
  'Energy',
  'Transportation',
  'Hospitality',
  'Government',
  'Non-profit',
] as const

// spec 000 §9: sign-in lockout
export const signInLockout = {
  maxFailedAttempts: 10,
  lockMinutes: 15,
} as const

// per-IP limit on the sign-in family of endpoints (our choice: docs/decisions/004)
// Public forms (update sign-up, contact, business request): per IP address
export const publicFormRateLimit = {
  windowSeconds: 600,
  maxRequests: 10,
} as const

export const signInRateLimit = {
  windowSeconds: 60,
  maxRequests: 30,
} as const

export const passwordMinLength = 8

// Password reset mails per address (our choice, decision 012): the per-IP limit
// alone let one client send 40 to one inbox.
export const passwordResetMailLimit = {
  windowSeconds: 3600,
  maxRequests: 3,
} as const

// Request bodies (decision 012): JSON and form bodies are small; uploads have
// their own, smaller limits per route, under this ceiling.
export const requestBodyLimits = {
  jsonBytes: 1024 * 1024,
  multipartBytes: 20 * 1024 * 1024,
} as const

// spec 000 §9: toasts
export const toastLimit = 20

// How long a cached session cookie is trusted before the database is asked
// again: revoked sessions stop within this window (ARCHITECTURE.md budgets).
export const sessionCookieCacheSeconds = 30

// Password reset links expire (spec is silent; docs/decisions/004)
export const passwordResetTokenMinutes = 60

// The public forms' honeypot (issue 6): a field people never see and leave empty;
// a form that arrives with it filled in came from a bot and is refused.
export const honeypotField = 'company_website'
