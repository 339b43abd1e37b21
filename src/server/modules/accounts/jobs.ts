import { mailExpireInSeconds, mailRetry, mailSummary } from '#server/platform/mail-queue.ts'
import { defineJob } from '#server/platform/queue.ts'
import * as queries from './queries.ts'
import {
  sendVerificationMail,
  verificationMailSubject,
  type VerificationMailKind,
  type VerificationRecipient,
} from './verification-mail.ts'

// The accounts area's background jobs (docs/decisions/021), run by the queue that
// src/server/background-jobs.ts declares.

export type VerificationMailData = VerificationRecipient & { kind: VerificationMailKind }

/**
 * The verification mail (decision 014) as a job of its own rather than a queued
 * message: the link's token is made when the mail goes, so the job row holds the
 * recipient only and the database never holds a usable link (tokens are stored
 * hashed). A member verified, or with another address, by then gets nothing.
 */
export const verificationMailJob = defineJob<VerificationMailData>({
  name: 'verification-mail',
  ...mailRetry,
  expireInSeconds: mailExpireInSeconds,
  batchSize: 5,
  summary: (data) => mailSummary({ to: data.email, subject: verificationMailSubject(data.kind) }),
  async run(data, { deps, logger }) {
    const member = await queries.findUserByEmail(deps.db, data.email)
    if (!member || member.id !== data.userId || member.emailVerified) {
      logger.info({ userId: data.userId }, 'verification mail no longer needed')
      return
    }
    await sendVerificationMail(deps, data, data.kind)
  },
})

/** Failures without a lock are forgotten a day after the last one (decision 021). */
export const signInFailureMemoryHours = 24

/** Hourly: sign-in attempt rows that no longer lock or count (decision 004's lockout). */
export const cleanSignInAttemptsJob = defineJob<Record<string, never>>({
  name: 'clean-sign-in-attempts',
  retryLimit: 2,
  async run(_data, { deps, logger }) {
    const now = new Date()
    const removed = await queries.deleteStaleSignInAttempts(
      deps.db,
      now,
      new Date(now.getTime() - signInFailureMemoryHours * 3_600_000),
    )
    if (removed) logger.info({ removed }, 'stale sign-in attempts removed')
  },
})
