import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { randomUUID } from 'node:crypto'
import nodemailer from 'nodemailer'
import type { Config } from '#server/config.ts'
import type { Logger } from '#server/platform/logger.ts'

export type MailAttachment = { filename: string; contentType: string; content: Uint8Array }

export type MailMessage = {
  to: string
  subject: string
  text: string
  html?: string
  replyTo?: { name: string; address: string }
  attachments?: MailAttachment[]
}

/** A mail of the development mailbox: attachments are listed by name and size, not kept. */
export type StoredMail = Omit<MailMessage, 'attachments'> & {
  id: string
  sentAt: string
  from: string
  attachments?: { filename: string; contentType: string; size: number }[]
}

export type Mailer = {
  kind: 'smtp' | 'mailbox'
  send(message: MailMessage): Promise<void>
  /** The development mailbox (files under DATA_DIR/mail); empty when mail goes out by SMTP. */
  listMailbox(): Promise<StoredMail[]>
}

/**
 * nodemailer's limits, one per phase of a send (name lookup, connection, greeting,
 * then each silence of the server). Mails are sent by jobs (platform/mail-queue.ts):
 * a server that goes silent once fails the send into a retry well before the job's
 * run deadline, so a send is not still going on when its retry starts (a mail sent
 * twice). nodemailer's own defaults wait 30 s, 2 minutes, 30 s and 10 minutes.
 */
export const smtpTimeouts = {
  dnsTimeout: 10_000,
  connectionTimeout: 20_000,
  greetingTimeout: 20_000,
  socketTimeout: 60_000,
} as const

// Real mail over SMTP when SMTP_HOST is set; otherwise a development mailbox on
// disk that admins can read (ARCHITECTURE.md, components).
export function createMailer(config: Config, logger: Logger): Mailer {
  const from = config.MAIL_FROM
  if (config.SMTP_HOST) {
    const transport = nodemailer.createTransport({
      host: config.SMTP_HOST,
      port: config.SMTP_PORT,
      secure: config.SMTP_SECURE,
      ignoreTLS: config.SMTP_IGNORE_TLS,
      auth: config.SMTP_USER ? { user: config.SMTP_USER, pass: config.SMTP_PASSWORD ?? '' } : undefined,
      ...smtpTimeouts,
    })
    return {
      kind: 'smtp',
      async send(message) {
        const { attachments, ...rest } = message
        await transport.sendMail({
          from,
          ...rest,
          attachments: attachments?.map((file) => ({ ...file, content: Buffer.from(file.content) })),
        })
        logger.info({ to: message.to, subject: message.subject }, 'mail sent')
      },
      listMailbox: async () => [],
    }
  }
  const folder = path.join(config.DATA_DIR, 'mail')
  return {
    kind: 'mailbox',
    async send(message) {
      await mkdir(folder, { recursive: true })
      const { attachments, ...rest } = message
      const stored: StoredMail = {
        id: randomUUID(),
        sentAt: new Date().toISOString(),
        from,
        ...rest,
        ...(attachments
          ? {
              attachments: attachments.map(({ filename, contentType, content }) => ({
                filename,
                contentType,
                size: content.byteLength,
              })),
            }
          : {}),
      }
      await writeFile(
        path.join(folder, `${stored.sentAt.replace(/[:.]/g, '-')}-${stored.id}.json`),
        JSON.stringify(stored, null, 2),
      )
      logger.info(
        { to: message.to, subject: message.subject, mailbox: folder },
        'mail stored in the development mailbox',
      )
    },
    async listMailbox() {
      const names = await readdir(folder).catch(() => [] as string[])
      const mails = await Promise.all(
        names
          .filter((name) => name.endsWith('.json'))
          .map(async (name) => JSON.parse(await readFile(path.join(folder, name), 'utf8')) as StoredMail),
      )
      return mails.sort((a, b) => b.sentAt.localeCompare(a.sentAt))
    },
  }
}
