import { and, asc, desc, eq, inArray, notInArray, sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { user } from '#server/db/schema/auth.ts'
import {
  billingCustomers,
  plans,
  promoRedemptions,
  stripeEvents,
  testCheckouts,
  userSubscriptions,
} from '#server/db/schema/billing.ts'
import { givesAccessAt } from '#server/platform/subscriptions.ts'

export const defaultPlans = [
  {
    id: 'full-access',
    name: 'Prestige Club',
    description: 'Full access to the career lab for one professional.',
    priceCents: 3999,
    features: [
      'Private job board with skill match',
      'Course marketplace',
      'Resume reviews by career coaches',
      'Career coach chat',
      'Events and community feed',
      'Live layoff tracker',
    ],
    sortOrder: 1,
  },
  {
    id: 'business',
    name: 'Business',
    description: 'Rotating student interns for small businesses and founders.',
    priceCents: 4900,
    features: [
      'Intern talent pool',
      'Unlimited job posts',
      'Intern matching',
      'Business resources',
      'Priority support',
    ],
    sortOrder: 2,
  },
] as const

/** spec 001 §9: the plans exist on every deployment; existing rows (edited by admins) are kept. */
export async function ensureDefaultPlans(db: Db) {
  await db
    .insert(plans)
    .values(defaultPlans.map((plan) => ({ ...plan, features: [...plan.features] })))
    .onConflictDoNothing()
}

export function listActivePlans(db: Db) {
  return db.select().from(plans).where(eq(plans.isActive, true)).orderBy(asc(plans.sortOrder), asc(plans.priceCents))
}

export function listAllPlans(db: Db) {
  return db.select().from(plans).orderBy(asc(plans.sortOrder), asc(plans.priceCents))
}

export async function findPlan(db: Db, planId: string) {
  const [plan] = await db.select().from(plans).where(eq(plans.id, planId))
  return plan
}

/** The plan, locked until the transaction ends (an admin edit reads what it changes), or undefined. */
export async function lockPlan(tx: Db, planId: string) {
  const [plan] = await tx.select().from(plans).where(eq(plans.id, planId)).for('update')
  return plan
}

export async function updatePlan(db: Db, planId: string, values: Partial<typeof plans.$inferInsert>) {
  const [plan] = await db
    .update(plans)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(plans.id, planId))
    .returning()
  return plan
}

/** The member's most recent subscription row (private: scoped by owner), and whether it gives access at `now`. */
export async function findLatestSubscription(db: Db, userId: string, now = new Date()) {
  const [row] = await db
    .select({ subscription: userSubscriptions, planName: plans.name, givesAccess: givesAccessAt(now) })
    .from(userSubscriptions)
    .leftJoin(plans, eq(plans.id, userSubscriptions.planId))
    .where(eq(userSubscriptions.userId, userId))
    .orderBy(desc(userSubscriptions.currentPeriodEnd), desc(userSubscriptions.updatedAt))
    .limit(1)
  return row
}

/** The member's subscriptions that give access now: one, normally (one membership per member). */
export function listActiveSubscriptions(db: Db, userId: string, now = new Date()) {
  return db
    .select({ planId: userSubscriptions.planId, stripeSubscriptionId: userSubscriptions.stripeSubscriptionId })
    .from(userSubscriptions)
    .where(and(eq(userSubscriptions.userId, userId), givesAccessAt(now)))
}

/** The member's subscription that gives access now, with its plan's name: the latest, should Stripe bill two (decision 012). */
export async function findActiveSubscription(db: Db, userId: string, now = new Date()) {
  const [row] = await db
    .select({ subscription: userSubscriptions, planName: plans.name })
    .from(userSubscriptions)
    .leftJoin(plans, eq(plans.id, userSubscriptions.planId))
    .where(and(eq(userSubscriptions.userId, userId), givesAccessAt(now)))
    .orderBy(desc(userSubscriptions.currentPeriodEnd), desc(userSubscriptions.updatedAt))
    .limit(1)
  return row
}

