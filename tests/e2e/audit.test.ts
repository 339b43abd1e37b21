import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createJob } from '#server/testing/jobs.ts'
import { auditMessages } from '#shared/audit/messages.ts'
import { jobMessages } from '#shared/jobs/schemas.ts'
import { seriousAccessibilityViolations, startStack, waitForPath, type Stack } from './support/stack.ts'

let stack: Stack

beforeAll(async () => {
  stack = await startStack()
})
afterAll(async () => {
  await stack?.close()
})

const admin = {
  email: 'audit-admin@example.com',
  password: 'Audit-Admin-2026',
  firstName: 'Aud',
  lastName: 'Itor',
  admin: true,
}

describe('the audit log', () => {
  test('an admin edits and closes a job, finds both in the audit log and filters it by action', async () => {
    await createJob(stack.db, { title: 'Ledger Clerk', company: 'Counting House' })
    const { page } = await stack.signedInPage(admin)

    await page.goto('/admin/jobs/manage')
    await page.getByRole('heading', { level: 1, name: 'Job management' }).waitFor({ timeout: 15_000 })
    await page.getByRole('button', { name: 'Edit Ledger Clerk' }).click()
    const form = page.getByRole('dialog', { name: 'Edit Job' })
    await form.getByLabel('Job title').fill('Senior Ledger Clerk')
    await form.getByRole('button', { name: 'Save changes' }).click()
    await page.getByText(jobMessages.updated).waitFor()
    const row = page.getByRole('row', { name: /Senior Ledger Clerk/ })
    await row.getByRole('button', { name: 'Close Senior Ledger Clerk' }).click()
    await row.getByText('Closed').waitFor()

    // the admin side navigation leads to the log
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Audit log' }).click()
    await waitForPath(page, '/admin/audit')
    await page.getByRole('heading', { level: 1, name: 'Audit log' }).waitFor()
    const entries = page.getByRole('table', { name: 'Audit entries' }).getByRole('row')
    const closed = entries.filter({ has: page.getByRole('rowheader', { name: 'Job closed' }) })
    const edited = entries.filter({ has: page.getByRole('rowheader', { name: 'Job edited' }) })
    await closed.getByText('status: active → closed').waitFor()
    await edited.getByText('title: Ledger Clerk → Senior Ledger Clerk').waitFor()
    await closed.getByText(admin.email).waitFor()
    expect(await seriousAccessibilityViolations(page)).toEqual([])

    // filtered by action: the choice lives in the URL and survives a reload
    await page.getByLabel('Action').selectOption('job.close')
    await expect.poll(() => new URL(page.url()).searchParams.get('action')).toBe('job.close')
    await expect.poll(() => edited.count()).toBe(0)
    await expect.poll(() => closed.count()).toBe(1)
    await page.reload()
    await expect.poll(() => page.getByLabel('Action').inputValue()).toBe('job.close')
    await closed.getByText('status: active → closed').waitFor()
    await expect.poll(() => edited.count()).toBe(0)

    // nobody wrote anything on a day to come
    await page.getByLabel('From').fill('2099-01-01')
    await page.getByText(auditMessages.empty).waitFor()
    expect(await seriousAccessibilityViolations(page)).toEqual([])
  })
})
