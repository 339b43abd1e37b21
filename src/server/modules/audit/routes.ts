import { Hono } from 'hono'
import type { AppEnv } from '#server/platform/context.ts'
import { validate } from '#server/platform/validation.ts'
import { AuditQuery } from '#shared/audit/schemas.ts'
import * as audit from './service.ts'

// /api/admin/audit (admins only: the access table, and the service checks again)
export const auditRoutes = new Hono<AppEnv>().get('/', validate('query', AuditQuery), async (c) =>
  c.json(await audit.listAudit(c.var.ctx, c.req.valid('query'))),
)
