import { readFile } from 'node:fs/promises'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Page } from 'playwright-core'
import { insertTestEvent } from '#server/testing/events.ts'
import { adminEventMessages, eventMessages } from '#shared/events/messages.ts'
import { seriousAccessibilityViolations, startStack, waitForPath, type Stack } from './support/stack.ts'

// Issue 17 in a browser: a subscriber registers for an event, keeps its calendar
// file and finds it on the Prestige Club; the admin moves the event and the
// registrant is told, by e-mail and on the page they have open; a member without a
// plan meets the lock screen (spec 001 §2, §4, §8; spec 002 §2, §5).

let stack: Stack
let clinic: { id: string; title: string }

const subscriber = {
  email: 'eve.events@example.com',
  password: 'Eve-Events-2026',
  firstName: 'Eve',
  lastName: 'Venter',
  subscribedDays: 30,
}
const admin = {
  email: 'events-admin@example.com',
  password: 'Events-Admin-2026',
  firstName: 'Ed',
  lastName: 'Min',
  admin: true,
}
const freeMember = {
  email: 'fred.free@example.com',
  password: 'Fred-Free-2026',
  firstName: 'Fred',
  lastName: 'Free',
}

beforeAll(async () => {
  stack = await startStack()
  clinic = await insertTestEvent(stack.db, {
    title: 'Resume Clinic Live',
    description: 'Bring your resume and leave with a better one.',
    type: 'workshop',
    timeZone: 'America/New_York',
    location: 'Boston, MA',
    capacity: 20,
    startsInHours: 96,
  })
  await insertTestEvent(stack.db, {
    title: 'Salary Talks Webinar',
    type: 'webinar',
    timeZone: 'Europe/London',
    location: 'Online',
    capacity: 100,
    joinUrl: 'https://meet.example.com/salary-talks',
    startsInHours: 120,
  })
})
afterAll(async () => {
  await stack?.close()
})

const card = (page: Page, title: string) => page.getByRole('article', { name: title })
const upcomingEvents = (page: Page) => page.getByRole('region', { name: 'Upcoming Events' })

