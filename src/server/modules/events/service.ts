import type { Db } from '#server/db/client.ts'
import { AppError } from '#server/platform/app-error.ts'
import type { Ctx, Deps } from '#server/platform/context.ts'
import { actsAsAdmin, requireAccess, requireUser, requireVerified } from '#server/platform/guards.ts'
import { changeListed, listCacheOf } from '#server/platform/list-cache.ts'
import { memberCacheOf } from '#server/platform/member-cache.ts'
import { decodeCursor, nextCursorOf, readPage } from '#server/platform/paging.ts'
import type { StoredObject } from '#server/platform/storage.ts'
import { eventsPageSize, dashboardEventsLimit, nextEventsLimit, reminderLeadHours } from '#shared/events/constants.ts'
import { eventMessages } from '#shared/events/messages.ts'
import type {
  EventListQuery,
  EventPage,
  EventView,
  MyEvents,
  RegistrationInput,
  RegistrationResult,
} from '#shared/events/schemas.ts'
import { calendarFile, calendarFileName } from './calendar.ts'
import { queuePromotionMail, queueRegistrationMail, queueWithdrawalMail } from './mails.ts'
import * as queries from './queries.ts'
import { toEventView } from './views.ts'

// Events and registration, the member's side (issue 17; spec 001 §2 Events and
// Event registration, §4, §5, §7): the list, one event, registering (a seat or
// the waitlist, never one seat too many), cancelling (the next in the queue gets
// the seat), the calendar file and the dashboard's card. docs/decisions/026.

const notFound = () => new AppError('NOT_FOUND', eventMessages.notFound)

/**
 * A write that changes an event's seats or details, in one transaction with its
 * live 'events.changed': cached lists and seat counts go on every instance, and
 * open pages refresh.
 */
export function changeEvent<T>(ctx: Ctx, eventId: string, work: (tx: Db) => Promise<T>): Promise<T> {
  return changeListed(ctx, 'events', () => ({ type: 'events.changed', data: { eventId } }), work)
}

type EventsWithSeats = { rows: queries.EventRow[]; seats: Map<string, queries.SeatCounts> }

/** Events with their seat counts: the same for every member, so kept in the events list cache. */
async function withSeats(db: Db, rows: queries.EventRow[]): Promise<EventsWithSeats> {
  return {
    rows,
    seats: await queries.seatCountsOf(
      db,
      rows.map((row) => row.id),
    ),
  }
}

/**
 * The viewer's own standing registrations, kept per member until any seat of any
 * event changes (the list cache's version): a waitlist moves when anyone leaves it.
 */
function viewerRegistrations(ctx: Ctx, viewerId: string) {
  return memberCacheOf(ctx.deps).remember(
    viewerId,
    'event-registrations',
    () => queries.standingRegistrationsOf(ctx.deps.db, viewerId),
    listCacheOf(ctx.deps, 'events').version(),
  )
}

/** Views of cached events for the viewer: their own registrations, a webinar's link where theirs. */
async function viewsFor(ctx: Ctx, { rows, seats }: EventsWithSeats): Promise<EventView[]> {
  const viewer = requireUser(ctx)
  const mine = await viewerRegistrations(ctx, viewer.id)
  const asAdmin = actsAsAdmin(ctx)
  return rows.map((row) => toEventView(row, seats.get(row.id), mine.get(row.id), asAdmin))
}

async function viewOf(ctx: Ctx, eventId: string): Promise<EventView> {
  const { db } = ctx.deps
  const cached = await listCacheOf(ctx.deps, 'events').remember(`event:${eventId}`, async () => {
    const row = await queries.findEvent(db, eventId)
    return row ? withSeats(db, [row]) : null
  })
  if (!cached) throw notFound()
  return (await viewsFor(ctx, cached))[0]!
}

/** spec 001 §7: events not yet ended, soonest first, a page at a time. */
export async function listEvents(ctx: Ctx, query: EventListQuery): Promise<EventPage> {
  await requireAccess(ctx, 'subscriber')
  const { db } = ctx.deps
  const after = decodeCursor(query.cursor, 'newest')
  const { listed, nextCursor } = await listCacheOf(ctx.deps, 'events').remember(
    `upcoming:${query.cursor ?? ''}`,
    async () => {
      const page = await readPage(eventsPageSize, (limit) => queries.listUpcomingPage(db, limit, after))
      return { listed: await withSeats(db, page.rows), nextCursor: nextCursorOf(page) }
    },
  )
  return { events: await viewsFor(ctx, listed), nextCursor }
}

/** The next few events, for the community's right column. */
export async function listNextEvents(ctx: Ctx): Promise<{ events: EventView[] }> {
  await requireAccess(ctx, 'subscriber')
  const { db } = ctx.deps
  const listed = await listCacheOf(ctx.deps, 'events').remember('next', async () =>
    withSeats(db, await queries.listNextEvents(db, nextEventsLimit)),
  )
  return { events: await viewsFor(ctx, listed) }
}

/** spec 001 §2 Upcoming Events: the member's confirmed seats of events to come, soonest first, at most three. */
export async function listMyEvents(ctx: Ctx): Promise<MyEvents> {
  await requireAccess(ctx, 'subscriber')
  const viewer = requireUser(ctx)
  const { db } = ctx.deps
  const rows = await queries.listMyUpcoming(db, viewer.id, dashboardEventsLimit)
  return { events: await viewsFor(ctx, await withSeats(db, rows)) }
}

