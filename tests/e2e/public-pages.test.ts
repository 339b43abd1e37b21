import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Page } from 'playwright-core'
import { seriousAccessibilityViolations, startStack, waitForPath, type Stack } from './support/stack.ts'

// Issue 12, item 6: no public page is a dead end. Every one has the public header
// with a way home and the site footer, which links every public page.

let stack: Stack

beforeAll(async () => {
  stack = await startStack()
})
afterAll(async () => {
  await stack?.close()
})

const publicPages = [
  '/prestige-labs',
  '/subscription',
  '/business',
  '/contact',
  '/faqs',
  '/privacy',
  '/terms',
  '/partners',
]
const everyPublicPage = ['/', ...publicPages, '/login', '/create-account']

async function footerTargets(page: Page): Promise<string[]> {
  const hrefs = await page
    .getByRole('contentinfo')
    .getByRole('link')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href')))
  return [...new Set(hrefs.filter((href): href is string => href !== null))]
}

describe('public pages for a visitor', () => {
  test('each public page has the header with a way home and a footer that links every public page', async () => {
    const { page, context } = await stack.newPage()
    const problems: string[] = []
    for (const path of publicPages) {
      await page.goto(path)
      await page.getByRole('heading', { level: 1 }).first().waitFor()
      const home = page.getByRole('banner').getByRole('link', { name: 'Prestige Labs' })
      await home.waitFor()
      if ((await home.getAttribute('href')) !== '/')
        problems.push(`${path}: the header's home link goes to ${await home.getAttribute('href')}`)
      // the account links join once the session says this is a visitor
      await page.getByRole('contentinfo').getByRole('link', { name: 'Create Account' }).waitFor()
      const targets = await footerTargets(page)
      const unlinked = everyPublicPage.filter((target) => !targets.includes(target))
      if (unlinked.length > 0) problems.push(`${path}: the footer does not link ${unlinked.join(', ')}`)
    }
    expect(problems).toEqual([])
    await context.close()
  })

  test('from the landing page a visitor reaches /business and /contact, and both have the header and footer', async () => {
    const { page, context } = await stack.newPage()
    await page.goto('/')
    await page.getByRole('dialog').waitFor() // the stack runs with a promo
    await page.keyboard.press('Escape')
    await page.getByRole('dialog').waitFor({ state: 'detached' })
    // spec 000 §2: no header on '/', whose hero has its own calls to action
    expect(await page.getByRole('banner').count()).toBe(0)
    const footer = page.getByRole('contentinfo')
    await footer.getByRole('link', { name: 'For Businesses' }).click()
    await waitForPath(page, '/business')
    await page.getByRole('banner').waitFor()
    await page.getByRole('contentinfo').getByRole('link', { name: 'Contact' }).click()
    await waitForPath(page, '/contact')
    await page.getByRole('banner').getByRole('link', { name: 'Prestige Labs' }).waitFor()
    expect(await seriousAccessibilityViolations(page)).toEqual([])
    await page.getByRole('banner').getByRole('link', { name: 'Prestige Labs' }).click()
    await waitForPath(page, '/')
    await context.close()
  })

  test("/subscription's back link takes a visitor home, not to the sign-in page", async () => {
    const { page, context } = await stack.newPage()
    await page.goto('/subscription')
    await page.getByRole('heading', { level: 1, name: 'Choose Your Plan' }).waitFor()
    await page.getByRole('link', { name: 'Back to Home' }).click()
    await waitForPath(page, '/')
    await context.close()
  })
})
