import { and, eq, gt, inArray } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { userSubscriptions } from '#server/db/schema/billing.ts'
import type { SubscriptionCache } from '#server/platform/context.ts'
import { sessionCookieCacheSeconds } from '#shared/constants.ts'

/** Stripe statuses that give access: active, and trialing (the promo's free month; docs/decisions/006). */
export const accessGrantingStatuses = ['active', 'trialing'] as const

/** spec 000 §4: subscribed = a row with status active whose current_period_end lies in the future. */
export async function hasActiveSubscription(db: Db, userId: string, now = new Date()): Promise<boolean> {
  const rows = await db
    .select({ id: userSubscriptions.id })
    .from(userSubscriptions)
    .where(
      and(
        eq(userSubscriptions.userId, userId),
        inArray(userSubscriptions.status, [...accessGrantingStatuses]),
        gt(userSubscriptions.currentPeriodEnd, now),
      ),
    )
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
