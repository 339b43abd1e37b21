import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { eq } from 'drizzle-orm'
import { businessRequests } from '#server/db/schema/business.ts'
import { contactSubmissions } from '#server/db/schema/contact.ts'
import { businessMessages } from '#shared/business/messages.ts'
import { contactMessages } from '#shared/contact/messages.ts'
import { seriousAccessibilityViolations, startStack, type Stack } from './support/stack.ts'

let stack: Stack

beforeAll(async () => {
  stack = await startStack()
})
afterAll(async () => {
  await stack?.close()
})

const admin = {
  email: 'inbox-admin@example.com',
  password: 'Inbox-Admin-1',
  firstName: 'Ina',
  lastName: 'Box',
  admin: true,
}

describe('contact and business forms reach the admin inbox', () => {
  test('a visitor writes in, the admins hear of it and an admin works through the inbox', async () => {
    // the admin exists first: the announcements go to every admin
    const adminSession = await stack.signedInPage(admin)

    const { page, context } = await stack.newPage()
    await page.goto('/contact')
    await page.getByRole('heading', { name: 'Contact Us', level: 1 }).waitFor()
    expect(await seriousAccessibilityViolations(page)).toEqual([])
    await page.getByRole('button', { name: 'Send message' }).click()
    await page.getByText(contactMessages.missingFields).first().waitFor()
    await page.getByLabel('Name').fill('Vera Visitor')
    await page.getByLabel('E-mail').fill('vera@example.com')
    await page.getByLabel('Subject (optional)').fill('Group membership')
    await page.getByLabel('Message').fill('Can my whole team join together?')
    await page.getByRole('button', { name: 'Send message' }).click()
    await page.getByText(contactMessages.sent).waitFor()
    const contactMail = await stack.smtp.waitFor(admin.email, /Contact message: Group membership/)
    expect(contactMail.text).toContain('vera@example.com')

    await page.goto('/business')
    await page.getByRole('heading', { level: 1 }).waitFor()
    expect(await page.getByRole('link', { name: 'View subscription plans' }).getAttribute('href')).toBe('/subscription')
    expect(await seriousAccessibilityViolations(page)).toEqual([])
    await page.getByRole('button', { name: 'Send request' }).click()
    await page.getByText(businessMessages.chooseSkill).waitFor()
    await page.getByLabel('Business name').fill('Harbor Books')
    await page.getByLabel('Industry').selectOption('retail')
    await page.getByLabel('Web development').check()
    await page.getByLabel('SEO').check()
    await page.getByLabel('Type of support needed').fill('An online catalogue for our shop')
    await page.getByLabel('Business e-mail').fill('hello@harbor-books.example')
    await page.getByLabel('Phone number').fill('abc')
    await page.getByRole('button', { name: 'Send request' }).click()
    await page.getByText(businessMessages.invalidPhone).waitFor()
    await page.getByLabel('Phone number').fill('+44 20 7946 0958')
    await page.getByRole('button', { name: 'Send request' }).click()
    await page.getByText(businessMessages.sent).waitFor()
    await stack.smtp.waitFor('hello@harbor-books.example', /We received your intern request/)
    const announcement = await stack.smtp.waitFor(admin.email, /New business request: Harbor Books/)
    expect(announcement.text).toContain('Web development, SEO')
    await context.close()

    const { page: adminPage } = adminSession
    await adminPage.goto('/admin/inbox')
    const message = adminPage.getByRole('article', { name: 'Message from Vera Visitor' })
    await message.waitFor()
    expect(await adminPage.getByRole('tab', { name: /Contact messages/ }).textContent()).toContain('1')
    expect(await message.getByRole('link', { name: 'Reply by e-mail' }).getAttribute('href')).toBe(
      'mailto:vera@example.com?subject=Re%3A%20Group%20membership',
    )
    await adminPage.getByLabel('Status of the message from Vera Visitor').selectOption('done')
    await expect
      .poll(
        async () =>
          (await stack.db.select().from(contactSubmissions).where(eq(contactSubmissions.email, 'vera@example.com')))[0]
            ?.status,
      )
      .toBe('done')

    await adminPage.getByRole('tab', { name: /Business requests/ }).click()
    await adminPage.getByRole('article', { name: 'Request from Harbor Books' }).waitFor()
    await adminPage.getByLabel('Search').fill('catalogue')
    await adminPage.getByLabel('Status of the request from Harbor Books').selectOption('done')
    await expect
      .poll(
        async () =>
          (await stack.db.select().from(businessRequests).where(eq(businessRequests.businessName, 'Harbor Books')))[0]
            ?.status,
      )
      .toBe('done')
    await adminPage.getByLabel('Search').fill('nothing like this')
    await adminPage.getByText('Nothing matches this search.').waitFor()
    expect(await seriousAccessibilityViolations(adminPage)).toEqual([])
    await adminSession.context.close()
  })

  test('members cannot open the inbox', async () => {
    const { page, context } = await stack.signedInPage({
      email: 'plain-member@example.com',
      password: 'Plain-Member-1',
      firstName: 'Pla',
      lastName: 'In',
    })
    const response = await page.request.get('/api/admin/inbox')
    expect(response.status()).toBe(403)
    await context.close()
  })
})
