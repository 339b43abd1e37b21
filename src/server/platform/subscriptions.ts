import { and, eq, gt, inArray, sql, type SQL } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { userSubscriptions } from '#server/db/schema/billing.ts'
import type { SubscriptionCache } from '#server/platform/context.ts'
import { sessionCookieCacheSeconds } from '#shared/constants.ts'

/** Stripe statuses that give access: active, and trialing (the promo's free month; docs/decisions/006). */
const accessGrantingStatuses = ['active', 'trialing']

/**
 * THE subscription rule (spec 000 §4): a user_subscriptions row gives access at
 * `now` when its status grants access and its current period ends after `now`.
 * A condition on the row, for every query that asks (the access check here,
 * billing's memberships); true or false, never null (a row without a period end
 * gives no access), so it can be selected as a column too.
 */
export function givesAccessAt(now: Date): SQL<boolean> {
  return sql<boolean>`coalesce(${and(
    inArray(userSubscriptions.status, accessGrantingStatuses),
    gt(userSubscriptions.currentPeriodEnd, now),
  )}, false)`
}

/** Whether the member holds a subscription that gives access now: what the access table reads as "subscribed". */
export async function hasActiveSubscription(db: Db, userId: string, now = new Date()): Promise<boolean> {
  const rows = await db
    .select({ id: userSubscriptions.id })
    .from(userSubscriptions)
    .where(and(eq(userSubscriptions.userId, userId), givesAccessAt(now)))
    .limit(1)
  return rows.length > 0
}

// The subscription state is remembered for the same short window as the
// session cookie cache, so a premium request costs no extra round trip on most
// requests; writers call forget() (docs/decisions/003-session-and-subscription-cache.md).
export function createSubscriptionCache(db: Db, ttlMs = sessionCookieCacheSeconds * 1000): SubscriptionCache {
  const entries = new Map<string, { value: boolean; expiresAt: number }>()
  return {
    async get(userId) {
      const now = Date.now()
      const hit = entries.get(userId)
      if (hit && hit.expiresAt > now) return hit.value
      const value = await hasActiveSubscription(db, userId)
      if (entries.size > 100_000) entries.clear()
      entries.set(userId, { value, expiresAt: now + ttlMs })
      return value
    },
    forget: (userId) => void entries.delete(userId),
  }
}
