import { calendarCells } from './constants.ts'
import type { Streak } from './schemas.ts'

// Days as the member lives them (issue 21): a day is 'YYYY-MM-DD' in the member's
// own time zone, never the server's. Pure functions, used by the server (today,
// the calendar, the streaks) and by the web (the grid), so both count alike.

const dayPattern = /^(\d{4})-(\d{2})-(\d{2})$/
const monthPattern = /^(\d{4})-(0[1-9]|1[0-2])$/
const msPerDay = 86_400_000

/** One formatter per zone: building an Intl.DateTimeFormat costs far more than using one. */
const formatters = new Map<string, Intl.DateTimeFormat>()

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone)
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
    formatters.set(timeZone, formatter)
  }
  return formatter
}

function localParts(instant: Date, timeZone: string) {
  const parts: Record<string, string> = {}
  for (const part of formatterFor(timeZone).formatToParts(instant)) parts[part.type] = part.value
  return parts
}

/** The date `instant` falls on in `timeZone`, as 'YYYY-MM-DD'. */
export function localDay(instant: Date, timeZone: string): string {
  const parts = localParts(instant, timeZone)
  return `${parts.year}-${parts.month}-${parts.day}`
}

/** The hour (0-23) `instant` falls in, in `timeZone`. */
export function localHour(instant: Date, timeZone: string): number {
  return Number(localParts(instant, timeZone).hour)
}

/**
 * The zone as kept on a profile ('america/new_york' -> 'America/New_York'), or null
 * when Intl does not know it. ICU resolves some zones to their older IANA names
 * (Asia/Kolkata to Asia/Calcutta, Europe/Kyiv to Europe/Kiev): such a name is kept
 * as the member's browser or form gave it, only its case is taken from ICU.
 */
export function canonicalTimeZone(zone: string): string | null {
  if (!zone || zone.length > 64) return null
  try {
    const resolved = new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone
    return resolved.toLowerCase() === zone.toLowerCase() ? resolved : zone
  } catch {
    return null
  }
}

/** Whether `zone` is a time zone Intl knows (an IANA name such as 'Europe/Paris', or 'UTC'). */
export function isValidTimeZone(zone: string): boolean {
  return canonicalTimeZone(zone) !== null
}

/** Milliseconds of a 'YYYY-MM-DD' at midnight UTC, or NaN for anything that is no real date. */
function dayMs(day: string): number {
  const match = dayPattern.exec(day)
  if (!match) return Number.NaN
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const ms = Date.UTC(year, month - 1, date)
  const back = new Date(ms)
  // Date.UTC rolls 02-30 over to 03-02: such a day does not exist
  if (back.getUTCFullYear() !== year || back.getUTCMonth() !== month - 1 || back.getUTCDate() !== date)
    return Number.NaN
  return ms
}

function dayOfMs(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10)
}

/** Whether `day` is a real calendar date written 'YYYY-MM-DD' (years 1000-9999). */
export function isValidDay(day: string): boolean {
  return !Number.isNaN(dayMs(day)) && day >= '1000-01-01'
}

/** Whether `month` is written 'YYYY-MM' with a month 01-12. */
export function isValidMonth(month: string): boolean {
  return monthPattern.test(month)
}

/** `day` moved by `n` days (negative: earlier), across months and years. */
export function addDays(day: string, n: number): string {
  const ms = dayMs(day)
  if (Number.isNaN(ms)) throw new RangeError(`Not a day: ${day}`)
  return dayOfMs(ms + n * msPerDay)
}

/** Days from 1970-01-01 to `day`: the built-in content's rotation counts with it. */
export function dayNumber(day: string): number {
  const ms = dayMs(day)
  if (Number.isNaN(ms)) throw new RangeError(`Not a day: ${day}`)
  return Math.round(ms / msPerDay)
}

/** `month` moved by `n` months ('2025-12', 1 -> '2026-01'). */
export function addMonths(month: string, n: number): string {
  const match = monthPattern.exec(month)
  if (!match) throw new RangeError(`Not a month: ${month}`)
  const index = Number(match[1]) * 12 + Number(match[2]) - 1 + n
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`
}

/**
 * spec 001 §9 Calendar grid: the month in 42 cells (six weeks), weeks starting on
 * Sunday; the days of the weeks around it fill the first and last rows.
 */
export function calendarGrid(month: string): Array<{ day: string; inMonth: boolean }> {
  if (!monthPattern.test(month)) throw new RangeError(`Not a month: ${month}`)
  const first = dayMs(`${month}-01`)
  const start = first - new Date(first).getUTCDay() * msPerDay
  return Array.from({ length: calendarCells }, (_, index) => {
    const day = dayOfMs(start + index * msPerDay)
    return { day, inMonth: day.startsWith(month) }
  })
}

/**
 * The member's streaks from the days they completed their routine: `current` is the
 * run of consecutive completed days ending today, or ending yesterday while today is
 * not completed yet (the day is not over); `longest` is the longest run there is.
 */
export function streaks(completedDays: readonly string[], today: string): Streak {
  const days = [...new Set(completedDays)].filter((day) => !Number.isNaN(dayMs(day))).sort()
  let longest = 0
  let run = 0
  let previous = Number.NaN
  for (const day of days) {
    const ms = dayMs(day)
    run = ms - previous === msPerDay ? run + 1 : 1
    previous = ms
    longest = Math.max(longest, run)
  }
  const completed = new Set(days)
  let cursor = completed.has(today) ? today : addDays(today, -1)
  let current = 0
  while (completed.has(cursor)) {
    current++
    cursor = addDays(cursor, -1)
  }
  return { current, longest }
}
