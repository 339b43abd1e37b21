import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { eventRegistrations } from '#server/db/schema/events.ts'
import { insertTestEvent, registrationForm } from '#server/testing/events.ts'
import { createTestApp, type TestApp } from '#server/testing/harness.ts'
import { createLogger } from '#server/platform/logger.ts'
import type { RegistrationResult } from '#shared/events/schemas.ts'
import { eventRemindersJob } from './jobs.ts'

// Issue 17's promises under concurrency, on the engine the suite runs on (PGlite,
// and PostgreSQL when TEST_DATABASE_URL is set): 200 members racing for 50 seats
// get exactly 50, never 51; and a reminder is claimed once, even by two instances
// running the reminder job at the same moment.

describe('seats and reminders under concurrency', () => {
  let t: TestApp

  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(async () => {
    await t?.close()
  })

  test('200 concurrent registrations for 50 seats: exactly 50 confirmed, the rest waitlisted in order', async () => {
    const event = await insertTestEvent(t.db, { capacity: 50 })
    const members = await t.signedInMany(200, { subscribed: true })
    const answers = await Promise.all(
      members.map(async (member) => {
        const response = await member.post(`/api/events/${event.id}/registration`, registrationForm(member.member))
        return { status: response.status, body: (await response.json()) as RegistrationResult }
      }),
    )
    expect(answers.map((answer) => answer.status)).toEqual(Array(200).fill(201))
    expect(answers.filter((answer) => answer.body.status === 'confirmed')).toHaveLength(50)
    expect(answers.filter((answer) => answer.body.status === 'waitlisted')).toHaveLength(150)

    const counts = await t.db
      .select({ status: eventRegistrations.status, count: sql<number>`count(*)::int` })
      .from(eventRegistrations)
      .where(eq(eventRegistrations.eventId, event.id))
      .groupBy(eventRegistrations.status)
    expect(Object.fromEntries(counts.map((row) => [row.status, row.count]))).toEqual({ confirmed: 50, waitlisted: 150 })
    // the waitlist's positions are 1..150, each once
    const view = (await (await members[0]!.get(`/api/events/${event.id}`)).json()) as RegistrationResult['event']
    expect(view).toMatchObject({ spotsRemaining: 0, waitlistCount: 150 })
    const positions = await Promise.all(
      members
        .filter((_, index) => answers[index]!.body.status === 'waitlisted')
        .map(async (member) => {
          const mine = (await (await member.get(`/api/events/${event.id}`)).json()) as RegistrationResult['event']
          return mine.myRegistration!.waitlistPosition
        }),
    )
    expect(positions.sort((a, b) => a! - b!)).toEqual(Array.from({ length: 150 }, (_, index) => index + 1))
  })

  test('a reminder due within a day is claimed once, even by two runs (two instances) at the same moment', async () => {
    const soon = await insertTestEvent(t.db, { startsInHours: 20, title: 'Reminder race' })
    const later = await insertTestEvent(t.db, { startsInHours: 30 })
    const members = await t.signedInMany(6, { subscribed: true })
    for (const member of members) {
      for (const event of [soon, later])
        expect(
          (await member.post(`/api/events/${event.id}/registration`, registrationForm(member.member))).status,
        ).toBe(201)
    }
    // registering within the day counts as reminded (the confirmation says it all): make these due again
    await t.db.update(eventRegistrations).set({ reminderSentAt: null }).where(eq(eventRegistrations.eventId, soon.id))

    const second = t.database.url ? await t.secondInstance() : undefined
    const logger = createLogger('silent')
    const reminderMails = async () => {
      const result = (await t.db.execute(
        sql`select count(*)::int as count from pgboss.job where name = 'send-mail' and data->>'subject' = 'Reminder: Reminder race starts soon'`,
      )) as unknown as { rows: Array<{ count: number }> }
      return result.rows[0]?.count
    }
    try {
      await Promise.all(
        [t.deps, second?.deps ?? t.deps].map((deps, index) =>
          eventRemindersJob.run({}, { deps, logger, id: `test-${index}`, attempt: 1 }),
        ),
      )
    } finally {
      await second?.close()
    }
    expect(await reminderMails()).toBe(6)
    const claimed = await t.db
      .select()
      .from(eventRegistrations)
      .where(and(eq(eventRegistrations.eventId, later.id), sql`${eventRegistrations.reminderSentAt} is not null`))
    expect(claimed).toHaveLength(0) // 30 hours away: not yet
    // a later run finds nothing more to send
    await eventRemindersJob.run({}, { deps: t.deps, logger, id: 'test-again', attempt: 1 })
    expect(await reminderMails()).toBe(6)
  })
})
