import { Hono } from 'hono'
import { z } from 'zod'
import type { AppEnv } from '#server/platform/context.ts'
import { packedJson } from '#server/platform/packed-json.ts'
import { objectResponse } from '#server/platform/storage.ts'
import { uploadForm } from '#server/platform/uploads.ts'
import { validate } from '#server/platform/validation.ts'
import {
  AdminJobQuery,
  JobInput,
  jobMessages,
  JobSearchQuery,
  JobStatusInput,
  logoCacheSeconds,
  logoMaxBytes,
} from '#shared/jobs/schemas.ts'
import * as admin from './admin-service.ts'
import * as jobs from './service.ts'

const JobParams = z.object({ jobId: z.uuid({ error: jobMessages.notFound }) })

// the company logo form (spec 002 §5): one image
const logoForm = uploadForm({
  files: ['logo'],
  maxFileBytes: logoMaxBytes,
  messages: { tooLarge: jobMessages.logoTooLarge, unreadable: jobMessages.saveJobFailed },
})

// /api/jobs: the board (subscribers; admins pass), except /latest and /logos, which
// the landing teaser shows to visitors (src/shared/access.ts). Applying is in
// applications/routes.ts, saved jobs in src/server/compose/saved.
export const jobRoutes = new Hono<AppEnv>()
  .get('/latest', async (c) => c.json(await jobs.listLatestJobs(c.var.ctx)))
  .get('/logos/:jobId', validate('param', JobParams), async (c) =>
    objectResponse(await jobs.getJobLogo(c.var.ctx, c.req.valid('param').jobId), logoCacheSeconds),
  )
  // packed: the shared cards compressed once, the viewer's marks after them
  .get('/', validate('query', JobSearchQuery), async (c) =>
    packedJson(c, await jobs.searchJobs(c.var.ctx, c.req.valid('query'))),
  )
  .get('/:jobId', validate('param', JobParams), async (c) =>
    c.json(await jobs.getJob(c.var.ctx, c.req.valid('param').jobId)),
  )

// /api/admin/jobs (admins only, by the /api/admin area): spec 002 §2 Job management.
// A job's applications are in applications/routes.ts.
export const adminJobRoutes = new Hono<AppEnv>()
  .get('/', validate('query', AdminJobQuery), async (c) =>
    c.json(await admin.listAdminJobs(c.var.ctx, c.req.valid('query'))),
  )
  .post('/', validate('json', JobInput), async (c) =>
    c.json(await admin.createJob(c.var.ctx, c.req.valid('json')), 201),
  )
  .put('/:jobId', validate('param', JobParams), validate('json', JobInput), async (c) =>
    c.json(await admin.updateJob(c.var.ctx, c.req.valid('param').jobId, c.req.valid('json'))),
  )
  .patch('/:jobId/status', validate('param', JobParams), validate('json', JobStatusInput), async (c) =>
    c.json(await admin.setJobStatus(c.var.ctx, c.req.valid('param').jobId, c.req.valid('json').status)),
  )
  .delete('/:jobId', validate('param', JobParams), async (c) => {
    await admin.deleteJob(c.var.ctx, c.req.valid('param').jobId)
    return c.body(null, 204)
  })
  // multipart: `logo` (an image)
  .post('/:jobId/logo', validate('param', JobParams), logoForm.limit, async (c) => {
    const { files } = await logoForm.read(c)
    return c.json(await admin.uploadJobLogo(c.var.ctx, c.req.valid('param').jobId, files.logo))
  })
  .delete('/:jobId/logo', validate('param', JobParams), async (c) =>
    c.json(await admin.removeJobLogo(c.var.ctx, c.req.valid('param').jobId)),
  )
