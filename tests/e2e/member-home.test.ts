import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Page } from 'playwright-core'
import { insertApplication } from '#server/modules/jobs/applications/queries.ts'
import { createJob } from '#server/testing/jobs.ts'
import {
  seriousAccessibilityViolations,
  signInThroughForm,
  startStack,
  waitForPath,
  type Stack,
} from './support/stack.ts'

// Issue 12, item 7: each member lands where they can act, on a page filled with
// their own real data, and the two dashboards carry names a member tells apart.

let stack: Stack

beforeAll(async () => {
  stack = await startStack()
})
afterAll(async () => {
  await stack?.close()
})

async function signIn(account: Parameters<Stack['createMember']>[0]) {
  const member = await stack.createMember(account)
  const { page, context } = await stack.newPage()
  await page.goto('/login')
  await signInThroughForm(page, account.email, account.password)
  await page.waitForURL((url) => url.pathname !== '/login', { timeout: 15_000 })
  return { page, context, member }
}

const card = (page: Page, title: string) => page.getByRole('region', { name: title })

describe('where a member lands after sign-in, and what they find there', () => {
  test('a free member lands on My Account: the Free plan with a way to subscribe, their profile completeness, their counts, and no lock', async () => {
    const { page, context } = await signIn({
      email: 'home-free@example.com',
      password: 'Home-Free-1',
      firstName: 'Fern',
      lastName: 'Free',
      location: 'Toronto',
      experienceLevel: 'Mid-Level',
      industries: ['Technology'],
    })
    expect(new URL(page.url()).pathname).toBe('/dashboard')
    await page.getByRole('heading', { level: 1, name: 'Welcome, Fern' }).waitFor()
    expect(await page.getByRole('heading', { name: 'Premium Feature' }).count()).toBe(0)

    const plan = card(page, 'Your plan')
    await plan.getByText('Free', { exact: true }).waitFor()
    expect(await plan.getByRole('link', { name: 'See plans and subscribe' }).getAttribute('href')).toBe('/subscription')

    // location, experience level and industries of nine: the profile's own data
    const completeness = card(page, 'Your profile').getByRole('progressbar', { name: 'Profile completeness' })
    await expect.poll(() => completeness.getAttribute('aria-valuenow')).toBe('33')
    expect(
      await card(page, 'Your profile').getByRole('link', { name: 'Complete your profile' }).getAttribute('href'),
    ).toBe('/profile')
    await expect.poll(() => page.getByTestId('saved-jobs-count').textContent()).toBe('0')
    await expect.poll(() => page.getByTestId('applications-count').textContent()).toBe('0')

    // the two dashboards are named apart in the menu
    const main = page.getByRole('navigation', { name: 'Main' })
    expect(await main.getByRole('link').allTextContents()).toEqual([
      'My Account',
      'Community',
      'Events',
      'Blog',
      'Prestige Club',
      'Private Job Board',
      'Course Market',
    ])
    // the logo leads home, which is here
    expect(await page.getByRole('banner').getByRole('link', { name: 'Prestige Labs' }).getAttribute('href')).toBe(
      '/dashboard',
    )
    expect(await seriousAccessibilityViolations(page)).toEqual([])

    await plan.getByRole('link', { name: 'See plans and subscribe' }).click()
    await waitForPath(page, '/subscription')
    await context.close()
  })

  test('a subscriber lands on the Prestige Club with the latest jobs and their skills; My Account counts what they saved and applied to', async () => {
    const job = await createJob(stack.db, {
      title: 'Club Analyst',
      company: 'Clubhouse Co',
      location: 'Remote',
      type: 'Full-time',
      remote: true,
    })
    const account = {
      email: 'home-sub@example.com',
      password: 'Home-Sub-1',
      firstName: 'Sol',
      lastName: 'Sub',
      subscribedDays: 30,
    }
    const member = await stack.createMember(account)
    // an application of theirs, as the application modal writes it
    await insertApplication(stack.db, {
      jobId: job.id,
      userId: member.id,
      jobTitle: job.title,
      company: job.company,
      firstName: 'Sol',
      lastName: 'Sub',
      email: account.email,
      phone: '+1 555 0100',
      coverLetter: 'Hello',
      resumeKey: 'resumes/none.pdf',
      resumeFileName: 'resume.pdf',
    })
    const { page, context } = await stack.newPage()
    await page.goto('/login')
    await signInThroughForm(page, account.email, account.password)
    await waitForPath(page, '/prestige-club')
    await page.getByRole('heading', { level: 1, name: 'Welcome, Sol' }).waitFor()
    await card(page, 'Skill Mastery').getByRole('link', { name: 'Manage Skills' }).waitFor()

    // every area of the four tiles is built: each tile leads to it
    const tiles = page.getByRole('list', { name: 'Your career lab' })
    expect(await tiles.getByRole('link').allTextContents()).toEqual([
      expect.stringContaining('Resume Lab'),
      expect.stringContaining('Career Coach'),
      expect.stringContaining('Job Board'),
      expect.stringContaining('Course Market'),
    ])
    expect(await seriousAccessibilityViolations(page)).toEqual([])

    // the latest job, saved from its page, counts on My Account with the application
    await card(page, 'Latest Jobs').getByRole('link', { name: 'Club Analyst' }).click()
    await waitForPath(page, `/jobs/${job.id}`)
    await page.getByTestId('save-job').click()
    await expect.poll(() => page.getByTestId('save-job').getAttribute('aria-pressed')).toBe('true')
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My Account' }).click()
    await waitForPath(page, '/dashboard')
    await expect.poll(() => page.getByTestId('saved-jobs-count').textContent()).toBe('1')
    await expect.poll(() => page.getByTestId('applications-count').textContent()).toBe('1')
    await card(page, 'Your plan')
      .getByText(/^Renews on /)
      .waitFor()
    expect(await card(page, 'Your plan').getByRole('link', { name: 'See plans and subscribe' }).count()).toBe(0)
    await context.close()
  })

  test('an admin signing in through the ordinary form lands on the admin area', async () => {
    const { page, context } = await signIn({
      email: 'home-admin@example.com',
      password: 'Home-Admin-1',
      firstName: 'Ada',
      lastName: 'Home',
      admin: true,
    })
    expect(new URL(page.url()).pathname).toBe('/admin')
    await context.close()
  })

  test('a page that asked for the sign-in still comes first', async () => {
    await stack.createMember({
      email: 'home-asked@example.com',
      password: 'Home-Asked-1',
      firstName: 'Ask',
      lastName: 'Ed',
    })
    const { page, context } = await stack.newPage()
    await page.goto('/saved')
    await waitForPath(page, '/login')
    await signInThroughForm(page, 'home-asked@example.com', 'Home-Asked-1')
    await waitForPath(page, '/saved')
    await context.close()
  })
})
