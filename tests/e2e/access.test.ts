import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Page } from 'playwright-core'
import { decideAccess, pageAccess, type AccessLevel, type Viewer } from '#shared/access.ts'
import { landsOn } from './support/pages.ts'
import { walkingRoles } from './support/roles.ts'
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

const roles = walkingRoles('pages')

/** Waits for the outcome the access table promises and says what was seen instead, if anything. */
async function outcomeOf(page: Page, path: string, level: AccessLevel, viewer: Viewer): Promise<string | undefined> {
  const decision = decideAccess(level, viewer)
  const pathname = () => new URL(page.url()).pathname
  try {
    if (decision === 'sign-in') await page.waitForURL((url) => url.pathname === '/login', { timeout: 15_000 })
    else if (decision === 'admin-only')
      await page.waitForURL((url) => url.pathname === '/dashboard', { timeout: 15_000 })
    else if (decision === 'premium')
      await page.getByRole('heading', { name: 'Premium Feature' }).waitFor({ timeout: 15_000 })
    else {
      // the page (or the not-found page of an area still to come) has drawn its heading
      await page.locator('main h1, h1').first().waitFor({ timeout: 15_000 })
      if (pathname() !== landsOn(path)) return `sent to ${pathname()}`
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
