import { queryOptions, useMutation } from '@tanstack/react-query'
import type { CheckoutInput, Plan } from '#shared/billing/schemas.ts'
import type { billingRoutes } from '#server/modules/billing/routes.ts'
import { apiClient } from '#web/lib/api-client.ts'
import { answer } from '#web/lib/api.ts'

// The landing page's promo pop-up loads this module after first paint, so it imports
// only types from the shared schemas (no zod) and raises no toast (no sonner): the
// JavaScript budget of '/' (ARCHITECTURE.md, performance budgets). The route group is
// imported as a type only: it is erased from the bundle.

const billingApi = apiClient<typeof billingRoutes>('/api/billing')

export const plansQuery = () =>
  queryOptions({
    queryKey: ['billing', 'plans'] as const,
    queryFn: ({ signal }) => answer(billingApi.plans.$get({}, { init: { signal } })),
  })

/** The member's membership; here (not in billing.ts) so that the landing pop-up can ask whether the free month was claimed. */
export const myBillingQuery = () =>
  queryOptions({
    queryKey: ['billing', 'me'] as const,
    queryFn: ({ signal }) => answer(billingApi.me.$get({}, { init: { signal } })),
  })

/** spec 001 §9: the full-access individual plan, the first paid one in the plans' order; the promo's free month is on it. */
export function fullAccessPlan(plans: Plan[]): Plan | undefined {
  return plans.find((plan) => plan.isActive && plan.priceCents > 0)
}

/**
 * Starts a checkout and sends the browser to its URL: Stripe Checkout, or without
 * Stripe keys the local test checkout. Callers show the failure their own way.
 */
export function useStartCheckout() {
  return useMutation({
    mutationFn: (input: CheckoutInput) => answer(billingApi.checkout.$post({ json: input })),
    onSuccess: ({ url }) => window.location.assign(url),
  })
}
