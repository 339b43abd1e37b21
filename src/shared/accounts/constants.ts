// The accounts area's limits (our choices: docs/decisions/014-email-verification.md).

/** A verification link works once and expires after this many hours. */
export const emailVerificationTokenHours = 24

/** Verification mails a member may ask for again, per address, whichever IP asks (like reset mails, decision 012). */
export const verificationMailLimit = {
  windowSeconds: 3600,
  maxRequests: 3,
} as const
