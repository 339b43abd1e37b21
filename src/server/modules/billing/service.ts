import type Stripe from 'stripe'
import { withTransaction, type Db } from '#server/db/client.ts'
import { AppError } from '#server/platform/app-error.ts'
import { recordAudit } from '#server/platform/audit.ts'
import type { Ctx, Deps } from '#server/platform/context.ts'
import { requireAdmin, requireUser, requireVerified } from '#server/platform/guards.ts'
import {
  billingMessages,
  paymentMessages,
  promoTrialDays,
  type ActivePromo,
  type AdminPlan,
  membershipMessages,
  type ChangePlanInput,
  type CheckoutInput,
  type CheckoutResponse,
  type MemberWithSeveralSubscriptions,
  type MyBilling,
  type Plan,
  type PromoCodeInput,
  type TestCheckout,
  type TestCheckoutCompleted,
  type UpdatePlanValues,
} from '#shared/billing/schemas.ts'
import * as queries from './queries.ts'
import { pathTo } from '#shared/pages.ts'

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

export async function getMyBilling(ctx: Ctx): Promise<MyBilling> {
  const user = requireUser(ctx)
  const { db, payments } = ctx.deps
  const [latest, customer, promo] = await Promise.all([
    queries.findLatestSubscription(db, user.id),
    queries.findBillingCustomer(db, user.id),
    queries.findPromoRedemption(db, user.id),
  ])
  const subscription = latest?.subscription
  return {
    subscription: subscription
      ? {
          planId: subscription.planId,
          planName: latest.planName ?? subscription.planId,
          status: subscription.status,
          currentPeriodEnd: subscription.currentPeriodEnd?.toISOString() ?? null,
          cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
          subscribed: latest.givesAccess,
        }
      : null,
    canManageBilling: Boolean(payments && customer),
    testMode: !payments,
    promoClaimed: Boolean(promo),
  }
}

// ---- promo (spec 000 §4, §5) ----

/** spec 000 §5: the empty value or the promo word, case-insensitively; anything else is refused. */
function acceptedPromo(ctx: Ctx, code: string | undefined): string | null {
  const given = (code ?? '').trim()
  if (!given) return null
  const configured = ctx.deps.config.PROMO_CODE
  if (!configured || given.toUpperCase() !== configured.toUpperCase())
    throw new AppError('VALIDATION', billingMessages.invalidPromo, { promoCode: billingMessages.invalidPromo })
  return configured.toUpperCase()
}

export function getActivePromo(ctx: Ctx): ActivePromo {
  const code = ctx.deps.config.PROMO_CODE
  return {
    promo: code
      ? { code: code.toUpperCase(), headline: billingMessages.promoHeadline, text: billingMessages.promoText }
      : null,
  }
}

export function checkPromoCode(ctx: Ctx, input: PromoCodeInput) {
  acceptedPromo(ctx, input.code)
  return { valid: true }
}

// ---- checkout ----

export async function startCheckout(ctx: Ctx, input: CheckoutInput): Promise<CheckoutResponse> {
  const user = requireVerified(ctx) // decision 014: paying needs a verified address
  const { db, payments, config } = ctx.deps
  const plan = await queries.findPlan(db, input.planId)
  if (!plan || !plan.isActive || plan.priceCents <= 0)
    throw new AppError('VALIDATION', paymentMessages.INVALID_PRICE_ID)

  const active = await queries.listActiveSubscriptions(db, user.id)
  if (active.some((row) => row.planId === plan.id)) throw new AppError('CONFLICT', billingMessages.alreadySubscribed)

  const promo = acceptedPromo(ctx, input.promoCode)
  if (promo && (await queries.findPromoRedemption(db, user.id))?.status === 'used')
    throw new AppError('CONFLICT', billingMessages.promoAlreadyUsed)
  // One membership per member: a second checkout would have Stripe bill both subscriptions,
  // so a plan change goes through the billing portal (checked after the promo, whose
  // refusal answers a promo checkout more precisely).
  if (active.length > 0) throw new AppError('CONFLICT', billingMessages.oneMembership)
  if (promo) await queries.reservePromo(db, user.id, promo)
  const trialDays = promo ? promoTrialDays : 0

  if (!payments) {
    const checkout = await queries.insertTestCheckout(db, {
      userId: user.id,
      planId: plan.id,
      trialDays,
      promoCode: promo,
    })
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
      success_url: `${config.baseUrl}${pathTo('prestigeClub')}?checkout=success`,
      cancel_url: `${config.baseUrl}${pathTo('subscription')}`,
      metadata: { userId: user.id, planId: plan.id, promo: promo ?? '' },
      subscription_data: {
        metadata: { userId: user.id, planId: plan.id },
        ...(trialDays ? { trial_period_days: trialDays } : {}),
      },
    })
    if (!session.url) throw new AppError('INTERNAL', paymentMessages.CHECKOUT_FAILED)
    return { url: session.url }
  } catch (error) {
    throw paymentServiceError(ctx, error, paymentMessages.CHECKOUT_FAILED)
  }
}

