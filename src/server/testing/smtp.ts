import { SMTPServer } from 'smtp-server'
import { simpleParser } from 'mailparser'
import type { AddressInfo } from 'node:net'

export type ReceivedMail = {
  to: string[]
  from: string
  subject: string
  text: string
  replyTo: string
  attachments: { filename: string; contentType: string; content: Buffer }[]
}

export type SmtpServerOptions = {
  /** the port to listen on (a test that starts the server late, where the app already points); a free one by default */
  port?: number
  /** a slow server: each mail is accepted only once this resolves */
  hold?: Promise<void>
}

/** A real SMTP server on a local port that keeps what it receives (ARCHITECTURE.md: tests use real SMTP). */
export async function startSmtpServer(options: SmtpServerOptions = {}) {
  const received: ReceivedMail[] = []
  const waiters: Array<() => void> = []
  // mails whose DATA has begun and that the server has not yet accepted
  let holding = 0
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      holding++
      const accepted = (error?: Error) => {
        holding--
        callback(error)
      }
      simpleParser(stream)
        .then(async (mail) => {
          await options.hold
          received.push({
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            replyTo: mail.replyTo?.text ?? '',
            attachments: mail.attachments.map((file) => ({
              filename: file.filename ?? '',
              contentType: file.contentType,
              content: file.content,
            })),
          })
          for (const wake of waiters.splice(0)) wake()
          accepted()
        })
        .catch(accepted)
    },
  })
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve))
  const port = (server.server.address() as AddressInfo).port
  return {
    port,
    received,
    /** Mails the client is sending (DATA begun) that the server has not accepted yet: a held mail is counted here. */
    get holding() {
      return holding
    },
    /** Resolves with the first mail to `address` matching `subject`, waiting up to `timeoutMs`. */
    async waitFor(address: string, subject: RegExp, timeoutMs = 10_000): Promise<ReceivedMail> {
      const deadline = Date.now() + timeoutMs
      for (;;) {
        const mail = received.find((m) => m.to.includes(address.toLowerCase()) && subject.test(m.subject))
        if (mail) return mail
        if (Date.now() > deadline) throw new Error(`No mail to ${address} matching ${subject}`)
        await new Promise<void>((resolve) => {
          waiters.push(resolve)
          setTimeout(resolve, 200)
        })
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
