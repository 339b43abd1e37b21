import { Hono } from 'hono'
import { z } from 'zod'
import type { AppEnv } from '#server/platform/context.ts'
import { objectResponse } from '#server/platform/storage.ts'
import { uploadForm } from '#server/platform/uploads.ts'
import { validate } from '#server/platform/validation.ts'
import { ApplicationStatusInput, JobApplicationsQuery, jobMessages, resumeMaxBytes } from '#shared/jobs/schemas.ts'
import * as applications from './service.ts'

const JobParams = z.object({ jobId: z.uuid({ error: jobMessages.notFound }) })
const ApplicationParams = z.object({ applicationId: z.uuid({ error: jobMessages.applicationNotFound }) })

// the application modal (spec 001 §2): the five fields and the resume
const applicationForm = uploadForm({
  files: ['resume'],
  text: ['firstName', 'lastName', 'email', 'phone', 'coverLetter'],
  maxFileBytes: resumeMaxBytes,
  messages: { tooLarge: jobMessages.resumeTooLarge, unreadable: jobMessages.applyFailed },
})

// /api/jobs/:jobId/applications: applying to a job (subscribers, by the /api/jobs area).
export const applyRoutes = new Hono<AppEnv>().post(
  '/:jobId/applications',
  validate('param', JobParams),
  applicationForm.limit,
  async (c) => {
    const { text, files } = await applicationForm.read(c)
    return c.json(await applications.applyToJob(c.var.ctx, c.req.valid('param').jobId, text, files.resume), 201)
  },
)

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

// /api/admin/jobs/...: a job's applications and moving one on (admins only, by the /api/admin area)
export const adminApplicationRoutes = new Hono<AppEnv>()
  .get('/:jobId/applications', validate('param', JobParams), validate('query', JobApplicationsQuery), async (c) =>
    c.json(await applications.listJobApplications(c.var.ctx, c.req.valid('param').jobId, c.req.valid('query'))),
  )
  .patch(
    '/applications/:applicationId',
    validate('param', ApplicationParams),
    validate('json', ApplicationStatusInput),
    async (c) =>
      c.json(
        await applications.moveApplication(c.var.ctx, c.req.valid('param').applicationId, c.req.valid('json').status),
      ),
  )
