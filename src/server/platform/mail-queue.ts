import type { Db } from '#server/db/client.ts'
import type { Deps } from '#server/platform/context.ts'
import type { MailMessage } from '#server/platform/mail.ts'
import { defineJob } from '#server/platform/queue.ts'

// Every e-mail of the product goes through the job queue (issue 14; docs/decisions/021):
// a request only adds a job, in the transaction of the change that causes the mail,
// so a slow or stopped mail server never slows or fails it, and a mail whose change
// committed is sent even when the process dies first. The job sends through mail.ts.

/** A file sent with a mail: read from storage when the mail goes, so job rows stay small. */
export type QueuedAttachment = { filename: string; contentType: string; storageKey: string }

export type QueuedMail = Omit<MailMessage, 'attachments'> & { attachments?: QueuedAttachment[] }

/**
 * Retries of a mail: the first after 5-10 s, each next wait doubling, twelve in all:
 * a mail is tried for 6 to 11 hours before it is listed as failed.
 */
export const mailRetry = { retryLimit: 12, retryDelaySeconds: 5, retryBackoff: true } as const

/** What the admin's failure list shows of a mail: its subject and recipient, never its text (reset links). */
export const mailSummary = (mail: Pick<MailMessage, 'to' | 'subject'>) => `${mail.subject} (to ${mail.to})`

async function readAttachment(deps: Pick<Deps, 'storage'>, file: QueuedAttachment) {
  const object = await deps.storage.get(file.storageKey)
  if (!object) throw new Error(`The attachment ${file.filename} is no longer stored`)
  const content = new Uint8Array(await new Response(object.body).arrayBuffer())
  return { filename: file.filename, contentType: file.contentType, content }
}

export const sendMailJob = defineJob<QueuedMail>({
  name: 'send-mail',
  ...mailRetry,
  // mail.ts gives up on a silent server well before this
  expireInSeconds: 120,
  batchSize: 5,
  summary: mailSummary,
  async run(mail, { deps }) {
    const { attachments, ...message } = mail
    await deps.mailer.send({
      ...message,
      ...(attachments?.length
        ? { attachments: await Promise.all(attachments.map((file) => readAttachment(deps, file))) }
        : {}),
    })
  },
})

/** Queues `mail`; with `tx`, in that transaction (it is sent only if the transaction commits). */
export function queueMail(deps: Pick<Deps, 'queue'>, mail: QueuedMail, options: { tx?: Db } = {}) {
  return deps.queue.enqueue(sendMailJob, mail, options)
}
