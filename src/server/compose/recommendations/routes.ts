import { Hono } from 'hono'
import type { AppEnv } from '#server/platform/context.ts'
import { getRecommendations } from './service.ts'

// /api/recommendations (members; src/shared/access.ts): the member dashboard's
// Career Recommendations (spec 001 §2, issue 21), composed from the areas' services.
export const recommendationRoutes = new Hono<AppEnv>().get('/', async (c) =>
  c.json(await getRecommendations(c.var.ctx)),
)
