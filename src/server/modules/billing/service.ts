import type Stripe from 'stripe'
import { withTransaction, type Db } from '#server/db/client.ts'
import { AppError } from '#server/platform/app-error.ts'
import type { Ctx, Deps } from '#server/platform/context.ts'
import { requireAdmin, requireUser } from '#server/platform/guards.ts'
import { accessGrantingStatuses } from '#server/platform/subscriptions.ts'
import {
  billingMessages,
  paymentMessages,
  promoTrialDays,
  type ActivePromo,
  type AdminPlan,
  type CheckoutInput,
  type CheckoutResponse,
  type MyBilling,
  type Plan,
  type PromoCodeInput,
  type TestCheckout,
  type UpdatePlanValues,
} from '#shared/billing/schemas.ts'
import * as queries from './queries.ts'

type PlanRow = NonNullable<Awaited<ReturnType<typeof queries.findPlan>>>

function toPlan(row: PlanRow): Plan {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    priceCents: row.priceCents,
    interval: row.interval === 'year' ? 'year' : 'month',
    features: row.features,
    isActive: row.isActive,
  }
}

export async function listPlans(ctx: Ctx): Promise<{ plans: Plan[] }> {
  return { plans: (await queries.listActivePlans(ctx.deps.db)).map(toPlan) }
}

function isSubscribed(status: string, periodEnd: Date | null, now = new Date()) {
  return (accessGrantingStatuses as readonly string[]).includes(status) && Boolean(periodEnd && periodEnd > now)
}

export async function getMyBilling(ctx: Ctx): Promise<MyBilling> {
  const user = requireUser(ctx)
  const { db, payments } = ctx.deps
  const [latest, customer] = await Promise.all([queries.findLatestSubscription(db, user.id), queries.findBillingCustomer(db, user.id)])
  const subscription = latest?.subscription
  return {
    subscription: subscription
      ? {
          planId: subscription.planId,
          planName: latest.planName ?? subscription.planId,
          status: subscription.status,
          currentPeriodEnd: subscription.currentPeriodEnd?.toISOString() ?? null,
          cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
          subscribed: isSubscribed(subscription.status, subscription.currentPeriodEnd),
        }
      : null,
    canManageBilling: Boolean(payments && customer),
  }
}

// ---- promo (spec 000 §4, §5) ----

/** spec 000 §5: the empty value or the promo word, case-insensitively; anything else is refused. */
function acceptedPromo(ctx: Ctx, code: string | undefined): string | null {
  const given = (code ?? '').trim()
  if (!given) return null
  const configured = ctx.deps.config.PROMO_CODE
  if (!configured || given.toUpperCase() !== configured.toUpperCase()) throw new AppError('VALIDATION', billingMessages.invalidPromo, { promoCode: billingMessages.invalidPromo })
  return configured.toUpperCase()
}

export function getActivePromo(ctx: Ctx): ActivePromo {
  const code = ctx.deps.config.PROMO_CODE
  return { promo: code ? { code: code.toUpperCase(), headline: billingMessages.promoHeadline, text: billingMessages.promoText } : null }
}

export function checkPromoCode(ctx: Ctx, input: PromoCodeInput) {
  acceptedPromo(ctx, input.code)
  return { valid: true }
}

// ---- checkout ----

