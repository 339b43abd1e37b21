import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Database } from '#server/db/client.ts'
import { user } from '#server/db/schema/auth.ts'
import { userSubscriptions } from '#server/db/schema/billing.ts'
import { openTestDatabase } from '#server/testing/test-database.ts'
import { givesAccessAt, hasActiveSubscription } from './subscriptions.ts'

let database: Database
beforeAll(async () => {
  database = await openTestDatabase()
})
afterAll(async () => database?.close())

const now = new Date('2026-06-01T12:00:00Z')
const later = new Date('2026-07-01T12:00:00Z')
const earlier = new Date('2026-05-01T12:00:00Z')

/** A member holding one subscription row of `status` that ends at `periodEnd`. */
async function memberWith(status: string, periodEnd: Date | null) {
  const id = crypto.randomUUID()
  await database.db.insert(user).values({ id, name: 'Member', email: `${id}@example.com` })
  await database.db
    .insert(userSubscriptions)
    .values({ userId: id, planId: 'full-access', status, currentPeriodEnd: periodEnd })
  return id
}

async function ruleOf(userId: string) {
  const [row] = await database.db
    .select({ givesAccess: givesAccessAt(now) })
    .from(userSubscriptions)
    .where(eq(userSubscriptions.userId, userId))
  return row?.givesAccess
}

describe('the subscription rule (spec 000 §4)', () => {
  const cases: Array<[status: string, periodEnd: Date | null, givesAccess: boolean]> = [
    ['active', later, true],
    // the promo's free month (decision 006)
    ['trialing', later, true],
    ['active', earlier, false],
    ['active', now, false],
    ['active', null, false],
    ['past_due', later, false],
    ['canceled', later, false],
    ['incomplete', later, false],
  ]

  test.each(cases)('%s ending %s gives access: %s', async (status, periodEnd, givesAccess) => {
    const member = await memberWith(status, periodEnd)
    expect(await hasActiveSubscription(database.db, member, now)).toBe(givesAccess)
    // selected as a column it is a boolean, never null
    expect(await ruleOf(member)).toBe(givesAccess)
  })
})
