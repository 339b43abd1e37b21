import { boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { user } from './auth.ts'

// spec 001 §3 Plan, §9 plans: stored so that admins can change prices and Stripe price ids.
export const plans = pgTable('plans', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  priceCents: integer('price_cents').notNull(),
  interval: text('interval').notNull().default('month'),
  stripePriceId: text('stripe_price_id'),
  features: text('features').array().notNull().default([]),
  isActive: boolean('is_active').notNull().default(true),
  sortOrder: integer('sort_order').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

// spec 000 §3 user_subscriptions. subscribed = status active (or trialing, the
// free month) and current_period_end in the future (spec 000 §4, docs/decisions/006).
export const userSubscriptions = pgTable(
  'user_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    planId: text('plan_id').notNull(),
    status: text('status').notNull(),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    stripeCustomerId: text('stripe_customer_id'),
    stripeSubscriptionId: text('stripe_subscription_id').unique(),
    email: text('email'),
    // the time of the Stripe event (or test checkout) that set this state: older events never overwrite it
    stateAt: timestamp('state_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('user_subscriptions_user_id_idx').on(table.userId)],
)

/** One Stripe customer per member, reused by every checkout and the billing portal. */
export const billingCustomers = pgTable('billing_customers', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  stripeCustomerId: text('stripe_customer_id').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

/** Each Stripe event id is processed once: a replay finds its row and changes nothing. */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  // why the event changed no subscription (null: it was applied). Such events are still
  // answered 2xx, since Stripe retries anything else for days and a retry cannot help.
  ignoredReason: text('ignored_reason'),
  processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
})

/** One free month per member (spec 000 §4 Promo): reserved at checkout, used when the subscription starts. */
export const promoRedemptions = pgTable('promo_redemptions', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  code: text('code').notNull(),
  status: text('status').notNull().default('reserved'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  usedAt: timestamp('used_at', { withTimezone: true }),
})

/** The test checkout of the embedded default (no STRIPE_SECRET_KEY): no card is charged. */
export const testCheckouts = pgTable(
  'test_checkouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    planId: text('plan_id')
      .notNull()
      .references(() => plans.id),
    trialDays: integer('trial_days').notNull().default(0),
    promoCode: text('promo_code'),
    status: text('status').notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (table) => [
    // foreign key indexes (issue 23 §5): deleting an account, or a plan, finds its checkouts by these
    index('test_checkouts_user_idx').on(table.userId),
    index('test_checkouts_plan_idx').on(table.planId),
  ],
)