export async function startCheckout(ctx: Ctx, input: CheckoutInput): Promise<CheckoutResponse> {
  const user = requireUser(ctx)
  const { db, payments, config } = ctx.deps
  const plan = await queries.findPlan(db, input.planId)
  if (!plan || !plan.isActive || plan.priceCents <= 0) throw new AppError('VALIDATION', paymentMessages.INVALID_PRICE_ID)

  const current = (await queries.findLatestSubscription(db, user.id))?.subscription
  if (current && current.planId === plan.id && isSubscribed(current.status, current.currentPeriodEnd)) {
    throw new AppError('CONFLICT', billingMessages.alreadySubscribed)
  }

  const promo = acceptedPromo(ctx, input.promoCode)
  if (promo) {
    const redemption = await queries.findPromoRedemption(db, user.id)
    if (redemption?.status === 'used') throw new AppError('CONFLICT', billingMessages.promoAlreadyUsed)
    await queries.reservePromo(db, user.id, promo)
  }
  const trialDays = promo ? promoTrialDays : 0

  if (!payments) {
    const checkout = await queries.insertTestCheckout(db, { userId: user.id, planId: plan.id, trialDays, promoCode: promo })
    return { url: `/subscription/test-checkout/${checkout.id}` }
  }

  if (!plan.stripePriceId) throw new AppError('VALIDATION', paymentMessages.INVALID_PRICE_ID)
  try {
    const customerId = await stripeCustomerFor(ctx, payments.stripe, user.id, user.email)
    const session = await payments.stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customerId,
      client_reference_id: user.id,
      line_items: [{ price: plan.stripePriceId, quantity: 1 }],
      // decision 006: cancel returns to the plans, not to /login as in spec 000 §7
      success_url: `${config.baseUrl}/prestige-club?checkout=success`,
      cancel_url: `${config.baseUrl}/subscription`,
      metadata: { userId: user.id, planId: plan.id, promo: promo ?? '' },
      subscription_data: {
        metadata: { userId: user.id, planId: plan.id },
        ...(trialDays ? { trial_period_days: trialDays } : {}),
      },
    })
    if (!session.url) throw new AppError('INTERNAL', paymentMessages.CHECKOUT_FAILED)
    return { url: session.url }
  } catch (error) {
    throw paymentServiceError(ctx, error, 'CHECKOUT_FAILED')
  }
}

async function stripeCustomerFor(ctx: Ctx, stripe: Stripe, userId: string, email: string) {
  const existing = await queries.findBillingCustomer(ctx.deps.db, userId)
  if (existing) return existing.stripeCustomerId
  const customer = await stripe.customers.create({ email, metadata: { userId } }, { idempotencyKey: `customer-${userId}` })
  await queries.saveBillingCustomer(ctx.deps.db, userId, customer.id)
  return customer.id
}

function paymentServiceError(ctx: Ctx, error: unknown, fallback: 'CHECKOUT_FAILED' | 'PORTAL_FAILED') {
  if (error instanceof AppError) return error
  ctx.logger.error({ err: error, requestId: ctx.requestId }, 'payment service call failed')
  const type = (error as { type?: string }).type
  if (type === 'StripeConnectionError' || type === 'StripeAPIError' || type === 'StripeRateLimitError') {
    return new AppError('INTERNAL', paymentMessages.SERVICE_UNAVAILABLE)
  }
  if (type === 'StripeInvalidRequestError') return new AppError('VALIDATION', paymentMessages.INVALID_PRICE_ID)
  return new AppError('INTERNAL', paymentMessages[fallback])
}

// ---- the one way a subscription changes: webhooks and the test checkout both come here ----

export type SubscriptionChange = queries.SubscriptionState & { promoUsed?: boolean }

/** Applies a subscription state in one transaction; older states than the stored one change nothing. */
export async function applySubscriptionChange(deps: Deps, tx: Db, change: SubscriptionChange): Promise<boolean> {
  const { promoUsed, ...state } = change
  const written = await queries.upsertSubscriptionState(tx, state)
  if (state.stripeCustomerId) await queries.saveBillingCustomer(tx, state.userId, state.stripeCustomerId)
  if (promoUsed) await queries.markPromoUsed(tx, state.userId)
  deps.subscriptionCache.forget(state.userId)
  return written
}

// ---- test checkout (no STRIPE_SECRET_KEY) ----

