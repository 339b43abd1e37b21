import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Page } from 'playwright-core'
import { decideAccess, pageAccess, type AccessLevel, type Viewer } from '#shared/access.ts'
import { landsOn, visit, watchRequests } from './support/pages.ts'
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
      const requests = watchRequests(page)
      const serverErrors: string[] = []
      page.on('response', (response) => {
        if (response.status() >= 500) serverErrors.push(`${response.status()} ${response.url()}`)
      })
      // every address the tab shows, in order: the page opened, then wherever the app sends the role
      const addresses: string[] = []
      page.on('framenavigated', (frame) => {
        if (frame === page.mainFrame()) addresses.push(new URL(frame.url()).pathname)
      })
      const wrong: string[] = []
      // the first page of each level is opened as a link from elsewhere opens it (a full load:
      // the guard decides while the session is still being read); the others inside the app
      const loadedLevels = new Set<AccessLevel>()
      for (const [pattern, level] of Object.entries(pageAccess)) {
        const path = pattern.replace(/:(\w+)/g, unknownId)
        // where the page before ended: a late event of its last redirect may still arrive
        const before = new URL(page.url()).pathname
        addresses.length = 0
        if (loadedLevels.has(level)) {
          // what a full load would ask the server for: the app itself, for this path
          const shell = await page.request.get(path)
          if (shell.status() >= 500) serverErrors.push(`${shell.status()} ${shell.url()}`)
          else if (!(await shell.text()).includes('<div id="root">')) wrong.push(`${path} (${level}): no app served`)
          await visit(page, path, requests)
        } else {
          loadedLevels.add(level)
          await page.goto(path)
        }
        // what is seen next is this page's outcome, not what the page before left on screen
        while (addresses.length > 1 && addresses[0] === before && addresses[0] !== path) addresses.shift()
        const problem =
          addresses[0] === path
            ? await outcomeOf(page, path, level, role.viewer)
            : `never opened (the tab showed ${addresses.join(', ') || 'nothing new'})`
        if (problem) wrong.push(`${path} (${level}): ${problem}`)
      }
      expect(wrong).toEqual([])
      expect(serverErrors).toEqual([])
      await context.close()
    })
  }
})
