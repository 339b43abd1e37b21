import { describe, expect, test } from 'vitest'
import { daysLabel, formatLongDay, formatMonth, formatShortDay, streakLabel } from './format.ts'
import { dayCellLabel } from './month-grid.tsx'

// A member's day is written as that calendar date, whatever zone the browser is in.

describe('days, months and streaks as the routine pages write them', () => {
  test('a day is its own calendar date, never the day before', () => {
    expect(formatLongDay('2026-03-01')).toBe('Sunday, March 1, 2026')
    expect(formatShortDay('2026-12-31')).toBe('Dec 31, 2026')
    expect(formatMonth('2026-02')).toBe('February 2026')
  })

  test('streaks and day counts in words', () => {
    expect(streakLabel(1)).toBe('1-day streak')
    expect(daysLabel(1)).toBe('1 day')
    expect(daysLabel(0)).toBe('0 days')
    expect(daysLabel(12)).toBe('12 days')
  })

  test('a calendar cell says whether it is today and whether the routine was completed', () => {
    expect(dayCellLabel('2026-03-01', { today: true, completed: true })).toBe('Sunday, March 1, 2026, today, completed')
    expect(dayCellLabel('2026-03-02', { today: false, completed: false })).toBe('Monday, March 2, 2026')
  })
})
