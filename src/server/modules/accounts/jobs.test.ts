import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { signInAttempts } from '#server/db/schema/accounts.ts'
import { smtpTimeouts } from '#server/platform/mail.ts'
import { runDeadlineMs } from '#server/platform/queue.ts'
import { createTestApp, type TestApp } from '#server/testing/harness.ts'
import { startSmtpServer } from '#server/testing/smtp.ts'
import { cleanSignInAttemptsJob, verificationMailJob } from './jobs.ts'

// The accounts area's background jobs (docs/decisions/021).

let t: TestApp
let smtp: Awaited<ReturnType<typeof startSmtpServer>>

beforeAll(async () => {
  smtp = await startSmtpServer()
  t = await createTestApp({ SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port), SMTP_IGNORE_TLS: 'true' })
})
afterAll(async () => {
  await t?.close()
  await smtp?.close()
})

const jobContext = () => ({ deps: t.deps, logger: t.deps.logger, id: crypto.randomUUID(), attempt: 1 })

describe('accounts jobs', () => {
  test('the hourly clean-up removes run-out locks and day-old failures, and keeps what still locks or counts', async () => {
    const hour = 3_600_000
    const now = Date.now()
    await t.db.insert(signInAttempts).values([
      { email: 'locked@example.com', failedCount: 10, lockedUntil: new Date(now + 10 * 60_000) },
      { email: 'lock-over@example.com', failedCount: 10, lockedUntil: new Date(now - 60_000) },
      { email: 'recent@example.com', failedCount: 3, updatedAt: new Date(now - hour) },
      { email: 'old@example.com', failedCount: 3, updatedAt: new Date(now - 25 * hour) },
    ])
    await cleanSignInAttemptsJob.run({}, jobContext())
    const left = (await t.db.select({ email: signInAttempts.email }).from(signInAttempts)).map((row) => row.email)
    expect(left.sort()).toEqual(['locked@example.com', 'recent@example.com'])
  })

  test('a verification mail whose member was verified meanwhile is not sent', async () => {
    const member = await t.signedIn({ emailVerified: true })
    await verificationMailJob.run(
      { userId: member.member.id, email: member.member.email, firstName: 'Test', kind: 'again' },
      jobContext(),
    )
    const unverified = await t.signedIn({ emailVerified: false })
    await verificationMailJob.run(
      { userId: unverified.member.id, email: unverified.member.email, firstName: 'Una', kind: 'again' },
      jobContext(),
    )
    await smtp.waitFor(unverified.member.email, /^Verify your/)
    expect(smtp.received.some((mail) => mail.to.includes(member.member.email))).toBe(false)
  })

  test("the admin's failure list names a verification mail by the subject its member receives", async () => {
    for (const kind of ['welcome', 'again'] as const) {
      const { member } = await t.signedIn({ emailVerified: false })
      const data = { userId: member.id, email: member.email, firstName: 'Vera', kind }
      await verificationMailJob.run(data, jobContext())
      const mail = await smtp.waitFor(member.email, /./)
      expect(verificationMailJob.summary(data)).toBe(`${mail.subject} (to ${member.email})`)
    }
  })

  test("a silent mail server fails the verification mail before the job's run deadline", () => {
    const silentServer = Object.values(smtpTimeouts).reduce((sum, ms) => sum + ms, 0)
    expect(silentServer).toBeLessThan(runDeadlineMs(verificationMailJob))
  })
})
