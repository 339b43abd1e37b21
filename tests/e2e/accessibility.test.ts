import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { insertTestCheckout } from '#server/modules/billing/queries.ts'
import { insertPost } from '#server/modules/community/queries.ts'
import { createCategory, createCourse, createLesson, createModule, createQuiz } from '#server/testing/courses.ts'
import { insertTestEvent } from '#server/testing/events.ts'
import { createJob } from '#server/testing/jobs.ts'
import { seriousAccessibilityViolations, signInOnce, startStack, type Stack } from './support/stack.ts'
import {
  landsOn,
  pagePathsFor,
  showsNotFound,
  visit,
  waitForPageSettled,
  watchRequests,
  type PageRole,
} from './support/pages.ts'

// Issue 12, item 11: axe (WCAG 2.2 AA; serious and critical) over every page of the
// access table, in the light and the dark theme, each opened by a role that may see
// it, so a page added to the table is scanned without anyone writing a test for it.

let stack: Stack

type Theme = 'light' | 'dark'

const accounts = {
  subscriber: {
    email: 'a11y-sub@example.com',
    password: 'A11y-Sub-2026',
    firstName: 'Ally',
    lastName: 'Reader',
    subscribedDays: 30,
  },
  admin: {
    email: 'a11y-admin@example.com',
    password: 'A11y-Admin-2026',
    firstName: 'Addie',
    lastName: 'Min',
    admin: true,
  },
} as const

/** Real ids for the table's parameters; a page with another parameter is left out. */
const ids: Record<string, string> = {}

beforeAll(async () => {
  stack = await startStack()
  const subscriber = await stack.createMember(accounts.subscriber)
  const admin = await stack.createMember(accounts.admin)
  // the pages show what members see: a job, posts (an admin's carries the admin badge), an open checkout
  const job = await createJob(stack.db, {
    title: 'Accessible Frontend Engineer',
    company: 'Contrast Works',
    location: 'Berlin',
    type: 'Full-time',
    salary: '€70,000 - €85,000',
    technicalSkills: ['TypeScript', 'React'],
    softSkills: ['Communication'],
    description: 'Build interfaces everyone can use.',
    requirements: ['Experience with WCAG'],
    benefits: ['Learning budget'],
  })
  ids.jobId = job.id
  // and a course with a module of lessons, on sale (the course pages, the admin's too)
  const category = await createCategory(stack.db, { name: 'Accessible Design' })
  const course = await createCourse(stack.db, {
    title: 'Inclusive Interfaces',
    description: 'Design and build for every reader.',
    categoryId: category.id,
    skills: ['WCAG', 'ARIA'],
    hasCertification: true,
    affiliateUrl: 'https://academy.example.com/inclusive',
    priceCents: 9900,
    salePriceCents: 4900,
    saleEndsAt: new Date(Date.now() + 7 * 86_400_000),
  })
  const module = await createModule(stack.db, course.id, { title: 'Foundations' })
  await createLesson(stack.db, module.id, {
    title: 'Contrast and colour',
    content: '## Contrast\n\nText needs **4.5:1**.',
  })
  await createQuiz(stack.db, module.id, { title: 'Check your contrast', position: 2 })
  ids.courseId = course.id
  // events: one with seats, one full with a waitlist (the events page, its registration page, the admin's)
  ids.eventId = (
    await insertTestEvent(stack.db, { title: 'Accessible Design Meetup', type: 'networking', capacity: 40 })
  ).id
  await insertTestEvent(stack.db, { title: 'Screen Reader Webinar', type: 'webinar', location: 'Online', capacity: 1 })
  await insertPost(stack.db, { userId: subscriber.id, content: 'Passed my accessibility audit today!' })
  await insertPost(stack.db, { userId: admin.id, content: 'Welcome to the community, everyone.' })
  ids.checkoutId = (await insertTestCheckout(stack.db, { userId: subscriber.id, planId: 'full-access' })).id
})
afterAll(async () => {
  await stack?.close()
})

const signIn = signInOnce()

/** Opens each of `role`'s pages in a browser profile of its own, set to `theme`; returns what axe found. */
async function scanPages(role: PageRole, theme: Theme): Promise<string[]> {
  const { context, page } = await stack.newPage()
  const requests = watchRequests(page)
  try {
    // the stored preference, which index.html applies before the first paint (src/web/lib/theme.ts)
    await context.addInitScript((chosen: Theme) => localStorage.setItem('theme', chosen), theme)
    // the two themes' profiles share one sign-in
    if (role !== 'visitor') await signIn({ page, context }, accounts[role])
    const found: string[] = []
    let notFoundScanned = false
    // and the page every unknown path shows; the first page is a full load (the theme is set before
    // the first paint), the others are opened inside the app, as its links open them
    const paths = [...pagePathsFor(role, ids), '/no-such-page']
    for (const [index, path] of paths.entries()) {
      if (index === 0) await page.goto(path)
      else await visit(page, path, requests)
      await waitForPageSettled(page, requests).catch((error: Error) => {
        throw new Error(`${path} as a ${role} in the ${theme} theme never finished loading: ${error.message}`)
      })
      expect(new URL(page.url()).pathname, `${path} opened as a ${role}`).toBe(landsOn(path))
      expect(
        await page.evaluate(() => document.documentElement.classList.contains('dark')),
        `${path} in the ${theme} theme`,
      ).toBe(theme === 'dark')
      // a page of the table still to be built shows the not-found page: scanned once is enough
      if (await showsNotFound(page)) {
        if (notFoundScanned) continue
        notFoundScanned = true
      }
      for (const violation of await seriousAccessibilityViolations(page)) found.push(`${theme} ${path}: ${violation}`)
    }
    return found
  } finally {
    await context.close()
  }
}

describe('every page of the access table passes axe in both themes', () => {
  for (const role of ['visitor', 'subscriber', 'admin'] as const) {
    test(`as ${role === 'admin' ? 'an' : 'a'} ${role}, no page has a serious or critical accessibility violation in the light or the dark theme`, async () => {
      // one browser profile per theme, side by side
      const found = await Promise.all((['light', 'dark'] as const).map((theme) => scanPages(role, theme)))
      expect(found.flat()).toEqual([])
    }, 120_000)
  }
})
