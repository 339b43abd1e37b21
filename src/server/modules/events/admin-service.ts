import type { Db } from '#server/db/client.ts'
import { AppError } from '#server/platform/app-error.ts'
import { recordAudit } from '#server/platform/audit.ts'
import { toCsv } from '#server/platform/csv.ts'
import type { Ctx } from '#server/platform/context.ts'
import { requireAdmin } from '#server/platform/guards.ts'
import { changeListed } from '#server/platform/list-cache.ts'
import { decodeCursor, nextCursorOf, readPage } from '#server/platform/paging.ts'
import { formImages } from '#server/platform/form-images.ts'
import { recordThenDelete } from '#server/platform/uploads.ts'
import { adminUpcomingEventsLimit, eventImageMaxBytes, eventsPageSize } from '#shared/events/constants.ts'
import { adminEventMessages, capacityBelowConfirmed, eventMessages } from '#shared/events/messages.ts'
import type {
  AdminEventPage,
  AdminEventQuery,
  AdminEventView,
  AttendeeList,
  EventCancelInput,
  EventImageAnswer,
  EventInput,
} from '#shared/events/schemas.ts'
import { zonedToUtc } from '#shared/events/time.ts'
import { calendarFileName } from './calendar.ts'
import { queueEventCancelledMail, queueEventChangedMail } from './mails.ts'
import * as queries from './queries.ts'
import { changeEvent, fillFreedSeats } from './service.ts'
import { auditedEvent, toAdminEventView, toAttendeeViews } from './views.ts'

// Events management (spec 002 §2 Manage Events, §5 Event form; issue 17): the
// table with its search, add, edit (registrants are told of a new time, place or
// link, with an updated calendar file), cancel (everyone registered is told), the
// attendee list and its CSV, the dashboard's five upcoming events. Every write is
// one transaction with its audit row (decision 023), its e-mails and its live event.

/** The event form's image: stored under event-images/, sharp on a card, a fraction of 5 MB. */
const eventImages = formImages({
  area: 'event-images',
  maxBytes: eventImageMaxBytes,
  maxSide: 1600,
  messages: {
    notImage: adminEventMessages.invalidImage,
    tooLarge: adminEventMessages.imageTooLarge,
    notFound: adminEventMessages.imageNotFound,
  },
})

const notFound = () => new AppError('NOT_FOUND', eventMessages.notFound)
const refuse = (field: string, message: string) => new AppError('VALIDATION', message, { [field]: message })

async function adminViewsOf(db: Db, rows: queries.EventRow[]): Promise<AdminEventView[]> {
  const seats = await queries.seatCountsOf(
    db,
    rows.map((row) => row.id),
  )
  return rows.map((row) => toAdminEventView(row, seats.get(row.id)))
}

async function adminViewOf(db: Db, eventId: string): Promise<AdminEventView> {
  const row = await queries.findEvent(db, eventId)
  if (!row) throw notFound()
  return (await adminViewsOf(db, [row]))[0]!
}

export async function listAdminEvents(ctx: Ctx, query: AdminEventQuery): Promise<AdminEventPage> {
  requireAdmin(ctx)
  const after = decodeCursor(query.cursor, 'newest')
  const page = await readPage(eventsPageSize, (limit) =>
    queries.listAdminPage(ctx.deps.db, { q: query.q, when: query.when }, limit, after),
  )
  return { events: await adminViewsOf(ctx.deps.db, page.rows), nextCursor: nextCursorOf(page) }
}

/** spec 002 §2, §7: the dashboard's Manage Events card, the five next events. */
export async function listUpcomingAdminEvents(ctx: Ctx): Promise<{ events: AdminEventView[] }> {
  requireAdmin(ctx)
  const rows = await queries.listNextEvents(ctx.deps.db, adminUpcomingEventsLimit)
  return { events: await adminViewsOf(ctx.deps.db, rows) }
}

