import type { Db } from '#server/db/client.ts'
import { events } from '#server/db/schema/events.ts'
import type { EventForm, RegistrationForm } from '#shared/events/schemas.ts'
import { wallTimeIn } from '#shared/events/time.ts'

// Events for tests (issue 17).

const hour = 3_600_000

/**
 * An event written straight to the database: one in the past, or starting within
 * the hour, which the admin form refuses. Starts `startsInHours` from now.
 */
export async function insertTestEvent(
  db: Db,
  values: Partial<typeof events.$inferInsert> & { startsInHours?: number } = {},
) {
  const { startsInHours = 72, ...rest } = values
  const [row] = await db
    .insert(events)
    .values({
      title: `Test event ${Math.random().toString(36).slice(2, 8)}`,
      description: 'An event for a test',
      type: 'workshop',
      startsAt: new Date(Date.now() + startsInHours * hour),
      timeZone: 'America/New_York',
      location: 'Boston, MA',
      capacity: 50,
      ...rest,
    })
    .returning()
  return row!
}

/** The admin form's fields for an event starting `startsInHours` from now, in `timeZone`. */
export function eventForm(overrides: Partial<EventForm> & { startsInHours?: number } = {}): EventForm {
  const { startsInHours = 72, ...rest } = overrides
  const timeZone = rest.timeZone ?? 'Europe/London'
  const wall = wallTimeIn(new Date(Date.now() + startsInHours * hour), timeZone)
  return {
    title: 'Resume Clinic',
    description: 'Bring your resume and leave with a better one.',
    date: wall.date,
    time: wall.time,
    timeZone,
    durationMinutes: 90,
    location: 'London, UK',
    type: 'workshop',
    capacity: 30,
    ...rest,
  }
}

/** The registration form of `member`, filled in. */
export function registrationForm(
  member: { email: string },
  overrides: Partial<RegistrationForm> = {},
): RegistrationForm {
  return { firstName: 'Ada', lastName: 'Lovelace', email: member.email, ...overrides }
}
