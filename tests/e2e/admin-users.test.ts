import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import {
  adminCommentMessages,
  adminUserMessages,
  importedUsers,
  missingRequiredColumns,
  userImportFailureMessages,
  userImportMessages,
} from '#shared/admin/users.ts'
import { seriousAccessibilityViolations, startStack, waitForPath, type Stack } from './support/stack.ts'

// Issue 22 in a browser: the admin dashboard's figures and recent users; the users
// table; a CSV of 3 users with one bad row imported (its header and rows first, the
// progress bar, the report with the failure and its reason); the invitations arrive
// at the SMTP server and one invitee sets a password from the link and is signed in;
// the admin reads their sign-in on the details page, comments, and deletes the other.

let stack: Stack

const admin = {
  email: 'users-admin@example.com',
  password: 'Users-Admin-2026',
  firstName: 'Uma',
  lastName: 'Manager',
  admin: true,
}

// any case and spacing of the header names the columns (spec 002 §5); line 4 is not an address
const usersCsv = [
  'Email,First Name,LAST_NAME',
  'ines.invitee@example.com,Ines,Invitee',
  'omar.onboard@example.com,Omar,Onboard',
  'not-an-address,Bad,Row',
].join('\r\n')

beforeAll(async () => {
  stack = await startStack()
})
afterAll(async () => {
  await stack?.close()
})

