import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest'
import Stripe from 'stripe'
import { eq } from 'drizzle-orm'
import { createTestApp, type TestApp, type TestClient } from '#server/testing/harness.ts'
import { startStripeStandIn, stripeSubscription } from '#server/testing/stripe-stand-in.ts'
import { errorOf } from '#server/testing/errors.ts'
import { stripeEvents, userSubscriptions } from '#server/db/schema/billing.ts'
import { ensureDefaultPlans, updatePlan } from './queries.ts'
import {
  billingMessages,
  membershipMessages,
  paymentMessages,
  type MemberWithSeveralSubscriptions,
  type MyBilling,
} from '#shared/billing/schemas.ts'

const stripe = new Stripe('sk_test_signing_only')
const day = 86_400_000

async function billingOf(response: Response | Promise<Response>) {
  return (await (await response).json()) as MyBilling
}

async function sessionUser(client: TestClient) {
  // drop the short-lived cookie cache so the answer reflects the database now
  client.cookies.delete('better-auth.session_data')
  return ((await (await client.get('/api/accounts/session')).json()) as { user: { subscribed: boolean } }).user
}

describe('billing with Stripe (local stand-in)', () => {
  let t: TestApp
  let standIn: Awaited<ReturnType<typeof startStripeStandIn>>

  beforeAll(async () => {
    standIn = await startStripeStandIn()
    t = await createTestApp({ ...standIn.env, PROMO_CODE: 'FreeMonth' })
    await ensureDefaultPlans(t.db)
    await updatePlan(t.db, 'full-access', { stripePriceId: 'price_full_access' })
    await updatePlan(t.db, 'business', { stripePriceId: 'price_business' })
  })
  afterAll(async () => {
    await t?.close()
    await standIn?.close()
  })
  afterEach(() => {
    vi.restoreAllMocks()
  })

  function sendEvent(event: Record<string, unknown>, signature?: string) {
    const payload = JSON.stringify(event)
    const header =
      signature ?? stripe.webhooks.generateTestHeaderString({ payload, secret: standIn.env.STRIPE_WEBHOOK_SECRET })
    return t.app.request('/api/billing/webhook', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': header },
      body: payload,
    })
  }

  let eventCounter = 0
  const event = (type: string, object: Record<string, unknown>, createdAt = new Date()) => ({
    id: `evt_${++eventCounter}_${Date.now()}`,
    object: 'event',
    type,
    created: Math.floor(createdAt.getTime() / 1000),
    data: { object },
  })

  test('checkout is a subscription-mode session for the plan price, reusing the member’s Stripe customer', async () => {
    const member = await t.signedIn()
    const first = await member.post('/api/billing/checkout', { planId: 'full-access' })
    expect(first.status).toBe(200)
    expect(((await first.json()) as { url: string }).url).toMatch(/^https:\/\/checkout\.stripe\.com\//)
    await member.post('/api/billing/checkout', { planId: 'full-access' })

    const customers = standIn.requests.filter(
      (r) => r.path === '/v1/customers' && r.body['metadata[userId]'] === member.member.id,
    )
    expect(customers).toHaveLength(1)
    const sessions = standIn.requests.filter(
      (r) => r.path === '/v1/checkout/sessions' && r.body.client_reference_id === member.member.id,
    )
    expect(sessions).toHaveLength(2)
    expect(sessions[0]!.body).toMatchObject({
      mode: 'subscription',
      'line_items[0][price]': 'price_full_access',
      'line_items[0][quantity]': '1',
      success_url: 'http://localhost:3000/prestige-club?checkout=success',
      cancel_url: 'http://localhost:3000/subscription',
      'subscription_data[metadata][planId]': 'full-access',
    })
    expect(sessions[1]!.body.customer).toBe(sessions[0]!.body.customer)
    expect(sessions[0]!.body['subscription_data[trial_period_days]']).toBeUndefined()
  })

  test('a promo checkout carries a 30-day trial; a wrong code is refused; the code is compared case-insensitively', async () => {
    const member = await t.signedIn()
    const wrong = await member.post('/api/billing/checkout', { planId: 'full-access', promoCode: 'NOTREAL' })
    expect(wrong.status).toBe(400)
    expect((await errorOf(wrong)).message).toBe(billingMessages.invalidPromo)
    expect((await member.post('/api/billing/checkout', { planId: 'full-access', promoCode: 'freemonth' })).status).toBe(
      200,
    )
    const session = standIn.requests
      .filter((r) => r.path === '/v1/checkout/sessions' && r.body.client_reference_id === member.member.id)
      .at(-1)!
    expect(session.body['subscription_data[trial_period_days]']).toBe('30')
    expect(session.body['metadata[promo]']).toBe('FREEMONTH')
  })

  test('an unknown or missing plan is refused with the payment catalogue message', async () => {
    const member = await t.signedIn()
    expect((await errorOf(await member.post('/api/billing/checkout', { planId: 'gold' }))).message).toBe(
      paymentMessages.INVALID_PRICE_ID,
    )
    expect((await errorOf(await member.post('/api/billing/checkout', {}))).message).toBe(
      paymentMessages.MISSING_PRICE_ID,
    )
  })

  test('a completed checkout activates; a replay changes nothing; an older update after a newer one changes nothing; a deletion ends access', async () => {
    const member = await t.signedIn()
    const now = Date.now()
    const subscription = stripeSubscription({
      id: `sub_${member.member.id.slice(0, 8)}`,
      customer: 'cus_lifecycle',
      userId: member.member.id,
      planId: 'full-access',
      status: 'active',
      periodStart: new Date(now),
      periodEnd: new Date(now + 30 * day),
    })
    standIn.setSubscription(subscription)
    const completed = event(
      'checkout.session.completed',
      {
        id: 'cs_lifecycle',
        object: 'checkout.session',
        mode: 'subscription',
        subscription: subscription.id,
        customer: 'cus_lifecycle',
        client_reference_id: member.member.id,
        metadata: { userId: member.member.id, planId: 'full-access', promo: '' },
      },
      new Date(now - 60_000),
    )
    expect((await sendEvent(completed)).status).toBe(200)
    expect((await sessionUser(member)).subscribed).toBe(true)

    // Stripe now says canceled, but replaying the same event id must not re-read or change anything
    standIn.setSubscription({ ...subscription, status: 'canceled' })
    expect(await (await sendEvent(completed)).json()).toEqual({ received: true, duplicate: true })
    expect((await sessionUser(member)).subscribed).toBe(true)

    const newer = event('customer.subscription.updated', { ...subscription, cancel_at_period_end: true }, new Date(now))
    const older = event(
      'customer.subscription.updated',
      { ...subscription, status: 'past_due' },
      new Date(now - 30_000),
    )
    await sendEvent(newer)
    await sendEvent(older)
    const [row] = await t.db
      .select()
      .from(userSubscriptions)
      .where(eq(userSubscriptions.stripeSubscriptionId, subscription.id))
    expect(row).toMatchObject({ status: 'active', cancelAtPeriodEnd: true })
    expect((await sessionUser(member)).subscribed).toBe(true)

    await sendEvent(
      event('customer.subscription.deleted', { ...subscription, status: 'canceled' }, new Date(now + 1000)),
    )
    expect((await sessionUser(member)).subscribed).toBe(false)
  })

  test('a failed invoice payment moves the subscription to past_due and closes premium access', async () => {
    const member = await t.signedIn()
    const now = Date.now()
    const subscription = stripeSubscription({
      id: `sub_pf_${member.member.id.slice(0, 6)}`,
      customer: 'cus_pf',
      userId: member.member.id,
      planId: 'full-access',
      status: 'active',
      periodStart: new Date(now),
      periodEnd: new Date(now + 30 * day),
    })
    await sendEvent(event('customer.subscription.created', subscription, new Date(now - 5000)))
    expect((await sessionUser(member)).subscribed).toBe(true)
    standIn.setSubscription({ ...subscription, status: 'past_due' })
    await sendEvent(
      event(
        'invoice.payment_failed',
        { id: 'in_pf', object: 'invoice', parent: { subscription_details: { subscription: subscription.id } } },
        new Date(now),
      ),
    )
    expect((await sessionUser(member)).subscribed).toBe(false)
    standIn.setSubscription({ ...subscription, status: 'active' })
    await sendEvent(
      event(
        'invoice.paid',
        { id: 'in_paid', object: 'invoice', parent: { subscription_details: { subscription: subscription.id } } },
        new Date(now + 1000),
      ),
    )
    expect((await sessionUser(member)).subscribed).toBe(true)
  })

  async function storedEvent(id: string) {
    const [row] = await t.db.select().from(stripeEvents).where(eq(stripeEvents.id, id))
    return row
  }

  function subscriptionRows(userId: string) {
    return t.db
      .select()
      .from(userSubscriptions)
      .where(eq(userSubscriptions.userId, userId))
      .orderBy(userSubscriptions.createdAt)
  }

  /** A member with an active subscription created by a webhook, as Stripe reports it. */
  async function subscribedMember(planId = 'full-access') {
    const member = await t.signedIn()
    const tag = member.member.id.slice(0, 8)
    const now = Date.now()
    const subscription = stripeSubscription({
      id: `sub_${planId.replace('-', '')}_${tag}`,
      customer: `cus_${tag}`,
      userId: member.member.id,
      planId,
      status: 'active',
      periodStart: new Date(now),
      periodEnd: new Date(now + 30 * day),
    })
    expect((await sendEvent(event('customer.subscription.created', subscription, new Date(now - 60_000)))).status).toBe(
      200,
    )
    expect((await sessionUser(member)).subscribed).toBe(true)
    return { member, subscription, tag, now }
  }

  test('a canceled subscription stays canceled when an update saying active arrives in the same second or later', async () => {
    const { member, subscription } = await subscribedMember()
    const canceledAt = new Date(Math.floor(Date.now() / 1000) * 1000)
    await sendEvent(event('customer.subscription.deleted', { ...subscription, status: 'canceled' }, canceledAt))
    expect((await sessionUser(member)).subscribed).toBe(false)

    // Stripe's event times are whole seconds: this update cannot be ordered after the deletion by time
    const sameSecond = event('customer.subscription.updated', subscription, new Date(canceledAt.getTime() + 900))
    expect((await sendEvent(sameSecond)).status).toBe(200)
    expect((await sessionUser(member)).subscribed).toBe(false)
    await sendEvent(event('customer.subscription.updated', subscription, new Date(canceledAt.getTime() + 60_000)))

    const [row] = await subscriptionRows(member.member.id)
    expect(row?.status).toBe('canceled')
    expect((await sessionUser(member)).subscribed).toBe(false)
    // recorded, with the reason it changed nothing
    expect((await storedEvent(sameSecond.id))?.ignoredReason).toMatch(/cancellation/)
  })

  test('a subscribed member cannot check out a second plan and is told where to change plans', async () => {
    const { member } = await subscribedMember()
    const before = standIn.requests.length
    const other = await member.post('/api/billing/checkout', { planId: 'business' })
    expect(other.status).toBe(409)
    expect((await errorOf(other)).message).toBe(billingMessages.oneMembership)
    const same = await member.post('/api/billing/checkout', { planId: 'full-access' })
    expect(same.status).toBe(409)
    expect((await errorOf(same)).message).toBe(billingMessages.alreadySubscribed)
    expect(standIn.requests.slice(before).filter((r) => r.path === '/v1/checkout/sessions')).toHaveLength(0)
  })

  test('when Stripe reports a second active subscription anyway, both are kept, a warning is logged and only admins see the member', async () => {
    const warn = vi.spyOn(t.deps.logger, 'warn')
    const { member, subscription: first, tag, now } = await subscribedMember()
    const second = stripeSubscription({
      id: `sub_second_${tag}`,
      customer: `cus_${tag}`,
      userId: member.member.id,
      planId: 'business',
      priceId: 'price_business',
      status: 'active',
      periodStart: new Date(now),
      periodEnd: new Date(now + 30 * day),
    })
    expect((await sendEvent(event('customer.subscription.created', second))).status).toBe(200)

    expect((await subscriptionRows(member.member.id)).map((row) => [row.stripeSubscriptionId, row.status])).toEqual([
      [first.id, 'active'],
      [second.id, 'active'],
    ])
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({
        userId: member.member.id,
        subscriptions: expect.arrayContaining([first.id, second.id]),
      }),
      'member has more than one active subscription',
    )

    const path = '/api/admin/plans/several-subscriptions'
    expect((await t.client().get(path)).status).toBe(401)
    expect((await member.get(path)).status).toBe(403)
    const admin = await t.signedIn({ admin: true })
    const listed = async () =>
      ((await (await admin.get(path)).json()) as { members: MemberWithSeveralSubscriptions[] }).members.find(
        (m) => m.userId === member.member.id,
      )
    expect(await listed()).toMatchObject({
      email: member.member.email,
      subscriptions: [
        { stripeSubscriptionId: first.id, planName: 'Prestige Club', status: 'active' },
        { stripeSubscriptionId: second.id, planName: 'Business', status: 'active' },
      ],
    })

    // once the admin cancels the extra one in Stripe, the member leaves the list
    await sendEvent(event('customer.subscription.deleted', { ...second, status: 'canceled' }))
    expect(await listed()).toBeUndefined()
  })

  test('a signed event without data is answered 200, recorded as ignored, and the reason is logged', async () => {
    const warn = vi.spyOn(t.deps.logger, 'warn')
    const bare = {
      id: `evt_bare_${Date.now()}`,
      object: 'event',
      type: 'customer.subscription.updated',
      created: Math.floor(Date.now() / 1000),
    }
    const answer = await sendEvent(bare)
    expect(answer.status).toBe(200)
    const { ignored } = (await answer.json()) as { ignored: string }
    expect(ignored).toBe('the event carries no data object')
    expect((await storedEvent(bare.id))?.ignoredReason).toBe(ignored)
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ eventId: bare.id, reason: ignored }),
      'stripe event ignored',
    )
    expect(await (await sendEvent(bare)).json()).toEqual({ received: true, duplicate: true })
  })

  test('an invoice paid for a subscription Stripe does not know is answered 200, recorded as ignored, and the reason is logged', async () => {
    const warn = vi.spyOn(t.deps.logger, 'warn')
    const paid = event('invoice.paid', {
      id: 'in_unknown',
      object: 'invoice',
      parent: { subscription_details: { subscription: 'sub_nobody_knows' } },
    })
    const answer = await sendEvent(paid)
    expect(answer.status).toBe(200)
    expect(standIn.requests.at(-1)).toMatchObject({ method: 'GET', path: '/v1/subscriptions/sub_nobody_knows' })
    expect((await storedEvent(paid.id))?.ignoredReason).toBe('Stripe does not know the subscription')
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ eventId: paid.id, reason: 'Stripe does not know the subscription' }),
      'stripe event ignored',
    )
    expect(
      await t.db.select().from(userSubscriptions).where(eq(userSubscriptions.stripeSubscriptionId, 'sub_nobody_knows')),
    ).toHaveLength(0)
  })

  test('while Stripe is unreachable an invoice event answers 500, so Stripe sends it again, and the retry applies it', async () => {
    const { member, subscription } = await subscribedMember()
    standIn.setSubscription({ ...subscription, status: 'past_due' })
    const failed = event('invoice.payment_failed', {
      id: 'in_outage',
      object: 'invoice',
      parent: { subscription_details: { subscription: subscription.id } },
    })
    standIn.failWith(500)
    try {
      expect((await sendEvent(failed)).status).toBe(500)
    } finally {
      standIn.failWith(null)
    }
    expect(await storedEvent(failed.id)).toBeUndefined()
    expect(await (await sendEvent(failed)).json()).toEqual({ received: true })
    expect((await sessionUser(member)).subscribed).toBe(false)
  })

  test('a forged or unsigned event gets 400 and changes nothing', async () => {
    const member = await t.signedIn()
    const now = Date.now()
    const subscription = stripeSubscription({
      id: 'sub_forged',
      customer: 'cus_forged',
      userId: member.member.id,
      planId: 'full-access',
      status: 'active',
      periodStart: new Date(now),
      periodEnd: new Date(now + 30 * day),
    })
    const forged = event('customer.subscription.created', subscription)
    const wrongSecret = stripe.webhooks.generateTestHeaderString({
      payload: JSON.stringify(forged),
      secret: 'whsec_attacker',
    })
    expect((await sendEvent(forged, wrongSecret)).status).toBe(400)
    const unsigned = await t.app.request('/api/billing/webhook', {
      method: 'POST',
      body: JSON.stringify(forged),
      headers: { 'content-type': 'application/json' },
    })
    expect(unsigned.status).toBe(400)
    expect(
      await t.db.select().from(userSubscriptions).where(eq(userSubscriptions.stripeSubscriptionId, 'sub_forged')),
    ).toHaveLength(0)
    expect((await sessionUser(member)).subscribed).toBe(false)
  })

  test('cancel and resume go to Stripe as cancel_at_period_end on the member’s own subscription; its answer applies at once', async () => {
    const { member, subscription } = await subscribedMember()
    standIn.setSubscription(subscription)
    const before = standIn.requests.length

    const canceled = await member.post('/api/billing/subscription/cancel')
    expect(canceled.status).toBe(200)
    expect((await billingOf(canceled)).subscription).toMatchObject({
      planId: 'full-access',
      cancelAtPeriodEnd: true,
      subscribed: true,
    })
    expect(standIn.requests.slice(before)).toEqual([
      { method: 'POST', path: `/v1/subscriptions/${subscription.id}`, body: { cancel_at_period_end: 'true' } },
    ])
    // access stays until the period ends
    expect((await sessionUser(member)).subscribed).toBe(true)
    // an event Stripe sent before the cancellation, delivered after it, does not undo it
    await sendEvent(event('customer.subscription.updated', subscription, new Date(Date.now() - 5000)))
    expect((await billingOf(member.get('/api/billing/me'))).subscription?.cancelAtPeriodEnd).toBe(true)

    const resumed = await member.post('/api/billing/subscription/resume')
    expect(resumed.status).toBe(200)
    expect((await billingOf(resumed)).subscription).toMatchObject({ cancelAtPeriodEnd: false, subscribed: true })
    expect(standIn.requests.at(-1)).toEqual({
      method: 'POST',
      path: `/v1/subscriptions/${subscription.id}`,
      body: { cancel_at_period_end: 'false' },
    })
    expect(standIn.subscription(subscription.id)).toMatchObject({ cancel_at_period_end: false })
  })

  test('a plan change gives the same Stripe subscription the new price (Stripe prorates by default): no second subscription, no checkout', async () => {
    const { member, subscription } = await subscribedMember()
    standIn.setSubscription(subscription)
    const before = standIn.requests.length
    const changed = await member.post('/api/billing/subscription/change-plan', { planId: 'business' })
    expect(changed.status).toBe(200)
    expect((await billingOf(changed)).subscription).toMatchObject({
      planId: 'business',
      planName: 'Business',
      subscribed: true,
    })

    const calls = standIn.requests.slice(before)
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      `GET /v1/subscriptions/${subscription.id}`,
      `POST /v1/subscriptions/${subscription.id}`,
    ])
    // the item keeps its id, its price changes; no proration_behavior: Stripe's default proration
    expect(calls[1]!.body).toEqual({
      'items[0][id]': `si_${subscription.id}`,
      'items[0][price]': 'price_business',
      'metadata[planId]': 'business',
    })
    expect((await subscriptionRows(member.member.id)).map((row) => [row.stripeSubscriptionId, row.planId])).toEqual([
      [subscription.id, 'business'],
    ])

    const same = await member.post('/api/billing/subscription/change-plan', { planId: 'business' })
    expect(same.status).toBe(409)
    expect((await errorOf(same)).message).toBe(membershipMessages.alreadyOnPlan('Business'))
    expect(standIn.requests.length).toBe(before + 2)
  })

  test('a plan changed in the billing portal is read from the subscription’s price, whatever the checkout’s metadata says', async () => {
    const { member, subscription } = await subscribedMember()
    const item = subscription.items.data[0]!
    const inPortal = {
      ...subscription,
      items: { ...subscription.items, data: [{ ...item, price: { id: 'price_business' } }] },
    }
    expect((await sendEvent(event('customer.subscription.updated', inPortal))).status).toBe(200)
    expect((await billingOf(member.get('/api/billing/me'))).subscription).toMatchObject({
      planId: 'business',
      planName: 'Business',
    })
  })

  test('while Stripe is unreachable a cancellation says so and changes nothing', async () => {
    const { member, subscription } = await subscribedMember()
    standIn.setSubscription(subscription)
    standIn.failWith(500)
    try {
      const refused = await member.post('/api/billing/subscription/cancel')
      expect(refused.status).toBe(500)
      expect((await errorOf(refused)).message).toBe(paymentMessages.SERVICE_UNAVAILABLE)
    } finally {
      standIn.failWith(null)
    }
    expect((await billingOf(member.get('/api/billing/me'))).subscription?.cancelAtPeriodEnd).toBe(false)
  })

  test('a membership Stripe does not bill (demo data) is changed here, without calling Stripe', async () => {
    const member = await t.signedIn({ subscribed: true })
    const before = standIn.requests.length
    expect((await billingOf(member.post('/api/billing/subscription/cancel'))).subscription?.cancelAtPeriodEnd).toBe(
      true,
    )
    expect(standIn.requests.length).toBe(before)
  })

  test('the billing portal opens for a member with a customer, returning to /settings', async () => {
    const member = await t.signedIn()
    const refused = await member.post('/api/billing/portal')
    expect(refused.status).toBe(404)
    expect((await errorOf(refused)).message).toBe(billingMessages.noSubscription)

    const now = Date.now()
    const subscription = stripeSubscription({
      id: 'sub_portal',
      customer: 'cus_portal',
      userId: member.member.id,
      planId: 'full-access',
      status: 'active',
      periodStart: new Date(now),
      periodEnd: new Date(now + 30 * day),
    })
    await sendEvent(event('customer.subscription.created', subscription))
    const response = await member.post('/api/billing/portal')
    expect(response.status).toBe(200)
    expect(((await response.json()) as { url: string }).url).toMatch(/^https:\/\/billing\.stripe\.com\//)
    expect(standIn.requests.at(-1)).toMatchObject({
      path: '/v1/billing_portal/sessions',
      body: { customer: 'cus_portal', return_url: 'http://localhost:3000/settings' },
    })
    const billing = (await (await member.get('/api/billing/me')).json()) as {
      canManageBilling: boolean
      subscription: { planName: string }
    }
    expect(billing).toMatchObject({ canManageBilling: true, subscription: { planName: 'Prestige Club' } })
  })
})