export async function getAdminEvent(ctx: Ctx, eventId: string): Promise<AdminEventView> {
  requireAdmin(ctx)
  return adminViewOf(ctx.deps.db, eventId)
}

// ---------- the form (spec 002 §5 Event form) ----------

/** The form's fields as a row's: the wall clock read in the event's zone, blanks as none. */
function eventValues(input: EventInput) {
  return {
    title: input.title,
    description: input.description,
    type: input.type,
    startsAt: zonedToUtc(input.date, input.time, input.timeZone),
    timeZone: input.timeZone,
    durationMinutes: input.durationMinutes,
    location: input.location,
    capacity: input.capacity,
    joinUrl: input.joinUrl,
    imageKey: input.imageKey,
  }
}

/** Inside the write's transaction: the key is no other event's. */
async function checkImageFree(tx: Db, key: string | null, eventId?: string): Promise<void> {
  if (key !== null && (await queries.imageKeyInUse(tx, key, eventId))) throw eventImages.refuseKey()
}

const inFuture = (startsAt: Date) => {
  if (startsAt.getTime() <= Date.now()) throw refuse('date', adminEventMessages.startInPast)
}

export async function createEvent(ctx: Ctx, input: EventInput): Promise<AdminEventView> {
  const admin = requireAdmin(ctx)
  const values = eventValues(input)
  inFuture(values.startsAt)
  await eventImages.checkKey(ctx, values.imageKey)
  const row = await changeListed(
    ctx,
    'events',
    (inserted: queries.EventRow) => ({ type: 'events.changed', data: { eventId: inserted.id } }),
    async (tx) => {
      await checkImageFree(tx, values.imageKey)
      const inserted = await queries.insertEvent(tx, { ...values, createdBy: admin.id })
      await recordAudit(tx, ctx, {
        action: 'event.create',
        objectType: 'event',
        objectId: inserted.id,
        after: auditedEvent(inserted),
      })
      return inserted
    },
  )
  return adminViewOf(ctx.deps.db, row.id)
}

/** What registrants are told of: a change of when, where, how to join or what it is called. */
const toldFields = ['title', 'startsAt', 'durationMinutes', 'timeZone', 'location', 'joinUrl'] as const
function changesRegistrantsHear(before: queries.EventRow, values: ReturnType<typeof eventValues>): boolean {
  return toldFields.some((field) => {
    const was = before[field]
    const now = values[field]
    return was instanceof Date && now instanceof Date ? was.getTime() !== now.getTime() : was !== now
  })
}

/**
 * The admin's edit (the earlier Edit button did nothing). Capacity may not fall
 * below the confirmed seats (the admin cancels some first); a larger one gives the
 * new seats to the waitlist. A new time, place, link or title reaches everyone
 * registered, seats with an updated calendar file; a start moved beyond a day
 * away brings the reminder back.
 */
export async function updateEvent(ctx: Ctx, eventId: string, input: EventInput): Promise<AdminEventView> {
  requireAdmin(ctx)
  const values = eventValues(input)
  const current = await queries.findEvent(ctx.deps.db, eventId)
  if (!current) throw notFound()
  await eventImages.checkKey(ctx, values.imageKey, current.imageKey)
  await recordThenDelete(ctx, async () => {
    const before = await changeEvent(ctx, eventId, async (tx) => {
      const locked = await queries.lockEvent(tx, eventId)
      if (!locked) throw notFound()
      if (locked.status === 'cancelled') throw new AppError('CONFLICT', adminEventMessages.cancelledNotEditable)
      if (values.startsAt.getTime() !== locked.startsAt.getTime()) inFuture(values.startsAt)
      if (values.imageKey !== locked.imageKey) await checkImageFree(tx, values.imageKey, eventId)
      const confirmed = await queries.countConfirmed(tx, eventId)
      if (values.capacity < confirmed) throw refuse('capacity', capacityBelowConfirmed(confirmed))
      const told = changesRegistrantsHear(locked, values)
      const updated = await queries.updateEvent(tx, eventId, values, told)
      if (told) {
        if (updated.startsAt.getTime() !== locked.startsAt.getTime()) await queries.resetReminders(tx, eventId)
        await queries.bumpCalendars(tx, eventId)
        for (const registration of await queries.listStanding(tx, eventId))
          await queueEventChangedMail(ctx.deps, tx, updated, registration)
      }
      if (updated.capacity > locked.capacity) await fillFreedSeats(ctx.deps, tx, updated)
      await recordAudit(tx, ctx, {
        action: 'event.update',
        objectType: 'event',
        objectId: eventId,
        before: auditedEvent(locked),
        after: auditedEvent(updated),
      })
      return locked
    })
    return { result: undefined, replacedKey: before.imageKey !== values.imageKey ? before.imageKey : null }
  })
  return adminViewOf(ctx.deps.db, eventId)
}