async function stripeCustomerFor(ctx: Ctx, stripe: Stripe, userId: string, email: string) {
  const existing = await queries.findBillingCustomer(ctx.deps.db, userId)
  if (existing) return existing.stripeCustomerId
  const customer = await stripe.customers.create(
    { email, metadata: { userId } },
    { idempotencyKey: `customer-${userId}` },
  )
  await queries.saveBillingCustomer(ctx.deps.db, userId, customer.id)
  return customer.id
}

function paymentServiceError(
  ctx: Ctx,
  error: unknown,
  fallback: string,
  invalidRequest: string = paymentMessages.INVALID_PRICE_ID,
) {
  if (error instanceof AppError) return error
  ctx.logger.error({ err: error, requestId: ctx.requestId }, 'payment service call failed')
  const type = (error as { type?: string }).type
  if (type === 'StripeConnectionError' || type === 'StripeAPIError' || type === 'StripeRateLimitError') {
    return new AppError('INTERNAL', paymentMessages.SERVICE_UNAVAILABLE)
  }
  if (type === 'StripeInvalidRequestError') return new AppError('VALIDATION', invalidRequest)
  return new AppError('INTERNAL', fallback)
}

// ---- the one way a subscription changes: webhooks and the test checkout both come here ----

export type SubscriptionChange = queries.SubscriptionState & { promoUsed?: boolean }

/**
 * Applies a subscription state in one transaction; older states than the stored one, and anything after a cancellation, change nothing.
 * A subscription Stripe does not bill (test checkout, demo seed) is addressed by its row (`rowId`): a plan change or cancellation in test mode.
 */
