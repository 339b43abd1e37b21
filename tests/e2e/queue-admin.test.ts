import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { freePort } from '#server/testing/free-port.ts'
import { startSmtpServer } from '#server/testing/smtp.ts'
import { contactMessages } from '#shared/contact/messages.ts'
import { genericMessages } from '#shared/errors.ts'
import { queueAdminMessages } from '#shared/queue-admin/schemas.ts'
import { seriousAccessibilityViolations, startStack, type Stack } from './support/stack.ts'

// Issue 14 §1: a mail server that is down. The mail is retried, ends in the failed
// list of the admin's Background jobs page with its error, and the Retry button sends
// it once the server is back (docs/decisions/021).

let stack: Stack
let smtpPort: number
let smtp: Awaited<ReturnType<typeof startSmtpServer>> | undefined

const admin = {
  email: 'queue-admin@example.com',
  password: 'Queue-Admin-2026',
  firstName: 'Quinn',
  lastName: 'Queue',
  admin: true,
}

beforeAll(async () => {
  // nothing listens here until the test starts a mail server on it
  smtpPort = await freePort()
  stack = await startStack({
    smtpPort,
    // two retries a second apart instead of twelve over 6 to 11 hours (platform/mail-queue.ts)
    queue: { retry: { limit: 2, delaySeconds: 1 }, pollSeconds: 0.5 },
  })
})
afterAll(async () => {
  await stack?.close()
  await smtp?.close()
})

describe('the background jobs admin page', () => {
  test('a mail the mail server refuses is retried, shown failed with its error, and sent again by Retry once the server is back', async () => {
    // the admin exists first: the contact form's mail goes to every admin
    const { page, context } = await stack.signedInPage(admin)
    await page.goto('/admin/jobs-queue')
    await page.getByRole('heading', { level: 1, name: 'Background jobs' }).waitFor()
    expect(await page.title()).toBe('Background Jobs · Prestige Labs')
    const mailQueue = page.getByRole('row', { name: /^send-mail\b/ })
    await mailQueue.waitFor()
    await page.getByText(queueAdminMessages.noFailures).waitFor()
    expect(await seriousAccessibilityViolations(page)).toEqual([])

    // a visitor writes in and is thanked at once, whatever the mail server says
    const visitor = await stack.newPage()
    await visitor.page.goto('/contact')
    await visitor.page.getByLabel('Name').fill('Rita Retry')
    await visitor.page.getByLabel('E-mail').fill('rita@example.com')
    await visitor.page.getByLabel('Subject (optional)').fill('Down server')
    await visitor.page.getByLabel('Message').fill('A message only the admins should read.')
    await visitor.page.getByRole('button', { name: 'Send message' }).click()
    await visitor.page.getByText(contactMessages.sent).waitFor()
    await visitor.context.close()

    // the open page refreshes itself (every 10 s): the failure arrives without a reload
    const failure = page.getByRole('listitem').filter({ hasText: 'Contact message: Down server' })
    await failure.waitFor({ timeout: 30_000 })
    const shown = await failure.textContent()
    expect(shown).toContain(`Contact message: Down server (to ${admin.email})`)
    expect(shown).toContain('send-mail')
    expect(shown).toContain('3 attempts')
    expect(shown).toMatch(/ECONNREFUSED/)
    expect(shown).not.toContain('only the admins should read')
    // when it failed: relative, the exact time on hover
    const failedAt = failure.locator('time')
    expect(await failedAt.textContent()).toMatch(/ago$/)
    expect(await failedAt.getAttribute('title')).toBeTruthy()
    expect(await mailQueue.getByRole('cell').allTextContents()).toEqual(['0', '0', '0', '1', '0'])
    expect(await seriousAccessibilityViolations(page)).toEqual([])

    // the mail server is back; Retry sends the mail and the failure leaves the list
    smtp = await startSmtpServer({ port: smtpPort })
    await failure.getByRole('button', { name: /^Retry/ }).click()
    await page.getByText(queueAdminMessages.retried).waitFor()
    await failure.waitFor({ state: 'detached' })
    await page.getByText(queueAdminMessages.noFailures).waitFor()
    const mail = await smtp.waitFor(admin.email, /Contact message: Down server/)
    expect(mail.text).toContain('A message only the admins should read.')

    // Refresh asks at once: the job is done
    await expect
      .poll(
        async () => {
          await page.getByRole('button', { name: 'Refresh' }).click()
          return (await mailQueue.getByRole('cell').allTextContents())[2]
        },
        { timeout: 15_000, interval: 500 },
      )
      .toBe('1')
    expect(await mailQueue.getByRole('cell').allTextContents()).toEqual(['0', '0', '1', '0', '0'])
    await context.close()
  })

  test('members cannot open the page nor retry a job', async () => {
    const { page, context } = await stack.signedInPage({
      email: 'queue-member@example.com',
      password: 'Queue-Member-2026',
      firstName: 'Mem',
      lastName: 'Ber',
    })
    await page.goto('/admin/jobs-queue')
    await page.waitForURL((url) => url.pathname === '/dashboard', { timeout: 15_000 })
    expect((await page.request.get('/api/admin/queue')).status()).toBe(403)
    const retry = await page.request.post('/api/admin/queue/jobs/00000000-0000-4000-8000-000000000000/retry', {
      headers: { Origin: stack.baseUrl },
    })
    expect(retry.status()).toBe(403)
    expect(((await retry.json()) as { error: { message: string } }).error.message).toBe(genericMessages.adminRequired)
    await context.close()
  })
})
