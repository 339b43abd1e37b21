import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, describe, expect, test } from 'vitest'
import { createTestApp, type TestApp } from '#server/testing/harness.ts'
import { openEventStream } from '#server/testing/event-stream.ts'
import { startSmtpServer } from '#server/testing/smtp.ts'
import { smtpTimeouts, type MailMessage, type StoredMail } from '#server/platform/mail.ts'
import { queueMail, sendMailJob } from '#server/platform/mail-queue.ts'
import { runDeadlineMs } from '#server/platform/queue.ts'
import type { Storage } from '#server/platform/storage.ts'

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

async function smtpApp(options: { hold?: Promise<void> } = {}) {
  const smtp = await startSmtpServer(options)
  const t: TestApp = await createTestApp({
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(smtp.port),
    SMTP_IGNORE_TLS: 'true',
  })
  cleanups.push(smtp.close, t.close)
  return { smtp, t }
}

/** The state and runs of the send-mail jobs whose subject is `subject`. */
async function mailJobs(t: TestApp, subject: string) {
  const result = (await t.db.execute(
    sql`select state::text as state, retry_count as "retryCount" from pgboss.job
        where name = 'send-mail' and data->>'subject' = ${subject}`,
  )) as unknown as { rows: Array<{ state: string; retryCount: number }> }
  return result.rows
}

describe('mail through the queue', () => {
  test('a request is answered while the mail server still holds its mail, and the mail then arrives', async () => {
    let release = () => {}
    const { smtp, t } = await smtpApp({ hold: new Promise<void>((resolve) => (release = resolve)) })
    const admin = await t.signedIn({ admin: true })

    let answered = false
    const answer = t
      .client()
      .post('/api/contact', contactForm('Held by the server'))
      .finally(() => (answered = true))
    // the mail has reached the server, which holds it unaccepted (and will until released)...
    await expect.poll(() => smtp.holding, { timeout: 10_000 }).toBe(1)
    // ...and the request answers all the same: a request that waited for the mail never would
    await expect.poll(() => answered, { timeout: 10_000 }).toBe(true)
    expect((await answer).status).toBe(201)
    expect(smtp.holding).toBe(1)
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

  test('shutting down ends event streams at once while a mail is still being sent, and a request still draining can queue its mail', async () => {
    let release = () => {}
    const { smtp, t } = await smtpApp({ hold: new Promise<void>((resolve) => (release = resolve)) })
    const admin = await t.signedIn({ admin: true })
    expect((await t.client().post('/api/contact', contactForm('Sent during the shutdown'))).status).toBe(201)
    await expect.poll(() => smtp.holding, { timeout: 10_000 }).toBe(1)
    const stream = await openEventStream(admin)

    const closed = t.deps.close()
    // the stream does not wait for the job, which the server still holds
    await expect.poll(() => stream.ended, { timeout: 5_000 }).toBe(true)
    expect(smtp.holding).toBe(1)
    release()
    await closed
    await smtp.waitFor(admin.member.email, /Contact message: Sent during the shutdown/)
    expect(await mailJobs(t, 'Contact message: Sent during the shutdown')).toEqual([
      { state: 'completed', retryCount: 0 },
    ])

    // the queue has stopped (on PostgreSQL, pg-boss's pool is closed); the database is not
    const late = await t.client().post('/api/contact', contactForm('Queued while draining'))
    expect(late.status).toBe(201)
    expect(await mailJobs(t, 'Contact message: Queued while draining')).toEqual([{ state: 'created', retryCount: 0 }])
  })

  test('a mail whose link has expired when its turn comes is not sent; one still valid is', async () => {
    const { smtp, t } = await smtpApp()
    const to = 'valid.until@example.com'
    await queueMail(t.deps, {
      to,
      subject: 'Expired link',
      text: 'too late',
      validUntil: new Date(Date.now() - 1000).toISOString(),
    })
    await queueMail(t.deps, {
      to,
      subject: 'Fresh link',
      text: 'in time',
      validUntil: new Date(Date.now() + 3_600_000).toISOString(),
    })
    await smtp.waitFor(to, /Fresh link/)
    await t.jobsSettled(['send-mail'])
    expect(smtp.received.map((mail) => mail.subject)).toEqual(['Fresh link'])
    // done, not failed: it is never retried
    expect(await mailJobs(t, 'Expired link')).toEqual([{ state: 'completed', retryCount: 0 }])
  })

  test('a mail whose attachment was deleted meanwhile goes without it, saying so, and is not retried', async () => {
    const { smtp, t } = await smtpApp()
    const to = 'attachments@example.com'
    await t.deps.storage.put('mail-test/kept.txt', new TextEncoder().encode('still here'), {
      contentType: 'text/plain',
      visibility: 'private',
    })
    await queueMail(t.deps, {
      to,
      subject: 'One file of two',
      text: 'Two files attached.',
      attachments: [
        { filename: 'kept.txt', contentType: 'text/plain', storageKey: 'mail-test/kept.txt' },
        { filename: 'resume.pdf', contentType: 'application/pdf', storageKey: 'mail-test/deleted.pdf' },
      ],
    })
    const mail = await smtp.waitFor(to, /One file of two/)
    expect(mail.attachments.map((file) => [file.filename, file.content.toString()])).toEqual([
      ['kept.txt', 'still here'],
    ])
    expect(mail.text).toContain('The attached file resume.pdf is no longer available')
    await t.jobsSettled(['send-mail'])
    expect(await mailJobs(t, 'One file of two')).toEqual([{ state: 'completed', retryCount: 0 }])
  })

  test("attachments are read one at a time, so no file's stream waits open for another", async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'prestige-attachments-'))
    const t: TestApp = await createTestApp({ DATA_DIR: dataDir })
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }), t.close)
    for (const name of ['a', 'b', 'c'])
      await t.deps.storage.put(`mail-test/${name}.txt`, new TextEncoder().encode(name.repeat(100_000)), {
        contentType: 'text/plain',
        visibility: 'private',
      })
    let open = 0
    let mostOpen = 0
    const storage: Storage = {
      ...t.deps.storage,
      async get(key, range) {
        const object = await t.deps.storage.get(key, range)
        if (!object) return undefined
        mostOpen = Math.max(mostOpen, ++open)
        return { ...object, body: object.body.pipeThrough(new TransformStream({ flush: () => void open-- })) }
      },
    }
    const sent: MailMessage[] = []
    await sendMailJob.run(
      {
        to: 'files@example.com',
        subject: 'Three files',
        text: 'Attached.',
        attachments: ['a', 'b', 'c'].map((name) => ({
          filename: `${name}.txt`,
          contentType: 'text/plain',
          storageKey: `mail-test/${name}.txt`,
        })),
      },
      {
        deps: { ...t.deps, storage, mailer: { ...t.deps.mailer, send: async (message) => void sent.push(message) } },
        logger: t.deps.logger,
        id: crypto.randomUUID(),
        attempt: 1,
      },
    )
    expect(sent[0]!.attachments!.map((file) => [file.filename, file.content.byteLength])).toEqual([
      ['a.txt', 100_000],
      ['b.txt', 100_000],
      ['c.txt', 100_000],
    ])
    expect(open).toBe(0)
    expect(mostOpen).toBe(1)
  })

  test("a silent mail server fails the send before the send-mail job's run deadline", () => {
    const silentServer = Object.values(smtpTimeouts).reduce((sum, ms) => sum + ms, 0)
    expect(silentServer).toBeLessThan(runDeadlineMs(sendMailJob))
    expect(runDeadlineMs(sendMailJob)).toBeLessThan(sendMailJob.expireInSeconds * 1000)
  })
})