export async function applySubscriptionChange(
  deps: Deps,
  tx: Db,
  change: SubscriptionChange | queries.LocalSubscriptionState,
): Promise<boolean> {
  if ('rowId' in change) {
    const written = await queries.updateLocalSubscriptionState(tx, change)
    deps.subscriptionCache.forget(change.userId)
    return written
  }
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

export async function completeTestCheckout(ctx: Ctx, id: string): Promise<TestCheckoutCompleted> {
  const user = requireVerified(ctx) // decision 014: paying needs a verified address
  const { deps } = ctx
  if (deps.payments) throw new AppError('NOT_FOUND', billingMessages.testCheckoutNotFound)
  const found = await queries.findOpenTestCheckout(deps.db, id, user.id)
  if (!found || found.checkout.status !== 'open') throw new AppError('NOT_FOUND', billingMessages.testCheckoutNotFound)
  const now = new Date()
  const days = found.checkout.trialDays || 30
  await withTransaction(deps.db, async (tx) => {
    await queries.lockMemberBilling(tx, user.id)
    if (!(await queries.completeTestCheckoutRow(tx, id)))
      throw new AppError('NOT_FOUND', billingMessages.testCheckoutNotFound)
    // one membership per member: a checkout opened before another one completed is refused here (the row stays open)
    const active = await queries.listActiveSubscriptions(tx, user.id, now)
    if (active.length > 0) {
      throw new AppError(
        'CONFLICT',
        active.some((row) => row.planId === found.checkout.planId)
          ? billingMessages.alreadySubscribed
          : billingMessages.oneMembership,
      )
    }
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
  return { redirectTo: '/prestige-club', planName: found.planName }
}

// ---- Stripe webhooks ----

/**
 * Why a verified event changes no subscription. It is still recorded and answered 2xx:
 * Stripe retries any other answer for days, and a retry would meet the same event.
 * `unexpected` ones are logged as warnings (Stripe does not send them in normal operation).
 */
type Ignored = { ignored: string; unexpected: boolean }
const ignore = (reason: string, unexpected = false): Ignored => ({ ignored: reason, unexpected })
const olderThanStored = 'a newer state or a final cancellation of the subscription is already stored'

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null
  return typeof value === 'string' ? value : value.id
}

/**
 * The plan Stripe bills: the price of the subscription's item first, since a plan changed in the
 * billing portal changes the price and leaves the metadata of the checkout as it was (decision 013);
 * the metadata when no plan has that price (plans without a Stripe price id).
 */
async function planIdForSubscription(db: Db, subscription: Stripe.Subscription): Promise<string> {
  const priceId = subscription.items?.data?.[0]?.price?.id
  if (priceId) {
    const match = (await queries.listAllPlans(db)).find((plan) => plan.stripePriceId === priceId)
    if (match) return match.id
  }
  return subscription.metadata?.planId || (priceId ?? 'unknown')
}

async function stateFromSubscription(
  db: Db,
  subscription: Stripe.Subscription,
  stateAt: Date,
  status?: string,
): Promise<SubscriptionChange | Ignored> {
  if (typeof subscription.id !== 'string' || typeof (status ?? subscription.status) !== 'string')
    return ignore('the event carries no subscription id or status', true)
  const customerId = idOf(subscription.customer)
  const userId =
    subscription.metadata?.userId || (customerId ? await queries.findUserIdByCustomer(db, customerId) : undefined)
  if (!userId) return ignore('no member matches the subscription', true)
  // Stripe reports the billing period on the subscription item (recent API versions) or on the subscription (older ones)
  const item = subscription.items?.data?.[0] as
    (Stripe.SubscriptionItem & { current_period_start?: number; current_period_end?: number }) | undefined
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

/** The subscription as Stripe has it now; null when Stripe answers 404 (it does not know it, so a retry cannot help). */
async function retrieveSubscription(stripe: Stripe, subscriptionId: string): Promise<Stripe.Subscription | null> {
  try {
    return await stripe.subscriptions.retrieve(subscriptionId)
  } catch (error) {
    // anything else (Stripe unreachable, rate limited) stays a 500, so that Stripe retries later
    if ((error as { statusCode?: number }).statusCode === 404) return null
    throw error
  }
}

function invoiceSubscriptionId(invoice: Stripe.Invoice): string | null {
  const legacy = (invoice as unknown as { subscription?: string | { id: string } | null }).subscription
  const current = (
    invoice as unknown as { parent?: { subscription_details?: { subscription?: string | { id: string } } } }
  ).parent?.subscription_details?.subscription
  return idOf(current ?? legacy ?? null)
}

/** What an event means for a subscription, reading the current subscription from Stripe where the event holds only its id. */
async function changeForEvent(deps: Deps, stripe: Stripe, event: Stripe.Event): Promise<SubscriptionChange | Ignored> {
  // the signature proves the sender, not the shape: a payload without data must not become a 500
  const object: unknown = (event as { data?: { object?: unknown } }).data?.object
  if (!object || typeof object !== 'object') return ignore('the event carries no data object', true)
  if (typeof event.created !== 'number') return ignore('the event carries no creation time', true)
  const stateAt = new Date(event.created * 1000)
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object
      const subscriptionId = idOf(session.subscription as string | { id: string } | null)
      if (session.mode !== 'subscription' || !subscriptionId) return ignore('the checkout made no subscription')
      const subscription = await retrieveSubscription(stripe, subscriptionId)
      if (!subscription) return ignore('Stripe does not know the subscription', true)
      if (!subscription.metadata?.userId && session.client_reference_id) {
        subscription.metadata = { ...subscription.metadata, userId: session.client_reference_id }
      }
      const change = await stateFromSubscription(deps.db, subscription, stateAt)
      return 'ignored' in change
        ? change
        : { ...change, email: session.customer_details?.email ?? null, promoUsed: Boolean(session.metadata?.promo) }
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
      return stateFromSubscription(deps.db, event.data.object, stateAt)
    case 'customer.subscription.deleted':
      return stateFromSubscription(deps.db, event.data.object, stateAt, 'canceled')
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      const subscriptionId = invoiceSubscriptionId(event.data.object)
      if (!subscriptionId) return ignore('the invoice belongs to no subscription')
      const subscription = await retrieveSubscription(stripe, subscriptionId)
      if (!subscription) return ignore('Stripe does not know the subscription', true)
      return stateFromSubscription(deps.db, subscription, stateAt)
    }
    default:
      return ignore('billing does not act on this event type')
  }
}

export type WebhookAnswer = { received: true; duplicate?: true; ignored?: string }

/** POST /api/billing/webhook: verified, processed once per event id, never backwards, always recorded. */
export async function handleStripeWebhook(
  deps: Deps,
  payload: string,
  signature: string | undefined,
): Promise<WebhookAnswer> {
  const { payments, db, logger } = deps
  if (!payments || !signature) throw new AppError('VALIDATION', 'Invalid webhook signature')
  let event: Stripe.Event
  try {
    event = payments.stripe.webhooks.constructEvent(payload, signature, payments.webhookSecret)
  } catch {
    throw new AppError('VALIDATION', 'Invalid webhook signature')
  }
  // without an id the event cannot be recorded, nor replayed safely: it is no Stripe event
  if (typeof event.id !== 'string' || typeof event.type !== 'string')
    throw new AppError('VALIDATION', 'Invalid webhook payload')
  const change = await changeForEvent(deps, payments.stripe, event)
  const result = await withTransaction(db, async (tx) => {
    if ('ignored' in change) {
      return (await queries.claimStripeEvent(tx, event.id, event.type, change.ignored))
        ? change
        : ('duplicate' as const)
    }
    if (!(await queries.claimStripeEvent(tx, event.id, event.type))) return 'duplicate' as const
    if (!(await applySubscriptionChange(deps, tx, change))) {
      await queries.markStripeEventIgnored(tx, event.id, olderThanStored)
      return ignore(olderThanStored)
    }
    return { userId: change.userId, active: await queries.listActiveSubscriptions(tx, change.userId) }
  })

  const facts = { eventId: event.id, type: event.type }
  if (result === 'duplicate') {
    logger.info({ ...facts, duplicate: true }, 'stripe event')
    return { received: true, duplicate: true }
  }
  if ('ignored' in result) {
    if (result.unexpected) logger.warn({ ...facts, reason: result.ignored }, 'stripe event ignored')
    else logger.info({ ...facts, reason: result.ignored }, 'stripe event ignored')
    return { received: true, ignored: result.ignored }
  }
  // Stripe's word is recorded as it is (both subscriptions bill); admins resolve it from /admin/plans
  if (result.active.length > 1) {
    logger.warn(
      { ...facts, userId: result.userId, subscriptions: result.active.map((row) => row.stripeSubscriptionId) },
      'member has more than one active subscription',
    )
  }
  logger.info({ ...facts, applied: true }, 'stripe event')
  return { received: true }
}

// ---- membership changes: cancel at period end, resume, change plan (decision 013) ----

type Membership = NonNullable<Awaited<ReturnType<typeof queries.findActiveSubscription>>>
type MembershipUpdate = { cancelAtPeriodEnd: boolean } | { plan: PlanRow }

const planNameOf = (row: { planName: string | null; subscription: { planId: string } }) =>
  row.planName ?? row.subscription.planId

/** The member's own membership that gives access now, or the refusal saying why there is none. */
async function requireMembership(db: Db, userId: string, now: Date): Promise<Membership> {
  const active = await queries.findActiveSubscription(db, userId, now)
  if (active) return active
  const latest = await queries.findLatestSubscription(db, userId)
  if (!latest) throw new AppError('NOT_FOUND', billingMessages.noSubscription)
  const { status, currentPeriodEnd } = latest.subscription
  // a final Stripe status, or a period past its end: the membership is over, a new checkout starts another
  const ended = queries.finalStatuses.includes(status) || !currentPeriodEnd || currentPeriodEnd <= now
  throw new AppError(
    'CONFLICT',
    ended ? membershipMessages.ended(planNameOf(latest)) : membershipMessages.notActive(planNameOf(latest)),
  )
}

/** The rules the settings and the plans page show, checked here again (ARCHITECTURE.md rule 5). */
function refuseUpdate(membership: Membership, update: MembershipUpdate) {
  const name = planNameOf(membership)
  const { cancelAtPeriodEnd, planId } = membership.subscription
  if ('plan' in update) {
    if (update.plan.id === planId) throw new AppError('CONFLICT', membershipMessages.alreadyOnPlan(update.plan.name))
    // Stripe's portal, too, renews a canceled subscription before it changes its plan
    if (cancelAtPeriodEnd) throw new AppError('CONFLICT', membershipMessages.resumeBeforeChange(name))
  } else if (update.cancelAtPeriodEnd && cancelAtPeriodEnd) {
    throw new AppError('CONFLICT', membershipMessages.alreadyCanceled(name))
  } else if (!update.cancelAtPeriodEnd && !cancelAtPeriodEnd) {
    throw new AppError('CONFLICT', membershipMessages.notCanceled(name))
  }
}

/** The Stripe subscription to change, when Stripe bills this membership; null for one granted locally (test checkout, demo seed). */
function stripeSubscriptionOf(deps: Deps, membership: Membership): { stripe: Stripe; id: string } | null {
  const id = membership.subscription.stripeSubscriptionId
  return deps.payments && id?.startsWith('sub_') ? { stripe: deps.payments.stripe, id } : null
}

async function updateMembership(ctx: Ctx, update: MembershipUpdate): Promise<MyBilling> {
  const user = requireUser(ctx)
  const { deps } = ctx
  const membership = await requireMembership(deps.db, user.id, new Date())
  refuseUpdate(membership, update)
  const billed = stripeSubscriptionOf(deps, membership)
  if (billed) {
    await updateThroughStripe(ctx, billed.stripe, billed.id, update)
  } else {
    // test mode: the same change, made here, through the same service as Stripe's events
    await withTransaction(deps.db, async (tx) => {
      await queries.lockMemberBilling(tx, user.id)
      // read again under the member's lock: two changes at once are applied and checked one after the other
      const now = new Date()
      const current = await requireMembership(tx, user.id, now)
      refuseUpdate(current, update)
      await applySubscriptionChange(deps, tx, {
        rowId: current.subscription.id,
        userId: user.id,
        // decision 013: the plan changes now and the period stays (no money moves in test mode)
        planId: 'plan' in update ? update.plan.id : current.subscription.planId,
        cancelAtPeriodEnd: 'plan' in update ? current.subscription.cancelAtPeriodEnd : update.cancelAtPeriodEnd,
        stateAt: now,
      })
    })
  }
  return getMyBilling(ctx)
}

/**
 * The same subscription, changed in Stripe: cancel_at_period_end, or the item's price with Stripe's
 * default proration (never a second subscription). Stripe's answer is applied at once through
 * applySubscriptionChange; the webhook event that follows carries the same state.
 */
async function updateThroughStripe(ctx: Ctx, stripe: Stripe, subscriptionId: string, update: MembershipUpdate) {
  let updated: Stripe.Subscription
  try {
    if ('plan' in update) {
      if (!update.plan.stripePriceId) throw new AppError('VALIDATION', paymentMessages.INVALID_PRICE_ID)
      const item = (await stripe.subscriptions.retrieve(subscriptionId)).items?.data?.[0]
      if (!item) throw new AppError('INTERNAL', billingMessages.membershipUpdateFailed)
      updated = await stripe.subscriptions.update(subscriptionId, {
        items: [{ id: item.id, price: update.plan.stripePriceId }],
        // the checkout's metadata follows the plan, for whoever reads it in Stripe's dashboard
        metadata: { planId: update.plan.id },
      })
    } else {
      updated = await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: update.cancelAtPeriodEnd })
    }
  } catch (error) {
    throw paymentServiceError(
      ctx,
      error,
      billingMessages.membershipUpdateFailed,
      billingMessages.membershipUpdateFailed,
    )
  }
  // stamped to the whole second, like Stripe's event times: an event sent before this change and
  // delivered after it is older and changes nothing; the event of this change still applies
  const change = await stateFromSubscription(ctx.deps.db, updated, new Date(Math.floor(Date.now() / 1000) * 1000))
  if ('ignored' in change) {
    ctx.logger.warn(
      { subscriptionId, reason: change.ignored, requestId: ctx.requestId },
      'stripe subscription update not applied',
    )
    return
  }
  await withTransaction(ctx.deps.db, (tx) => applySubscriptionChange(ctx.deps, tx, change))
}

