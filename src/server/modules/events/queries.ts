import { and, asc, count, desc, eq, gt, inArray, lt, or, sql, type SQL } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { eventRegistrations, events } from '#server/db/schema/events.ts'
import { containsPattern } from '#server/db/patterns.ts'
import type { AdminEventWhen, RegistrationStatus } from '#shared/events/constants.ts'

// The events area's reads and writes (issue 17). Seats are never stored: a
// registration's outcome is decided with the event row locked (`lockEvent`), so
// two members can never both take the last seat, on PGlite or PostgreSQL.

export type EventRow = typeof events.$inferSelect
export type EventWrite = Omit<typeof events.$inferInsert, 'id' | 'createdAt' | 'updatedAt' | 'revision' | 'status'>
export type RegistrationRow = typeof eventRegistrations.$inferSelect
export type RegistrationDetails = Pick<
  RegistrationRow,
  'firstName' | 'lastName' | 'email' | 'company' | 'jobTitle' | 'dietaryRestrictions' | 'specialRequirements'
>

/** An event that has not ended yet (spec 001 §7: 'date today or later'; one still running is still listed). */
const notEnded = sql`${events.startsAt} + make_interval(mins => ${events.durationMinutes}) > now()`
/** Every event lasts at most a day (events_duration_check), so an index walk may start a day back. */
const notEndedIndexed = and(sql`${events.startsAt} > now() - interval '1 day'`, notEnded)!
const upcoming = and(eq(events.status, 'scheduled'), notEndedIndexed)!

const withCursor = { ...getColumns(), cursorAt: sql<string>`${events.startsAt}::text` }
function getColumns() {
  return {
    id: events.id,
    title: events.title,
    description: events.description,
    type: events.type,
    startsAt: events.startsAt,
    durationMinutes: events.durationMinutes,
    timeZone: events.timeZone,
    location: events.location,
    capacity: events.capacity,
    joinUrl: events.joinUrl,
    imageKey: events.imageKey,
    status: events.status,
    cancelledAt: events.cancelledAt,
    revision: events.revision,
    createdBy: events.createdBy,
    createdAt: events.createdAt,
    updatedAt: events.updatedAt,
  }
}

/** After the (starts_at, id) position `after`, soonest first: a forward walk of events_starts_idx. */
const afterPosition = (after?: { at: string; id: string }) =>
  after ? sql`(${events.startsAt}, ${events.id}) > (${after.at}::timestamptz, ${after.id}::uuid)` : undefined

/** spec 001 §7: upcoming events, soonest first, one page after `after`. */
export function listUpcomingPage(db: Db, limit: number, after?: { at: string; id: string }) {
  return db
    .select(withCursor)
    .from(events)
    .where(and(upcoming, afterPosition(after)))
    .orderBy(asc(events.startsAt), asc(events.id))
    .limit(limit)
}

export type AdminFilters = { q?: string; when: AdminEventWhen }

/**
 * The admin table: upcoming soonest first; past (and 'all') newest first, since an
 * admin looking back wants the latest. A search matches title or location.
 */
export function listAdminPage(db: Db, filters: AdminFilters, limit: number, after?: { at: string; id: string }) {
  const conditions: (SQL | undefined)[] = []
  if (filters.when === 'upcoming') conditions.push(notEndedIndexed)
  if (filters.when === 'past') conditions.push(sql`not (${notEnded})`)
  if (filters.q) {
    const pattern = containsPattern(filters.q)
    conditions.push(or(sql`${events.title} ilike ${pattern}`, sql`${events.location} ilike ${pattern}`))
  }
  const ascending = filters.when === 'upcoming'
  if (after)
    conditions.push(
      ascending
        ? afterPosition(after)
        : sql`(${events.startsAt}, ${events.id}) < (${after.at}::timestamptz, ${after.id}::uuid)`,
    )
  return db
    .select(withCursor)
    .from(events)
    .where(and(...conditions))
    .orderBy(...(ascending ? [asc(events.startsAt), asc(events.id)] : [desc(events.startsAt), desc(events.id)]))
    .limit(limit)
}

/** spec 002 §7: the dashboard's next scheduled events, soonest first. */
export function listNextEvents(db: Db, limit: number): Promise<EventRow[]> {
  return db.select().from(events).where(upcoming).orderBy(asc(events.startsAt), asc(events.id)).limit(limit)
}

export async function findEvent(db: Db, eventId: string): Promise<EventRow | undefined> {
  const [row] = await db.select().from(events).where(eq(events.id, eventId))
  return row
}

/** The event, locked until the transaction ends: every change of its seats goes through this. */
export async function lockEvent(tx: Db, eventId: string): Promise<EventRow | undefined> {
  const [row] = await tx.select().from(events).where(eq(events.id, eventId)).for('update')
  return row
}

export type SeatCounts = { confirmed: number; waitlisted: number }

