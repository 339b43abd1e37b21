import { queryOptions } from '@tanstack/react-query'
import type { ActivePromo } from '#shared/billing/schemas.ts'
import { apiFetch } from '#web/lib/api.ts'

// Kept apart from billing.ts so that the landing page can ask for the promo without
// loading the rest of the billing area (its JavaScript budget: ARCHITECTURE.md).
export const promoQuery = () =>
  queryOptions({ queryKey: ['billing', 'promo'] as const, queryFn: ({ signal }) => apiFetch<ActivePromo>('/api/billing/promo', { signal }), staleTime: 5 * 60_000 })

/** The landing pop-up shows once per browser session. */
export const promoShownKey = 'promo-shown'
