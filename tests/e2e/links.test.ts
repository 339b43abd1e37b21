import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Page } from 'playwright-core'
import { createCourse, createLesson, createModule } from '#server/testing/courses.ts'
import { insertTestEvent } from '#server/testing/events.ts'
import { createJob } from '#server/testing/jobs.ts'
import { pageAccess, type Viewer } from '#shared/access.ts'
import { entriesFor, type MenuName } from '#web/app/menus.ts'
import { showsNotFound, visit, watchRequests } from './support/pages.ts'
import { walkingRoles } from './support/roles.ts'
import { startStack, type Stack } from './support/stack.ts'

// Issue 12: a link, tile or button never leads to a page that does not exist.
// Every role starts from every page of the access table (and every entry of its
// menus, which sit in closed dropdowns), follows every same-origin link it sees,
// each path once, and fails on the not-found page. A page of the table that is not
// built yet is no failure by itself (the access test covers it); a link to it is.

let stack: Stack
const ids: Record<string, string> = {}
let linkedOnlyJobId: string
let linkedOnlyCourseId: string

beforeAll(async () => {
  stack = await startStack()
  // demo-like data, so pages with an id and lists with links have something to show
  const job = await createJob(stack.db, {
    title: 'Link Checker Analyst',
    company: 'Walkway Labs',
    location: 'Remote',
    type: 'Full-time',
    remote: true,
  })
  const second = await createJob(stack.db, {
    title: 'Second Opening',
    company: 'Walkway Labs',
    location: 'Austin, TX',
    type: 'Contract',
  })
  ids.jobId = job.id
  linkedOnlyJobId = second.id
  // a course with lessons, and one that only the lists link to
  const course = await createCourse(stack.db, { title: 'Walking the Links' })
  const module = await createModule(stack.db, course.id)
  await createLesson(stack.db, module.id)
  ids.courseId = course.id
  linkedOnlyCourseId = (await createCourse(stack.db, { title: 'Only Linked Course' })).id
  // an event: its registration page, and the lists and cards that link to it
  ids.eventId = (await insertTestEvent(stack.db, { title: 'Walking Tour Meetup' })).id
})
afterAll(async () => {
  await stack?.close()
})

const roles = walkingRoles('links')

/** The pages of the access table, with real ids where one is known; pages needing another id are reached by links or not at all. */
function startPaths(viewer: Viewer): string[] {
  const pages = Object.keys(pageAccess).flatMap((pattern) => {
    const path = pattern.replace(/:(\w+)/g, (whole, name: string) => ids[name] ?? whole)
    return path.includes(':') ? [] : [path]
  })
  const menus: MenuName[] = ['top-bar', 'user', 'signed-out']
  return [...new Set([...pages, ...menus.flatMap((menu) => entriesFor(menu, viewer).map((entry) => entry.to))])]
}

/** Same-origin page paths of every link on the page (no API or file addresses, no fragments). */
async function linkedPaths(page: Page, origin: string): Promise<string[]> {
  const hrefs = await page
    .locator('a[href]')
    .evaluateAll((anchors) => anchors.map((anchor) => (anchor as HTMLAnchorElement).href))
  return hrefs.flatMap((href) => {
    const url = new URL(href)
    if (url.origin !== origin || url.pathname.startsWith('/api/') || /\.\w+$/.test(url.pathname)) return []
    return [url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : url.pathname]
  })
}

describe('no link leads to a page that does not exist', () => {
  for (const role of roles) {
    test(`${role.name}: every link of every page opens a page`, async () => {
      const { page, context } = role.account ? await stack.signedInPage(role.account) : await stack.newPage()
      const requests = watchRequests(page)
      const origin = new URL(stack.baseUrl).origin
      const queue = startPaths(role.viewer)
      const seen = new Set(queue)
      const notFound = new Set<string>()
      const links: Array<{ from: string; to: string }> = []
      await page.goto('/')

      while (queue.length > 0) {
        const path = queue.shift()!
        // drawn, every answer in (visit waits for both), and a heading shown
        await visit(page, path, requests)
        await page.locator('h1').first().waitFor({ timeout: 15_000 })
        if (await showsNotFound(page)) {
          notFound.add(path)
          continue
        }
        const from = new URL(page.url()).pathname
        for (const to of await linkedPaths(page, origin)) {
          if (to === from) continue
          links.push({ from, to })
          if (!seen.has(to)) {
            seen.add(to)
            queue.push(to)
          }
        }
      }

      const dead = [
        ...new Set(links.filter((link) => notFound.has(link.to)).map((link) => `${link.from} -> ${link.to}`)),
      ]
      expect(dead).toEqual([])
      // the walk went beyond its start pages: a job no start page names was reached through the lists' links
      if (role.viewer.subscribed) expect(seen).toContain(`/jobs/${linkedOnlyJobId}`)
      if (role.viewer.signedIn) expect(seen).toContain(`/courses/${linkedOnlyCourseId}`)
      await context.close()
    })
  }
})
