import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import sharp from 'sharp'
import type { Page } from 'playwright-core'
import { plainText } from '#server/testing/files.ts'
import { accountMessages } from '#shared/accounts/schemas.ts'
import { profileMessages } from '#shared/profile/schemas.ts'
import { skillMessages } from '#shared/profile/skills.ts'
import { seriousAccessibilityViolations, signInThroughForm, startStack, type Stack } from './support/stack.ts'

let stack: Stack

beforeAll(async () => {
  stack = await startStack()
})
afterAll(async () => {
  await stack?.close()
})

const member = (name: string) => ({
  email: `${name.toLowerCase()}@example.com`,
  password: `${name}-Pass-2026`,
  firstName: name,
  lastName: 'Member',
})

async function openProfile(page: Page) {
  await page.goto('/profile')
  await page.getByRole('region', { name: 'Profile Settings' }).getByLabel('First name').waitFor({ timeout: 15_000 })
}

describe('profile and settings', () => {
  test('a member edits the profile and sees it in the header after a reload', async () => {
    const { page } = await stack.signedInPage(member('Priya'))
    await openProfile(page)
    const settings = page.getByRole('region', { name: 'Profile Settings' })

    // the browser says what is wrong before anything is sent
    await settings.getByLabel('First name').fill('')
    await settings.getByLabel('Website').fill('not a site')
    await settings.getByRole('button', { name: 'Save profile' }).click()
    await settings.getByText(profileMessages.firstNameRequired).waitFor()
    await settings.getByText(profileMessages.invalidWebsite).waitFor()

    await settings.getByLabel('First name').fill('Priya')
    await settings.getByLabel('Last name').fill('Sharma')
    await settings.getByLabel('Location').fill('Toronto')
    await settings.getByLabel('Website').fill('https://priya.example.com')
    await settings.getByLabel('Country').selectOption({ label: 'Canada' })
    await settings.getByLabel('Expertise level').selectOption('Senior Manager')
    await settings.getByLabel('Career level').fill('Senior Manager')
    await settings.getByLabel('Career focus').fill('Leadership, Product strategy')
    await settings.getByLabel('Technology').check()
    await settings.getByRole('button', { name: 'Save profile' }).click()
    await page.getByText(profileMessages.profileUpdated).waitFor()

    await page.reload()
    const header = page.getByRole('heading', { level: 1, name: 'Priya Sharma' })
    await header.waitFor({ timeout: 15_000 })
    await page.getByText('priya@example.com').first().waitFor()
    await page.getByText('Location: Toronto').waitFor()
    await page.getByRole('link', { name: 'priya.example.com' }).waitFor()
    const chips = page.getByRole('list', { name: 'Career focus' })
    await chips.getByText('Leadership', { exact: true }).waitFor()
    await chips.getByText('Product strategy', { exact: true }).waitFor()
    await expect.poll(() => settings.getByLabel('Country').inputValue()).toBe('CA')
    expect(await seriousAccessibilityViolations(page)).toEqual([])
  })

  test('a large photo becomes a 512 px PNG avatar at once; a text file named .jpg is refused', async () => {
    const { page } = await stack.signedInPage(member('Omar'))
    await openProfile(page)
    const picture = page.getByLabel('Profile picture', { exact: true })

    await picture.setInputFiles({ name: 'notes.jpg', mimeType: 'image/jpeg', buffer: plainText })
    await page.getByText(profileMessages.avatarNotImage).first().waitFor()

    const jpeg = await sharp({
      create: { width: 3000, height: 2000, channels: 3, background: { r: 20, g: 120, b: 200 } },
    })
      .jpeg()
      .toBuffer()
    await picture.setInputFiles({ name: 'portrait.jpg', mimeType: 'image/jpeg', buffer: jpeg })
    await page.getByText(profileMessages.avatarUpdated).waitFor()

    // no reload: the header and the settings show the stored picture
    const avatar = page.getByRole('img', { name: 'Profile picture of Omar Member' }).first()
    await expect
      .poll(() => avatar.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)), {
        timeout: 10_000,
      })
      .toBe(512)
    const src = await avatar.getAttribute('src')
    expect(src).toMatch(/^\/api\/profile\/avatars\/.+\?v=\d+$/)
    const type = await page.evaluate(async (url) => (await fetch(url!)).headers.get('content-type'), src)
    expect(type).toBe('image/png')
  })

  test('a new picture shows at once in the header menu and the community composer, without a reload', async () => {
    const { page } = await stack.signedInPage({ ...member('Ines'), subscribedDays: 30 })
    await openProfile(page)
    const headerPicture = page.getByRole('banner').locator('img[src^="/api/profile/avatars/"]')
    expect(await headerPicture.count()).toBe(0)
    // marks this document: a reload would lose it
    await page.evaluate(() => Object.assign(window, { sameDocument: true }))

    await page.getByLabel('Profile picture', { exact: true }).setInputFiles({
      name: 'me.png',
      mimeType: 'image/png',
      buffer: await sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 200, g: 80, b: 40 } } })
        .png()
        .toBuffer(),
    })
    await page.getByText(profileMessages.avatarUpdated).waitFor()
    await headerPicture.waitFor()
    await expect
      .poll(() => headerPicture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true)

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Community' }).click()
    const composerPicture = page.getByRole('form', { name: 'New post' }).locator('img[src^="/api/profile/avatars/"]')
    await composerPicture.waitFor({ timeout: 15_000 })
    expect(await composerPicture.getAttribute('src')).toBe(await headerPicture.getAttribute('src'))
    expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true)
  })

  test('a member adds skills with levels, changes one and removes one', async () => {
    const { page } = await stack.signedInPage(member('Lena'))
    await page.goto('/settings')
    const skills = page.getByRole('region', { name: 'Skills' })
    await skills.getByRole('button', { name: 'Save skills' }).waitFor({ timeout: 15_000 })

    await skills.getByRole('button', { name: 'Save skills' }).click()
    await skills.getByText(skillMessages.noneSelected).waitFor()

    await skills.getByLabel('TypeScript', { exact: true }).check()
    await skills.getByLabel('Level for new skill TypeScript').selectOption('advanced')
    await skills.getByLabel('Leadership', { exact: true }).check()
    await skills.getByRole('button', { name: 'Save skills' }).click()
    await page.getByText(skillMessages.skillsUpdated).waitFor()

    const mine = skills.getByRole('list', { name: 'Your skills' })
    await expect
      .poll(() => mine.getByRole('meter', { name: 'TypeScript proficiency' }).getAttribute('aria-valuenow'))
      .toBe('75')
    await expect
      .poll(() => mine.getByRole('meter', { name: 'Leadership proficiency' }).getAttribute('aria-valuenow'))
      .toBe('50')

    await mine.getByLabel('Level for Leadership').selectOption('expert')
    await page.getByText(skillMessages.skillUpdated).waitFor()
    await expect
      .poll(() => mine.getByRole('meter', { name: 'Leadership proficiency' }).getAttribute('aria-valuenow'))
      .toBe('100')

    await mine.getByRole('button', { name: 'Delete TypeScript' }).click()
    await page.getByText(skillMessages.skillDeleted).waitFor()
    await mine.getByRole('meter', { name: 'TypeScript proficiency' }).waitFor({ state: 'detached' })

    await page.reload()
    await skills
      .getByRole('list', { name: 'Your skills' })
      .getByRole('meter', { name: 'Leadership proficiency' })
      .waitFor({ timeout: 15_000 })
  })

  test('a member changes the password and signs in with the new one', async () => {
    const account = member('Sam')
    const { page } = await stack.signedInPage(account)
    await page.goto('/settings')
    const form = page.getByRole('form', { name: 'Change password' })
    await form.getByLabel('Current password').waitFor({ timeout: 15_000 })

    await form.getByLabel('Current password').fill(account.password)
    await form.getByLabel('New password', { exact: true }).fill('Fresh-Pass-2027')
    await form.getByLabel('Confirm new password').fill('Fresh-Pass-2028')
    await form.getByRole('button', { name: 'Update password' }).click()
    await form.getByText(accountMessages.newPasswordsDoNotMatch).waitFor()

    await form.getByLabel('Confirm new password').fill('Fresh-Pass-2027')
    await form.getByRole('button', { name: 'Update password' }).click()
    await page.getByText(accountMessages.passwordUpdated).waitFor()

    const other = await stack.newPage()
    await other.page.goto('/login')
    await signInThroughForm(other.page, account.email, account.password)
    await other.page.getByText(accountMessages.invalidCredentials).first().waitFor()
    await signInThroughForm(other.page, account.email, 'Fresh-Pass-2027')
    await other.page.waitForURL((url) => url.pathname !== '/login', { timeout: 15_000 })
  })
})
