import { Hono } from 'hono'
import { z } from 'zod'
import type { AppEnv } from '#server/platform/context.ts'
import { validate } from '#server/platform/validation.ts'
import { listSavedJobs, saveJob, unsaveJob } from '#server/modules/jobs/saved-service.ts'
import { listSavedCourses, saveCourse, unsaveCourse } from '#server/modules/courses/saved-service.ts'
import { courseMessages } from '#shared/courses/messages.ts'
import { jobMessages } from '#shared/jobs/schemas.ts'
import { countSavedItems } from './service.ts'

const JobParams = z.object({ jobId: z.uuid({ error: jobMessages.notFound }) })
const CourseParams = z.object({ courseId: z.uuid({ error: courseMessages.notFound }) })

// /api/saved: the member's saved items (spec 001 §2 /saved), one path per area,
// each calling that area's saved service.
export const savedRoutes = new Hono<AppEnv>()
  .get('/counts', async (c) => c.json(await countSavedItems(c.var.ctx)))
  .get('/jobs', async (c) => c.json(await listSavedJobs(c.var.ctx)))
  .put('/jobs/:jobId', validate('param', JobParams), async (c) =>
    c.json(await saveJob(c.var.ctx, c.req.valid('param').jobId)),
  )
  .delete('/jobs/:jobId', validate('param', JobParams), async (c) => {
    await unsaveJob(c.var.ctx, c.req.valid('param').jobId)
    return c.body(null, 204)
  })
  .get('/courses', async (c) => c.json(await listSavedCourses(c.var.ctx)))
  .put('/courses/:courseId', validate('param', CourseParams), async (c) =>
    c.json(await saveCourse(c.var.ctx, c.req.valid('param').courseId)),
  )
  .delete('/courses/:courseId', validate('param', CourseParams), async (c) => {
    await unsaveCourse(c.var.ctx, c.req.valid('param').courseId)
    return c.body(null, 204)
  })