/** Cancels the event: it leaves the lists, and everyone registered is told (seats get the calendar CANCEL). */
export async function cancelEvent(ctx: Ctx, eventId: string, input: EventCancelInput): Promise<AdminEventView> {
  requireAdmin(ctx)
  await changeEvent(ctx, eventId, async (tx) => {
    const locked = await queries.lockEvent(tx, eventId)
    if (!locked) throw notFound()
    if (locked.status === 'cancelled') throw new AppError('CONFLICT', adminEventMessages.alreadyCancelled)
    const cancelled = await queries.cancelEvent(tx, eventId)
    await queries.bumpCalendars(tx, eventId)
    for (const registration of await queries.listStanding(tx, eventId))
      await queueEventCancelledMail(ctx.deps, tx, cancelled, registration, input.reason)
    await recordAudit(tx, ctx, {
      action: 'event.cancel',
      objectType: 'event',
      objectId: eventId,
      before: { status: locked.status },
      after: { status: cancelled.status, reason: input.reason || null },
    })
  })
  return adminViewOf(ctx.deps.db, eventId)
}

/**
 * The form's image, before the event is saved: by its own bytes, under 5 MB,
 * re-encoded (upright, no metadata); stored and its key answered for the form to send.
 */
export async function uploadEventImage(ctx: Ctx, file: File | undefined): Promise<EventImageAnswer> {
  requireAdmin(ctx)
  return { imageKey: await eventImages.store(ctx, await eventImages.prepare(ctx, file)) }
}

// ---------- attendees ----------

export async function listAttendees(ctx: Ctx, eventId: string): Promise<AttendeeList> {
  requireAdmin(ctx)
  const event = await adminViewOf(ctx.deps.db, eventId)
  return { event, attendees: toAttendeeViews(await queries.listAllRegistrations(ctx.deps.db, eventId)) }
}

const registrationStatusLabels = { confirmed: 'Confirmed', waitlisted: 'Waitlisted', cancelled: 'Cancelled' } as const

/** The attendee list as CSV, named after the event and its day. */
export async function attendeesCsv(ctx: Ctx, eventId: string): Promise<{ fileName: string; csv: string }> {
  const { event, attendees } = await listAttendees(ctx, eventId)
  const csv = toCsv(attendees, [
    { label: 'Status', value: (row) => registrationStatusLabels[row.status] },
    { label: 'Waitlist position', value: (row) => row.waitlistPosition },
    { label: 'First name', value: (row) => row.firstName },
    { label: 'Last name', value: (row) => row.lastName },
    { label: 'Email', value: (row) => row.email },
    { label: 'Company', value: (row) => row.company },
    { label: 'Job title', value: (row) => row.jobTitle },
    { label: 'Dietary restrictions', value: (row) => row.dietaryRestrictions },
    { label: 'Special requirements', value: (row) => row.specialRequirements },
    { label: 'Registered at (UTC)', value: (row) => row.registeredAt },
  ])
  return { fileName: `attendees-${calendarFileName(event).replace(/\.ics$/, '')}-${event.date}.csv`, csv }
}
