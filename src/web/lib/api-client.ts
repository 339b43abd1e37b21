import type { Hono } from 'hono'
import { hc } from 'hono/client'
import { sameOriginFetch } from '#web/lib/api.ts'

// Apart from api.ts so that the landing page, whose calls stay on fetch, does not
// ship hono/client (decision 018).

/**
 * One area's typed client over its own route group (docs/decisions/018): paths,
 * params, query, JSON bodies and answers are checked against the server's routes,
 * e.g. `apiClient<typeof communityRoutes>('/api/community')`. One client per area,
 * not one over the whole app, keeps type-checking fast.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- hc's own constraint on a route group
export function apiClient<Routes extends Hono<any, any, any>>(base: string) {
  return hc<Routes>(base, { fetch: sameOriginFetch, headers: { Accept: 'application/json' } })
}
