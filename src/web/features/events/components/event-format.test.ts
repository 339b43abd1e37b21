import { describe, expect, test } from 'vitest'
import {
  eventOwnTime,
  eventWhen,
  hasStarted,
  registrationStatusText,
  seatsTakenPercent,
  seatsText,
  timeZoneOptions,
} from '#web/features/events/components/event-format.ts'

// 15:00 in New York on a winter day (EST, UTC-5) is 20:00 UTC
const newYorkAfternoon = { startsAt: '2026-12-08T20:00:00.000Z', timeZone: 'America/New_York' }
// 23:30 in London is 00:30 the next day in Paris
const londonLateEvening = { startsAt: '2026-12-08T23:30:00.000Z', timeZone: 'Europe/London' }

describe('when an event starts, as a member reads it', () => {
  test('a member in the event’s own zone reads one time', () => {
    expect(eventWhen(newYorkAfternoon, 'America/New_York')).toEqual({
      date: 'Tuesday, December 8, 2026',
      time: '3:00 PM EST',
      eventTime: null,
    })
  })

  test('a zone that shows the same clock is not repeated', () => {
    // Toronto keeps New York's clock
    expect(eventWhen(newYorkAfternoon, 'America/Toronto').eventTime).toBeNull()
  })

  test('a member elsewhere reads their own time, with the event’s beside it', () => {
    const when = eventWhen(newYorkAfternoon, 'America/Los_Angeles')
    expect(when.date).toBe('Tuesday, December 8, 2026')
    expect(when.time).toBe('12:00 PM PST')
    expect(when.eventTime).toBe('3:00 PM EST (New York time)')
  })

  test('past midnight for the member, the day is theirs and the event’s day is named beside its time', () => {
    const when = eventWhen(londonLateEvening, 'Europe/Paris')
    expect(when.date).toBe('Wednesday, December 9, 2026')
    expect(when.time).toMatch(/^12:30 AM GMT\+1$/)
    expect(when.eventTime).toBe('Tue, Dec 8, 11:30 PM GMT (London time)')
  })

  test('a zone that names no place is the event’s time', () => {
    expect(eventWhen({ startsAt: newYorkAfternoon.startsAt, timeZone: 'UTC' }, 'America/New_York').eventTime).toBe(
      '8:00 PM UTC (event time)',
    )
  })

  test('the admin reads the event in its own zone', () => {
    expect(eventOwnTime(newYorkAfternoon)).toBe('Tuesday, December 8, 2026 · 3:00 PM EST')
  })

  test('an event has started once its start is reached', () => {
    const start = Date.parse(newYorkAfternoon.startsAt)
    expect(hasStarted(newYorkAfternoon, start - 1)).toBe(false)
    expect(hasStarted(newYorkAfternoon, start)).toBe(true)
  })
})

describe('seats', () => {
  test('spots remaining are counted in words', () => {
    expect(seatsText({ spotsRemaining: 12, waitlistCount: 0 })).toBe('12 spots remaining')
    expect(seatsText({ spotsRemaining: 1, waitlistCount: 0 })).toBe('1 spot remaining')
  })

  test('a full event says so, with its waitlist', () => {
    expect(seatsText({ spotsRemaining: 0, waitlistCount: 3 })).toBe('Full · 3 on the waitlist')
    expect(seatsText({ spotsRemaining: 0, waitlistCount: 0 })).toBe('Full')
  })

  test('the capacity bar fills with the seats taken', () => {
    expect(seatsTakenPercent({ capacity: 50, spotsRemaining: 50 })).toBe(0)
    expect(seatsTakenPercent({ capacity: 50, spotsRemaining: 13 })).toBe(74)
    expect(seatsTakenPercent({ capacity: 3, spotsRemaining: 0 })).toBe(100)
  })
})

describe('the member’s registration', () => {
  const registeredAt = '2026-11-01T10:00:00.000Z'

  test('a seat reads Registered, a place in the queue its number', () => {
    expect(registrationStatusText({ status: 'confirmed', waitlistPosition: null, registeredAt })).toBe('Registered')
    expect(registrationStatusText({ status: 'waitlisted', waitlistPosition: 2, registeredAt })).toBe(
      'On the waitlist (#2)',
    )
  })
})

describe('the admin form’s time zones', () => {
  test('every zone once, sorted, with the event’s own even when the list lacks it', () => {
    const zones = timeZoneOptions(['Asia/Calcutta', 'Europe/Paris'])
    expect(zones).toContain('Europe/Paris')
    expect(zones).toContain('Asia/Calcutta')
    expect(zones).toContain('UTC')
    expect(new Set(zones).size).toBe(zones.length)
    expect([...zones].sort((a, b) => a.localeCompare(b))).toEqual(zones)
  })
})
