import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { z } from 'zod'
import { AppError } from '#server/platform/app-error.ts'
import type { AppEnv } from '#server/platform/context.ts'
import { objectResponse } from '#server/platform/storage.ts'
import { validate } from '#server/platform/validation.ts'
import {
  AdminJobQuery,
  ApplicationStatusInput,
  JobInput,
  jobMessages,
  JobSearchQuery,
  JobStatusInput,
  logoCacheSeconds,
  logoMaxBytes,
  resumeMaxBytes,
} from '#shared/jobs/schemas.ts'
import * as applications from './applications.ts'
import * as jobs from './service.ts'

const JobParams = z.object({ jobId: z.uuid({ error: jobMessages.notFound }) })
const ApplicationParams = z.object({ applicationId: z.uuid({ error: jobMessages.applicationNotFound }) })

/** The whole request is refused before it is read past `maxBytes` (plus room for the text fields). */
function uploadLimit(maxBytes: number, message: string, field: string) {
  return bodyLimit({
    maxSize: maxBytes + 64 * 1024,
    onError: () => {
      throw new AppError('VALIDATION', message, { [field]: message })
    },
  })
}

async function formOf(c: { req: { parseBody: () => Promise<Record<string, unknown>> } }, failure: string) {
  return c.req.parseBody().catch(() => {
    throw new AppError('VALIDATION', failure)
  })
}

const textFields = (form: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(form).filter((entry): entry is [string, string] => typeof entry[1] === 'string'))

// /api/jobs: the board (subscribers; admins pass), except /latest and /logos, which
// the landing teaser shows to visitors (src/shared/access.ts).
export const jobRoutes = new Hono<AppEnv>()
  .get('/latest', async (c) => c.json(await jobs.listLatestJobs(c.var.ctx)))
  .get('/logos/:jobId', validate('param', JobParams), async (c) => objectResponse(await jobs.getJobLogo(c.var.ctx, c.req.valid('param').jobId), logoCacheSeconds))
  .get('/', validate('query', JobSearchQuery), async (c) => c.json(await jobs.searchJobs(c.var.ctx, c.req.valid('query'))))
  .get('/:jobId', validate('param', JobParams), async (c) => c.json(await jobs.getJob(c.var.ctx, c.req.valid('param').jobId)))
  // multipart: firstName, lastName, email, phone, coverLetter and the `resume` file
  .post('/:jobId/applications', validate('param', JobParams), uploadLimit(resumeMaxBytes, jobMessages.resumeTooLarge, 'resume'), async (c) => {
    const form = await formOf(c, jobMessages.applyFailed)
    const resume = form.resume instanceof File ? form.resume : undefined
    return c.json(await applications.applyToJob(c.var.ctx, c.req.valid('param').jobId, textFields(form), resume), 201)
  })

// /api/saved: the member's saved items (spec 001 §2 /saved); courses join when that area lands
export const savedRoutes = new Hono<AppEnv>()
  .get('/counts', async (c) => c.json(await jobs.countSavedItems(c.var.ctx)))
  .get('/jobs', async (c) => c.json(await jobs.listSavedJobs(c.var.ctx)))
  .put('/jobs/:jobId', validate('param', JobParams), async (c) => c.json(await jobs.saveJob(c.var.ctx, c.req.valid('param').jobId)))
  .delete('/jobs/:jobId', validate('param', JobParams), async (c) => {
    await jobs.unsaveJob(c.var.ctx, c.req.valid('param').jobId)
    return c.body(null, 204)
  })

// /api/applications: the member's own applications; a resume for its applicant or an admin
export const applicationRoutes = new Hono<AppEnv>()
  .get('/mine', async (c) => c.json(await applications.listMyApplications(c.var.ctx)))
  .get('/:applicationId/resume', validate('param', ApplicationParams), async (c) => {
    const { object, fileName } = await applications.getResume(c.var.ctx, c.req.valid('param').applicationId)
    const response = objectResponse(object, 0)
    // private, never cached by a shared cache; saved under the applicant's own (sanitised) file name
    response.headers.set('Cache-Control', 'private, no-store')
    response.headers.set('Content-Disposition', `attachment; filename="${fileName}"`)
    return response
  })

// /api/admin/jobs (admins only, by the /api/admin area): spec 002 §2 Job management
export const adminJobRoutes = new Hono<AppEnv>()
  .get('/', validate('query', AdminJobQuery), async (c) => c.json(await jobs.listAdminJobs(c.var.ctx, c.req.valid('query'))))
  .post('/', validate('json', JobInput), async (c) => c.json(await jobs.createJob(c.var.ctx, c.req.valid('json')), 201))
  .put('/:jobId', validate('param', JobParams), validate('json', JobInput), async (c) =>
    c.json(await jobs.updateJob(c.var.ctx, c.req.valid('param').jobId, c.req.valid('json'))),
  )
  .patch('/:jobId/status', validate('param', JobParams), validate('json', JobStatusInput), async (c) =>
    c.json(await jobs.setJobStatus(c.var.ctx, c.req.valid('param').jobId, c.req.valid('json').status)),
  )
  .delete('/:jobId', validate('param', JobParams), async (c) => {
    await jobs.deleteJob(c.var.ctx, c.req.valid('param').jobId)
    return c.body(null, 204)
  })
  // multipart: `logo` (an image)
  .post('/:jobId/logo', validate('param', JobParams), uploadLimit(logoMaxBytes, jobMessages.logoTooLarge, 'logo'), async (c) => {
    const form = await formOf(c, jobMessages.saveJobFailed)
    return c.json(await jobs.uploadJobLogo(c.var.ctx, c.req.valid('param').jobId, form.logo instanceof File ? form.logo : undefined))
  })
  .delete('/:jobId/logo', validate('param', JobParams), async (c) => c.json(await jobs.removeJobLogo(c.var.ctx, c.req.valid('param').jobId)))
  .get('/:jobId/applications', validate('param', JobParams), async (c) => c.json(await applications.listJobApplications(c.var.ctx, c.req.valid('param').jobId)))
  .patch('/applications/:applicationId', validate('param', ApplicationParams), validate('json', ApplicationStatusInput), async (c) =>
    c.json(await applications.moveApplication(c.var.ctx, c.req.valid('param').applicationId, c.req.valid('json').status)),
  )
