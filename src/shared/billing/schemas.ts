import { z } from 'zod'

// spec 000 §8 payment service errors (code, message) and spec 001 §8 Billing.
export const paymentMessages = {
  AUTH_REQUIRED: 'Please sign in to continue',
  AUTH_ERROR: 'Authentication error',
  INVALID_PRICE_ID: 'Invalid subscription plan',
  MISSING_PRICE_ID: 'Price ID is required',
  MISSING_AUTH: 'Authentication required',
  CHECKOUT_FAILED: 'Failed to start checkout process',
  SERVICE_UNAVAILABLE: 'Payment service is temporarily unavailable. Please try again later.',
  PORTAL_FAILED: 'Failed to access billing portal',
  FUNCTION_ERROR: 'Service temporarily unavailable. Please try again later.',
  CORS_ERROR: 'Cross-origin request blocked. Please try again.',
  INVALID_REQUEST: 'Invalid request format. Please try again.',
  DEFAULT: 'An error occurred. Please try again.',
} as const
export type PaymentErrorCode = keyof typeof paymentMessages

export const billingMessages = {
  signInForPlans: 'Please sign in to access subscription plans',
  invalidPromo: 'Invalid promo code',
  promoFailed: 'Something went wrong. Please try again.',
  promoAlreadyUsed: 'You have already used your free month',
  alreadySubscribed: 'You already have this plan',
  // one membership per member: a plan change goes through the billing portal, never a second checkout
  oneMembership: 'You already have a membership. To change plans, use the billing portal in your billing settings.',
  noSubscription: 'No active subscription found. Please subscribe first.',
  noCustomer: 'No customer ID found',
  noPortalUrl: 'No portal URL returned',
  cancelsAtPeriodEnd: 'Cancels at period end',
  currentPlan: 'Current Plan',
  testCheckoutCompleted: 'Payment complete: welcome to the Prestige Club!',
  testCheckoutNotFound: 'This checkout has expired or was already completed',
  planSaved: 'Plan updated successfully',
  planSaveFailed: 'Failed to update plan',
  // spec 000 §9: the pop-up says 'for the next 12 hours'; the promo gives a free month
  promoHeadline: 'Limited-time offer: your first month free',
  promoText: 'Join the Prestige Club and get your first month of full access free, for the next 12 hours.',
} as const

/** spec 000 §4 Promo: a free month is a 30-day trial on the first checkout. */
export const promoTrialDays = 30

export const PlanId = z.string().min(1).max(64)

export const Plan = z.object({
  id: PlanId,
  name: z.string(),
  description: z.string(),
  priceCents: z.number().int(),
  interval: z.enum(['month', 'year']),
  features: z.array(z.string()),
  isActive: z.boolean(),
})
export type Plan = z.infer<typeof Plan>

/** What an admin sees and edits (spec 001 §3 Plan), including the Stripe price id. */
export const AdminPlan = Plan.extend({ stripePriceId: z.string().nullable() })
export type AdminPlan = z.infer<typeof AdminPlan>

export const UpdatePlanInput = z.object({
  name: z.string().trim().min(1, { error: 'Plan name is required' }).max(80),
  description: z.string().trim().max(500),
  priceCents: z.number({ error: 'Price must be a whole number of cents' }).int({ error: 'Price must be a whole number of cents' }).min(0, { error: 'Price cannot be negative' }).max(10_000_00),
  features: z.array(z.string().trim().min(1).max(120)).max(20),
  stripePriceId: z
    .string()
    .trim()
    .max(100)
    .regex(/^(price_[A-Za-z0-9]+)?$/, { error: 'A Stripe price id starts with price_' })
    .transform((value) => value || null),
  isActive: z.boolean(),
})
/** What the admin form sends */
export type UpdatePlanInput = z.input<typeof UpdatePlanInput>
/** What the server stores after parsing (an empty price id becomes null) */
export type UpdatePlanValues = z.output<typeof UpdatePlanInput>

export const CheckoutInput = z.object({
  planId: z.string({ error: paymentMessages.MISSING_PRICE_ID }).trim().min(1, { error: paymentMessages.MISSING_PRICE_ID }).max(64),
  promoCode: z.string().trim().max(64).optional(),
})
export type CheckoutInput = z.infer<typeof CheckoutInput>

export const PromoCodeInput = z.object({ code: z.string().trim().max(64) })
export type PromoCodeInput = z.infer<typeof PromoCodeInput>

export type CheckoutResponse = { url: string }

export type MySubscription = {
  planId: string
  planName: string
  status: string
  currentPeriodEnd: string | null
  cancelAtPeriodEnd: boolean
  /** spec 000 §4: active and current_period_end in the future */
  subscribed: boolean
}

export type MyBilling = { subscription: MySubscription | null; canManageBilling: boolean }

/** A member Stripe bills more than once (two active subscriptions), for the admins to resolve. */
export type MemberWithSeveralSubscriptions = {
  userId: string
  name: string
  email: string
  subscriptions: Array<{
    stripeSubscriptionId: string | null
    planId: string
    planName: string
    status: string
    currentPeriodEnd: string | null
    startedAt: string
  }>
}

export type ActivePromo = { promo: { code: string; headline: string; text: string } | null }

export type TestCheckout = {
  id: string
  planName: string
  priceCents: number
  trialDays: number
  status: 'open' | 'completed'
}

/** Prices show as dollars with two decimals (spec 001 §9). */
export function formatPrice(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`
}