export async function getTestCheckout(ctx: Ctx, id: string): Promise<TestCheckout> {
  const user = requireUser(ctx)
  const found = await queries.findOpenTestCheckout(ctx.deps.db, id, user.id)
  if (!found) throw new AppError('NOT_FOUND', billingMessages.testCheckoutNotFound)
  return {
    id: found.checkout.id,
    planName: found.planName,
    priceCents: found.priceCents,
    trialDays: found.checkout.trialDays,
    status: found.checkout.status === 'completed' ? 'completed' : 'open',
  }
}

export async function completeTestCheckout(ctx: Ctx, id: string): Promise<{ redirectTo: string }> {
  const user = requireUser(ctx)
  const { deps } = ctx
  if (deps.payments) throw new AppError('NOT_FOUND', billingMessages.testCheckoutNotFound)
  const found = await queries.findOpenTestCheckout(deps.db, id, user.id)
  if (!found || found.checkout.status !== 'open') throw new AppError('NOT_FOUND', billingMessages.testCheckoutNotFound)
  const now = new Date()
  const days = found.checkout.trialDays || 30
  await withTransaction(deps.db, async (tx) => {
    if (!(await queries.completeTestCheckoutRow(tx, id))) throw new AppError('NOT_FOUND', billingMessages.testCheckoutNotFound)
    await applySubscriptionChange(deps, tx, {
      userId: user.id,
      planId: found.checkout.planId,
      stripeSubscriptionId: `test_${found.checkout.id}`,
      stripeCustomerId: null,
      status: found.checkout.trialDays ? 'trialing' : 'active',
      currentPeriodStart: now,
      currentPeriodEnd: new Date(now.getTime() + days * 86_400_000),
      cancelAtPeriodEnd: false,
      email: user.email,
      stateAt: now,
      promoUsed: Boolean(found.checkout.promoCode),
    })
  })
  return { redirectTo: '/prestige-club' }
}

// ---- Stripe webhooks ----

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null
  return typeof value === 'string' ? value : value.id
}

async function planIdForSubscription(db: Db, subscription: Stripe.Subscription): Promise<string> {
  if (subscription.metadata?.planId) return subscription.metadata.planId
  const priceId = subscription.items?.data?.[0]?.price?.id
  if (priceId) {
    const match = (await queries.listAllPlans(db)).find((plan) => plan.stripePriceId === priceId)
    if (match) return match.id
  }
  return priceId ?? 'unknown'
}

async function stateFromSubscription(db: Db, subscription: Stripe.Subscription, stateAt: Date, status?: string): Promise<SubscriptionChange | null> {
  const customerId = idOf(subscription.customer)
  const userId = subscription.metadata?.userId || (customerId ? await queries.findUserIdByCustomer(db, customerId) : undefined)
  if (!userId) return null
  // Stripe reports the billing period on the subscription item (recent API versions) or on the subscription (older ones)
  const item = subscription.items?.data?.[0] as (Stripe.SubscriptionItem & { current_period_start?: number; current_period_end?: number }) | undefined
  const legacy = subscription as unknown as { current_period_start?: number; current_period_end?: number }
  const start = item?.current_period_start ?? legacy.current_period_start
  const end = item?.current_period_end ?? legacy.current_period_end
  return {
    userId,
    planId: await planIdForSubscription(db, subscription),
    stripeSubscriptionId: subscription.id,
    stripeCustomerId: customerId,
    status: status ?? subscription.status,
    currentPeriodStart: start ? new Date(start * 1000) : null,
    currentPeriodEnd: end ? new Date(end * 1000) : null,
    cancelAtPeriodEnd: Boolean(subscription.cancel_at_period_end),
    email: null,
    stateAt,
  }
}

function invoiceSubscriptionId(invoice: Stripe.Invoice): string | null {
  const legacy = (invoice as unknown as { subscription?: string | { id: string } | null }).subscription
  const current = (invoice as unknown as { parent?: { subscription_details?: { subscription?: string | { id: string } } } }).parent?.subscription_details?.subscription
  return idOf(current ?? legacy ?? null)
}

