import { Hono } from 'hono'
import type { AppEnv } from '#server/platform/context.ts'
import { validate } from '#server/platform/validation.ts'
import { BusinessRequestInput } from '#shared/business/schemas.ts'
import * as business from './service.ts'

export const businessRequestRoutes = new Hono<AppEnv>().post('/', validate('json', BusinessRequestInput), async (c) =>
  c.json(await business.submitBusinessRequest(c.var.ctx, c.req.valid('json')), 201),
)
