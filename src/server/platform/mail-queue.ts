import type { Db } from '#server/db/client.ts'
import type { Deps } from '#server/platform/context.ts'
import type { MailAttachment, MailMessage } from '#server/platform/mail.ts'
import { defineJob } from '#server/platform/queue.ts'

// Every e-mail of the product goes through the job queue (issue 14; docs/decisions/021):
// a request only adds a job, in the transaction of the change that causes the mail,
// so a slow or stopped mail server never slows or fails it, and a mail whose change
// committed is sent even when the process dies first. The job sends through mail.ts.

/**
 * A file sent with a mail: a stored one is read from storage when the mail goes, so
 * job rows stay small; a small text one (a calendar file) travels in the job.
 */
export type QueuedAttachment = { filename: string; contentType: string } & ({ storageKey: string } | { text: string })

export type QueuedMail = Omit<MailMessage, 'attachments'> & {
  attachments?: QueuedAttachment[]
  /**
   * ISO time after which the mail is pointless (the password-reset link it carries has
   * expired): the job then ends without sending, on a retry or an admin's retry alike.
   */
  validUntil?: string
}

/**
 * Retries of a mail: the first after 5-10 s, each next wait doubling, twelve in all:
 * a mail is tried for 6 to 11 hours before it is listed as failed.
 */
export const mailRetry = { retryLimit: 12, retryDelaySeconds: 5, retryBackoff: true } as const

/**
 * pg-boss's limit for a mail job: its run deadline (5 s earlier) leaves room for
 * mail.ts's timeouts of a server that goes silent (110 s in all) and reading the
 * attachments (a test checks the sum).
 */
export const mailExpireInSeconds = 180

/** What the admin's failure list shows of a mail: its subject and recipient, never its text (reset links). */
export const mailSummary = (mail: Pick<MailMessage, 'to' | 'subject'>) => `${mail.subject} (to ${mail.to})`

/**
 * The attachments still stored, read one at a time (a body left unread would hold its
 * file or S3 socket open), and the names of those deleted meanwhile (a resume its
 * member deleted): a deleted file never comes back, so retrying would not help.
 */
async function readAttachments(deps: Pick<Deps, 'storage'>, queued: QueuedAttachment[]) {
  const files: MailAttachment[] = []
  const missing: string[] = []
  for (const file of queued) {
    if ('text' in file) {
      files.push({
        filename: file.filename,
        contentType: file.contentType,
        content: new TextEncoder().encode(file.text),
      })
      continue
    }
    const object = await deps.storage.get(file.storageKey)
    if (!object) {
      missing.push(file.filename)
      continue
    }
    const content = new Uint8Array(await new Response(object.body).arrayBuffer())
    files.push({ filename: file.filename, contentType: file.contentType, content })
  }
  return { files, missing }
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)

/** The mail with a line per attachment that is no longer stored. */
function noteMissing(message: Omit<MailMessage, 'attachments'>, missing: string[]) {
  if (missing.length === 0) return message
  const lines = missing.map(
    (filename) => `The attached file ${filename} is no longer available: it was deleted before this e-mail was sent.`,
  )
  return {
    ...message,
    text: [message.text, '', ...lines].join('\n'),
    ...(message.html ? { html: message.html + lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('') } : {}),
  }
}

export const sendMailJob = defineJob<QueuedMail>({
  name: 'send-mail',
  ...mailRetry,
  expireInSeconds: mailExpireInSeconds,
  batchSize: 5,
  summary: mailSummary,
  async run(mail, { deps, logger }) {
    const { attachments = [], validUntil, ...message } = mail
    if (validUntil && Date.parse(validUntil) <= Date.now()) {
      logger.info({ to: mail.to, subject: mail.subject, validUntil }, 'mail not sent: what it carries has expired')
      return
    }
    // A missing file does not stop the mail (an application still reaches the
    // employer, without the resume its member deleted): it says the file is gone.
    const { files, missing } = await readAttachments(deps, attachments)
    if (missing.length) logger.info({ to: mail.to, missing }, 'mail sent without attachments no longer stored')
    await deps.mailer.send({ ...noteMissing(message, missing), ...(files.length ? { attachments: files } : {}) })
  },
})

/** Queues `mail`; with `tx`, in that transaction (it is sent only if the transaction commits). */
export function queueMail(deps: Pick<Deps, 'queue'>, mail: QueuedMail, options: { tx?: Db } = {}) {
  return deps.queue.enqueue(sendMailJob, mail, options)
}
