import { createEvent, type DateArray } from 'ics'
import { eventTypeLabels, type EventType } from '#shared/events/constants.ts'
import { clockTimeIn, longDateIn } from '#shared/events/time.ts'
import { pathTo } from '#shared/pages.ts'
import type { EventRow, RegistrationRow } from './queries.ts'
import { endsAtOf } from './views.ts'

// Calendar files (RFC 5545) of a registration, made with the `ics` package (issue
// 17): UTC times, the event's own zone written in the description, one stable UID
// per registration (so an update or a cancellation replaces the entry a member
// added) and a SEQUENCE that grows with every file sent for it. A cancelled
// event or registration gets METHOD:CANCEL.

export const calendarContentType = 'text/calendar; charset=utf-8'

const utcParts = (instant: Date): DateArray => [
  instant.getUTCFullYear(),
  instant.getUTCMonth() + 1,
  instant.getUTCDate(),
  instant.getUTCHours(),
  instant.getUTCMinutes(),
]

/** The file's name: the event's title in safe characters. */
export function calendarFileName(event: Pick<EventRow, 'title'>): string {
  const slug = event.title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60)
  return `${slug || 'event'}.ics`
}

/** When and where, in the event's zone, as the e-mails and the file's description say it. */
export function whenText(event: Pick<EventRow, 'startsAt' | 'timeZone'>): string {
  return `${longDateIn(event.startsAt, event.timeZone)}, ${clockTimeIn(event.startsAt, event.timeZone)} (${event.timeZone})`
}

export function calendarFile(
  event: EventRow,
  registration: Pick<RegistrationRow, 'id' | 'calendarSequence' | 'status'>,
  baseUrl: string,
): string {
  const cancelled = event.status === 'cancelled' || registration.status !== 'confirmed'
  const eventPage = `${baseUrl}${pathTo('events')}`
  // the link is for a confirmed seat only (decision 026)
  const joinUrl = cancelled ? null : event.joinUrl
  const { error, value } = createEvent({
    productId: 'prestige-labs/events',
    method: cancelled ? 'CANCEL' : 'PUBLISH',
    uid: `event-registration-${registration.id}@${new URL(baseUrl).hostname}`,
    sequence: registration.calendarSequence,
    status: cancelled ? 'CANCELLED' : 'CONFIRMED',
    start: utcParts(event.startsAt),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: utcParts(endsAtOf(event)),
    endInputType: 'utc',
    endOutputType: 'utc',
    title: event.title,
    description: [
      `${eventTypeLabels[event.type as EventType]} · ${whenText(event)}`,
      event.description,
      joinUrl ? `Join: ${joinUrl}` : '',
    ]
      .filter(Boolean)
      .join('\n\n'),
    location: event.location,
    url: joinUrl ?? eventPage,
    busyStatus: cancelled ? 'FREE' : 'BUSY',
  })
  if (error || !value) throw error ?? new Error('the calendar file was not made')
  return value
}
