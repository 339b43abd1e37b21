// How the goals pages write days and streaks. A day is 'YYYY-MM-DD' in the member's
// own zone already (shared/goals/schemas.ts): it is formatted as that calendar date,
// in UTC, so no browser zone moves it to the day before.

const longDay = new Intl.DateTimeFormat('en-US', {
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
})
const shortDay = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' })
const monthName = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' })

const utcDate = (day: string) => new Date(`${day}T00:00:00Z`)

/** 'Saturday, July 4, 2026' */
export function formatLongDay(day: string): string {
  return longDay.format(utcDate(day))
}

/** 'Jul 4, 2026' */
export function formatShortDay(day: string): string {
  return shortDay.format(utcDate(day))
}

/** 'July 2026' of '2026-07' */
export function formatMonth(month: string): string {
  return monthName.format(utcDate(`${month}-01`))
}

/** '1-day streak', '12-day streak' */
export function streakLabel(days: number): string {
  return `${days}-day streak`
}

/** '1 day', '3 days' */
export function daysLabel(days: number): string {
  return days === 1 ? '1 day' : `${days} days`
}
