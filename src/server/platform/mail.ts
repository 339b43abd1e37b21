import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { randomUUID } from 'node:crypto'
import nodemailer from 'nodemailer'
import type { Config } from '#server/config.ts'
import type { Logger } from '#server/platform/logger.ts'
import type { MailRoute } from '#shared/admin/settings.ts'

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
  /** 'smtp' while mail leaves by an SMTP server (the admins' or SMTP_*), 'mailbox' while it goes to the development mailbox. */
  readonly kind: 'smtp' | 'mailbox'
  send(message: MailMessage): Promise<void>
  /** The development mailbox (files under DATA_DIR/mail); empty when mail goes out by SMTP. */
  listMailbox(): Promise<StoredMail[]>
  /** How the next mail leaves: the admins' SMTP server, the environment's, or the mailbox. */
  route(): Promise<MailRoute>
}

/** The SMTP server an admin set on /admin/settings (issue 22); `security` as the spec's options name it. */
export type SmtpServerSettings = {
  host: string
  port: number
  security: 'tls' | 'ssl' | 'none'
  username: string
  password: string | undefined
}

export type MailerOptions = {
  /**
   * The admins' SMTP server, asked before every mail (it is cached where it is
   * kept), so a change applies to all mail at once; undefined: SMTP_* or the mailbox.
   */
  smtpServer?: () => Promise<SmtpServerSettings | undefined>
  /** Whether the admins set a server, without waiting (the `kind` the mailbox page reads). */
  hasSmtpServer?: () => boolean
  /** The platform's name as the sender's display name (issue 22: the name shows in e-mails). */
  senderName?: () => string
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

/** nodemailer's settings for an admin's server: 'tls' insists on STARTTLS, 'ssl' is TLS from the start, 'none' never upgrades. */
function settingsTransportOptions(server: SmtpServerSettings) {
  return {
    host: server.host,
    port: server.port,
    secure: server.security === 'ssl',
    requireTLS: server.security === 'tls',
    ignoreTLS: server.security === 'none',
    auth: server.username ? { user: server.username, pass: server.password ?? '' } : undefined,
    ...smtpTimeouts,
  }
}

/** MAIL_FROM with the platform's name as its display name (the address stays the configured one). */
function senderOf(mailFrom: string, name: string | undefined): string | { name: string; address: string } {
  if (!name) return mailFrom
  const address = /<([^>]+)>\s*$/.exec(mailFrom)?.[1] ?? mailFrom.trim()
  return { name, address }
}

const fromText = (from: string | { name: string; address: string }) =>
  typeof from === 'string' ? from : `${from.name} <${from.address}>`

// Real mail over SMTP when an admin set a server (platform settings) or SMTP_HOST
// is set; otherwise a development mailbox on disk that admins can read
// (ARCHITECTURE.md, components).
export function createMailer(config: Config, logger: Logger, options: MailerOptions = {}): Mailer {
  const environmentTransport = config.SMTP_HOST
    ? nodemailer.createTransport({
        host: config.SMTP_HOST,
        port: config.SMTP_PORT,
        secure: config.SMTP_SECURE,
        ignoreTLS: config.SMTP_IGNORE_TLS,
        auth: config.SMTP_USER ? { user: config.SMTP_USER, pass: config.SMTP_PASSWORD ?? '' } : undefined,
        ...smtpTimeouts,
      })
    : undefined
  // the admins' server's transport, rebuilt when what they set changes (its pooled connections closed)
  let settingsTransport: { key: string; transport: ReturnType<typeof nodemailer.createTransport> } | undefined
  const transportNow = async () => {
    const server = await options.smtpServer?.()
    if (!server) return environmentTransport && { transport: environmentTransport, route: 'environment' as const }
    const key = JSON.stringify(server)
    if (settingsTransport?.key !== key) {
      settingsTransport?.transport.close()
      settingsTransport = { key, transport: nodemailer.createTransport(settingsTransportOptions(server)) }
    }
    return { transport: settingsTransport.transport, route: 'settings' as const }
  }
  const from = () => senderOf(config.MAIL_FROM, options.senderName?.())

  const folder = path.join(config.DATA_DIR, 'mail')
  const mailbox = {
    async send(message: MailMessage) {
      await mkdir(folder, { recursive: true })
      const { attachments, ...rest } = message
      const stored: StoredMail = {
        id: randomUUID(),
        sentAt: new Date().toISOString(),
        from: fromText(from()),
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
    async list() {
      const names = await readdir(folder).catch(() => [] as string[])
      const mails = await Promise.all(
        names
          .filter((name) => name.endsWith('.json'))
          .map(async (name) => JSON.parse(await readFile(path.join(folder, name), 'utf8')) as StoredMail),
      )
      return mails.sort((a, b) => b.sentAt.localeCompare(a.sentAt))
    },
  }

  return {
    get kind() {
      return environmentTransport || options.hasSmtpServer?.() ? 'smtp' : 'mailbox'
    },
    async route() {
      return (await transportNow())?.route ?? 'mailbox'
    },
    async send(message) {
      const smtp = await transportNow()
      if (!smtp) return mailbox.send(message)
      const { attachments, ...rest } = message
      await smtp.transport.sendMail({
        from: from(),
        ...rest,
        attachments: attachments?.map((file) => ({ ...file, content: Buffer.from(file.content) })),
      })
      logger.info({ to: message.to, subject: message.subject, via: smtp.route }, 'mail sent')
    },
    // the mailbox keeps what it received while mail went there, also after an admin set a server
    listMailbox: async () => (environmentTransport ? [] : mailbox.list()),
  }
}
