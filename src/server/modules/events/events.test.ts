import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { eventRegistrations } from '#server/db/schema/events.ts'
import { errorOf } from '#server/testing/errors.ts'
import { openEventStream } from '#server/testing/event-stream.ts'
import { insertTestEvent, registrationForm } from '#server/testing/events.ts'
import { createTestApp, type TestApp, type TestClient } from '#server/testing/harness.ts'
import { startSmtpServer } from '#server/testing/smtp.ts'
import { eventMessages } from '#shared/events/messages.ts'
import type { EventPage, EventView, MyEvents, RegistrationResult } from '#shared/events/schemas.ts'

// Events and registration, the member's side (issue 17; spec 001 §2 Events and
// Event registration, §4, §5, §7, §8): the list, exact seats and the waitlist,
// cancelling and promotion, calendar files, the webinar link kept to confirmed
// seats, the dashboard card. On PostgreSQL every test app shares one database: the
// tests look at their own events only. Admin side: admin.test.ts; races and
// reminders: registration-race.test.ts.

type Member = TestClient & { member: { id: string; email: string } }

describe('events for members', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>
  let t: TestApp

  const subscriber = () => t.signedIn({ subscribed: true }) as Promise<Member>

  async function register(member: Member, eventId: string, overrides = {}) {
    const response = await member.post(
      `/api/events/${eventId}/registration`,
      registrationForm(member.member, overrides),
    )
    const body = (await response.json()) as RegistrationResult & { error?: { message: string; fields?: object } }
    return { response, body, error: body.error }
  }
  const viewOf = async (member: Member, eventId: string) =>
    (await (await member.get(`/api/events/${eventId}`)).json()) as EventView
  const registrationsOf = (eventId: string) =>
    t.db.select().from(eventRegistrations).where(eq(eventRegistrations.eventId, eventId))

  beforeAll(async () => {
    smtp = await startSmtpServer()
    t = await createTestApp({ SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port), SMTP_IGNORE_TLS: 'true' })
  })
  afterAll(async () => {
    await t?.close()
    await smtp?.close()
  })

  test('the list holds events not yet ended, soonest first, with their seats; past and cancelled ones are not listed', async () => {
    const member = await subscriber()
    const later = await insertTestEvent(t.db, { startsInHours: 24 * 40, capacity: 5 })
    const sooner = await insertTestEvent(t.db, { startsInHours: 24 * 39 })
    const running = await insertTestEvent(t.db, { startsInHours: -0.5, durationMinutes: 120 })
    const past = await insertTestEvent(t.db, { startsInHours: -30 })
    const cancelled = await insertTestEvent(t.db, { startsInHours: 24 * 39.5, status: 'cancelled' })
    const other = await subscriber()
    expect((await register(other, later.id)).response.status).toBe(201)

    const seen: EventView[] = []
    let cursor: string | null = null
    do {
      const response = await member.get(`/api/events${cursor ? `?cursor=${cursor}` : ''}`)
      expect(response.status).toBe(200)
      const page = (await response.json()) as EventPage
      seen.push(...page.events)
      cursor = page.nextCursor
    } while (cursor)
    const ids = seen.map((event) => event.id)
    expect(ids).toContain(running.id)
    expect(ids).not.toContain(past.id)
    expect(ids).not.toContain(cancelled.id)
    expect(ids.indexOf(sooner.id)).toBeLessThan(ids.indexOf(later.id))
    expect(new Set(ids).size).toBe(ids.length) // no event twice across pages
    const starts = seen.map((event) => Date.parse(event.startsAt))
    expect(starts).toEqual([...starts].sort((a, b) => a - b))
    expect(seen.find((event) => event.id === later.id)).toMatchObject({
      capacity: 5,
      spotsRemaining: 4,
      waitlistCount: 0,
      timeZone: 'America/New_York',
      myRegistration: null, // another member's registration is theirs alone
    })
  })

  test('a subscriber registers once: the seat is counted, the form is kept, and the e-mail carries the calendar file', async () => {
    const member = await subscriber()
    const event = await insertTestEvent(t.db, { title: 'Salary Negotiation Workshop', capacity: 10 })
    const { response, body } = await register(member, event.id, {
      firstName: '  Grace ',
      lastName: 'Hopper',
      email: ' Grace.Hopper@Example.com ',
      company: 'Navy',
      jobTitle: 'Rear Admiral',
      dietaryRestrictions: 'Vegetarian',
      specialRequirements: '',
    })
    expect(response.status).toBe(201)
    expect(body.status).toBe('confirmed')
    expect(body.event).toMatchObject({
      spotsRemaining: 9,
      myRegistration: { status: 'confirmed', waitlistPosition: null },
    })
    const [row] = await registrationsOf(event.id)
    expect(row).toMatchObject({
      userId: member.member.id,
      status: 'confirmed',
      firstName: 'Grace',
      lastName: 'Hopper',
      email: 'grace.hopper@example.com',
      company: 'Navy',
      jobTitle: 'Rear Admiral',
      dietaryRestrictions: 'Vegetarian',
      specialRequirements: null,
      reminderSentAt: null, // the event is three days away: the reminder comes a day before
    })

    const mail = await smtp.waitFor('grace.hopper@example.com', /You're registered: Salary Negotiation Workshop/)
    expect(mail.text).toContain('Hello Grace,')
    const [ics] = mail.attachments
    expect(ics?.contentType).toMatch(/^text\/calendar/)
    expect(ics?.filename).toBe('salary-negotiation-workshop.ics')
    // RFC 5545 folds long lines: unfolded, as a calendar reads them
    const calendar = ics!.content.toString().replace(/\r\n[ \t]/g, '')
    expect(calendar).toContain('METHOD:PUBLISH')
    expect(calendar).toContain(`UID:event-registration-${row!.id}@localhost`)
    const utc = event.startsAt.toISOString().replace(/[-:]/g, '').slice(0, 13)
    expect(calendar).toContain(`DTSTART:${utc}00Z`)
    expect(calendar).toContain('America/New_York')

    const again = await register(member, event.id)
    expect(again.response.status).toBe(409)
    expect(again.error).toMatchObject({ message: eventMessages.alreadyRegistered })
    expect(await registrationsOf(event.id)).toHaveLength(1)

    // the same file, downloaded from the page
    const download = await member.get(`/api/events/${event.id}/registration/calendar`)
    expect(download.status).toBe(200)
    expect(download.headers.get('content-disposition')).toBe('attachment; filename="salary-negotiation-workshop.ics"')
    expect(await download.text()).toContain(`UID:event-registration-${row!.id}@localhost`)
  })

  test('the form says what is missing in the spec words, and nothing is stored', async () => {
    const member = await subscriber()
    const event = await insertTestEvent(t.db)
    const cases = [
      [{ firstName: ' ' }, 'firstName', eventMessages.firstNameRequired],
      [{ lastName: '' }, 'lastName', eventMessages.lastNameRequired],
      [{ email: '' }, 'email', eventMessages.emailRequired],
      [{ email: 'not-an-address' }, 'email', eventMessages.invalidEmail],
      [{ company: 'x'.repeat(201) }, 'company', eventMessages.fieldTooLong],
    ] as const
    for (const [overrides, field, message] of cases) {
      const { response, error } = await register(member, event.id, overrides)
      expect(response.status).toBe(400)
      expect(error).toMatchObject({ fields: { [field]: message } })
    }
    expect(await registrationsOf(event.id)).toHaveLength(0)
  })

  test('an unknown, malformed, past or cancelled event is refused with its reason', async () => {
    const member = await subscriber()
    for (const path of ['/api/events/00000000-0000-4000-8000-000000000000', '/api/events/not-an-id']) {
      const response = await member.get(path)
      expect(response.status).toBe(404)
      expect(await errorOf(response)).toMatchObject({ message: eventMessages.notFound })
    }
    const past = await insertTestEvent(t.db, { startsInHours: -2 })
    const started = await register(member, past.id)
    expect(started.response.status).toBe(409)
    expect(started.error).toMatchObject({ message: eventMessages.eventStarted })
    const cancelled = await insertTestEvent(t.db, { status: 'cancelled' })
    const off = await register(member, cancelled.id)
    expect(off.response.status).toBe(409)
    expect(off.error).toMatchObject({ message: eventMessages.eventCancelled })
  })

  test('a full event puts the member on the waitlist; a cancelled seat goes to the first in line, who is e-mailed', async () => {
    const event = await insertTestEvent(t.db, { title: 'Founders Mixer', capacity: 1, type: 'networking' })
    const [first, second, third] = [await subscriber(), await subscriber(), await subscriber()]
    expect((await register(first, event.id)).body.status).toBe('confirmed')
    const waiting = await register(second, event.id)
    expect(waiting.response.status).toBe(201)
    expect(waiting.body).toMatchObject({
      status: 'waitlisted',
      event: { spotsRemaining: 0, waitlistCount: 1, myRegistration: { status: 'waitlisted', waitlistPosition: 1 } },
    })
    expect((await register(third, event.id)).body.event.myRegistration).toMatchObject({ waitlistPosition: 2 })
    const waitMail = await smtp.waitFor(second.member.email, /You're on the waitlist: Founders Mixer/)
    expect(waitMail.attachments).toHaveLength(0) // no seat, no calendar entry
    const repeat = await register(second, event.id)
    expect(repeat.error).toMatchObject({ message: eventMessages.alreadyWaitlisted })

    const cancel = await first.delete(`/api/events/${event.id}/registration`)
    expect(cancel.status).toBe(200)
    expect(((await cancel.json()) as { event: EventView }).event.myRegistration).toBeNull()
    const withdrawal = await smtp.waitFor(first.member.email, /Registration cancelled: Founders Mixer/)
    expect(withdrawal.attachments[0]!.content.toString()).toContain('METHOD:CANCEL')
    const promoted = await smtp.waitFor(second.member.email, /A seat opened: you're registered for Founders Mixer/)
    expect(promoted.attachments[0]!.content.toString()).toContain('METHOD:PUBLISH')
    expect((await viewOf(second, event.id)).myRegistration).toMatchObject({ status: 'confirmed' })
    expect((await viewOf(third, event.id)).myRegistration).toMatchObject({ status: 'waitlisted', waitlistPosition: 1 })

    // the member who left registers again: the same row (the same calendar UID), at the end of the queue
    const back = await register(first, event.id)
    expect(back.body.event.myRegistration).toMatchObject({ status: 'waitlisted', waitlistPosition: 2 })
    const rows = await registrationsOf(event.id)
    expect(rows.filter((row) => row.userId === first.member.id)).toHaveLength(1)

    // leaving the waitlist frees no seat and e-mails no calendar file
    const leave = await third.delete(`/api/events/${event.id}/registration`)
    expect(leave.status).toBe(200)
    const left = await smtp.waitFor(third.member.email, /You left the waitlist: Founders Mixer/)
    expect(left.attachments).toHaveLength(0)
    const none = await third.delete(`/api/events/${event.id}/registration`)
    expect(none.status).toBe(404)
    expect(await errorOf(none)).toMatchObject({ message: eventMessages.notRegistered })
  })

  test("a webinar's link reaches confirmed seats only: not the list, not the waitlist, not their e-mails", async () => {
    const joinUrl = 'https://meet.example.com/prestige-webinar'
    const event = await insertTestEvent(t.db, { type: 'webinar', location: 'Online', capacity: 1, joinUrl })
    const [seated, waiting, browsing] = [await subscriber(), await subscriber(), await subscriber()]
    expect((await viewOf(browsing, event.id)).joinUrl).toBeNull()
    const seat = await register(seated, event.id)
    expect(seat.body.event.joinUrl).toBe(joinUrl)
    expect((await register(waiting, event.id)).body.event.joinUrl).toBeNull()
    expect((await viewOf(browsing, event.id)).joinUrl).toBeNull()
    const page = (await (await browsing.get('/api/events')).json()) as EventPage
    expect(JSON.stringify(page)).not.toContain(joinUrl)

    const seatedMail = await smtp.waitFor(seated.member.email, /You're registered/)
    expect(seatedMail.text).toContain(`Join link: ${joinUrl}`)
    expect(seatedMail.attachments[0]!.content.toString()).toContain(joinUrl)
    const waitingMail = await smtp.waitFor(waiting.member.email, /You're on the waitlist/)
    expect(waitingMail.text).not.toContain(joinUrl)
    // someone else's calendar file is not to be had
    const stranger = await browsing.get(`/api/events/${event.id}/registration/calendar`)
    expect(stranger.status).toBe(404)
    expect(await stranger.text()).not.toContain(joinUrl)
    expect((await waiting.get(`/api/events/${event.id}/registration/calendar`)).status).toBe(404)
  })

  test('the dashboard card lists up to three confirmed seats of events to come, soonest first', async () => {
    const member = await subscriber()
    const made = []
    for (const hours of [300, 100, 200, 400]) made.push(await insertTestEvent(t.db, { startsInHours: hours }))
    for (const event of made) await register(member, event.id)
    const full = await insertTestEvent(t.db, { startsInHours: 50, capacity: 1 })
    await register(await subscriber(), full.id)
    await register(member, full.id) // waitlisted: not on the card
    const past = await insertTestEvent(t.db, { startsInHours: 1 })
    await register(member, past.id)
    await t.db
      .update(eventRegistrations)
      .set({ status: 'cancelled' })
      .where(and(eq(eventRegistrations.eventId, made[1]!.id), eq(eventRegistrations.userId, member.member.id)))
    const response = await member.get('/api/events/mine')
    expect(response.status).toBe(200)
    const { events } = (await response.json()) as MyEvents
    expect(events.map((event) => event.id)).toEqual([past.id, made[2]!.id, made[0]!.id])
  })

  test('a registration reaches open event streams, so seats move on every open page', async () => {
    const member = await subscriber()
    const watcher = await subscriber()
    const event = await insertTestEvent(t.db)
    const stream = await openEventStream(watcher)
    try {
      await register(member, event.id)
      const message = await stream.next((received) => {
        const data = received.data as { topic?: string; data?: { eventId?: string } }
        return data.topic === 'events' && data.data?.eventId === event.id
      })
      expect(message.data).toMatchObject({ topic: 'events', type: 'events.changed' })
    } finally {
      await stream.close()
    }
  })
})