/** Confirmed and waitlisted registrations per event, for the events given (absent: none). */
export async function seatCountsOf(db: Db, eventIds: string[]): Promise<Map<string, SeatCounts>> {
  const counts = new Map<string, SeatCounts>()
  if (eventIds.length === 0) return counts
  const rows = await db
    .select({ eventId: eventRegistrations.eventId, status: eventRegistrations.status, count: count() })
    .from(eventRegistrations)
    .where(
      and(
        inArray(eventRegistrations.eventId, eventIds),
        inArray(eventRegistrations.status, ['confirmed', 'waitlisted']),
      ),
    )
    .groupBy(eventRegistrations.eventId, eventRegistrations.status)
  for (const row of rows) {
    const entry = counts.get(row.eventId) ?? { confirmed: 0, waitlisted: 0 }
    if (row.status === 'confirmed') entry.confirmed = row.count
    else entry.waitlisted = row.count
    counts.set(row.eventId, entry)
  }
  return counts
}

export async function countConfirmed(tx: Db, eventId: string): Promise<number> {
  const [row] = await tx
    .select({ count: count() })
    .from(eventRegistrations)
    .where(and(eq(eventRegistrations.eventId, eventId), eq(eventRegistrations.status, 'confirmed')))
  return row?.count ?? 0
}

/** A waitlisted registration's place in its queue: 1 for the next to get a seat. */
async function waitlistPositionOf(db: Db, registration: RegistrationRow): Promise<number> {
  const [row] = await db
    .select({ count: count() })
    .from(eventRegistrations)
    .where(
      and(
        eq(eventRegistrations.eventId, registration.eventId),
        eq(eventRegistrations.status, 'waitlisted'),
        // its own time at full precision (a Date keeps milliseconds only)
        sql`(${eventRegistrations.queuedAt}, ${eventRegistrations.id}) <= (select mine.queued_at, mine.id from ${eventRegistrations} as mine where mine.id = ${registration.id})`,
      ),
    )
  return row?.count ?? 0
}

/**
 * The member's standing registrations (confirmed or waitlisted) of events not yet
 * ended, by event, a waitlisted one with its place in the queue.
 */
export async function standingRegistrationsOf(db: Db, userId: string) {
  const found = new Map<string, RegistrationRow & { waitlistPosition: number | null }>()
  const rows = await db
    .select({ registration: eventRegistrations })
    .from(eventRegistrations)
    .innerJoin(events, eq(events.id, eventRegistrations.eventId))
    .where(
      and(
        eq(eventRegistrations.userId, userId),
        inArray(eventRegistrations.status, ['confirmed', 'waitlisted']),
        notEndedIndexed,
      ),
    )
  for (const { registration } of rows)
    found.set(registration.eventId, {
      ...registration,
      waitlistPosition: registration.status === 'waitlisted' ? await waitlistPositionOf(db, registration) : null,
    })
  return found
}

export async function findRegistration(db: Db, eventId: string, userId: string): Promise<RegistrationRow | undefined> {
  const [row] = await db
    .select()
    .from(eventRegistrations)
    .where(and(eq(eventRegistrations.eventId, eventId), eq(eventRegistrations.userId, userId)))
  return row
}

/**
 * A member's registration in `status`: a new row, or their cancelled one taken up
 * again (its id, and so its calendar UID, stays; it joins the queue's end).
 */
export async function upsertRegistration(
  tx: Db,
  values: { eventId: string; userId: string; status: Exclude<RegistrationStatus, 'cancelled'> } & RegistrationDetails,
  reminderSent: boolean,
): Promise<RegistrationRow> {
  const now = sql`now()`
  const [row] = await tx
    .insert(eventRegistrations)
    .values({ ...values, reminderSentAt: reminderSent ? now : null })
    .onConflictDoUpdate({
      target: [eventRegistrations.eventId, eventRegistrations.userId],
      set: {
        ...values,
        queuedAt: now,
        updatedAt: now,
        reminderSentAt: reminderSent ? now : null,
        calendarSequence: sql`${eventRegistrations.calendarSequence} + 1`,
      },
      setWhere: eq(eventRegistrations.status, 'cancelled'),
    })
    .returning()
  return row!
}

/** Sets a registration's status (and its calendar's next SEQUENCE). */
export async function setRegistrationStatus(
  tx: Db,
  registrationId: string,
  status: RegistrationStatus,
  extra: { reminderSent?: boolean } = {},
): Promise<RegistrationRow> {
  const [row] = await tx
    .update(eventRegistrations)
    .set({
      status,
      updatedAt: sql`now()`,
      calendarSequence: sql`${eventRegistrations.calendarSequence} + 1`,
      ...(extra.reminderSent ? { reminderSentAt: sql`now()` } : {}),
    })
    .where(eq(eventRegistrations.id, registrationId))
    .returning()
  return row!
}

/** The next `seats` members of the waitlist, oldest first. */
export function nextWaitlisted(tx: Db, eventId: string, seats: number): Promise<RegistrationRow[]> {
  return tx
    .select()
    .from(eventRegistrations)
    .where(and(eq(eventRegistrations.eventId, eventId), eq(eventRegistrations.status, 'waitlisted')))
    .orderBy(asc(eventRegistrations.queuedAt), asc(eventRegistrations.id))
    .limit(seats)
}

