// Event times (issue 17). An event happens at a wall-clock date and time in a
// place's IANA time zone (the admin form's date, time and zone); it is stored as
// one instant (UTC) with that zone. Members see it in their own zone, with the
// event's shown beside it when they differ; e-mails and calendar files use the
// event's zone and UTC. Only Intl: no time-zone data of our own to go stale.

const datePattern = /^(\d{4})-(\d{2})-(\d{2})$/
const timePattern = /^([01]\d|2[0-3]):([0-5]\d)$/

/** Whether `zone` is an IANA time zone this runtime knows ('Europe/Paris', 'UTC'). */
export function isTimeZone(zone: string): boolean {
  if (!zone || zone.length > 64) return false
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone })
    return true
  } catch {
    return false
  }
}

/** 'YYYY-MM-DD' naming a real calendar day. */
export function isCalendarDate(text: string): boolean {
  const match = datePattern.exec(text)
  if (!match) return false
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const date = new Date(Date.UTC(year, month - 1, day))
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
}

/** 'HH:MM', 24-hour. */
export const isClockTime = (text: string) => timePattern.test(text)

const partFormatters = new Map<string, Intl.DateTimeFormat>()
function partFormatter(zone: string) {
  let formatter = partFormatters.get(zone)
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
    partFormatters.set(zone, formatter)
  }
  return formatter
}

function wallClockOf(instant: number, zone: string) {
  const parts = Object.fromEntries(
    partFormatter(zone)
      .formatToParts(new Date(instant))
      .map((p) => [p.type, p.value]),
  )
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  }
}

/** How far `zone`'s wall clock is ahead of UTC at `instant`, in ms. */
function offsetAt(instant: number, zone: string): number {
  const clock = wallClockOf(instant, zone)
  const asUtc = Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute, clock.second)
  return asUtc - Math.floor(instant / 1000) * 1000
}

/**
 * The instant when `zone`'s clocks show `date` `time`. A time skipped by a
 * daylight-saving change (02:30 on a spring-forward night) lands just after the
 * gap, as calendars do; a repeated one takes its first occurrence.
 */
export function zonedToUtc(date: string, time: string, zone: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number]
  const [hour, minute] = time.split(':').map(Number) as [number, number]
  const wall = Date.UTC(year, month - 1, day, hour, minute)
  const first = wall - offsetAt(wall, zone)
  const second = wall - offsetAt(first, zone)
  if (first === second) return new Date(first)
  // across a change: take the earlier instant that shows this wall time, else the later
  const candidates = [first, second].sort((a, b) => a - b)
  const showing = candidates.find((instant) => instant + offsetAt(instant, zone) === wall)
  return new Date(showing ?? candidates[1]!)
}

const two = (n: number) => String(n).padStart(2, '0')

/** The date ('YYYY-MM-DD') and time ('HH:MM') `zone`'s clocks show at `instant`: the admin form's fields. */
export function wallTimeIn(instant: Date | string, zone: string): { date: string; time: string } {
  const clock = wallClockOf(new Date(instant).getTime(), zone)
  return {
    date: `${clock.year}-${two(clock.month)}-${two(clock.day)}`,
    time: `${two(clock.hour)}:${two(clock.minute)}`,
  }
}

/** 'Tuesday, December 8, 2026' in `zone` (spec 001 §2: long date). */
export function longDateIn(instant: Date | string, zone: string): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  }).format(new Date(instant))
}

/** '3:00 PM PST' in `zone`. */
export function clockTimeIn(instant: Date | string, zone: string): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(new Date(instant))
}

/** Whether two zones show the same clock at `instant` (then one time is enough). */
export function sameClock(instant: Date | string, zone: string, other: string): boolean {
  const at = new Date(instant).getTime()
  return offsetAt(at, zone) === offsetAt(at, other)
}
