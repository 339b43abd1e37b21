import { Hono } from 'hono'
import type { AppEnv } from '#server/platform/context.ts'
import { validate } from '#server/platform/validation.ts'
import { ContactInput } from '#shared/contact/schemas.ts'
import * as contact from './service.ts'

export const contactRoutes = new Hono<AppEnv>().post('/', validate('json', ContactInput), async (c) =>
  c.json(await contact.sendContactMessage(c.var.ctx, c.req.valid('json')), 201),
)
