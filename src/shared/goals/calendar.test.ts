import { describe, expect, test } from 'vitest'
import {
  addDays,
  addMonths,
  calendarGrid,
  canonicalTimeZone,
  dayNumber,
  isValidDay,
  isValidMonth,
  isValidTimeZone,
  localDay,
  localHour,
  streaks,
} from './calendar.ts'

// The member's own days (issue 21; spec 001 §9 Calendar grid): today in their zone,
// the 42-cell grid, and the streaks the calendar and the routine page show.

describe("a member's day in their time zone", () => {
  test('one instant is a different date on either side of the date line', () => {
    const instant = new Date('2026-03-10T23:30:00Z')
    expect(localDay(instant, 'UTC')).toBe('2026-03-10')
    expect(localDay(instant, 'Pacific/Kiritimati')).toBe('2026-03-11') // UTC+14
    expect(localDay(instant, 'Pacific/Pago_Pago')).toBe('2026-03-10') // UTC-11
    expect(localDay(new Date('2026-03-10T10:59:00Z'), 'Pacific/Pago_Pago')).toBe('2026-03-09')
    expect(localDay(new Date('2026-03-10T10:00:00Z'), 'Pacific/Kiritimati')).toBe('2026-03-11')
  })

  test('daylight saving time moves the local date and hour with it', () => {
    // New York: UTC-5 in winter, UTC-4 in summer
    expect(localDay(new Date('2026-01-15T04:30:00Z'), 'America/New_York')).toBe('2026-01-14')
    expect(localDay(new Date('2026-07-15T04:30:00Z'), 'America/New_York')).toBe('2026-07-15')
    expect(localHour(new Date('2026-01-15T12:00:00Z'), 'America/New_York')).toBe(7)
    expect(localHour(new Date('2026-07-15T11:00:00Z'), 'America/New_York')).toBe(7)
    expect(localHour(new Date('2026-07-15T00:10:00Z'), 'UTC')).toBe(0)
    // India is UTC+5:30: 01:30 UTC is 07:00 there
    expect(localHour(new Date('2026-07-15T01:30:00Z'), 'Asia/Kolkata')).toBe(7)
  })

  test('only zones Intl knows are valid, and they are kept under their canonical names', () => {
    expect(isValidTimeZone('Europe/Paris')).toBe(true)
    expect(isValidTimeZone('UTC')).toBe(true)
    expect(isValidTimeZone('Mars/Olympus_Mons')).toBe(false)
    expect(isValidTimeZone('')).toBe(false)
    expect(isValidTimeZone('x'.repeat(100))).toBe(false)
    expect(canonicalTimeZone('america/new_york')).toBe('America/New_York')
    // ICU's older names are not forced on the member: their own (current) name is kept
    expect(canonicalTimeZone('Asia/Kolkata')).toBe('Asia/Kolkata')
    expect(canonicalTimeZone('Europe/Kyiv')).toBe('Europe/Kyiv')
  })
})

describe('days and months', () => {
  test('adding days crosses months, years and leap days', () => {
    expect(addDays('2026-01-31', 1)).toBe('2026-02-01')
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01')
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31')
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29')
    expect(addDays('2023-02-28', 1)).toBe('2023-03-01')
    expect(addDays('2026-03-01', -365)).toBe('2025-03-01')
    expect(dayNumber('1970-01-02')).toBe(1)
    expect(addMonths('2025-12', 1)).toBe('2026-01')
    expect(addMonths('2026-01', -1)).toBe('2025-12')
  })

  test('only real dates and months are valid', () => {
    expect(isValidDay('2024-02-29')).toBe(true)
    expect(isValidDay('2023-02-29')).toBe(false)
    expect(isValidDay('2026-04-31')).toBe(false)
    expect(isValidDay('2026-13-01')).toBe(false)
    expect(isValidDay('2026-1-01')).toBe(false)
    expect(isValidMonth('2026-12')).toBe(true)
    expect(isValidMonth('2026-00')).toBe(false)
    expect(() => addDays('2026-02-30', 1)).toThrow(RangeError)
  })
})

