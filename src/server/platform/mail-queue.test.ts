import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import { createTestApp, type TestApp } from '#server/testing/harness.ts'
import { startSmtpServer } from '#server/testing/smtp.ts'
import type { StoredMail } from '#server/platform/mail.ts'

// Every mail goes through the job queue (issue 14; docs/decisions/021): a request
// only queues it, so a slow mail server never holds the answer.

const contactForm = (subject: string) => ({
  name: 'Sam Slow',
  email: 'sam@example.com',
  subject,
  message: 'Is anybody there?',
})

const cleanups: Array<() => Promise<void>> = []
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup()
})

describe('mail through the queue', () => {
  test('a request is answered while the mail server still holds its mail, and the mail then arrives', async () => {
    let release = () => {}
    const smtp = await startSmtpServer({ hold: new Promise<void>((resolve) => (release = resolve)) })
    const t: TestApp = await createTestApp({
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(smtp.port),
      SMTP_IGNORE_TLS: 'true',
    })
    cleanups.push(smtp.close, t.close)
    const admin = await t.signedIn({ admin: true })

    const response = await t.client().post('/api/contact', contactForm('Held by the server'))
    expect(response.status).toBe(201)
    // the server has not accepted the mail: the answer did not wait for it
    expect(smtp.received).toEqual([])

    release()
    const mail = await smtp.waitFor(admin.member.email, /Contact message: Held by the server/)
    expect(mail.text).toContain('Is anybody there?')
    await t.jobsSettled(['send-mail'])
  })

  test('without SMTP settings the queued mail lands in the development mailbox admins read', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'prestige-mailbox-'))
    const t: TestApp = await createTestApp({ DATA_DIR: dataDir })
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }), t.close)
    const admin = await t.signedIn({ admin: true })

    expect((await t.client().post('/api/contact', contactForm('Into the mailbox'))).status).toBe(201)
    await t.jobsSettled(['send-mail'])
    const mailbox = (await (await admin.get('/api/dev-mail')).json()) as { enabled: boolean; mails: StoredMail[] }
    expect(mailbox.enabled).toBe(true)
    expect(mailbox.mails).toEqual([
      expect.objectContaining({ to: admin.member.email, subject: 'Contact message: Into the mailbox' }),
    ])
  })
})
