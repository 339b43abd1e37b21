import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { accountMessages } from '#shared/accounts/schemas.ts'
import { maintenanceMessages, settingsMessages, type SettingsPatch } from '#shared/admin/settings.ts'
import { seriousAccessibilityViolations, signInOnce, startStack, waitForPath, type Stack } from './support/stack.ts'

// Platform settings in the browser (issue 22): maintenance mode keeps members out
// while the admin works; a minimum password length of 12 refuses an 8-character
// password at sign-up. The stack is this file's own; every test still puts the
// settings back.

let stack: Stack
const signIn = signInOnce()

beforeAll(async () => {
  stack = await startStack()
})
afterAll(async () => {
  await stack?.close()
})

const admin = {
  email: 'settings-admin@example.com',
  password: 'Settings-Admin-2026',
  firstName: 'Sett',
  lastName: 'Ings',
  admin: true,
}
const member = {
  email: 'settings-member@example.com',
  password: 'Settings-Member-2026',
  firstName: 'Mia',
  lastName: 'Member',
}

/** Saves settings as the signed-in admin of `page`, past the interface: the tests' clean-up. */
async function restore(page: Page, category: string, patch: SettingsPatch) {
  const response = await page.request.patch(`/api/admin/settings/${category}`, {
    data: patch,
    headers: { origin: stack.baseUrl },
  })
  expect(response.status()).toBe(200)
}

async function openSettings(page: Page) {
  await page.goto('/admin/settings')
  await page.getByRole('heading', { level: 1, name: 'Platform settings' }).waitFor({ timeout: 15_000 })
}

/** Waits for the save toast of a field just changed. */
async function savedToast(page: Page) {
  await page.getByText(settingsMessages.updated).last().waitFor()
}

describe('platform settings', () => {
  test('with maintenance mode on, a member sees the maintenance page while the admin still works', async () => {
    await stack.createMember({ ...admin })
    await stack.createMember({ ...member })
    const adminBrowser = await stack.newPage()
    const memberBrowser = await stack.newPage()
    await signIn(adminBrowser, admin)
    await signIn(memberBrowser, member)
    const adminPage = adminBrowser.page
    const memberPage = memberBrowser.page

    try {
      // the admin menu leads to the settings; the job trends and plans editors are linked from there
      await adminPage.goto('/admin')
      await adminPage.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Settings' }).click()
      await waitForPath(adminPage, '/admin/settings')
      await adminPage.getByRole('heading', { level: 1, name: 'Platform settings' }).waitFor()
      await adminPage.getByRole('link', { name: 'Job trends' }).waitFor()
      await adminPage.getByRole('link', { name: 'Plans', exact: true }).last().waitFor()
      expect(await seriousAccessibilityViolations(adminPage)).toEqual([])

      await adminPage.getByLabel('Maintenance mode').check()
      await savedToast(adminPage)

      await memberPage.goto('/dashboard')
      await memberPage.getByRole('heading', { level: 1, name: maintenanceMessages.title }).waitFor({ timeout: 15_000 })
      await memberPage.getByText(maintenanceMessages.body, { exact: false }).waitFor()
      expect(await seriousAccessibilityViolations(memberPage)).toEqual([])
      // the API says the same to the member
      expect((await memberPage.request.get('/api/profile/me')).status()).toBe(503)

      // the admin goes on working: another admin page, and back to the settings
      await adminPage.goto('/admin/plans')
      await adminPage.getByRole('heading', { level: 1, name: 'Plans' }).waitFor({ timeout: 15_000 })
      await openSettings(adminPage)
      await adminPage.getByLabel('Maintenance mode').uncheck()
      await savedToast(adminPage)

      await memberPage.reload()
      await memberPage.getByRole('heading', { level: 1, name: maintenanceMessages.title }).waitFor({
        state: 'detached',
        timeout: 15_000,
      })
      expect((await memberPage.request.get('/api/profile/me')).status()).toBe(200)
    } finally {
      await restore(adminPage, 'general', { maintenanceMode: false })
      await adminBrowser.context.close()
      await memberBrowser.context.close()
    }
  })

  test('a minimum password length of 12 refuses an 8-character password at sign-up', async () => {
    const adminBrowser = await stack.newPage()
    await signIn(adminBrowser, admin)
    const adminPage = adminBrowser.page
    const visitor = await stack.newPage()
    try {
      await openSettings(adminPage)
      const minimum = adminPage.getByLabel('Minimum password length')
      await minimum.fill('12')
      await minimum.press('Enter')
      await savedToast(adminPage)
      await expect.poll(() => minimum.inputValue()).toBe('12')

      const page = visitor.page
      await page.goto('/create-account')
      await page.getByLabel('First name').fill('Nia')
      await page.getByLabel('Last name').fill('Newcomer')
      await page.getByLabel('Email').fill('nia.newcomer@example.com')
      await page.getByText(accountMessages.passwordRulesHintFor(12)).waitFor({ timeout: 15_000 })
      await page.getByLabel('Password', { exact: true }).fill('Abcdef12')
      await page.getByLabel('Confirm password').fill('Abcdef12')
      await page.getByRole('button', { name: 'Continue' }).click()
      await page.getByText(accountMessages.passwordTooShortFor(12)).waitFor()
      // still on the first step
      await page.getByText('Step 1 of 2', { exact: false }).waitFor()

      // twelve characters pass
      await page.getByLabel('Password', { exact: true }).fill('Abcdefgh1234')
      await page.getByLabel('Confirm password').fill('Abcdefgh1234')
      await page.getByRole('button', { name: 'Continue' }).click()
      await page.getByText('Step 2 of 2', { exact: false }).waitFor()
    } finally {
      await restore(adminPage, 'security', { minPasswordLength: 8 })
      await adminBrowser.context.close()
      await visitor.context.close()
    }
  })

  test('the platform name shows in the header and the test e-mail reaches the admin', async () => {
    const adminBrowser = await stack.newPage()
    await signIn(adminBrowser, admin)
    const page = adminBrowser.page
    try {
      await openSettings(page)
      const name = page.getByLabel('Platform name')
      await name.fill('Acme Careers')
      await name.press('Tab')
      await savedToast(page)
      await page.getByRole('banner').getByRole('link', { name: 'Acme Careers' }).waitFor()

      await page.getByRole('button', { name: 'Send test e-mail' }).click()
      await page
        .getByRole('status')
        .filter({ hasText: settingsMessages.testMailSent(admin.email) })
        .waitFor()
      const mail = await stack.smtp.waitFor(admin.email, /Acme Careers test e-mail/)
      expect(mail.text).toContain('Acme Careers')
    } finally {
      await restore(page, 'general', { platformName: 'Prestige Labs' })
      await adminBrowser.context.close()
    }
  })
})
