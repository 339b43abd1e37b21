import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { emailNotifications } from '#server/db/schema/update-signup.ts'
import { updateSignupMessages } from '#shared/update-signup/messages.ts'
import { seriousAccessibilityViolations, startStack, type Stack } from './support/stack.ts'

let stack: Stack

beforeAll(async () => {
  stack = await startStack()
})
afterAll(async () => {
  await stack?.close()
})

describe('landing page', () => {
  test('a visitor signs up for updates; empty fields are refused first', async () => {
    const { page, context } = await stack.newPage()
    await page.goto('/')
    await page.getByRole('heading', { name: 'Prestige Labs', level: 1 }).waitFor()
    // the stack runs with a promo, whose pop-up comes first (spec 000 §1)
    await page.getByRole('dialog').waitFor()
    expect(await seriousAccessibilityViolations(page)).toEqual([])
    await page.keyboard.press('Escape')
    await page.getByRole('dialog').waitFor({ state: 'detached' })
    expect(await seriousAccessibilityViolations(page)).toEqual([])

    await page.getByLabel('First name').fill('Nora')
    await page.getByRole('button', { name: 'Sign up for updates' }).click()
    await page.getByText(updateSignupMessages.missingFields).waitFor()

    await page.getByLabel('Last name').fill('Quist')
    await page.getByLabel('E-mail').fill('Nora.Quist@Example.com')
    await page.getByRole('button', { name: 'Sign up for updates' }).click()
    await page.getByText(updateSignupMessages.thanks).waitFor()
    const rows = await stack.db.select().from(emailNotifications)
    expect(rows.map((row) => row.email)).toEqual(['nora.quist@example.com'])
    await context.close()
  })

  test('the hero video shows its poster and stays still for people who prefer reduced motion', async () => {
    const { page, context } = await stack.newPage()
    await page.emulateMedia({ reducedMotion: 'reduce' })
    await page.goto('/')
    const video = page.locator('video')
    expect(await video.getAttribute('poster')).toBe('/media/hero-poster.webp')
    await page.waitForLoadState('load')
    expect(await video.evaluate((element: HTMLVideoElement) => element.paused)).toBe(true)
    await context.close()
  })

  test('every footer link opens a real page', async () => {
    const { page, context } = await stack.newPage()
    await page.goto('/')
    const footer = page.getByRole('navigation', { name: 'Footer' })
    const links = await footer.getByRole('link').evaluateAll((anchors) => anchors.map((a) => [a.textContent, a.getAttribute('href')]))
    expect(links.length).toBeGreaterThan(4)
    for (const [, href] of links.filter(([, href]) => href !== '/community')) {
      await page.goto(href!)
      const heading = page.getByRole('heading', { level: 1 })
      await heading.waitFor()
      expect(await page.getByRole('heading', { name: 'Page not found' }).count()).toBe(0)
      expect(await seriousAccessibilityViolations(page)).toEqual([])
    }
    await context.close()
  })
})
