import { Hono } from 'hono'
import { z } from 'zod'
import type { AppEnv } from '#server/platform/context.ts'
import { validate } from '#server/platform/validation.ts'
import { queueAdminMessages } from '#shared/queue-admin/schemas.ts'
import * as queueAdmin from './service.ts'

const JobParams = z.object({ jobId: z.uuid({ error: queueAdminMessages.jobNotFound }) })

// Admin only: the access table refuses /api/admin/* to others; the service checks again.
export const queueAdminRoutes = new Hono<AppEnv>()
  .get('/', async (c) => c.json(await queueAdmin.getQueueOverview(c.var.ctx)))
  .post('/jobs/:jobId/retry', validate('param', JobParams), async (c) =>
    c.json(await queueAdmin.retryFailedJob(c.var.ctx, c.req.valid('param').jobId)),
  )
