import { z } from 'zod'
import { requiredText } from '#shared/common/fields.ts'

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
  // one membership per member: a plan change goes through 'Change plan' (decision 013), never a second checkout
  oneMembership:
    "You already have a membership. To change plans, use 'Change plan' on the plans page or in Settings > Subscription.",
  membershipUpdateFailed: 'Failed to update your membership. Please try again.',
  noSubscription: 'No active subscription found. Please subscribe first.',
  noCustomer: 'No customer ID found',
  noPortalUrl: 'No portal URL returned',
  cancelsAtPeriodEnd: 'Cancels at period end',
  currentPlan: 'Current Plan',
  testCheckoutNotFound: 'This checkout has expired or was already completed',
  planSaved: 'Plan updated successfully',
  planSaveFailed: 'Failed to update plan',
  // spec 000 §9: the pop-up says 'for the next 12 hours'; the promo gives a free month
  promoHeadline: 'Limited-time offer: your first month free',
  promoText: 'Join the Prestige Club and get your first month of full access free, for the next 12 hours.',
} as const

/**
 * What a member reads about their membership and its changes (decision 013): every
 * message names the plan it is about, so a member with two plans on the page never
 * wonders which one was meant.
 */
export const membershipMessages = {
  checkoutCompleted: (plan: string) => `Payment complete: your ${plan} membership is active`,
  alreadyOnPlan: (plan: string) => `You are already on the ${plan} plan`,
  planNotOffered: (plan: string) => `The ${plan} plan is no longer offered`,
  alreadyCanceled: (plan: string) => `Your ${plan} membership is already canceled at the end of its period`,
  notCanceled: (plan: string) => `Your ${plan} membership is not canceled: there is nothing to resume`,
  ended: (plan: string) => `Your ${plan} membership has ended. Choose a plan to join again.`,
  notActive: (plan: string) =>
    `Your ${plan} membership is not active. Update your payment with Manage billing, or choose a plan to join again.`,
  resumeBeforeChange: (plan: string) =>
    `Your ${plan} membership is canceled: resume it in Settings > Subscription before changing plans.`,
  cancelTitle: (plan: string) => `Cancel your ${plan} membership?`,
  cancelExplained: (plan: string, until: string) =>
    `You keep ${plan} until ${until}. After that your membership ends and you are not charged again.`,
  canceled: (plan: string, until: string) => `Your ${plan} membership is canceled. You keep access until ${until}.`,
  resumed: (plan: string, renews: string) => `Your ${plan} membership is back on: it renews on ${renews}.`,
  changeTitle: (plan: string) => `Switch to ${plan}?`,
  changed: (plan: string) => `Your plan is now ${plan}`,
  /** Test mode (no Stripe keys): no money moves; the plan changes now and the period stays (decision 013). */
  changeInTestMode: (renews: string) =>
    `Test mode: no card is charged. The new plan starts now; your renewal date stays ${renews}.`,
  /** Stripe's default proration: the difference for the rest of the period is settled on the next invoice. */
  changeWithStripe: (renews: string) =>
    `The new plan starts now. Stripe credits or charges the difference for the rest of this period on your next invoice, due ${renews}.`,
  yourPlan: 'Your plan',
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
  name: requiredText('Plan name is required', 80),
  description: z.string().trim().max(500),
  priceCents: z
    .number({ error: 'Price must be a whole number of cents' })
    .int({ error: 'Price must be a whole number of cents' })
    .min(0, { error: 'Price cannot be negative' })
    .max(10_000_00),
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
  planId: requiredText(paymentMessages.MISSING_PRICE_ID, 64),
  promoCode: z.string().trim().max(64).optional(),
})
export type CheckoutInput = z.infer<typeof CheckoutInput>

/** A member's change of plan (decision 013): the plan to switch to. */
export const ChangePlanInput = CheckoutInput.pick({ planId: true })
export type ChangePlanInput = z.infer<typeof ChangePlanInput>

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

export type MyBilling = {
  subscription: MySubscription | null
  canManageBilling: boolean
  /** No Stripe keys: checkouts and membership changes are local, no card is charged (decision 006, 013). */
  testMode: boolean
  /** The member has claimed the free month (a promo checkout was opened) or used it: the promo pop-up stays closed. */
  promoClaimed: boolean
}

export type TestCheckoutCompleted = { redirectTo: string; planName: string }

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

/** What a plan change does to the price, from the plans' prices: '+$9.01/month', '-$9.01/month'. */
export function formatPriceDifference(
  fromCents: number,
  toCents: number,
  interval: Plan['interval'] = 'month',
): string {
  const difference = toCents - fromCents
  return `${difference < 0 ? '-' : '+'}${formatPrice(Math.abs(difference))}/${interval}`
}
