import { Hono } from 'hono'
import { z } from 'zod'
import type { AppEnv } from '#server/platform/context.ts'
import { objectResponse } from '#server/platform/storage.ts'
import { validate } from '#server/platform/validation.ts'
import { courseImageCacheSeconds } from '#shared/courses/constants.ts'
import { courseMessages } from '#shared/courses/messages.ts'
import { CourseBrowseQuery, CourseMarketplaceQuery } from '#shared/courses/schemas.ts'
import { lessonRoutes } from './progress/routes.ts'
import * as courses from './service.ts'

const CourseParams = z.object({ courseId: z.uuid({ error: courseMessages.notFound }) })

// /api/courses (members; the marketplace for subscribers, src/shared/access.ts):
// spec 001 §2 Browse Courses, Course marketplace and the course page, issue 15's
// progress (lessons/). Saved courses are in src/server/compose/saved.
export const courseRoutes = new Hono<AppEnv>()
  .get('/', validate('query', CourseBrowseQuery), async (c) =>
    c.json(await courses.browseCourses(c.var.ctx, c.req.valid('query'))),
  )
  .get('/marketplace', validate('query', CourseMarketplaceQuery), async (c) =>
    c.json(await courses.listMarketplace(c.var.ctx, c.req.valid('query'))),
  )
  .get('/categories', async (c) => c.json(await courses.listCategories(c.var.ctx)))
  .get('/latest', async (c) => c.json(await courses.latestCourses(c.var.ctx)))
  .get('/progress', async (c) => c.json(await courses.listStartedCourses(c.var.ctx)))
  .route('/lessons', lessonRoutes)
  .get('/:courseId', validate('param', CourseParams), async (c) =>
    c.json(await courses.getCourse(c.var.ctx, c.req.valid('param').courseId)),
  )
  .get('/:courseId/image', validate('param', CourseParams), async (c) =>
    objectResponse(await courses.getCourseImage(c.var.ctx, c.req.valid('param').courseId), courseImageCacheSeconds),
  )
  .post('/:courseId/enrol', validate('param', CourseParams), async (c) =>
    c.json(await courses.enrol(c.var.ctx, c.req.valid('param').courseId)),
  )
