import { lte, sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { rateLimitWindows } from '#server/db/schema/platform.ts'
import { AppError } from '#server/platform/app-error.ts'
import { defineJob } from '#server/platform/queue.ts'

/** A limit as src/shared/constants.ts states them: at most `maxRequests` per key in each window. */
export type RateLimit = { readonly maxRequests: number; readonly windowSeconds: number }

/** The header of a 429 telling the client how many seconds to wait, rounded up (RFC 9110 §10.2.3). */
export function retryAfter(seconds: number): Record<string, string> {
  return { 'Retry-After': String(Math.ceil(seconds)) }
}

/**
 * A fixed-window counter per key (an IP address, an e-mail address), kept in the
 * database: every instance on one database counts into the same window, so two
 * instances do not double a limit (docs/decisions/022; 004 kept it per process).
 * One statement counts and reads, so concurrent hits never lose a count.
 */
export class RateLimiter {
  constructor(
    private readonly db: Db,
    /** Names this limit's windows apart from the other limits' ('sign-in', 'reset-mail'). */
    private readonly name: string,
    private readonly limit: RateLimit,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Counts one request of `key`: allowed while the window holds at most
   * maxRequests, and the seconds until the window ends. Pass the caller's
   * transaction as `db` when there is one (PGlite is a single connection).
   */
  async hit(key: string, db: Db = this.db): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
    const now = new Date(this.now())
    const windowEndsAt = new Date(now.getTime() + this.limit.windowSeconds * 1000)
    const ended = sql`${rateLimitWindows.windowEndsAt} <= ${now.toISOString()}::timestamptz`
    const [window] = await db
      .insert(rateLimitWindows)
      .values({ limiter: this.name, key, hits: 1, windowEndsAt })
      .onConflictDoUpdate({
        target: [rateLimitWindows.limiter, rateLimitWindows.key],
        // both expressions read the row as it was: a window that has ended starts again
        set: {
          hits: sql`case when ${ended} then 1 else ${rateLimitWindows.hits} + 1 end`,
          windowEndsAt: sql`case when ${ended} then excluded.window_ends_at else ${rateLimitWindows.windowEndsAt} end`,
        },
      })
      .returning({ hits: rateLimitWindows.hits, windowEndsAt: rateLimitWindows.windowEndsAt })
    const hits = window?.hits ?? 1
    const endsAt = window?.windowEndsAt ?? windowEndsAt
    return {
      allowed: hits <= this.limit.maxRequests,
      retryAfterSeconds: Math.max(1, (endsAt.getTime() - now.getTime()) / 1000),
    }
  }

  /**
   * Counts one request and refuses it over the limit: RATE_LIMITED with the
   * area's `message`, told to retry when the key's window ends.
   */
  async enforce(key: string, message: string, db: Db = this.db): Promise<void> {
    const { allowed, retryAfterSeconds } = await this.hit(key, db)
    if (!allowed) throw new AppError('RATE_LIMITED', message, undefined, retryAfter(retryAfterSeconds))
  }
}

/** Deletes the windows that have ended, so the table holds only live counts (a scheduled job). */
export async function deleteEndedRateLimitWindows(db: Db, now = new Date()): Promise<number> {
  const deleted = await db
    .delete(rateLimitWindows)
    .where(lte(rateLimitWindows.windowEndsAt, now))
    .returning({ key: rateLimitWindows.key })
  return deleted.length
}

/** Every 10 minutes: ended windows go, so the table holds only live counts. */
export const cleanRateLimitWindowsJob = defineJob<Record<string, never>>({
  name: 'clean-rate-limit-windows',
  retryLimit: 2,
  async run(_data, { deps, logger }) {
    const removed = await deleteEndedRateLimitWindows(deps.db)
    if (removed) logger.debug({ removed }, 'ended rate-limit windows removed')
  },
})
