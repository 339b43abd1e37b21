import { queryOptions } from '@tanstack/react-query'
import type { billingRoutes } from '#server/modules/billing/routes.ts'
import { fetchAnswer, type ClientOf } from '#web/lib/api.ts'

// Kept apart from billing.ts so that the landing page can ask for the promo without
// loading the rest of the billing area (its JavaScript budget: ARCHITECTURE.md).

// on fetch, typed from the route: the landing page's calls (decision 018)
type BillingApi = ClientOf<typeof billingRoutes>

export const promoQuery = () =>
  queryOptions({
    queryKey: ['billing', 'promo'] as const,
    queryFn: ({ signal }) => fetchAnswer<BillingApi['promo']['$get']>('/api/billing/promo', { signal }),
    staleTime: 5 * 60_000,
  })

/** spec 000 §5: the server accepts the one promo word (case-insensitively) and refuses anything else with 'Invalid promo code'. */
export const promoCheckQuery = (code: string) =>
  queryOptions({
    queryKey: ['billing', 'promo-check', code.trim().toUpperCase()] as const,
    queryFn: ({ signal }) =>
      fetchAnswer<BillingApi['promo']['check']['$post']>('/api/billing/promo/check', { json: { code }, signal }),
    retry: false,
    staleTime: Infinity,
  })

/** The landing pop-up shows once per browser session (sessionStorage). */
export const promoShownKey = 'promo-shown'

/** Claimed or dismissed in this browser (localStorage): the pop-up opens on no page again (issue 12). */
const promoSettledKey = 'promo-settled'

/** The landing pop-up was shown in this browser session, or claimed or dismissed in this browser. */
export function promoAlreadyShown(): boolean {
  try {
    return sessionStorage.getItem(promoShownKey) !== null || promoSettled()
  } catch {
    return false // storage unavailable (private mode): the pop-up may show again
  }
}

export function promoSettled(): boolean {
  try {
    return localStorage.getItem(promoSettledKey) !== null
  } catch {
    return false
  }
}

export function rememberPromoSettled(): void {
  try {
    localStorage.setItem(promoSettledKey, '1')
  } catch {
    // storage unavailable: the server still gives the free month once
  }
}

export function rememberPromoShown(): void {
  try {
    sessionStorage.setItem(promoShownKey, '1')
  } catch {
    // storage unavailable: nothing to remember it in
  }
}
