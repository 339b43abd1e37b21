import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { routineSettings } from '#server/db/schema/goals.ts'
import { createLogger } from '#server/platform/logger.ts'
import { createTestApp, type TestApp, type TestClient } from '#server/testing/harness.ts'
import { startSmtpServer } from '#server/testing/smtp.ts'
import { localDay, localHour } from '#shared/goals/calendar.ts'
import { nudgeLocalHour } from '#shared/goals/constants.ts'
import { libraryContentFor } from '#shared/goals/library.ts'
import { queueDailyNudges } from './jobs.ts'
import * as queries from './queries.ts'

// The daily nudge e-mail (issue 21): opt-in, at nudgeLocalHour of each member's own
// morning, with today's challenge and their tasks for today, delivered over real
// SMTP; once per member and day, even from two runs (two instances) at once.
//
// The job is run with a chosen `now`. The members' zones are fixed-offset ones in
// which the real clock is far from the nudge hour, so the real schedule (every 15
// minutes) never nudges them while the test runs.

type Member = TestClient & { member: { id: string; email: string } }

/** A fixed-offset zone whose local hour is `hour` at `instant` ('Etc/GMT-3' is UTC+3). */
function zoneAtHour(instant: Date, hour: number): string {
  const offset = (((hour - instant.getUTCHours()) % 24) + 24) % 24
  const signed = offset > 12 ? offset - 24 : offset // -11..12: every one is an Etc zone
  const zone = signed === 0 ? 'Etc/GMT' : `Etc/GMT${signed > 0 ? '-' : '+'}${Math.abs(signed)}`
  expect(localHour(instant, zone)).toBe(hour)
  return zone
}

describe('the daily nudge e-mail', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>
  let t: TestApp
  const logger = createLogger('silent')

  beforeAll(async () => {
    smtp = await startSmtpServer()
    t = await createTestApp({ SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port), SMTP_IGNORE_TLS: 'true' })
  })
  afterAll(async () => {
    await t?.close()
    await smtp?.close()
  })

  async function optedIn(zone: string, nudgeEmail = true) {
    const client = (await t.signedIn()) as Member
    const saved = await client.put('/api/routine/settings', { timeZone: zone, nudgeEmail })
    expect(saved.status).toBe(200)
    return client
  }

  const mailsTo = (client: Member) => smtp.received.filter((mail) => mail.to.includes(client.member.email))

  test("goes once a day at the member's local morning hour, with the challenge and their open tasks for that day", async () => {
    const realNow = new Date()
    // the real clock is 12 hours away from the nudge hour in this zone
    const zone = zoneAtHour(realNow, (nudgeLocalHour + 12) % 24)
    const now = new Date(realNow.getTime() + 12 * 3_600_000)
    expect(localHour(now, zone)).toBe(nudgeLocalHour)
    const day = localDay(now, zone)

    const withTasks = await optedIn(zone)
    const notOpened = await optedIn(zone)
    const notAsked = await optedIn(zone, false)
    const elsewhere = await optedIn(zoneAtHour(now, (nudgeLocalHour + 3) % 24))
    // the day as the member left it after opening it: tasks carried or added, one done
    await queries.insertDayIfAbsent(t.db, withTasks.member.id, day)
    await queries.appendTasks(t.db, withTasks.member.id, day, ['Send the portfolio to Dana', 'Book a mock interview'])
    const [, booked] = await queries.listTasks(t.db, withTasks.member.id, day)
    await queries.updateTask(t.db, withTasks.member.id, booked!.id, { completed: true })

    // two runs at once, as two instances would: one claim per member and day
    const second = t.database.url ? await t.secondInstance() : undefined
    try {
      await Promise.all([queueDailyNudges(t.deps, logger, now), queueDailyNudges(second?.deps ?? t.deps, logger, now)])
    } finally {
      await second?.close()
    }
    const challenge = libraryContentFor(day).challenge
    const mail = await smtp.waitFor(withTasks.member.email, /^Your daily routine: /)
    expect(mail.subject).toBe(`Your daily routine: ${challenge.title}`)
    expect(mail.text).toContain(`Today's challenge (${challenge.minutes} min): ${challenge.title}`)
    expect(mail.text).toContain(challenge.description)
    expect(mail.text).toContain('Your priority tasks for today:\n- Send the portfolio to Dana')
    expect(mail.text).not.toContain('Book a mock interview') // done already
    expect(mail.text).toContain('http://localhost:3000/dashboard/daily-routine')
    expect(mail.text).toContain('http://localhost:3000/settings')

    const plain = await smtp.waitFor(notOpened.member.email, /^Your daily routine: /)
    expect(plain.text).toContain(challenge.title)
    expect(plain.text).not.toContain('Your priority tasks')

    // later in the same hour, and in the next: nothing more for that day
    await queueDailyNudges(t.deps, logger, new Date(now.getTime() + 15 * 60_000))
    await queueDailyNudges(t.deps, logger, new Date(now.getTime() + 60 * 60_000))
    await t.jobsSettled(['send-mail'])
    expect(mailsTo(withTasks)).toHaveLength(1)
    expect(mailsTo(notOpened)).toHaveLength(1)
    expect(mailsTo(notAsked)).toHaveLength(0)
    expect(mailsTo(elsewhere)).toHaveLength(0) // 10:00 there
    const [settings] = await t.db.select().from(routineSettings).where(eq(routineSettings.userId, withTasks.member.id))
    expect(settings!.lastNudgedDay).toBe(day)

    // the next morning: the next day's nudge
    const tomorrow = new Date(now.getTime() + 24 * 3_600_000)
    await queueDailyNudges(t.deps, logger, tomorrow)
    await t.jobsSettled(['send-mail'])
    expect(mailsTo(withTasks)).toHaveLength(2)
    expect(mailsTo(withTasks)[1]!.subject).toBe(
      `Your daily routine: ${libraryContentFor(localDay(tomorrow, zone)).challenge.title}`,
    )
  })

  test('a member who turns the nudge off, or whose address is not verified, gets none', async () => {
    const realNow = new Date()
    const zone = zoneAtHour(realNow, (nudgeLocalHour + 12) % 24)
    const now = new Date(realNow.getTime() + 12 * 3_600_000)
    const changedMind = await optedIn(zone)
    expect((await changedMind.put('/api/routine/settings', { nudgeEmail: false })).status).toBe(200)
    const unverified = (await t.signedIn({ emailVerified: false })) as Member
    // opted in before the address stopped counting as verified (an address change)
    await queries.setTimeZone(t.db, unverified.member.id, zone)
    await queries.upsertSettings(t.db, unverified.member.id, { nudgeEmail: true })

    await queueDailyNudges(t.deps, logger, now)
    await t.jobsSettled(['send-mail'])
    expect(mailsTo(changedMind)).toHaveLength(0)
    expect(mailsTo(unverified)).toHaveLength(0)
    const [row] = await t.db
      .select({ day: routineSettings.lastNudgedDay })
      .from(routineSettings)
      .where(and(eq(routineSettings.userId, unverified.member.id), sql`${routineSettings.nudgeEmail}`))
    expect(row!.day).toBeNull()
  })
})
