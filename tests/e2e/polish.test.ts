import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Page } from 'playwright-core'
import { insertTestCheckout } from '#server/modules/billing/queries.ts'
import { createCourse } from '#server/testing/courses.ts'
import { insertTestEvent } from '#server/testing/events.ts'
import { createJob } from '#server/testing/jobs.ts'
import { genericMessages } from '#shared/errors.ts'
import { signInOnce, signInThroughForm, startStack, type Stack } from './support/stack.ts'
import {
  afterRendering,
  landsOn,
  pagePathsFor,
  showsNotFound,
  visit,
  watchRequests,
  type PageRole,
} from './support/pages.ts'

// Issue 12, item 10: the polish a new member notices: every page names itself in
// the title, a form says each error once, and a salary in euros has no dollar sign.

let stack: Stack

const accounts = {
  subscriber: {
    email: 'polish-sub@example.com',
    password: 'Polish-Sub-2026',
    firstName: 'Paula',
    lastName: 'Lish',
    subscribedDays: 30,
  },
  admin: {
    email: 'polish-admin@example.com',
    password: 'Polish-Admin-2026',
    firstName: 'Pat',
    lastName: 'Min',
    admin: true,
  },
} as const

const polishedCourse = 'Negotiating Your Offer'
const polishedEvent = 'Offer Negotiation Workshop'

const euroJob = { title: 'Platform Engineer Berlin', company: 'Spree Systems', salary: '€55,000 - €65,000' }

/** Real ids for the table's parameters; a page with another parameter is left out. */
const ids: Record<string, string> = {}

beforeAll(async () => {
  stack = await startStack()
  const subscriber = await stack.createMember(accounts.subscriber)
  await stack.createMember(accounts.admin)
  ids.jobId = (await createJob(stack.db, { ...euroJob, location: 'Berlin', type: 'Full-time' })).id
  ids.checkoutId = (await insertTestCheckout(stack.db, { userId: subscriber.id, planId: 'full-access' })).id
  ids.courseId = (await createCourse(stack.db, { title: polishedCourse })).id
  ids.eventId = (await insertTestEvent(stack.db, { title: polishedEvent })).id
})
afterAll(async () => {
  await stack?.close()
})

const signIn = signInOnce()

/** A browser profile of its own, signed in as `role` (through /login the first time). */
async function openAs(role: PageRole) {
  const opened = await stack.newPage()
  if (role !== 'visitor') await signIn(opened, accounts[role])
  return opened
}

/** How many times `text` is on screen, inline or in a toast, once the answer to `request` is in and drawn. */
async function timesShown(page: Page, text: string, request: Promise<unknown>) {
  await request
  await page.getByText(text, { exact: true }).first().waitFor()
  await afterRendering(page)
  return page.getByText(text, { exact: true }).count()
}

const answerTo = (page: Page, method: string, path: string) =>
  page.waitForResponse(
    (response) => response.request().method() === method && new URL(response.url()).pathname === path,
  )

describe('page titles', () => {
  test('every page of the access table names itself in the title, and a page still to come reads Page not found', async () => {
    const titles = new Map<string, string>()
    const wrong: string[] = []
    for (const role of ['visitor', 'subscriber', 'admin'] as const) {
      const { page, context } = await openAs(role)
      const requests = watchRequests(page)
      // a role's first page is a full load, the title the app sets as it starts; the others are
      // opened inside the app, as its links open them
      const paths = [...pagePathsFor(role, ids), '/no-such-page']
      let previousTitle = ''
      let previousPage = ''
      for (const [index, path] of paths.entries()) {
        if (index === 0) await page.goto(path)
        else await visit(page, path, requests)
        // the title is drawn with the page's heading
        await page.locator('h1').first().waitFor({ timeout: 15_000 })
        // Every page names itself, so the title changes from the last page's. On a busy
        // machine the page left can still be on screen here (its heading too): the first
        // navigation away from '/' fetches the route table first (docs/decisions/033).
        // A title that never changes is reported below as shared by two pages.
        if (index > 0 && landsOn(path) !== previousPage)
          await page
            .waitForFunction((left) => document.title !== left, previousTitle, { timeout: 15_000 })
            .catch(() => undefined)
        const title = await page.title()
        previousTitle = title
        previousPage = landsOn(path)
        const shown = new URL(page.url()).pathname
        if (shown !== landsOn(path)) {
          wrong.push(`${path}: opened ${shown} instead`)
          continue
        }
        if (await showsNotFound(page)) {
          if (title !== 'Page not found · Prestige Labs') wrong.push(`${path} (not found): '${title}'`)
        } else if (title === 'Prestige Labs' || !title.includes('Prestige Labs')) {
          wrong.push(`${path}: '${title}' names no page`)
        } else {
          // a page that opens another (/courses) is that page: one title, once
          titles.set(landsOn(path), title)
        }
      }
      await context.close()
    }
    expect(wrong).toEqual([])

    // one title per page: tabs, history and screen readers tell them apart
    const pathsByTitle = new Map<string, string[]>()
    for (const [path, title] of titles) pathsByTitle.set(title, [...(pathsByTitle.get(title) ?? []), path])
    const shared = [...pathsByTitle]
      .filter(([, paths]) => paths.length > 1)
      .map(([title, paths]) => `'${title}': ${paths.join(', ')}`)
    expect(shared).toEqual([])
    expect(titles.get(`/jobs/${ids.jobId}`)).toContain(euroJob.title)
    expect(titles.get('/jobs')).toBe('Job Board · Prestige Labs')
    expect(titles.get(`/courses/${ids.courseId}`)).toBe(`${polishedCourse} · Prestige Labs`)
    expect(titles.get('/courses/browse')).toBe('Browse Courses · Prestige Labs')
    expect(titles.get(`/events/${ids.eventId}/register`)).toBe(`Register: ${polishedEvent} · Prestige Labs`)
  })
})