describe('events', () => {
  test('a subscriber registers, downloads the calendar file and sees the event on the Prestige Club; the admin moves it and the registrant is told', async () => {
    const member = await stack.signedInPage(subscriber)
    const { page } = member
    await upcomingEvents(page).getByText(eventMessages.noRegisteredEvents).waitFor({ timeout: 15_000 })

    // the events page, from the top bar: a card per event, the webinar's button its own
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Events' }).click()
    await waitForPath(page, '/events')
    const clinicCard = card(page, clinic.title)
    await clinicCard.getByText('20 spots remaining').waitFor({ timeout: 15_000 })
    await clinicCard.getByText('Workshop', { exact: true }).waitFor()
    await clinicCard.getByText('Boston, MA').waitFor()
    await card(page, 'Salary Talks Webinar')
      .getByRole('link', { name: /^Join Webinar/ })
      .waitFor()
    // the link of a webinar is for registrants only
    expect(await page.getByText('meet.example.com').count()).toBe(0)
    expect(await seriousAccessibilityViolations(page)).toEqual([])

    // the form, filled in from the account; the e-mail is required
    await clinicCard.getByRole('link', { name: /^Register Now/ }).click()
    await waitForPath(page, `/events/${clinic.id}/register`)
    await page.getByRole('heading', { level: 1, name: clinic.title }).waitFor()
    expect(await page.getByLabel('First name').inputValue()).toBe(subscriber.firstName)
    expect(await page.getByLabel('Last name').inputValue()).toBe(subscriber.lastName)
    await page.getByLabel('Email').fill('')
    await page.getByRole('button', { name: 'Register', exact: true }).click()
    await page.getByText(eventMessages.emailRequired).waitFor()
    await page.getByLabel('Email').fill(subscriber.email)
    await page.getByLabel('Company (optional)').fill('Venter & Co')
    await page.getByLabel('Dietary restrictions (optional)').fill('Vegetarian')
    await page.getByRole('button', { name: 'Register', exact: true }).click()

    // spec 001 §8: 'Registration successful!' then the member dashboard, where the event now is
    await page.getByText(eventMessages.registered).waitFor()
    await waitForPath(page, '/prestige-club')
    await upcomingEvents(page).getByRole('link', { name: clinic.title }).click()
    await waitForPath(page, `/events/${clinic.id}/register`)
    await page.getByTestId('my-registration').getByText('Registered').waitFor()
    await page.getByText('19 spots remaining').waitFor()

    // the calendar file of the seat
    const download = page.waitForEvent('download')
    await page.getByRole('link', { name: 'Add to calendar' }).click()
    const file = await (await download).path()
    const calendar = await readFile(file, 'utf8')
    expect(calendar).toContain('BEGIN:VCALENDAR')
    expect(calendar).toContain(`SUMMARY:${clinic.title}`)
    const confirmation = await stack.smtp.waitFor(subscriber.email, /You're registered: Resume Clinic Live/)
    expect(confirmation.attachments.map((attachment) => attachment.contentType)).toContain('text/calendar')

    // the admin: the dashboard's Manage Events card leads to the table, with the seat counted
    const { page: adminPage } = await stack.signedInPage(admin)
    const manage = adminPage.getByRole('region', { name: 'Manage Events' })
    await manage.getByText(clinic.title).waitFor({ timeout: 15_000 })
    await manage.getByRole('link', { name: 'All events' }).click()
    await waitForPath(adminPage, '/admin/events')
    const row = adminPage.getByRole('row', { name: new RegExp(clinic.title) })
    await expect.poll(() => row.getByTestId('event-confirmed').textContent()).toBe('1 / 20')

    // the attendee list holds what the form collected
    await row.getByRole('button', { name: `Attendees of ${clinic.title}` }).click()
    const attendees = adminPage.getByRole('dialog', { name: `Attendees of ${clinic.title}` })
    await attendees
      .getByRole('row', { name: /Eve Venter/ })
      .getByText('Vegetarian')
      .waitFor()
    expect(await attendees.getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toBe(
      `/api/admin/events/${clinic.id}/attendees.csv`,
    )
    await attendees.getByRole('button', { name: 'Close' }).click()

    // the admin moves the event to 6:30 PM, New York time
    await row.getByRole('button', { name: `Edit ${clinic.title}` }).click()
    const form = adminPage.getByRole('dialog', { name: 'Edit Event' })
    expect(await form.getByLabel('Time zone').inputValue()).toBe('America/New_York')
    expect(await form.getByLabel('Capacity').inputValue()).toBe('20')
    expect(await seriousAccessibilityViolations(adminPage)).toEqual([])
    await form.getByLabel('Time', { exact: true }).fill('18:30')
    await form.getByRole('button', { name: 'Save changes' }).click()
    await adminPage.getByText(adminEventMessages.updated).waitFor()
    await form.waitFor({ state: 'detached' })
    await expect.poll(() => row.textContent()).toMatch(/6:30 PM E[SD]T/)

    // the registrant is told: by e-mail, with the new time, and on the page they have open
    const told = await stack.smtp.waitFor(subscriber.email, /Event updated: Resume Clinic Live/)
    expect(told.text).toMatch(/6:30 PM E[SD]T/)
    await expect.poll(() => page.getByTestId('event-time').textContent()).toMatch(/6:30 PM E[SD]T/)
  })

  test('a member without a plan meets the lock screen on the events page', async () => {
    const { page } = await stack.signedInPage(freeMember)
    await page.goto('/events')
    await page.getByRole('heading', { name: 'Premium Feature' }).waitFor({ timeout: 15_000 })
    expect(await card(page, clinic.title).count()).toBe(0)
  })
})