/** Serialises a member's subscription writes until the transaction ends (two test checkouts completed at once). */
export async function lockMemberBilling(tx: Db, userId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`billing:${userId}`}))`)
}

/** Every active subscription of the members who have more than one (admin only: across members). */
export function listSeveralActiveSubscriptions(db: Db, now = new Date()) {
  const doubled = db
    .select({ userId: userSubscriptions.userId })
    .from(userSubscriptions)
    .where(givesAccessAt(now))
    .groupBy(userSubscriptions.userId)
    .having(sql`count(*) > 1`)
  return db
    .select({
      userId: userSubscriptions.userId,
      name: user.name,
      email: user.email,
      stripeSubscriptionId: userSubscriptions.stripeSubscriptionId,
      planId: userSubscriptions.planId,
      planName: plans.name,
      status: userSubscriptions.status,
      currentPeriodEnd: userSubscriptions.currentPeriodEnd,
      startedAt: userSubscriptions.createdAt,
    })
    .from(userSubscriptions)
    .innerJoin(user, eq(user.id, userSubscriptions.userId))
    .leftJoin(plans, eq(plans.id, userSubscriptions.planId))
    .where(and(givesAccessAt(now), inArray(userSubscriptions.userId, doubled)))
    .orderBy(asc(user.email), asc(userSubscriptions.userId), asc(userSubscriptions.createdAt))
}

export async function findSubscriptionByStripeId(db: Db, stripeSubscriptionId: string) {
  const [row] = await db
    .select()
    .from(userSubscriptions)
    .where(eq(userSubscriptions.stripeSubscriptionId, stripeSubscriptionId))
  return row
}

export type SubscriptionState = {
  userId: string
  planId: string
  stripeSubscriptionId: string
  stripeCustomerId: string | null
  status: string
  currentPeriodStart: Date | null
  currentPeriodEnd: Date | null
  cancelAtPeriodEnd: boolean
  email: string | null
  /** when Stripe (or the test checkout) produced this state */
  stateAt: Date
}

/** Stripe's terminal statuses: such a subscription never becomes active again (a new checkout makes a new one). */
export const finalStatuses = ['canceled', 'incomplete_expired']

/**
 * Writes a subscription's state unless a newer state is already stored: events
 * that arrive late never move a subscription backwards. Returns whether it wrote.
 */
export async function upsertSubscriptionState(db: Db, state: SubscriptionState): Promise<boolean> {
  const notFinal = notInArray(userSubscriptions.status, finalStatuses)
  const notOlder = sql`(${userSubscriptions.stateAt} is null or ${userSubscriptions.stateAt} <= ${state.stateAt.toISOString()}::timestamptz)`
  const rows = await db
    .insert(userSubscriptions)
    .values({ ...state, updatedAt: new Date() })
    .onConflictDoUpdate({
      target: userSubscriptions.stripeSubscriptionId,
      set: {
        planId: state.planId,
        status: state.status,
        currentPeriodStart: state.currentPeriodStart,
        currentPeriodEnd: state.currentPeriodEnd,
        cancelAtPeriodEnd: state.cancelAtPeriodEnd,
        stripeCustomerId: sql`coalesce(excluded.stripe_customer_id, ${userSubscriptions.stripeCustomerId})`,
        stateAt: state.stateAt,
        updatedAt: new Date(),
      },
      // A final row is never rewritten: event times are whole seconds, so an update sent in the
      // same second as the deletion cannot be ordered by time. A final state, being final, is
      // stored whatever its time (no later truth can follow it).
      setWhere: finalStatuses.includes(state.status) ? notFinal : and(notFinal, notOlder),
    })
    .returning({ id: userSubscriptions.id })
  return rows.length > 0
}

export type LocalSubscriptionState = {
  /** the row: a subscription Stripe does not bill (test checkout, demo seed) has no Stripe id to address it by */
  rowId: string
  userId: string
  planId: string
  cancelAtPeriodEnd: boolean
  stateAt: Date
}

/** Writes a plan or cancellation change of a subscription Stripe does not bill, with the same rules as upsertSubscriptionState. */
export async function updateLocalSubscriptionState(db: Db, state: LocalSubscriptionState): Promise<boolean> {
  const rows = await db
    .update(userSubscriptions)
    .set({
      planId: state.planId,
      cancelAtPeriodEnd: state.cancelAtPeriodEnd,
      stateAt: state.stateAt,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(userSubscriptions.id, state.rowId),
        eq(userSubscriptions.userId, state.userId),
        notInArray(userSubscriptions.status, finalStatuses),
        sql`(${userSubscriptions.stateAt} is null or ${userSubscriptions.stateAt} <= ${state.stateAt.toISOString()}::timestamptz)`,
      ),
    )
    .returning({ id: userSubscriptions.id })
  return rows.length > 0
}

export async function findBillingCustomer(db: Db, userId: string) {
  const [row] = await db.select().from(billingCustomers).where(eq(billingCustomers.userId, userId))
  return row
}

export async function findUserIdByCustomer(db: Db, stripeCustomerId: string) {
  const [row] = await db
    .select({ userId: billingCustomers.userId })
    .from(billingCustomers)
    .where(eq(billingCustomers.stripeCustomerId, stripeCustomerId))
  return row?.userId
}

export function saveBillingCustomer(db: Db, userId: string, stripeCustomerId: string) {
  return db.insert(billingCustomers).values({ userId, stripeCustomerId }).onConflictDoNothing()
}

/** Records an event id (with why it changes nothing, if it does not); false when it was already processed (a replay). */
export async function claimStripeEvent(
  db: Db,
  id: string,
  type: string,
  ignoredReason: string | null = null,
): Promise<boolean> {
  const rows = await db
    .insert(stripeEvents)
    .values({ id, type, ignoredReason })
    .onConflictDoNothing()
    .returning({ id: stripeEvents.id })
  return rows.length > 0
}

export function markStripeEventIgnored(db: Db, id: string, reason: string) {
  return db.update(stripeEvents).set({ ignoredReason: reason }).where(eq(stripeEvents.id, id))
}

export async function findPromoRedemption(db: Db, userId: string) {
  const [row] = await db.select().from(promoRedemptions).where(eq(promoRedemptions.userId, userId))
  return row
}

export function reservePromo(db: Db, userId: string, code: string) {
  return db
    .insert(promoRedemptions)
    .values({ userId, code })
    .onConflictDoUpdate({
      target: promoRedemptions.userId,
      set: { code, createdAt: new Date() },
      setWhere: sql`${promoRedemptions.status} = 'reserved'`,
    })
}

export function markPromoUsed(db: Db, userId: string) {
  return db
    .update(promoRedemptions)
    .set({ status: 'used', usedAt: new Date() })
    .where(eq(promoRedemptions.userId, userId))
}

export async function insertTestCheckout(db: Db, values: typeof testCheckouts.$inferInsert) {
  const [row] = await db.insert(testCheckouts).values(values).returning()
  return row!
}

/** A member's own open test checkout; another member's answers the same as a missing one. */
export async function findOpenTestCheckout(db: Db, id: string, userId: string) {
  const [row] = await db
    .select({ checkout: testCheckouts, planName: plans.name, priceCents: plans.priceCents })
    .from(testCheckouts)
    .innerJoin(plans, eq(plans.id, testCheckouts.planId))
    .where(and(eq(testCheckouts.id, id), eq(testCheckouts.userId, userId)))
  return row
}

/** Closes an open test checkout; false when it was not open (completed twice at once). */
export async function completeTestCheckoutRow(db: Db, id: string) {
  const rows = await db
    .update(testCheckouts)
    .set({ status: 'completed', completedAt: new Date() })
    .where(and(eq(testCheckouts.id, id), eq(testCheckouts.status, 'open')))
    .returning({ id: testCheckouts.id })
  return rows.length > 0
}
