import type { AdminEventView, AttendeeView, EventView, MyRegistration } from '#shared/events/schemas.ts'
import type { EventStatus, EventType, RegistrationStatus } from '#shared/events/constants.ts'
import { wallTimeIn } from '#shared/events/time.ts'
import type { EventRow, RegistrationRow, SeatCounts } from './queries.ts'

// Rows to the views of shared/events/schemas.ts. A webinar's join link leaves the
// server only for someone with a confirmed seat, or an admin (decision 026).

const noSeats: SeatCounts = { confirmed: 0, waitlisted: 0 }

/** Versioned by the event's last change, so a new image is fetched and an old one cached long. */
export function eventImageUrl(row: Pick<EventRow, 'id' | 'imageKey' | 'updatedAt'>): string | null {
  return row.imageKey ? `/api/events/${row.id}/image?v=${row.updatedAt.getTime()}` : null
}

export const endsAtOf = (row: Pick<EventRow, 'startsAt' | 'durationMinutes'>) =>
  new Date(row.startsAt.getTime() + row.durationMinutes * 60_000)

export type ViewerRegistration = RegistrationRow & { waitlistPosition: number | null }

export function toMyRegistration(registration: ViewerRegistration | undefined): MyRegistration | null {
  if (!registration || registration.status === 'cancelled') return null
  return {
    status: registration.status as MyRegistration['status'],
    waitlistPosition: registration.waitlistPosition,
    registeredAt: registration.queuedAt.toISOString(),
  }
}

export function toEventView(
  row: EventRow,
  seats: SeatCounts | undefined,
  registration: ViewerRegistration | undefined,
  asAdmin: boolean,
): EventView {
  const { confirmed, waitlisted } = seats ?? noSeats
  const mine = toMyRegistration(registration)
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    type: row.type as EventType,
    status: row.status as EventStatus,
    startsAt: row.startsAt.toISOString(),
    endsAt: endsAtOf(row).toISOString(),
    timeZone: row.timeZone,
    location: row.location,
    capacity: row.capacity,
    spotsRemaining: Math.max(0, row.capacity - confirmed),
    waitlistCount: waitlisted,
    imageUrl: eventImageUrl(row),
    joinUrl: asAdmin || mine?.status === 'confirmed' ? row.joinUrl : null,
    myRegistration: mine,
  }
}

export function toAdminEventView(row: EventRow, seats: SeatCounts | undefined): AdminEventView {
  const { myRegistration: _none, ...view } = toEventView(row, seats, undefined, true)
  const wall = wallTimeIn(row.startsAt, row.timeZone)
  return {
    ...view,
    confirmedCount: (seats ?? noSeats).confirmed,
    date: wall.date,
    time: wall.time,
    durationMinutes: row.durationMinutes,
    imageKey: row.imageKey,
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

/** The attendee list's rows; waitlisted ones numbered in queue order (the rows come in that order). */
export function toAttendeeViews(rows: RegistrationRow[]): AttendeeView[] {
  let queued = 0
  return rows.map((row) => ({
    id: row.id,
    userId: row.userId,
    status: row.status as RegistrationStatus,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    company: row.company,
    jobTitle: row.jobTitle,
    dietaryRestrictions: row.dietaryRestrictions,
    specialRequirements: row.specialRequirements,
    waitlistPosition: row.status === 'waitlisted' ? ++queued : null,
    registeredAt: row.queuedAt.toISOString(),
  }))
}

/** The audit log's picture of an event: its form's fields (the image by presence; keys are never logged). */
export function auditedEvent(row: EventRow) {
  return {
    title: row.title,
    description: row.description,
    type: row.type,
    startsAt: row.startsAt,
    timeZone: row.timeZone,
    durationMinutes: row.durationMinutes,
    location: row.location,
    capacity: row.capacity,
    joinUrl: row.joinUrl,
    image: row.imageKey !== null,
    status: row.status,
  }
}