describe('admin user management', () => {
  test('an admin imports users from a CSV, the invitations arrive and an invitee sets a password and is signed in', async () => {
    const { page } = await stack.signedInPage(admin)

    // the dashboard: its figures and the newest accounts, each linking to its details
    await page.goto('/admin')
    const figures = page.getByRole('region', { name: 'Platform figures' })
    await figures.getByText('Members').waitFor({ timeout: 15_000 })
    for (const label of ['Subscribers', 'MRR', 'Sign-ups this week', 'Open reviews', 'Applications this week'])
      await figures.getByText(label, { exact: true }).waitFor()
    const recent = page.getByRole('region', { name: 'Recent Users' })
    await recent.getByRole('link', { name: 'Uma Manager' }).waitFor()
    expect(await seriousAccessibilityViolations(page)).toEqual([])
    await recent.getByRole('link', { name: 'All users' }).click()
    await waitForPath(page, '/admin/users')

    // the table
    await page.getByRole('heading', { level: 1, name: 'User management' }).waitFor()
    const table = page.getByRole('table', { name: 'Users' })
    await table.getByRole('link', { name: 'Uma Manager' }).waitFor({ timeout: 15_000 })
    expect(await table.locator('thead th').allTextContents()).toEqual([
      'User',
      'Role',
      'Career Level',
      'Location',
      'Joined',
      'Actions',
    ])
    expect(await seriousAccessibilityViolations(page)).toEqual([])

    // a file without the names' columns is refused with the missing ones
    await page.getByRole('button', { name: 'Import Users' }).click()
    const dialog = page.getByRole('dialog', { name: 'Import Users' })
    const file = dialog.getByLabel('CSV file')
    await file.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('email\n') })
    await dialog.getByText(userImportMessages.notCsv).waitFor()
    await file.setInputFiles({
      name: 'emails-only.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('email\nsomeone@example.com\n'),
    })
    await dialog.getByText(missingRequiredColumns(['first_name', 'last_name'])).waitFor({ timeout: 15_000 })

    // the header and the rows, then the import with its progress and report
    await file.setInputFiles({ name: 'new-users.csv', mimeType: 'text/csv', buffer: Buffer.from(usersCsv) })
    const preview = dialog.getByTestId('user-import-preview')
    await preview.waitFor({ timeout: 15_000 })
    expect(await preview.locator('thead th').allTextContents()).toEqual(['Email', 'First Name', 'LAST_NAME'])
    expect(await preview.locator('tbody tr').count()).toBe(3)
    await preview.getByRole('cell', { name: 'omar.onboard@example.com' }).waitFor()
    expect(await seriousAccessibilityViolations(page)).toEqual([])
    await dialog.getByRole('button', { name: 'Import 3 users' }).click()
    const bar = dialog.getByRole('progressbar', { name: 'Import progress' })
    await bar.waitFor()
    const report = dialog.getByTestId('user-import-report')
    await report.getByText(importedUsers(2, 1)).waitFor({ timeout: 30_000 })
    expect(await bar.getAttribute('aria-valuenow')).toBe('100')
    await report.getByText('Line 4').waitFor()
    await report.getByText(userImportFailureMessages.invalidEmail, { exact: false }).waitFor()
    expect(await seriousAccessibilityViolations(page)).toEqual([])
    await dialog.getByRole('button', { name: 'Done' }).click()

    // the new users are in the table, invited
    const ines = table.getByRole('row').filter({ hasText: 'ines.invitee@example.com' })
    await ines.getByText('Invited').waitFor({ timeout: 15_000 })
    await table.getByRole('row').filter({ hasText: 'omar.onboard@example.com' }).waitFor()

    // the invitations reach the mail server; the bad row's address gets nothing
    const mail = await stack.smtp.waitFor('ines.invitee@example.com', /invited/i, 30_000)
    await stack.smtp.waitFor('omar.onboard@example.com', /invited/i, 30_000)
    expect(stack.smtp.received.some((received) => received.to.includes('not-an-address'))).toBe(false)
    const link = /https?:\/\/\S+\/accept-invitation\?token=\S+/.exec(mail.text)?.[0]
    expect(link).toBeDefined()

    // Ines opens the link in a browser of her own and chooses a password
    const invitee = await stack.newPage()
    await invitee.page.goto(link!)
    await invitee.page.getByRole('heading', { level: 1, name: 'Set your password' }).waitFor({ timeout: 15_000 })
    expect(await seriousAccessibilityViolations(invitee.page)).toEqual([])
    // the sign-up form's rules, in the browser first
    await invitee.page.getByLabel('Password', { exact: true }).fill('short')
    await invitee.page.getByLabel('Confirm password').fill('short')
    await invitee.page.getByRole('button', { name: 'Set password and sign in' }).click()
    await invitee.page.getByText(/Password must be at least \d+ characters long/).waitFor()
    await invitee.page.getByLabel('Password', { exact: true }).fill('Invited-Ines-2026')
    await invitee.page.getByLabel('Confirm password').fill('Invited-Ines-2026')
    await invitee.page.getByRole('button', { name: 'Set password and sign in' }).click()
    await waitForPath(invitee.page, '/dashboard')
    const session = (await (await invitee.page.request.get('/api/accounts/session')).json()) as {
      user: { email: string } | null
    }
    expect(session.user?.email).toBe('ines.invitee@example.com')

    // the link works once
    const again = await stack.newPage()
    await again.page.goto(link!)
    await again.page.getByLabel('Password', { exact: true }).fill('Another-Try-2026')
    await again.page.getByLabel('Confirm password').fill('Another-Try-2026')
    await again.page.getByRole('button', { name: 'Set password and sign in' }).click()
    await again.page
      .getByRole('alert')
      .filter({ hasText: /invitation/i })
      .waitFor({ timeout: 15_000 })
    expect(new URL(again.page.url()).pathname).toBe('/accept-invitation')
    await again.context.close()

    // the admin sees her sign-in on her details page and notes something
    await page.reload()
    await table.getByRole('link', { name: 'Ines Invitee' }).click()
    await page.getByRole('heading', { level: 1, name: 'Ines Invitee' }).waitFor({ timeout: 15_000 })
    const signIns = page.getByRole('region', { name: 'Sign-in tracking' })
    await signIns.getByText('Login count').waitFor()
    expect(await signIns.locator('dd').nth(2).textContent()).toBe('1')
    expect(await page.getByText('Invited', { exact: true }).count()).toBe(0)
    const comments = page.getByRole('region', { name: 'Admin comments' })
    await comments.getByText(adminCommentMessages.none).waitFor()
    await comments.getByLabel('Add a comment').fill('Joined from the spring cohort list.')
    await comments.getByRole('button', { name: 'Comment' }).click()
    await comments.getByText('Joined from the spring cohort list.').waitFor()
    await comments.getByText('You', { exact: true }).waitFor()
    expect(await seriousAccessibilityViolations(page)).toEqual([])
    await invitee.context.close()

    // Omar is deleted, after the spec's question
    await page.getByRole('link', { name: 'Back to users' }).click()
    await waitForPath(page, '/admin/users')
    await page.getByLabel('Search users').fill('onboard')
    const omar = table.getByRole('row').filter({ hasText: 'omar.onboard@example.com' })
    await omar.waitFor({ timeout: 15_000 })
    await expect.poll(() => table.locator('tbody tr').count()).toBe(1)
    await omar.getByRole('button', { name: 'Delete Omar Onboard' }).click()
    const confirm = page.getByRole('alertdialog', { name: 'Delete user' })
    await confirm.getByText(adminUserMessages.deleteConfirm).waitFor()
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click()
    await page.getByText(adminUserMessages.deleted).waitFor()
    await page.getByText(adminUserMessages.noUsers).waitFor({ timeout: 15_000 })
  })

  test('add user asks for an address and both names, and the new user is invited', async () => {
    const { page } = await stack.signedInPage({ ...admin, email: 'users-admin-two@example.com', firstName: 'Ann' })
    await page.goto('/admin/users')
    await page.getByRole('button', { name: 'Add User' }).click()
    const dialog = page.getByRole('dialog', { name: 'Add User' })
    await dialog.getByText(/An invitation e-mail goes out/).waitFor()
    await dialog.getByRole('button', { name: 'Add User' }).click()
    await dialog.getByText('Please enter a valid email address').waitFor()
    await dialog.getByText(adminUserMessages.firstNameRequired).waitFor()
    await dialog.getByText(adminUserMessages.lastNameRequired).waitFor()
    expect(await seriousAccessibilityViolations(page)).toEqual([])

    await dialog.getByLabel('Email').fill('Nina.New@Example.com')
    await dialog.getByLabel('First name').fill('Nina')
    await dialog.getByLabel('Last name').fill('New')
    await dialog.getByLabel('Grant admin rights').check()
    await dialog.getByRole('button', { name: 'Add User' }).click()
    await page.getByText(adminUserMessages.created).waitFor({ timeout: 15_000 })
    const row = page.getByRole('table', { name: 'Users' }).getByRole('row').filter({ hasText: 'nina.new@example.com' })
    await row.getByText('Invited').waitFor({ timeout: 15_000 })
    expect(await row.getByRole('switch', { name: 'Admin rights for Nina New' }).getAttribute('aria-checked')).toBe(
      'true',
    )
    const mail = await stack.smtp.waitFor('nina.new@example.com', /invited/i, 30_000)
    expect(mail.text).toContain('administrator account')

    // the same address again is refused, where the address is typed
    await page.getByRole('button', { name: 'Add User' }).click()
    await dialog.getByLabel('Email').fill('nina.new@example.com')
    await dialog.getByLabel('First name').fill('Nina')
    await dialog.getByLabel('Last name').fill('Again')
    await dialog.getByRole('button', { name: 'Add User' }).click()
    await dialog.getByText(adminUserMessages.emailExists).waitFor({ timeout: 15_000 })
  })
})