/** POST /api/billing/subscription/cancel: the membership ends at the end of the period already paid for. */
export function cancelMembership(ctx: Ctx): Promise<MyBilling> {
  return updateMembership(ctx, { cancelAtPeriodEnd: true })
}

/** POST /api/billing/subscription/resume: a cancellation undone before the period ends. */
export function resumeMembership(ctx: Ctx): Promise<MyBilling> {
  return updateMembership(ctx, { cancelAtPeriodEnd: false })
}

/** POST /api/billing/subscription/change-plan: the member's one membership moves to another active paid plan. */
export async function changePlan(ctx: Ctx, input: ChangePlanInput): Promise<MyBilling> {
  requireUser(ctx)
  const plan = await queries.findPlan(ctx.deps.db, input.planId)
  if (!plan || plan.priceCents <= 0) throw new AppError('VALIDATION', paymentMessages.INVALID_PRICE_ID)
  if (!plan.isActive) throw new AppError('VALIDATION', membershipMessages.planNotOffered(plan.name))
  return updateMembership(ctx, { plan })
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
    const session = await payments.stripe.billingPortal.sessions.create({
      customer: customer.stripeCustomerId,
      return_url: `${config.baseUrl}${pathTo('settings')}`,
    })
    if (!session.url) throw new AppError('INTERNAL', billingMessages.noPortalUrl)
    return { url: session.url }
  } catch (error) {
    throw paymentServiceError(ctx, error, paymentMessages.PORTAL_FAILED)
  }
}

