import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { auditLog } from '#server/db/schema/audit.ts'
import { eventRegistrations, events } from '#server/db/schema/events.ts'
import { errorOf } from '#server/testing/errors.ts'
import { eventForm, insertTestEvent, registrationForm } from '#server/testing/events.ts'
import { plainText, solidPng } from '#server/testing/files.ts'
import { createTestApp, type TestApp, type TestClient } from '#server/testing/harness.ts'
import { startSmtpServer } from '#server/testing/smtp.ts'
import { adminEventMessages, capacityBelowConfirmed, eventMessages } from '#shared/events/messages.ts'
import type {
  AdminEventPage,
  AdminEventView,
  AttendeeList,
  EventImageAnswer,
  EventView,
} from '#shared/events/schemas.ts'

// Events management (issue 17; spec 002 §2 Manage Events, §5 Event form, §8):
// add with the form's rules, EDIT (registrants told, calendars updated, the
// waitlist given new seats), cancel (everyone told with a calendar CANCEL), the
// attendee list and its CSV, the dashboard's five upcoming events, the audit log.

type Member = TestClient & { member: { id: string; email: string } }
const base = '/api/admin/events'

describe('events management', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>
  let t: TestApp
  let admin: Member

  const subscriber = () => t.signedIn({ subscribed: true }) as Promise<Member>
  const created = async (overrides = {}) => {
    const response = await admin.post(base, eventForm(overrides))
    expect(response.status).toBe(201)
    return (await response.json()) as AdminEventView
  }
  const register = (member: Member, eventId: string) =>
    member.post(`/api/events/${eventId}/registration`, registrationForm(member.member))
  const auditOf = (objectId: string) => t.db.select().from(auditLog).where(eq(auditLog.objectId, objectId))

  beforeAll(async () => {
    smtp = await startSmtpServer()
    t = await createTestApp({ SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port), SMTP_IGNORE_TLS: 'true' })
    admin = (await t.signedIn({ admin: true, email: 'events-admin@example.com' })) as Member
  })
  afterAll(async () => {
    await t?.close()
    await smtp?.close()
  })

  test("an admin adds an event at the place's wall clock; it is listed for members and audited", async () => {
    const form = eventForm({ timeZone: 'America/Los_Angeles', date: '2031-07-04', time: '18:30', capacity: undefined })
    const response = await admin.post(base, form)
    expect(response.status).toBe(201)
    const event = (await response.json()) as AdminEventView
    expect(event).toMatchObject({
      title: 'Resume Clinic',
      date: '2031-07-04',
      time: '18:30',
      timeZone: 'America/Los_Angeles',
      startsAt: '2031-07-05T01:30:00.000Z', // 18:30 PDT is 01:30 UTC the next day
      endsAt: '2031-07-05T03:00:00.000Z',
      capacity: 50, // spec 002 §9: 50 by default
      spotsRemaining: 50,
      confirmedCount: 0,
      status: 'scheduled',
    })
    const member = await subscriber()
    expect(((await (await member.get(`/api/events/${event.id}`)).json()) as EventView).title).toBe('Resume Clinic')
    expect(await auditOf(event.id)).toMatchObject([{ action: 'event.create', actorEmail: 'events-admin@example.com' }])
  })

  test('the form refuses what spec 002 §5 requires, in its words, and stores nothing', async () => {
    const before = (await t.db.select().from(events)).length
    const cases = [
      [{ title: ' ' }, 'title', adminEventMessages.titleRequired],
      [{ date: '' }, 'date', adminEventMessages.dateRequired],
      [{ date: '2031-02-30' }, 'date', adminEventMessages.invalidDate],
      [{ time: '25:00' }, 'time', adminEventMessages.invalidTime],
      [{ timeZone: 'Mars/Olympus' }, 'timeZone', adminEventMessages.timeZoneRequired],
      [{ location: '' }, 'location', adminEventMessages.locationRequired],
      [{ type: 'party' }, 'type', adminEventMessages.typeRequired],
      [{ capacity: 0 }, 'capacity', adminEventMessages.capacityMin],
      [{ capacity: 'many' }, 'capacity', adminEventMessages.capacityMin],
      [{ joinUrl: 'javascript:alert(1)' }, 'joinUrl', adminEventMessages.invalidJoinUrl],
      [{ startsInHours: -24 }, 'date', adminEventMessages.startInPast],
      [
        { imageKey: 'course-images/00000000-0000-4000-8000-000000000000.png' },
        'imageKey',
        adminEventMessages.imageNotFound,
      ],
    ] as const
    for (const [overrides, field, message] of cases) {
      const form = 'startsInHours' in overrides ? eventForm(overrides) : { ...eventForm(), ...overrides }
      const response = await admin.post(base, form)
      expect(response.status, field).toBe(400)
      expect(await errorOf(response)).toMatchObject({ fields: { [field]: message } })
    }
    expect((await t.db.select().from(events)).length).toBe(before)
  })

  test('an image is uploaded first, checked by its bytes, then shown on the event', async () => {
    const upload = (bytes: Uint8Array, name: string, type: string) => {
      const form = new FormData()
      form.set('image', new File([new Uint8Array(bytes)], name, { type }))
      return admin.post(`${base}/images`, form)
    }
    const refused = await upload(plainText, 'cover.png', 'image/png')
    expect(refused.status).toBe(400)
    expect(await errorOf(refused)).toMatchObject({ message: adminEventMessages.invalidImage })
    const answer = await upload(solidPng(), 'cover.png', 'image/png')
    expect(answer.status).toBe(201)
    const { imageKey } = (await answer.json()) as EventImageAnswer
    const event = await created({ imageKey })
    expect(event.imageUrl).toMatch(new RegExp(`^/api/events/${event.id}/image\\?v=\\d+$`))
    const member = await subscriber()
    const image = await member.get(event.imageUrl!)
    expect(image.status).toBe(200)
    expect(image.headers.get('content-type')).toMatch(/^image\//)
    // another event may not take this event's file
    const thief = await admin.post(base, eventForm({ imageKey }))
    expect(thief.status).toBe(400)
  })

  test('editing the time tells every registrant, seats with an updated calendar file; the edit is audited', async () => {
    const event = await created({ title: 'Portfolio Review', capacity: 1, startsInHours: 24 * 10 })
    const [seated, waiting] = [await subscriber(), await subscriber()]
    expect((await register(seated, event.id)).status).toBe(201)
    expect((await register(waiting, event.id)).status).toBe(201)
    await smtp.waitFor(seated.member.email, /You're registered: Portfolio Review/)

    const moved = eventForm({ title: 'Portfolio Review', capacity: 1, startsInHours: 24 * 12 })
    const response = await admin.put(`${base}/${event.id}`, moved)
    expect(response.status).toBe(200)
    const updated = (await response.json()) as AdminEventView
    expect(updated).toMatchObject({ date: moved.date, time: moved.time })
    const seatedMail = await smtp.waitFor(seated.member.email, /Event updated: Portfolio Review/)
    const calendar = seatedMail.attachments[0]!.content.toString()
    expect(calendar).toContain('SEQUENCE:1')
    expect(calendar).toContain(`DTSTART:${updated.startsAt.replace(/[-:]/g, '').slice(0, 13)}00Z`)
    const waitingMail = await smtp.waitFor(waiting.member.email, /Event updated: Portfolio Review/)
    expect(waitingMail.attachments).toHaveLength(0)
    expect((await auditOf(event.id)).map((entry) => entry.action)).toEqual(['event.create', 'event.update'])

    // a new description alone tells no one
    const quiet = await admin.put(`${base}/${event.id}`, { ...moved, description: 'Now with pastries.' })
    expect(quiet.status).toBe(200)
    await t.jobsSettled(['send-mail'])
    expect(smtp.received.filter((mail) => /Event updated: Portfolio Review/.test(mail.subject))).toHaveLength(2)
  })

  test('capacity cannot fall below the confirmed seats; a larger one seats the waitlist in order', async () => {
    const event = await created({ title: 'Demo Day', capacity: 1 })
    const [first, second, third] = [await subscriber(), await subscriber(), await subscriber()]
    for (const member of [first, second, third]) expect((await register(member, event.id)).status).toBe(201)
    const form = eventForm({ title: 'Demo Day', date: event.date, time: event.time, timeZone: event.timeZone })

    const shrink = await admin.put(`${base}/${event.id}`, { ...form, capacity: 1, durationMinutes: 90 })
    expect(shrink.status).toBe(200)
    const grow = await admin.put(`${base}/${event.id}`, { ...form, capacity: 2, durationMinutes: 90 })
    expect(grow.status).toBe(200)
    expect((await grow.json()) as AdminEventView).toMatchObject({ confirmedCount: 2, waitlistCount: 1 })
    await smtp.waitFor(second.member.email, /A seat opened: you're registered for Demo Day/)

    const below = await admin.put(`${base}/${event.id}`, { ...form, capacity: 1, durationMinutes: 90 })
    expect(below.status).toBe(400)
    expect(await errorOf(below)).toMatchObject({ fields: { capacity: capacityBelowConfirmed(2) } })
  })

  test('cancelling an event tells everyone registered (seats get a calendar CANCEL) and takes it off the list', async () => {
    const event = await created({ title: 'Cloud Careers Panel', capacity: 1 })
    const [seated, waiting] = [await subscriber(), await subscriber()]
    await register(seated, event.id)
    await register(waiting, event.id)
    const response = await admin.post(`${base}/${event.id}/cancel`, { reason: 'The speaker is ill.' })
    expect(response.status).toBe(200)
    expect(((await response.json()) as AdminEventView).status).toBe('cancelled')
    const seatedMail = await smtp.waitFor(seated.member.email, /Event cancelled: Cloud Careers Panel/)
    expect(seatedMail.text).toContain('Why: The speaker is ill.')
    const calendar = seatedMail.attachments[0]!.content.toString()
    expect(calendar).toContain('METHOD:CANCEL')
    expect(calendar).toContain('STATUS:CANCELLED')
    await smtp.waitFor(waiting.member.email, /Event cancelled: Cloud Careers Panel/)

    const again = await admin.post(`${base}/${event.id}/cancel`, {})
    expect(again.status).toBe(409)
    expect(await errorOf(again)).toMatchObject({ message: adminEventMessages.alreadyCancelled })
    const edit = await admin.put(`${base}/${event.id}`, eventForm())
    expect(edit.status).toBe(409)
    expect(await errorOf(edit)).toMatchObject({ message: adminEventMessages.cancelledNotEditable })
    const late = await register(await subscriber(), event.id)
    expect(await errorOf(late)).toMatchObject({ message: eventMessages.eventCancelled })
    expect((await auditOf(event.id)).map((entry) => entry.action)).toContain('event.cancel')
  })

  test('the attendee list and its CSV hold every registration with the form fields, formulas defused', async () => {
    const event = await created({ title: 'Attendee Export', capacity: 1 })
    const [first, second] = [await subscriber(), await subscriber()]
    await first.post(
      `/api/events/${event.id}/registration`,
      registrationForm(first.member, { firstName: '=cmd', company: 'Acme, Inc.', dietaryRestrictions: 'Vegan' }),
    )
    await register(second, event.id)
    const response = await admin.get(`${base}/${event.id}/attendees`)
    expect(response.status).toBe(200)
    const list = (await response.json()) as AttendeeList
    expect(list.attendees).toMatchObject([
      { status: 'confirmed', firstName: '=cmd', company: 'Acme, Inc.', dietaryRestrictions: 'Vegan' },
      { status: 'waitlisted', waitlistPosition: 1, userId: second.member.id },
    ])
    const csv = await admin.get(`${base}/${event.id}/attendees.csv`)
    expect(csv.status).toBe(200)
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(csv.headers.get('content-disposition')).toBe(
      `attachment; filename="attendees-attendee-export-${event.date}.csv"`,
    )
    const lines = (await csv.text()).trimEnd().split('\r\n')
    expect(lines[0]).toBe(
      '"Status","Waitlist position","First name","Last name","Email","Company","Job title","Dietary restrictions","Special requirements","Registered at (UTC)"',
    )
    expect(lines[1]).toContain(`"Confirmed","","'=cmd","Lovelace","${first.member.email}","Acme, Inc.","","Vegan",""`)
    expect(lines[2]).toContain('"Waitlisted","1"')
  })

  test('the table searches title and location, filters upcoming and past, and the dashboard lists the next five', async () => {
    const word = `Zephyr${Date.now()}`
    const upcoming = await created({ title: `${word} Summit`, startsInHours: 24 * 3 })
    const byPlace = await created({ location: `${word} Hall`, startsInHours: 24 * 4 })
    const past = await insertTestEvent(t.db, { title: `${word} Retro`, startsInHours: -48 })
    const list = async (query: string) =>
      ((await (await admin.get(`${base}?q=${word}&${query}`)).json()) as AdminEventPage).events.map((e) => e.id)
    expect(await list('when=upcoming')).toEqual([upcoming.id, byPlace.id])
    expect(await list('when=past')).toEqual([past.id])
    expect(await list('when=all')).toEqual([byPlace.id, upcoming.id, past.id])
    const bad = await admin.get(`${base}?when=tomorrow`)
    expect(bad.status).toBe(400)
    expect(await errorOf(bad)).toMatchObject({ message: adminEventMessages.invalidWhen })

    const dashboard = (await (await admin.get(`${base}/upcoming`)).json()) as { events: AdminEventView[] }
    expect(dashboard.events.length).toBeLessThanOrEqual(5)
    const starts = dashboard.events.map((event) => Date.parse(event.startsAt))
    expect(starts).toEqual([...starts].sort((a, b) => a - b))
    expect(dashboard.events.every((event) => event.status === 'scheduled')).toBe(true)
  })

  test("a member cannot reach another member's registration through any route", async () => {
    const event = await created({ type: 'webinar', location: 'Online', joinUrl: 'https://meet.example.com/x' })
    const [owner, other] = [await subscriber(), await subscriber()]
    await register(owner, event.id)
    const [row] = await t.db.select().from(eventRegistrations).where(eq(eventRegistrations.userId, owner.member.id))
    expect(row).toBeDefined()
    const view = (await (await other.get(`/api/events/${event.id}`)).json()) as EventView
    expect(view.myRegistration).toBeNull()
    expect(view.joinUrl).toBeNull()
    expect((await other.get(`/api/events/${event.id}/registration/calendar`)).status).toBe(404)
    expect((await other.delete(`/api/events/${event.id}/registration`)).status).toBe(404)
    expect((await other.get(`${base}/${event.id}/attendees`)).status).toBe(403)
    const [still] = await t.db.select().from(eventRegistrations).where(eq(eventRegistrations.id, row!.id))
    expect(still!.status).toBe('confirmed')
  })
})
