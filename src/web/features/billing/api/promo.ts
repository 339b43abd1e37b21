import { queryOptions } from '@tanstack/react-query'
import type { ActivePromo } from '#shared/billing/schemas.ts'
import { apiFetch } from '#web/lib/api.ts'

// Kept apart from billing.ts so that the landing page can ask for the promo without
// loading the rest of the billing area (its JavaScript budget: ARCHITECTURE.md).
export const promoQuery = () =>
  queryOptions({ queryKey: ['billing', 'promo'] as const, queryFn: ({ signal }) => apiFetch<ActivePromo>('/api/billing/promo', { signal }), staleTime: 5 * 60_000 })

/** spec 000 §5: the server accepts the one promo word (case-insensitively) and refuses anything else with 'Invalid promo code'. */
export const promoCheckQuery = (code: string) =>
  queryOptions({
    queryKey: ['billing', 'promo-check', code.trim().toUpperCase()] as const,
    queryFn: ({ signal }) => apiFetch<{ valid: true }>('/api/billing/promo/check', { json: { code }, signal }),
    retry: false,
    staleTime: Infinity,
  })

/** The landing pop-up shows once per browser session (sessionStorage). */
export const promoShownKey = 'promo-shown'

export function promoAlreadyShown(): boolean {
  try {
    return sessionStorage.getItem(promoShownKey) !== null
  } catch {
    return false // storage unavailable (private mode): the pop-up may show again
  }
}

export function rememberPromoShown(): void {
  try {
    sessionStorage.setItem(promoShownKey, '1')
  } catch {
    // storage unavailable: nothing to remember it in
  }
}