/** Every registration still standing (confirmed, then the waitlist in order), for the attendee list and notices. */
export function listStanding(db: Db, eventId: string): Promise<RegistrationRow[]> {
  return db
    .select()
    .from(eventRegistrations)
    .where(
      and(eq(eventRegistrations.eventId, eventId), inArray(eventRegistrations.status, ['confirmed', 'waitlisted'])),
    )
    .orderBy(
      sql`case ${eventRegistrations.status} when 'confirmed' then 0 else 1 end`,
      asc(eventRegistrations.queuedAt),
      asc(eventRegistrations.id),
    )
}

/** Everyone who ever registered, cancelled ones last: the admin's list and its CSV. */
export function listAllRegistrations(db: Db, eventId: string): Promise<RegistrationRow[]> {
  return db
    .select()
    .from(eventRegistrations)
    .where(eq(eventRegistrations.eventId, eventId))
    .orderBy(
      sql`case ${eventRegistrations.status} when 'confirmed' then 0 when 'waitlisted' then 1 else 2 end`,
      asc(eventRegistrations.queuedAt),
      asc(eventRegistrations.id),
    )
}

/** spec 001 §7 dashboard: the member's confirmed registrations of scheduled events not yet ended, soonest first. */
export function listMyUpcoming(db: Db, userId: string, limit: number): Promise<EventRow[]> {
  return db
    .select(getColumns())
    .from(eventRegistrations)
    .innerJoin(events, eq(events.id, eventRegistrations.eventId))
    .where(and(eq(eventRegistrations.userId, userId), eq(eventRegistrations.status, 'confirmed'), upcoming))
    .orderBy(asc(events.startsAt), asc(events.id))
    .limit(limit)
}

export async function insertEvent(tx: Db, values: EventWrite): Promise<EventRow> {
  const [row] = await tx.insert(events).values(values).returning()
  return row!
}

/** Writes the form's fields; `told` bumps the revision registrants' calendars follow. */
export async function updateEvent(tx: Db, eventId: string, values: Partial<EventWrite>, told: boolean) {
  const [row] = await tx
    .update(events)
    .set({ ...values, updatedAt: sql`now()`, ...(told ? { revision: sql`${events.revision} + 1` } : {}) })
    .where(eq(events.id, eventId))
    .returning()
  return row!
}

export async function cancelEvent(tx: Db, eventId: string): Promise<EventRow> {
  const [row] = await tx
    .update(events)
    .set({ status: 'cancelled', cancelledAt: sql`now()`, updatedAt: sql`now()`, revision: sql`${events.revision} + 1` })
    .where(eq(events.id, eventId))
    .returning()
  return row!
}

/** A moved event's confirmed registrants are reminded again when its new start is more than a day away. */
export async function resetReminders(tx: Db, eventId: string): Promise<void> {
  await tx
    .update(eventRegistrations)
    .set({ reminderSentAt: null })
    .where(
      and(
        eq(eventRegistrations.eventId, eventId),
        sql`exists (select 1 from ${events} where ${events.id} = ${eventId} and ${events.startsAt} > now() + interval '24 hours')`,
      ),
    )
}

/** Bumps the calendar SEQUENCE of every standing registration (an edit or a cancellation is sent to all). */
export async function bumpCalendars(tx: Db, eventId: string): Promise<void> {
  await tx
    .update(eventRegistrations)
    .set({ calendarSequence: sql`${eventRegistrations.calendarSequence} + 1` })
    .where(
      and(eq(eventRegistrations.eventId, eventId), inArray(eventRegistrations.status, ['confirmed', 'waitlisted'])),
    )
}

/**
 * Claims the reminders due now (confirmed seats of scheduled events starting
 * within `leadHours`, not reminded yet), marking them sent in the caller's
 * transaction: another instance's claim waits for this row lock and then finds
 * them sent, or skips them, so each reminder is claimed once.
 */
export async function claimDueReminders(tx: Db, leadHours: number, limit: number) {
  const due = tx
    .select({ id: eventRegistrations.id })
    .from(eventRegistrations)
    .innerJoin(events, eq(events.id, eventRegistrations.eventId))
    .where(
      and(
        eq(eventRegistrations.status, 'confirmed'),
        sql`${eventRegistrations.reminderSentAt} is null`,
        eq(events.status, 'scheduled'),
        gt(events.startsAt, sql`now()`),
        lt(events.startsAt, sql`now() + make_interval(hours => ${leadHours})`),
      ),
    )
    .limit(limit)
    .for('update', { of: eventRegistrations, skipLocked: true })
  return tx
    .update(eventRegistrations)
    .set({ reminderSentAt: sql`now()` })
    .where(and(inArray(eventRegistrations.id, due), sql`${eventRegistrations.reminderSentAt} is null`))
    .returning()
}

/** Whether another event already shows the image `key` (a form must not take another event's file). */
export async function imageKeyInUse(tx: Db, key: string, exceptEventId?: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.imageKey, key), exceptEventId ? sql`${events.id} <> ${exceptEventId}` : undefined))
    .limit(1)
  return row !== undefined
}
