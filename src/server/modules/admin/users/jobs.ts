import { mailExpireInSeconds, mailRetry, mailSummary } from '#server/platform/mail-queue.ts'
import { defineJob } from '#server/platform/queue.ts'
import { runUserImport } from './import.ts'
import { invitationMailSubject, sendInvitationMail } from './mails.ts'

// Admin user management's background jobs (issue 22; docs/decisions/021, 031), run by
// the queue that src/server/background-jobs.ts declares.

export type InvitationMailData = { userId: string; email: string; invitedBy: string | null }

/**
 * The invitation mail as a job of its own (like the verification mail, decision
 * 014): its token is made when the mail goes, so the job row holds the recipient
 * only. Enqueued in the transaction that made the account (add user, a batch of an
 * import) or that asked for a new link (resend).
 */
export const invitationMailJob = defineJob<InvitationMailData>({
  name: 'user-invitation-mail',
  ...mailRetry,
  expireInSeconds: mailExpireInSeconds,
  batchSize: 5,
  // the failure list's line names no platform: the name may have changed since
  summary: (data) => mailSummary({ to: data.email, subject: invitationMailSubject('the platform') }),
  async run(data, { deps, logger }) {
    const outcome = await sendInvitationMail(deps, data)
    if (outcome === 'not-needed') logger.info({ userId: data.userId }, 'invitation no longer needed')
  },
})

/**
 * A user CSV import (spec 002 §4: batches): each batch of 50 rows commits on its
 * own with its accounts, its invitation jobs and its counts, so a run killed
 * half-way is retried from the first row not yet counted (import.ts).
 */
export const userImportJob = defineJob<{ importId: string }>({
  name: 'user-import',
  retryLimit: 1,
  retryDelaySeconds: 5,
  // 10,000 rows are 200 batches of a few inserts each: well within this
  expireInSeconds: 600,
  summary: (data) => `User import ${data.importId}`,
  run: (data, { deps, logger }) => runUserImport(deps, logger, data.importId),
})