describe('billing without Stripe: the test checkout', () => {
  let t: TestApp

  beforeAll(async () => {
    t = await createTestApp({ PROMO_CODE: 'FREEMONTH' })
    await ensureDefaultPlans(t.db)
  })
  afterAll(async () => {
    await t?.close()
  })

  test('the plans of spec 001 §9 are listed with their prices', async () => {
    const { plans } = (await (await t.client().get('/api/billing/plans')).json()) as {
      plans: Array<{ id: string; priceCents: number }>
    }
    expect(plans.map((p) => [p.id, p.priceCents])).toEqual([
      ['full-access', 3999],
      ['business', 4900],
    ])
  })

  test('a free member buys through the test checkout and premium access opens, through the same service as webhooks', async () => {
    const member = await t.signedIn()
    const { url } = (await (await member.post('/api/billing/checkout', { planId: 'full-access' })).json()) as {
      url: string
    }
    expect(url).toMatch(/^\/subscription\/test-checkout\/[0-9a-f-]{36}$/)
    const id = url.split('/').at(-1)!
    expect(await (await member.get(`/api/billing/test-checkout/${id}`)).json()).toMatchObject({
      planName: 'Prestige Club',
      priceCents: 3999,
      trialDays: 0,
      status: 'open',
    })

    const stranger = await t.signedIn()
    expect((await stranger.get(`/api/billing/test-checkout/${id}`)).status).toBe(404)
    expect((await stranger.post(`/api/billing/test-checkout/${id}/complete`)).status).toBe(404)

    expect(await (await member.post(`/api/billing/test-checkout/${id}/complete`)).json()).toEqual({
      redirectTo: '/prestige-club',
      planName: 'Prestige Club',
    })
    expect((await sessionUser(member)).subscribed).toBe(true)
    expect((await member.post(`/api/billing/test-checkout/${id}/complete`)).status).toBe(404)
    expect((await errorOf(await member.post('/api/billing/checkout', { planId: 'full-access' }))).message).toBe(
      billingMessages.alreadySubscribed,
    )
  })

  test('a subscribed member cannot open a second test checkout, nor complete one opened before subscribing', async () => {
    const member = await t.signedIn()
    const open = async (planId: string) =>
      ((await (await member.post('/api/billing/checkout', { planId })).json()) as { url: string }).url
        .split('/')
        .at(-1)!
    const first = await open('full-access')
    const second = await open('business')
    expect((await member.post(`/api/billing/test-checkout/${first}/complete`)).status).toBe(200)

    const again = await member.post('/api/billing/checkout', { planId: 'business' })
    expect(again.status).toBe(409)
    expect((await errorOf(again)).message).toBe(billingMessages.oneMembership)
    const late = await member.post(`/api/billing/test-checkout/${second}/complete`)
    expect(late.status).toBe(409)
    expect((await errorOf(late)).message).toBe(billingMessages.oneMembership)

    expect(
      await t.db.select().from(userSubscriptions).where(eq(userSubscriptions.userId, member.member.id)),
    ).toHaveLength(1)
    expect(
      ((await (await member.get(`/api/billing/test-checkout/${second}`)).json()) as { status: string }).status,
    ).toBe('open')
  })

  test('one free month per member, enforced by the server', async () => {
    const member = await t.signedIn()
    const { url } = (await (
      await member.post('/api/billing/checkout', { planId: 'full-access', promoCode: 'FREEMONTH' })
    ).json()) as { url: string }
    const id = url.split('/').at(-1)!
    expect(
      ((await (await member.get(`/api/billing/test-checkout/${id}`)).json()) as { trialDays: number }).trialDays,
    ).toBe(30)
    await member.post(`/api/billing/test-checkout/${id}/complete`)
    const [row] = await t.db.select().from(userSubscriptions).where(eq(userSubscriptions.userId, member.member.id))
    expect(row?.status).toBe('trialing')
    expect((await sessionUser(member)).subscribed).toBe(true)

    const again = await member.post('/api/billing/checkout', { planId: 'business', promoCode: 'FREEMONTH' })
    expect(again.status).toBe(409)
    expect((await errorOf(again)).message).toBe(billingMessages.promoAlreadyUsed)
  })

  /** A member who bought `planId` through the test checkout. */
  async function boughtMembership(planId = 'full-access') {
    const member = await t.signedIn()
    const { url } = (await (await member.post('/api/billing/checkout', { planId })).json()) as { url: string }
    expect((await member.post(`/api/billing/test-checkout/${url.split('/').at(-1)!}/complete`)).status).toBe(200)
    return member
  }

  const rowsOf = (userId: string) => t.db.select().from(userSubscriptions).where(eq(userSubscriptions.userId, userId))

  test('a member cancels at period end and keeps access until then, then resumes; twice, or a resume of a running membership, is refused', async () => {
    const member = await boughtMembership()
    const bought = (await billingOf(member.get('/api/billing/me'))).subscription!
    expect(bought).toMatchObject({ planName: 'Prestige Club', cancelAtPeriodEnd: false, subscribed: true })

    // two presses at once: one cancels, the other is told it already did
    const [first, second] = await Promise.all([
      member.post('/api/billing/subscription/cancel'),
      member.post('/api/billing/subscription/cancel'),
    ])
    expect([first.status, second.status].sort()).toEqual([200, 409])
    const refusal = first.status === 409 ? first : second
    expect((await errorOf(refusal)).message).toBe(membershipMessages.alreadyCanceled('Prestige Club'))
    const canceled = (await billingOf(member.get('/api/billing/me'))).subscription!
    expect(canceled).toMatchObject({
      cancelAtPeriodEnd: true,
      subscribed: true,
      status: 'active',
      currentPeriodEnd: bought.currentPeriodEnd,
    })
    expect((await sessionUser(member)).subscribed).toBe(true)

    const changeWhileCanceled = await member.post('/api/billing/subscription/change-plan', { planId: 'business' })
    expect(changeWhileCanceled.status).toBe(409)
    expect((await errorOf(changeWhileCanceled)).message).toBe(membershipMessages.resumeBeforeChange('Prestige Club'))

    const resumed = await member.post('/api/billing/subscription/resume')
    expect(resumed.status).toBe(200)
    expect((await billingOf(resumed)).subscription).toMatchObject({
      cancelAtPeriodEnd: false,
      subscribed: true,
      currentPeriodEnd: bought.currentPeriodEnd,
    })
    const again = await member.post('/api/billing/subscription/resume')
    expect(again.status).toBe(409)
    expect((await errorOf(again)).message).toBe(membershipMessages.notCanceled('Prestige Club'))
    expect(await rowsOf(member.member.id)).toHaveLength(1)
  })

  test('a plan change in test mode switches the one membership now and keeps its period; the server refuses what the page does not offer', async () => {
    const member = await boughtMembership()
    const bought = (await billingOf(member.get('/api/billing/me'))).subscription!
    const changed = await member.post('/api/billing/subscription/change-plan', { planId: 'business' })
    expect(changed.status).toBe(200)
    expect((await billingOf(changed)).subscription).toMatchObject({
      planId: 'business',
      planName: 'Business',
      status: 'active',
      subscribed: true,
      currentPeriodEnd: bought.currentPeriodEnd,
    })
    expect((await rowsOf(member.member.id)).map((row) => row.planId)).toEqual(['business'])
    expect((await sessionUser(member)).subscribed).toBe(true)

    const same = await member.post('/api/billing/subscription/change-plan', { planId: 'business' })
    expect(same.status).toBe(409)
    expect((await errorOf(same)).message).toBe(membershipMessages.alreadyOnPlan('Business'))
    const unknown = await member.post('/api/billing/subscription/change-plan', { planId: 'gold' })
    expect(unknown.status).toBe(400)
    expect((await errorOf(unknown)).message).toBe(paymentMessages.INVALID_PRICE_ID)
    const missing = await member.post('/api/billing/subscription/change-plan', {})
    expect((await errorOf(missing)).message).toBe(paymentMessages.MISSING_PRICE_ID)
    await updatePlan(t.db, 'full-access', { isActive: false })
    try {
      const inactive = await member.post('/api/billing/subscription/change-plan', { planId: 'full-access' })
      expect(inactive.status).toBe(400)
      expect((await errorOf(inactive)).message).toBe(membershipMessages.planNotOffered('Prestige Club'))
    } finally {
      await updatePlan(t.db, 'full-access', { isActive: true })
    }
    expect((await rowsOf(member.member.id)).map((row) => row.planId)).toEqual(['business'])
  })

  test('without a membership, or once it ended, each change is refused saying why; a member reaches no one else’s membership', async () => {
    const free = await t.signedIn()
    for (const path of ['/api/billing/subscription/cancel', '/api/billing/subscription/resume']) {
      const refused = await free.post(path)
      expect(refused.status, path).toBe(404)
      expect((await errorOf(refused)).message).toBe(billingMessages.noSubscription)
    }
    expect(
      (await errorOf(await free.post('/api/billing/subscription/change-plan', { planId: 'business' }))).message,
    ).toBe(billingMessages.noSubscription)

    const owner = await boughtMembership('business')
    expect((await free.post('/api/billing/subscription/cancel')).status).toBe(404)
    expect((await rowsOf(owner.member.id))[0]).toMatchObject({ planId: 'business', cancelAtPeriodEnd: false })

    // canceled, then the period passed: there is nothing left to resume
    expect((await owner.post('/api/billing/subscription/cancel')).status).toBe(200)
    await t.db
      .update(userSubscriptions)
      .set({ currentPeriodEnd: new Date(Date.now() - day) })
      .where(eq(userSubscriptions.userId, owner.member.id))
    for (const path of ['/api/billing/subscription/resume', '/api/billing/subscription/cancel']) {
      const refused = await owner.post(path)
      expect(refused.status, path).toBe(409)
      expect((await errorOf(refused)).message).toBe(membershipMessages.ended('Business'))
    }
  })

  test('a demo member, whose membership no checkout created, cancels, resumes and changes plan too', async () => {
    const member = await t.signedIn({ subscribed: true })
    expect((await billingOf(member.post('/api/billing/subscription/cancel'))).subscription).toMatchObject({
      planName: 'Prestige Club',
      cancelAtPeriodEnd: true,
    })
    expect((await billingOf(member.post('/api/billing/subscription/resume'))).subscription?.cancelAtPeriodEnd).toBe(
      false,
    )
    expect(
      (await billingOf(member.post('/api/billing/subscription/change-plan', { planId: 'business' }))).subscription
        ?.planName,
    ).toBe('Business')
    expect(await rowsOf(member.member.id)).toHaveLength(1)
  })

  test('the billing summary says test mode and whether the free month was claimed', async () => {
    const member = await t.signedIn()
    expect(await billingOf(member.get('/api/billing/me'))).toEqual({
      subscription: null,
      canManageBilling: false,
      testMode: true,
      promoClaimed: false,
    })
    expect((await member.post('/api/billing/checkout', { planId: 'full-access', promoCode: 'FREEMONTH' })).status).toBe(
      200,
    )
    expect((await billingOf(member.get('/api/billing/me'))).promoClaimed).toBe(true)
  })

  test('the promo is offered to visitors and checked case-insensitively', async () => {
    const visitor = t.client()
    expect(((await (await visitor.get('/api/billing/promo')).json()) as { promo: { code: string } }).promo.code).toBe(
      'FREEMONTH',
    )
    expect((await visitor.post('/api/billing/promo/check', { code: 'freemonth' })).status).toBe(200)
    expect((await errorOf(await visitor.post('/api/billing/promo/check', { code: 'nope' }))).message).toBe(
      billingMessages.invalidPromo,
    )
  })

  test('visitors are refused by every member billing endpoint, and the portal needs a Stripe customer', async () => {
    const visitor = t.client()
    for (const [method, path] of [
      ['GET', '/api/billing/me'],
      ['POST', '/api/billing/checkout'],
      ['POST', '/api/billing/portal'],
      ['GET', '/api/billing/test-checkout/00000000-0000-4000-8000-000000000000'],
      ['POST', '/api/billing/subscription/cancel'],
      ['POST', '/api/billing/subscription/resume'],
      ['POST', '/api/billing/subscription/change-plan'],
    ] as const) {
      const response = await visitor.request(method, path, method === 'POST' ? { planId: 'full-access' } : undefined)
      expect(response.status, path).toBe(401)
    }
    const member = await t.signedIn({ subscribed: true })
    expect((await errorOf(await member.post('/api/billing/portal'))).message).toBe(billingMessages.noCustomer)
  })

  test('admins edit plans; members and visitors cannot; the form rules hold on the server', async () => {
    const change = {
      name: 'Prestige Club Plus',
      description: 'More',
      priceCents: 4599,
      features: ['Everything'],
      stripePriceId: 'price_plus',
      isActive: true,
    }
    expect((await t.client().request('PUT', '/api/admin/plans/full-access', change)).status).toBe(401)
    expect(
      (await (await t.signedIn({ subscribed: true })).request('PUT', '/api/admin/plans/full-access', change)).status,
    ).toBe(403)
    const admin = await t.signedIn({ admin: true })
    const bad = await admin.request('PUT', '/api/admin/plans/full-access', { ...change, stripePriceId: 'prod_123' })
    expect((await errorOf(bad)).message).toBe('A Stripe price id starts with price_')
    const saved = await admin.request('PUT', '/api/admin/plans/full-access', change)
    expect(saved.status).toBe(200)
    expect(((await saved.json()) as { plan: { priceCents: number; stripePriceId: string } }).plan).toMatchObject({
      priceCents: 4599,
      stripePriceId: 'price_plus',
    })
    expect((await admin.request('PUT', '/api/admin/plans/gold', change)).status).toBe(404)
  })
})