describe('the calendar grid (spec 001 §9: 42 cells, weeks start on Sunday)', () => {
  const weekday = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay()

  test('a month starting on Sunday begins the grid with its first day', () => {
    const grid = calendarGrid('2026-02') // 1 February 2026 is a Sunday
    expect(grid).toHaveLength(42)
    expect(grid[0]).toEqual({ day: '2026-02-01', inMonth: true })
    expect(grid.filter((cell) => cell.inMonth)).toHaveLength(28)
    expect(grid[28]).toEqual({ day: '2026-03-01', inMonth: false })
    expect(grid[41]).toEqual({ day: '2026-03-14', inMonth: false })
  })

  test('a month starting on Saturday has six days of the month before in its first row', () => {
    const grid = calendarGrid('2025-11') // 1 November 2025 is a Saturday
    expect(grid).toHaveLength(42)
    expect(grid.slice(0, 6).map((cell) => cell.day)).toEqual([
      '2025-10-26',
      '2025-10-27',
      '2025-10-28',
      '2025-10-29',
      '2025-10-30',
      '2025-10-31',
    ])
    expect(grid.slice(0, 6).every((cell) => !cell.inMonth)).toBe(true)
    expect(grid[6]).toEqual({ day: '2025-11-01', inMonth: true })
    expect(grid[35]).toEqual({ day: '2025-11-30', inMonth: true }) // 30 days from cell 6: the sixth row is needed
    expect(grid[41]).toEqual({ day: '2025-12-06', inMonth: false })
  })

  test('February of a leap year has 29 days in the grid, and every row starts on a Sunday', () => {
    for (const month of ['2024-02', '2028-02', '2000-02']) {
      const grid = calendarGrid(month)
      expect(grid).toHaveLength(42)
      expect(grid.filter((cell) => cell.inMonth).map((cell) => cell.day)).toContain(`${month}-29`)
      expect(grid.filter((cell) => cell.inMonth)).toHaveLength(29)
      for (let row = 0; row < 6; row++) expect(weekday(grid[row * 7]!.day)).toBe(0)
    }
    expect(calendarGrid('2100-02').filter((cell) => cell.inMonth)).toHaveLength(28) // not a leap year
  })

  test('the grid across a year boundary', () => {
    const grid = calendarGrid('2026-01') // 1 January 2026 is a Thursday
    expect(grid[0]!.day).toBe('2025-12-28')
    expect(grid[4]).toEqual({ day: '2026-01-01', inMonth: true })
    expect(new Set(grid.map((cell) => cell.day)).size).toBe(42)
  })
})

describe('streaks', () => {
  test('the current streak ends today, or yesterday while today is not completed yet', () => {
    const days = ['2026-03-08', '2026-03-09', '2026-03-10']
    expect(streaks(days, '2026-03-10')).toEqual({ current: 3, longest: 3 })
    expect(streaks(days, '2026-03-11')).toEqual({ current: 3, longest: 3 }) // today still open
    expect(streaks(days, '2026-03-12')).toEqual({ current: 0, longest: 3 }) // yesterday missed
    expect(streaks([], '2026-03-12')).toEqual({ current: 0, longest: 0 })
  })

  test('runs continue across month and year boundaries', () => {
    const days = ['2025-12-30', '2025-12-31', '2026-01-01', '2026-01-02']
    expect(streaks(days, '2026-01-02')).toEqual({ current: 4, longest: 4 })
    const leap = ['2024-02-28', '2024-02-29', '2024-03-01']
    expect(streaks(leap, '2024-03-01')).toEqual({ current: 3, longest: 3 })
    const notLeap = ['2023-02-27', '2023-02-28', '2023-03-01']
    expect(streaks(notLeap, '2023-03-02')).toEqual({ current: 3, longest: 3 })
  })

  test('the longest run is kept apart from the current one; duplicates and order do not matter', () => {
    const days = ['2026-01-05', '2026-01-01', '2026-01-02', '2026-01-03', '2026-01-04', '2026-02-10', '2026-02-11']
    expect(streaks([...days, '2026-01-03'], '2026-02-11')).toEqual({ current: 2, longest: 5 })
    expect(streaks(days, '2026-02-20')).toEqual({ current: 0, longest: 5 })
    // a gap of one day breaks a run
    expect(streaks(['2026-04-29', '2026-05-01'], '2026-05-01')).toEqual({ current: 1, longest: 1 })
  })

  test("a member's streak follows their own dates: a day completed in their zone counts in their zone", () => {
    // completing on the evening of 10 March in Pago Pago is 11 March in UTC: the
    // member's days come from their zone, so the run is unbroken
    const completedAt = [new Date('2026-03-10T09:00:00Z'), new Date('2026-03-11T09:00:00Z')]
    const pagoPago = completedAt.map((instant) => localDay(instant, 'Pacific/Pago_Pago'))
    expect(pagoPago).toEqual(['2026-03-09', '2026-03-10'])
    expect(streaks(pagoPago, localDay(new Date('2026-03-11T12:00:00Z'), 'Pacific/Pago_Pago'))).toEqual({
      current: 2,
      longest: 2,
    })
  })
})
