import { Hono } from 'hono'
import { z } from 'zod'
import type { AppEnv } from '#server/platform/context.ts'
import { objectResponse } from '#server/platform/storage.ts'
import { validate } from '#server/platform/validation.ts'
import { ApplicationStatusInput, jobMessages, resumeMaxBytes } from '#shared/jobs/schemas.ts'
import { formOf, textFields, uploadLimit } from '#server/modules/jobs/multipart.ts'
import * as applications from './service.ts'

const JobParams = z.object({ jobId: z.uuid({ error: jobMessages.notFound }) })
const ApplicationParams = z.object({ applicationId: z.uuid({ error: jobMessages.applicationNotFound }) })

// /api/jobs/:jobId/applications: applying to a job (subscribers, by the /api/jobs area).
// multipart: firstName, lastName, email, phone, coverLetter and the `resume` file
export const applyRoutes = new Hono<AppEnv>().post(
  '/:jobId/applications',
  validate('param', JobParams),
  uploadLimit(resumeMaxBytes, jobMessages.resumeTooLarge, 'resume'),
  async (c) => {
    const form = await formOf(c, jobMessages.applyFailed)
    const resume = form.resume instanceof File ? form.resume : undefined
    return c.json(await applications.applyToJob(c.var.ctx, c.req.valid('param').jobId, textFields(form), resume), 201)
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
  .get('/:jobId/applications', validate('param', JobParams), async (c) =>
    c.json(await applications.listJobApplications(c.var.ctx, c.req.valid('param').jobId)),
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