describe('form errors', () => {
  test('a message the server ties to a field shows under that field only, not again in an alert or a toast', async () => {
    // a NUL character: the browser's schema lets it through, the server refuses it for its field
    const { page, context } = await openAs('visitor')
    await page.goto('/contact')
    await page.getByLabel('Name').fill('Nell')
    await page.getByLabel('E-mail').fill('nell@example.com')
    await page.getByLabel('Message').fill('Hello\u0000there')
    const contactAnswer = answerTo(page, 'POST', '/api/contact')
    await page.getByRole('button', { name: 'Send message' }).click()
    expect(await timesShown(page, genericMessages.unsavableCharacter, contactAnswer)).toBe(1)
    expect(await page.getByLabel('Message').getAttribute('aria-invalid')).toBe('true')
    await context.close()

    const member = await openAs('subscriber')
    await member.page.goto('/settings')
    const profile = member.page.getByRole('region', { name: 'Profile Settings' })
    await profile.getByLabel('Company').fill('Acme\u0000Corp')
    const profileAnswer = answerTo(member.page, 'PUT', '/api/profile/me')
    await profile.getByRole('button', { name: 'Save profile' }).click()
    expect(await timesShown(member.page, genericMessages.unsavableCharacter, profileAnswer)).toBe(1)
    expect(await profile.getByLabel('Company').getAttribute('aria-invalid')).toBe('true')
    await member.context.close()
  })

  test('a refusal tied to no field (a wrong password) is said once, not both on the page and in a toast', async () => {
    const { page, context } = await openAs('visitor')
    await page.goto('/login')
    const answer = answerTo(page, 'POST', '/api/accounts/sign-in')
    await signInThroughForm(page, accounts.subscriber.email, 'Not-The-Password-1')
    expect(await timesShown(page, 'Invalid email or password', answer)).toBe(1)
    await context.close()
  })
})

/** The classes of the icons in a salary's line of facts. */
const iconsOf = (salary: ReturnType<Page['locator']>) =>
  salary.locator('svg').evaluateAll((svgs) => svgs.map((svg) => svg.getAttribute('class') ?? ''))

describe('salaries', () => {
  test('a salary in euros shows no dollar sign, on the job card and on the job page', async () => {
    const { page, context } = await openAs('subscriber')
    await page.goto('/jobs')
    const onCard = page
      .getByTestId('job-card')
      .filter({ hasText: euroJob.title })
      .locator('li')
      .filter({ hasText: euroJob.salary })
    await onCard.waitFor({ timeout: 15_000 })
    expect(await iconsOf(onCard)).toEqual([expect.not.stringMatching(/dollar/)])

    await page.goto(`/jobs/${ids.jobId}`)
    await page.getByRole('heading', { level: 1, name: euroJob.title }).waitFor({ timeout: 15_000 })
    const onPage = page.locator('main header li').filter({ hasText: euroJob.salary })
    expect(await iconsOf(onPage)).toEqual([expect.not.stringMatching(/dollar/)])
    await context.close()
  })
})
