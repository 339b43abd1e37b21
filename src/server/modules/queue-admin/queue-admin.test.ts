import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { queueMail } from '#server/platform/mail-queue.ts'
import { errorOf } from '#server/testing/errors.ts'
import { freePort } from '#server/testing/free-port.ts'
import { createTestApp, type TestApp, type TestClient } from '#server/testing/harness.ts'
import { startSmtpServer } from '#server/testing/smtp.ts'
import { genericMessages } from '#shared/errors.ts'
import { queueAdminMessages, type QueueOverview } from '#shared/queue-admin/schemas.ts'

// The admin's view of the job queue (issue 14; docs/decisions/021), against a mail
// server that is down: the mail is retried, ends in the failed list with its error,
// and the retry button sends it once the server is back.

let t: TestApp
let smtpPort: number
let smtp: Awaited<ReturnType<typeof startSmtpServer>> | undefined
let admin: TestClient & { member: { email: string } }

beforeAll(async () => {
  // nothing listens here until the test starts the mail server
  smtpPort = await freePort()
  t = await createTestApp(
    { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtpPort), SMTP_IGNORE_TLS: 'true' },
    // two retries a second or two apart instead of twelve over most of a day
    { queue: { retry: { limit: 2, delaySeconds: 1 }, pollSeconds: 0.5 } },
  )
  admin = await t.signedIn({ admin: true, email: 'queue.admin@example.com' })
})
afterAll(async () => {
  await t?.close()
  await smtp?.close()
})

async function overview(client: TestClient): Promise<QueueOverview> {
  const response = await client.get('/api/admin/queue')
  expect(response.status).toBe(200)
  return (await response.json()) as QueueOverview
}

describe('the job queue admin API', () => {
  test('visitors and members are refused; admins see every queue with its counts', async () => {
    const visitor = await t.client().get('/api/admin/queue')
    expect(visitor.status).toBe(401)
    expect((await errorOf(visitor)).message).toBe(genericMessages.authenticationRequired)
    const member = await t.signedIn({ subscribed: true })
    for (const response of [
      await member.get('/api/admin/queue'),
      await member.post('/api/admin/queue/jobs/00000000-0000-4000-8000-000000000000/retry'),
    ]) {
      expect(response.status).toBe(403)
      expect((await errorOf(response)).message).toBe(genericMessages.adminRequired)
    }

    const { queues } = await overview(admin)
    expect(queues.map((queue) => queue.name)).toEqual(
      expect.arrayContaining(['send-mail', 'verification-mail', 'clean-live-events', 'clean-sign-in-attempts']),
    )
    expect(queues.some((queue) => queue.name.startsWith('__pgboss'))).toBe(false)
    expect(Object.keys(queues[0]!.counts).sort()).toEqual(
      ['active', 'cancelled', 'completed', 'created', 'failed', 'retry'].sort(),
    )
  })

  test('the retry button on a failed mail whose link has expired meanwhile ends it without sending a dead link', async () => {
    await queueMail(t.deps, {
      to: 'queue.admin@example.com',
      subject: 'Reset your password, too late',
      text: 'A link that works for an hour.',
      validUntil: new Date(Date.now() + 3_600_000).toISOString(),
    })
    await t.jobsSettled(['send-mail'])
    const failure = (await overview(admin)).failures.find((item) =>
      item.summary.startsWith('Reset your password, too late'),
    )
    expect(failure).toMatchObject({ queue: 'send-mail', attempts: 3 })
    // the hour passes while the mail lies in the failed list
    const expired = new Date(Date.now() - 1000).toISOString()
    await t.db.execute(
      sql`update pgboss.job set data = jsonb_set(data, '{validUntil}', to_jsonb(${expired}::text)) where id = ${failure!.id}::uuid`,
    )

    expect((await admin.post(`/api/admin/queue/jobs/${failure!.id}/retry`)).status).toBe(200)
    await t.jobsSettled(['send-mail'])
    // the mail server is still down: a send would have failed again
    const [job] = (
      (await t.db.execute(
        sql`select state::text as state from pgboss.job where id = ${failure!.id}::uuid`,
      )) as unknown as { rows: Array<{ state: string }> }
    ).rows
    expect(job).toEqual({ state: 'completed' })
    expect((await overview(admin)).failures.map((item) => item.id)).not.toContain(failure!.id)
  })

  test('a mail the mail server refuses is retried, listed as failed with its error and no secret, and sent by the retry button once the server is back', async () => {
    const sent = await t.client().post('/api/contact', {
      name: 'Rita Retry',
      email: 'rita@example.com',
      subject: 'Down server',
      message: 'A message only the admins should read.',
    })
    expect(sent.status).toBe(201)

    await t.jobsSettled(['send-mail'])
    const { failures, queues } = await overview(admin)
    const failure = failures.find((item) => item.summary.includes('Contact message: Down server'))
    expect(failure).toMatchObject({
      queue: 'send-mail',
      summary: 'Contact message: Down server (to queue.admin@example.com)',
      attempts: 3,
    })
    expect(failure!.error).toMatch(/ECONNREFUSED/)
    expect(new Date(failure!.failedAt).getTime()).toBeGreaterThan(Date.now() - 60_000)
    expect(JSON.stringify(failures)).not.toContain('only the admins should read')
    expect(queues.find((queue) => queue.name === 'send-mail')!.counts.failed).toBeGreaterThanOrEqual(1)

    smtp = await startSmtpServer({ port: smtpPort })
    const retried = await admin.post(`/api/admin/queue/jobs/${failure!.id}/retry`)
    expect(retried.status).toBe(200)
    expect(await retried.json()).toEqual({ message: queueAdminMessages.retried })
    const mail = await smtp.waitFor('queue.admin@example.com', /Contact message: Down server/)
    expect(mail.text).toContain('A message only the admins should read.')

    await t.jobsSettled(['send-mail'])
    const after = await overview(admin)
    expect(after.failures.map((item) => item.id)).not.toContain(failure!.id)
    expect(after.queues.find((queue) => queue.name === 'send-mail')!.counts.completed).toBeGreaterThanOrEqual(1)
    // done is done: a second press finds no failed job
    const again = await admin.post(`/api/admin/queue/jobs/${failure!.id}/retry`)
    expect(again.status).toBe(404)
    expect((await errorOf(again)).message).toBe(queueAdminMessages.jobNotFound)
  })

  test('an unknown job is not found and a malformed id is refused', async () => {
    const unknown = await admin.post('/api/admin/queue/jobs/00000000-0000-4000-8000-000000000000/retry')
    expect(unknown.status).toBe(404)
    expect((await errorOf(unknown)).message).toBe(queueAdminMessages.jobNotFound)
    const malformed = await admin.post('/api/admin/queue/jobs/not-a-job/retry')
    expect(malformed.status).toBe(400)
    expect((await errorOf(malformed)).message).toBe(queueAdminMessages.jobNotFound)
  })
})
