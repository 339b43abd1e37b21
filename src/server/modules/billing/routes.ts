import { Hono } from 'hono'
import { z } from 'zod'
import type { AppEnv } from '#server/platform/context.ts'
import { validate } from '#server/platform/validation.ts'
import { ChangePlanInput, CheckoutInput, PlanId, PromoCodeInput, UpdatePlanInput } from '#shared/billing/schemas.ts'
import * as billing from './service.ts'

const TestCheckoutParams = z.object({
  checkoutId: z.uuid({ error: 'This checkout has expired or was already completed' }),
})

export const billingRoutes = new Hono<AppEnv>()
  .get('/plans', async (c) => c.json(await billing.listPlans(c.var.ctx)))
  .get('/me', async (c) => c.json(await billing.getMyBilling(c.var.ctx)))
  .get('/promo', (c) => c.json(billing.getActivePromo(c.var.ctx)))
  .post('/promo/check', validate('json', PromoCodeInput), (c) =>
    c.json(billing.checkPromoCode(c.var.ctx, c.req.valid('json'))),
  )
  .post('/checkout', validate('json', CheckoutInput), async (c) =>
    c.json(await billing.startCheckout(c.var.ctx, c.req.valid('json'))),
  )
  .get('/test-checkout/:checkoutId', validate('param', TestCheckoutParams), async (c) =>
    c.json(await billing.getTestCheckout(c.var.ctx, c.req.valid('param').checkoutId)),
  )
  .post('/test-checkout/:checkoutId/complete', validate('param', TestCheckoutParams), async (c) =>
    c.json(await billing.completeTestCheckout(c.var.ctx, c.req.valid('param').checkoutId)),
  )
  .post('/portal', async (c) => c.json(await billing.openBillingPortal(c.var.ctx)))
  // decision 013: the member's own membership (no id in the path: a member has one)
  .post('/subscription/cancel', async (c) => c.json(await billing.cancelMembership(c.var.ctx)))
  .post('/subscription/resume', async (c) => c.json(await billing.resumeMembership(c.var.ctx)))
  .post('/subscription/change-plan', validate('json', ChangePlanInput), async (c) =>
    c.json(await billing.changePlan(c.var.ctx, c.req.valid('json'))),
  )
  // Stripe signs the raw body: read it as text, untouched
  .post('/webhook', async (c) =>
    c.json(await billing.handleStripeWebhook(c.var.ctx.deps, await c.req.text(), c.req.header('stripe-signature'))),
  )

export const adminPlanRoutes = new Hono<AppEnv>()
  .get('/', async (c) => c.json(await billing.listPlansForAdmin(c.var.ctx)))
  .get('/several-subscriptions', async (c) => c.json(await billing.listMembersWithSeveralSubscriptions(c.var.ctx)))
  .put('/:planId', validate('param', z.object({ planId: PlanId })), validate('json', UpdatePlanInput), async (c) =>
    c.json(await billing.updatePlanAsAdmin(c.var.ctx, c.req.valid('param').planId, c.req.valid('json'))),
  )
