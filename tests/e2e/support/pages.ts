import type { Page, Request } from 'playwright-core'
import { expect } from 'vitest'
import { pageAccess, type AccessLevel } from '#shared/access.ts'
import { pathTo } from '#shared/pages.ts'

// Walking every page of the access table (src/shared/access.ts) as a role that may
// open it: the page title and accessibility tests (issue 12) share these.

export type PageRole = 'visitor' | 'subscriber' | 'admin'

/** The least role that opens each level: a subscriber opens the member pages too. */
export const roleForLevel: Record<AccessLevel, PageRole> = {
  visitor: 'visitor',
  member: 'subscriber',
  subscriber: 'subscriber',
  admin: 'admin',
}

/** Pages that open another page of the table: /courses is the index of /courses/browse (spec 000 §2). */
export const pageRedirects: Record<string, string> = { [pathTo('courses')]: pathTo('coursesBrowse') }

/** The path a page of the table shows once open: its own, or the one it redirects to. */
export function landsOn(path: string): string {
  return pageRedirects[path] ?? path
}

/**
 * The concrete paths of `role`'s pages in the table, parameters filled from `ids`
 * (':jobId' -> ids.jobId); a pattern with a parameter `ids` lacks is left out.
 */
export function pagePathsFor(role: PageRole, ids: Record<string, string>): string[] {
  const paths: string[] = []
  for (const [pattern, level] of Object.entries(pageAccess)) {
    if (roleForLevel[level] !== role) continue
    const parameters = [...pattern.matchAll(/:(\w+)/g)].map((match) => match[1]!)
    if (parameters.some((name) => !(name in ids))) continue
    paths.push(pattern.replace(/:(\w+)/g, (_, name: string) => ids[name]!))
  }
  return paths
}

/**
 * Lets what an answer set off reach the screen: sonner adds a toast on the next
 * timer tick, React draws on the next frames.
 */
export async function afterRendering(page: Page) {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        setTimeout(() => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
      ),
  )
}

/**
 * Follows `page`'s requests that can still change what it shows (the document, its
 * scripts and styles, API calls), so a test can wait until every answer is in: a
 * pop-up, a link or a list that arrives late must not change the page while the
 * test reads it. The live-update stream never ends and media may stream on, so
 * neither counts.
 */
export function watchRequests(page: Page) {
  const pending = new Set<Request>()
  const counts = (request: Request) =>
    ['document', 'script', 'stylesheet', 'fetch', 'xhr'].includes(request.resourceType()) &&
    !new URL(request.url()).pathname.startsWith('/api/live')
  page.on('request', (request) => {
    if (counts(request)) pending.add(request)
  })
  page.on('requestfinished', (request) => pending.delete(request))
  page.on('requestfailed', (request) => pending.delete(request))
  return {
    /** How many of those requests are still open. */
    get open() {
      return pending.size
    },
    /** No request open, and the frames after the last answer drawn; again if those frames asked for more. */
    async idle() {
      do {
        await expect.poll(() => pending.size, { timeout: 15_000, interval: 20 }).toBe(0)
        await afterRendering(page)
      } while (pending.size > 0)
    },
  }
}

export type RequestWatch = ReturnType<typeof watchRequests>

/**
 * Opens `path` inside the app already running in `page`, as its own links do, and
 * returns once the app has drawn it. A `page.goto` per page would download and boot
 * the app and read the session again each time, which made the walks over the access
 * table slow; they open their first page (or first page of a level) with `page.goto`,
 * where the full load itself matters, and the others with this.
 *
 * React Router draws a new location in a transition: the page left stays on screen
 * until the next one has its code (and any data it suspends for), so a test reading
 * the screen too early would read the page it left. Hence the wait: React has no
 * render left to do and no request the app set off is open, both at once.
 */
export async function visit(page: Page, path: string, requests: RequestWatch) {
  const deadline = Date.now() + 15_000
  let drawn = await page.evaluate(drawnAfter, path)
  while (!drawn || requests.open > 0) {
    if (Date.now() > deadline)
      throw new Error(`${path} was not drawn in 15 s: ${drawn ? `${requests.open} requests open` : 'React still busy'}`)
    await expect.poll(() => requests.open, { timeout: 15_000, interval: 20 }).toBe(0)
    drawn = await page.evaluate(drawnAfter, null)
  }
}

/**
 * Runs in the page: opens `next` (when given) as the app's links do, lets what is
 * under way draw (a timer tick, then two frames, as `afterRendering`), and tells
 * whether React is then left with nothing to render or commit.
 */
function drawnAfter(next: string | null): Promise<boolean> {
  if (next !== null) {
    window.history.pushState(null, '', next)
    window.dispatchEvent(new PopStateEvent('popstate'))
  }
  return new Promise((resolve, reject) =>
    setTimeout(() =>
      requestAnimationFrame(() =>
        requestAnimationFrame(() => {
          // React keeps its root's fiber on the container; the FiberRoot counts the updates not yet committed
          const container = document.getElementById('root') as (HTMLElement & Record<string, unknown>) | null
          const key = container && Object.keys(container).find((name) => name.startsWith('__reactContainer$'))
          const fiber = key ? (container[key] as { stateNode?: { pendingLanes?: unknown } }) : undefined
          const lanes = fiber?.stateNode?.pendingLanes
          if (typeof lanes === 'number') resolve(lanes === 0)
          else reject(new Error('visit() found no React root in #root: has React changed its internals?'))
        }),
      ),
    ),
  )
}

/**
 * Waits until the page shows what a member reads: its heading drawn, and no loading
 * screen, skeleton, busy region or 'Loading…' line left (the pages' own loading states);
 * with `requests`, also every answer in.
 */
export async function waitForPageSettled(page: Page, requests?: ReturnType<typeof watchRequests>) {
  await page.locator('h1').first().waitFor({ timeout: 15_000 })
  await page.waitForFunction(
    () => {
      const visible = (element: Element) => element.checkVisibility()
      if (
        [
          ...document.querySelectorAll('.animate-pulse, [aria-busy="true"], [role="status"][aria-label^="Loading"]'),
        ].some(visible)
      )
        return false
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (/^\s*Loading\b/.test(node.textContent ?? '') && node.parentElement && visible(node.parentElement))
          return false
      }
      return true
    },
    undefined,
    { timeout: 15_000 },
  )
  await requests?.idle()
}

/** True when the page shown is the not-found page (a page of the table still to be built shows it). */
export function showsNotFound(page: Page): Promise<boolean> {
  return page.getByRole('heading', { level: 1, name: 'Page not found' }).isVisible()
}
