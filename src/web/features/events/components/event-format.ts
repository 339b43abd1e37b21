import type { EventView, MyRegistration } from '#shared/events/schemas.ts'
import { clockTimeIn, longDateIn, sameClock } from '#shared/events/time.ts'

// How an event's time, seats and the member's registration read on the cards and
// pages (spec 001 §2 Events; issue 17). Times are the member's own (this browser's
// zone), with the event's beside them when its clocks show another time.

/** The zone this browser keeps ('Europe/Paris'): members read times in it, the admin form starts in it. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'
}

/** A zone as people name it: 'America/New_York' is 'New York'; 'UTC' and 'Etc/...' name no place. */
function placeOfZone(zone: string): string | null {
  if (!zone.includes('/') || zone.startsWith('Etc/')) return null
  return zone.slice(zone.lastIndexOf('/') + 1).replace(/_/g, ' ')
}

const shortDateFormats = new Map<string, Intl.DateTimeFormat>()
function shortDateIn(instant: string, zone: string): string {
  let format = shortDateFormats.get(zone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone: zone, weekday: 'short', month: 'short', day: 'numeric' })
    shortDateFormats.set(zone, format)
  }
  return format.format(new Date(instant))
}

export type EventWhen = {
  /** 'Tuesday, December 8, 2026', in the viewer's zone (spec 001 §2: long date) */
  date: string
  /** '3:00 PM EST', in the viewer's zone */
  time: string
  /** the event's own clock when it differs: '9:00 PM CET (Paris time)'; null when the clocks agree */
  eventTime: string | null
}

/** When an event starts, for a viewer in `viewerZone`, with the event's own time when its clocks differ. */
export function eventWhen(event: Pick<EventView, 'startsAt' | 'timeZone'>, viewerZone: string): EventWhen {
  const { startsAt, timeZone } = event
  const date = longDateIn(startsAt, viewerZone)
  const time = clockTimeIn(startsAt, viewerZone)
  if (sameClock(startsAt, timeZone, viewerZone)) return { date, time, eventTime: null }
  // past midnight for one of the two: the event's day too
  const day = longDateIn(startsAt, timeZone) === date ? '' : `${shortDateIn(startsAt, timeZone)}, `
  const place = placeOfZone(timeZone)
  return {
    date,
    time,
    eventTime: `${day}${clockTimeIn(startsAt, timeZone)} (${place ? `${place} time` : 'event time'})`,
  }
}

/** When an event starts in its own zone, as the admin form sets it: 'Tuesday, December 8, 2026 · 3:00 PM EST'. */
export function eventOwnTime(event: Pick<EventView, 'startsAt' | 'timeZone'>): string {
  return `${longDateIn(event.startsAt, event.timeZone)} · ${clockTimeIn(event.startsAt, event.timeZone)}`
}

/** spec 001 §2 'spots remaining' (capacity minus confirmed seats), or the waitlist of a full event (issue 17). */
export function seatsText(event: Pick<EventView, 'spotsRemaining' | 'waitlistCount'>): string {
  const { spotsRemaining, waitlistCount } = event
  if (spotsRemaining > 0) return `${spotsRemaining} ${spotsRemaining === 1 ? 'spot' : 'spots'} remaining`
  return waitlistCount > 0 ? `Full · ${waitlistCount} on the waitlist` : 'Full'
}

/** The share of seats taken, in whole per cent, for the capacity bar. */
export function seatsTakenPercent(event: Pick<EventView, 'capacity' | 'spotsRemaining'>): number {
  if (event.capacity <= 0) return 100
  return Math.round(((event.capacity - event.spotsRemaining) / event.capacity) * 100)
}

/** The member's own standing: 'Registered', or their place in the queue. */
export function registrationStatusText(registration: MyRegistration): string {
  if (registration.status === 'confirmed') return 'Registered'
  return registration.waitlistPosition ? `On the waitlist (#${registration.waitlistPosition})` : 'On the waitlist'
}

/** Whether the event has begun: seats can no longer be taken or given up. */
export function hasStarted(event: Pick<EventView, 'startsAt'>, now = Date.now()): boolean {
  return new Date(event.startsAt).getTime() <= now
}

/**
 * The admin form's time zones: every zone this browser knows, plus the ones the
 * form must be able to show (the event's own, the browser's) should the list lack
 * them (an older alias such as 'Asia/Calcutta').
 */
export function timeZoneOptions(keep: string[]): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : []
  return [...new Set([...known, 'UTC', ...keep.filter(Boolean)])].sort((a, b) => a.localeCompare(b))
}
