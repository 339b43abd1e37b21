import type { Db } from '#server/db/client.ts'
import { canonicalTimeZone, localDay } from '#shared/goals/calendar.ts'
import * as queries from './queries.ts'

// 'Today' is the member's day, not the server's (issue 21): the zone on their
// profile; while it has none, the browser's zone it sends (kept on the profile, so
// every later request and the daily nudge agree); else UTC.

/** The member's time zone; `browserZone` is adopted when the profile has none and Intl knows it. */
export async function memberZone(tx: Db, userId: string, browserZone?: string): Promise<string> {
  const stored = await queries.findTimeZone(tx, userId)
  if (stored) return stored
  const adopted = browserZone ? canonicalTimeZone(browserZone) : null
  if (!adopted) return 'UTC'
  return queries.adoptTimeZone(tx, userId, adopted)
}

/** The member's zone and today's date in it. */
export async function memberToday(tx: Db, userId: string, browserZone?: string, now = new Date()) {
  const timeZone = await memberZone(tx, userId, browserZone)
  return { timeZone, today: localDay(now, timeZone) }
}