// ---- admin ----

/** What the audit log keeps of a plan (docs/decisions/023): the fields the admin form edits. */
function auditedPlan(row: PlanRow) {
  return {
    name: row.name,
    description: row.description,
    priceCents: row.priceCents,
    features: row.features,
    stripePriceId: row.stripePriceId,
    isActive: row.isActive,
  }
}

function toAdminPlan(row: PlanRow): AdminPlan {
  return { ...toPlan(row), stripePriceId: row.stripePriceId }
}

export async function listPlansForAdmin(ctx: Ctx): Promise<{ plans: AdminPlan[] }> {
  requireAdmin(ctx)
  return { plans: (await queries.listAllPlans(ctx.deps.db)).map(toAdminPlan) }
}

/** Members Stripe bills for more than one active subscription (two checkouts completed anyway), for admins to resolve. */
export async function listMembersWithSeveralSubscriptions(
  ctx: Ctx,
): Promise<{ members: MemberWithSeveralSubscriptions[] }> {
  requireAdmin(ctx)
  const members = new Map<string, MemberWithSeveralSubscriptions>()
  for (const row of await queries.listSeveralActiveSubscriptions(ctx.deps.db)) {
    let member = members.get(row.userId)
    if (!member)
      members.set(row.userId, (member = { userId: row.userId, name: row.name, email: row.email, subscriptions: [] }))
    member.subscriptions.push({
      stripeSubscriptionId: row.stripeSubscriptionId,
      planId: row.planId,
      planName: row.planName ?? row.planId,
      status: row.status,
      currentPeriodEnd: row.currentPeriodEnd?.toISOString() ?? null,
      startedAt: row.startedAt.toISOString(),
    })
  }
  return { members: [...members.values()] }
}

export async function updatePlanAsAdmin(
  ctx: Ctx,
  planId: string,
  input: UpdatePlanValues,
): Promise<{ plan: AdminPlan }> {
  requireAdmin(ctx)
  const updated = await withTransaction(ctx.deps.db, async (tx) => {
    const before = await queries.lockPlan(tx, planId)
    if (!before) throw new AppError('NOT_FOUND', 'Plan not found')
    const after = (await queries.updatePlan(tx, planId, input))!
    await recordAudit(tx, ctx, {
      action: 'plan.update',
      objectType: 'plan',
      objectId: planId,
      before: auditedPlan(before),
      after: auditedPlan(after),
    })
    return after
  })
  return { plan: toAdminPlan(updated) }
}