/** What an event means for a subscription, reading the current subscription from Stripe where the event holds only its id. */
async function changeForEvent(deps: Deps, stripe: Stripe, event: Stripe.Event): Promise<SubscriptionChange | null> {
  const stateAt = new Date(event.created * 1000)
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object
      const subscriptionId = idOf(session.subscription as string | { id: string } | null)
      if (session.mode !== 'subscription' || !subscriptionId) return null
      const subscription = await stripe.subscriptions.retrieve(subscriptionId)
      if (!subscription.metadata?.userId && session.client_reference_id) {
        subscription.metadata = { ...subscription.metadata, userId: session.client_reference_id }
      }
      const change = await stateFromSubscription(deps.db, subscription, stateAt)
      return change && { ...change, email: session.customer_details?.email ?? null, promoUsed: Boolean(session.metadata?.promo) }
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
      return stateFromSubscription(deps.db, event.data.object, stateAt)
    case 'customer.subscription.deleted':
      return stateFromSubscription(deps.db, event.data.object, stateAt, 'canceled')
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      const subscriptionId = invoiceSubscriptionId(event.data.object)
      if (!subscriptionId) return null
      return stateFromSubscription(deps.db, await stripe.subscriptions.retrieve(subscriptionId), stateAt)
    }
    default:
      return null
  }
}

/** POST /api/billing/webhook: verified, processed once per event id, never backwards. */
export async function handleStripeWebhook(deps: Deps, payload: string, signature: string | undefined): Promise<{ received: true; duplicate?: true }> {
  const { payments, db, logger } = deps
  if (!payments || !signature) throw new AppError('VALIDATION', 'Invalid webhook signature')
  let event: Stripe.Event
  try {
    event = payments.stripe.webhooks.constructEvent(payload, signature, payments.webhookSecret)
  } catch {
    throw new AppError('VALIDATION', 'Invalid webhook signature')
  }
  const change = await changeForEvent(deps, payments.stripe, event)
  const processed = await withTransaction(db, async (tx) => {
    if (!(await queries.claimStripeEvent(tx, event.id, event.type))) return false
    if (change) await applySubscriptionChange(deps, tx, change)
    return true
  })
  logger.info({ eventId: event.id, type: event.type, duplicate: !processed, applied: Boolean(change) }, 'stripe event')
  return processed ? { received: true } : { received: true, duplicate: true }
}

// ---- billing portal ----

export async function openBillingPortal(ctx: Ctx): Promise<{ url: string }> {
  const user = requireUser(ctx)
  const { db, payments, config } = ctx.deps
  const latest = await queries.findLatestSubscription(db, user.id)
  if (!latest) throw new AppError('NOT_FOUND', billingMessages.noSubscription)
  const customer = await queries.findBillingCustomer(db, user.id)
  if (!customer || !payments) throw new AppError('NOT_FOUND', billingMessages.noCustomer)
  try {
    const session = await payments.stripe.billingPortal.sessions.create({ customer: customer.stripeCustomerId, return_url: `${config.baseUrl}/settings` })
    if (!session.url) throw new AppError('INTERNAL', billingMessages.noPortalUrl)
    return { url: session.url }
  } catch (error) {
    throw paymentServiceError(ctx, error, 'PORTAL_FAILED')
  }
}

// ---- admin ----

function toAdminPlan(row: PlanRow): AdminPlan {
  return { ...toPlan(row), stripePriceId: row.stripePriceId }
}

export async function listPlansForAdmin(ctx: Ctx): Promise<{ plans: AdminPlan[] }> {
  requireAdmin(ctx)
  return { plans: (await queries.listAllPlans(ctx.deps.db)).map(toAdminPlan) }
}

export async function updatePlanAsAdmin(ctx: Ctx, planId: string, input: UpdatePlanValues): Promise<{ plan: AdminPlan }> {
  requireAdmin(ctx)
  const updated = await queries.updatePlan(ctx.deps.db, planId, input)
  if (!updated) throw new AppError('NOT_FOUND', 'Plan not found')
  return { plan: toAdminPlan(updated) }
}
