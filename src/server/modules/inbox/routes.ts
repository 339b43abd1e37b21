import { Hono } from 'hono'
import type { AppEnv } from '#server/platform/context.ts'
import { validate } from '#server/platform/validation.ts'
import { BusinessStatusInput, ContactStatusInput, InboxQuery } from '#shared/inbox/schemas.ts'
import * as inbox from './service.ts'

// Admin only: the access table refuses /api/admin/* to others; the service checks again.
export const adminInboxRoutes = new Hono<AppEnv>()
  .get('/', validate('query', InboxQuery), async (c) => c.json(await inbox.listInbox(c.var.ctx, c.req.valid('query'))))
  .patch('/contact/:id', validate('json', ContactStatusInput), async (c) =>
    c.json(await inbox.setContactStatus(c.var.ctx, c.req.param('id'), c.req.valid('json').status)),
  )
  .patch('/business/:id', validate('json', BusinessStatusInput), async (c) =>
    c.json(await inbox.setBusinessStatus(c.var.ctx, c.req.param('id'), c.req.valid('json').status)),
  )
