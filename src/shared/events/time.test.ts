import { describe, expect, test } from 'vitest'
import { clockTimeIn, isCalendarDate, isTimeZone, longDateIn, sameClock, wallTimeIn, zonedToUtc } from './time.ts'

// An event's wall clock in its place's zone, to one instant and back (decision 026).

describe('event times', () => {
  test("a place's wall clock becomes the right instant, summer and winter", () => {
    expect(zonedToUtc('2031-07-04', '18:30', 'America/Los_Angeles').toISOString()).toBe('2031-07-05T01:30:00.000Z')
    expect(zonedToUtc('2031-01-15', '09:00', 'America/New_York').toISOString()).toBe('2031-01-15T14:00:00.000Z')
    expect(zonedToUtc('2031-06-01', '12:00', 'Europe/London').toISOString()).toBe('2031-06-01T11:00:00.000Z')
    expect(zonedToUtc('2031-06-01', '12:00', 'Asia/Kolkata').toISOString()).toBe('2031-06-01T06:30:00.000Z')
    expect(zonedToUtc('2031-06-01', '00:00', 'UTC').toISOString()).toBe('2031-06-01T00:00:00.000Z')
  })

  test('a time skipped by the spring change lands after the gap; a repeated one takes its first occurrence', () => {
    // 2031-03-09 02:30 does not exist in New York (02:00 -> 03:00)
    expect(zonedToUtc('2031-03-09', '02:30', 'America/New_York').toISOString()).toBe('2031-03-09T07:30:00.000Z')
    // 2031-11-02 01:30 happens twice in New York: first in daylight time (UTC-4)
    expect(zonedToUtc('2031-11-02', '01:30', 'America/New_York').toISOString()).toBe('2031-11-02T05:30:00.000Z')
  })

  test('the form reads back the wall clock it wrote', () => {
    for (const zone of ['America/Los_Angeles', 'Europe/Paris', 'Australia/Sydney', 'Asia/Tokyo']) {
      const instant = zonedToUtc('2031-10-05', '07:45', zone)
      expect(wallTimeIn(instant, zone)).toEqual({ date: '2031-10-05', time: '07:45' })
    }
  })

  test('dates, times and zones are checked for what they are', () => {
    expect(isCalendarDate('2032-02-29')).toBe(true)
    expect(isCalendarDate('2031-02-29')).toBe(false)
    expect(isCalendarDate('2031-2-3')).toBe(false)
    expect(isTimeZone('Europe/Berlin')).toBe(true)
    expect(isTimeZone('Mars/Olympus')).toBe(false)
    expect(isTimeZone('')).toBe(false)
  })

  test('a long date and a clock time in the zone, and whether two zones agree', () => {
    const instant = '2031-07-05T01:30:00.000Z'
    expect(longDateIn(instant, 'America/Los_Angeles')).toBe('Friday, July 4, 2031')
    expect(longDateIn(instant, 'Europe/London')).toBe('Saturday, July 5, 2031')
    expect(clockTimeIn(instant, 'America/Los_Angeles')).toBe('6:30 PM PDT')
    expect(sameClock(instant, 'America/Los_Angeles', 'America/Vancouver')).toBe(true)
    expect(sameClock(instant, 'America/Los_Angeles', 'America/New_York')).toBe(false)
  })
})
