import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Page } from 'playwright-core'
import { anonymousViewer, decideAccess, pageAccess, type AccessLevel, type Viewer } from '#shared/access.ts'
import { startStack, type Stack } from './support/stack.ts'

// The page half of the authorization matrix (issue 11; the API half is
// src/server/authorization-matrix.test.ts): every page of the access table, opened
// in Chromium by each role, does what the table says, and no request behind it
// answers 500.

let stack: Stack

beforeAll(async () => {
  stack = await startStack()
})
afterAll(async () => {
  await stack?.close()
})

const unknownId = '00000000-0000-4000-8000-000000000000'

const roles: Array<{ name: string; viewer: Viewer; account?: Parameters<Stack['signedInPage']>[0] }> = [
  { name: 'visitor', viewer: anonymousViewer },
  {
    name: 'free member',
    viewer: { signedIn: true, subscribed: false, isAdmin: false },
    account: { email: 'pages-free@example.com', password: 'Pages-Free-1', firstName: 'Fay', lastName: 'Free' },
  },
  {
    name: 'subscriber',
    viewer: { signedIn: true, subscribed: true, isAdmin: false },
    account: { email: 'pages-sub@example.com', password: 'Pages-Sub-1', firstName: 'Sue', lastName: 'Scriber', subscribedDays: 30 },
  },
  {
    name: 'admin',
    viewer: { signedIn: true, subscribed: true, isAdmin: true },
    account: { email: 'pages-admin@example.com', password: 'Pages-Admin-1', firstName: 'Ada', lastName: 'Min', admin: true },
  },
]

/** Waits for the outcome the access table promises and says what was seen instead, if anything. */
async function outcomeOf(page: Page, path: string, level: AccessLevel, viewer: Viewer): Promise<string | undefined> {
  const decision = decideAccess(level, viewer)
  const pathname = () => new URL(page.url()).pathname
  try {
    if (decision === 'sign-in') await page.waitForURL((url) => url.pathname === '/login', { timeout: 15_000 })
    else if (decision === 'admin-only') await page.waitForURL((url) => url.pathname === '/dashboard', { timeout: 15_000 })
    else if (decision === 'premium') await page.getByRole('heading', { name: 'Premium Feature' }).waitFor({ timeout: 15_000 })
    else {
      // the page (or the not-found page of an area still to come) has drawn its heading
      await page.locator('main h1, h1').first().waitFor({ timeout: 15_000 })
      if (pathname() !== path) return `sent to ${pathname()}`
      if (await page.getByRole('heading', { name: 'Premium Feature' }).isVisible()) return 'shown the premium lock'
    }
  } catch {
    return `expected ${decision}, stayed on ${pathname()}`
  }
  return undefined
}

describe('every page of the access table, as every role', () => {
  for (const role of roles) {
    test(`${role.name}: each page lets in or refuses exactly as the table says, and nothing behind it fails`, async () => {
      const { page, context } = role.account ? await stack.signedInPage(role.account) : await stack.newPage()
      const serverErrors: string[] = []
      page.on('response', (response) => {
        if (response.status() >= 500) serverErrors.push(`${response.status()} ${response.url()}`)
      })
      const wrong: string[] = []
      for (const [pattern, level] of Object.entries(pageAccess)) {
        const path = pattern.replace(/:(\w+)/g, unknownId)
        await page.goto(path)
        const problem = await outcomeOf(page, path, level, role.viewer)
        if (problem) wrong.push(`${path} (${level}): ${problem}`)
      }
      expect(wrong).toEqual([])
      expect(serverErrors).toEqual([])
      await context.close()
    })
  }
})