export async function getEvent(ctx: Ctx, eventId: string): Promise<EventView> {
  await requireAccess(ctx, 'subscriber')
  return viewOf(ctx, eventId)
}

export async function getEventImage(ctx: Ctx, eventId: string): Promise<StoredObject> {
  await requireAccess(ctx, 'subscriber')
  const row = await queries.findEvent(ctx.deps.db, eventId)
  const object = row?.imageKey ? await ctx.deps.storage.get(row.imageKey) : undefined
  if (!object) throw notFound()
  return object
}

/** Whether the event starts within the reminder's lead: the mail at hand then serves as the reminder. */
const withinReminderLead = (event: queries.EventRow) =>
  event.startsAt.getTime() - Date.now() <= reminderLeadHours * 3_600_000

/** Refuses a change of seats for an event that is over or off. */
function openForSeats(event: queries.EventRow | undefined): queries.EventRow {
  if (!event) throw notFound()
  if (event.status === 'cancelled') throw new AppError('CONFLICT', eventMessages.eventCancelled)
  if (event.startsAt.getTime() <= Date.now()) throw new AppError('CONFLICT', eventMessages.eventStarted)
  return event
}

/**
 * Gives the seats `event` has free to the waitlist, oldest first, each with its
 * e-mail and calendar file; in the transaction that freed them, the event locked.
 */
export async function fillFreedSeats(deps: Pick<Deps, 'queue' | 'config'>, tx: Db, event: queries.EventRow) {
  if (event.status !== 'scheduled' || event.startsAt.getTime() <= Date.now()) return
  const free = event.capacity - (await queries.countConfirmed(tx, event.id))
  if (free <= 0) return
  for (const waiting of await queries.nextWaitlisted(tx, event.id, free)) {
    const promoted = await queries.setRegistrationStatus(tx, waiting.id, 'confirmed', {
      reminderSent: withinReminderLead(event),
    })
    await queuePromotionMail(deps, tx, event, promoted)
  }
}

/**
 * spec 001 §5: registers the member. Under the event's row lock the confirmed
 * seats are counted: a free one is theirs, otherwise they join the waitlist, so
 * however many register at once the event never holds one confirmed seat more
 * than its capacity. Once per member and event (a cancelled registration is taken
 * up again).
 */
export async function register(ctx: Ctx, eventId: string, input: RegistrationInput): Promise<RegistrationResult> {
  await requireAccess(ctx, 'subscriber')
  const member = requireVerified(ctx) // decision 014: e-mails go out on the member's word
  const status = await changeEvent(ctx, eventId, async (tx) => {
    const event = openForSeats(await queries.lockEvent(tx, eventId))
    const existing = await queries.findRegistration(tx, eventId, member.id)
    if (existing?.status === 'confirmed') throw new AppError('CONFLICT', eventMessages.alreadyRegistered)
    if (existing?.status === 'waitlisted') throw new AppError('CONFLICT', eventMessages.alreadyWaitlisted)
    const seat = (await queries.countConfirmed(tx, eventId)) < event.capacity
    const registration = await queries.upsertRegistration(
      tx,
      { eventId, userId: member.id, status: seat ? 'confirmed' : 'waitlisted', ...input },
      seat && withinReminderLead(event),
    )
    await queueRegistrationMail(ctx.deps, tx, event, registration)
    return registration.status as RegistrationResult['status']
  })
  return { status, event: await viewOf(ctx, eventId) }
}

/** The member gives up their seat (the first on the waitlist gets it) or their place in the queue. */
export async function cancelRegistration(ctx: Ctx, eventId: string): Promise<{ event: EventView }> {
  await requireAccess(ctx, 'subscriber')
  const member = requireUser(ctx)
  await changeEvent(ctx, eventId, async (tx) => {
    const event = openForSeats(await queries.lockEvent(tx, eventId))
    const registration = await queries.findRegistration(tx, eventId, member.id)
    if (!registration || registration.status === 'cancelled')
      throw new AppError('NOT_FOUND', eventMessages.notRegistered)
    const cancelled = await queries.setRegistrationStatus(tx, registration.id, 'cancelled')
    const wasConfirmed = registration.status === 'confirmed'
    await queueWithdrawalMail(ctx.deps, tx, event, cancelled, wasConfirmed)
    if (wasConfirmed) await fillFreedSeats(ctx.deps, tx, event)
  })
  return { event: await viewOf(ctx, eventId) }
}

/** The calendar file of the member's confirmed seat (an event cancelled since gives the CANCEL). */
export async function calendarOf(ctx: Ctx, eventId: string): Promise<{ fileName: string; text: string }> {
  await requireAccess(ctx, 'subscriber')
  const member = requireUser(ctx)
  const event = await queries.findEvent(ctx.deps.db, eventId)
  if (!event) throw notFound()
  const registration = await queries.findRegistration(ctx.deps.db, eventId, member.id)
  if (registration?.status !== 'confirmed') throw new AppError('NOT_FOUND', eventMessages.notRegistered)
  return { fileName: calendarFileName(event), text: calendarFile(event, registration, ctx.deps.config.baseUrl) }
}
