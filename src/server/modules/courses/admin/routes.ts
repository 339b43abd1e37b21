import { Hono, type MiddlewareHandler } from 'hono'
import { z } from 'zod'
import { AppError } from '#server/platform/app-error.ts'
import type { AppEnv } from '#server/platform/context.ts'
import { uploadForm } from '#server/platform/uploads.ts'
import { validate } from '#server/platform/validation.ts'
import { courseImageMaxBytes } from '#shared/courses/constants.ts'
import { categoryMessages, courseMessages } from '#shared/courses/messages.ts'
import {
  AdminCourseQuery,
  CategoryInput,
  CourseInput,
  joinCourseMessages,
  RestoreBatchInput,
} from '#shared/courses/schemas.ts'
import * as categories from './category-service.ts'
import { adminContentRoutes } from './content/routes.ts'
import * as admin from './service.ts'

const CourseParams = z.object({ courseId: z.uuid({ error: courseMessages.notFound }) })
const CategoryParams = z.object({ categoryId: z.uuid({ error: categoryMessages.notFound }) })

// the course image (spec 002 §5 Image upload): one image
const imageForm = uploadForm({
  files: ['image'],
  maxFileBytes: courseImageMaxBytes,
  messages: { tooLarge: courseMessages.imageTooLarge, unreadable: courseMessages.uploadFailed },
})

/**
 * The course form's body. spec 002 §5 Course service: a refused course says every
 * message at once, joined by commas (the page shows them as a list and as one
 * toast), with each field's own message in `fields`. The shared validator answers
 * the first message only; its refusal is reworded here, before the handler runs.
 */
function courseBody() {
  const validator = validate('json', CourseInput)
  const joined: MiddlewareHandler = async (c, next) => {
    let validated = false
    try {
      return await validator(c, async () => {
        validated = true
        await next()
      })
    } catch (error) {
      if (validated || !(error instanceof AppError) || error.code !== 'VALIDATION' || !error.fields) throw error
      throw new AppError('VALIDATION', joinCourseMessages(Object.values(error.fields)), error.fields)
    }
  }
  return Object.assign(joined as unknown as typeof validator, { validates: validator.validates })
}

// /api/admin/courses (admins only, by the /api/admin area): spec 002 §2 Course
// management, its category manager, 'Delete All Courses' and its undo, the course
// image; modules and lessons in content/routes.ts. Course images and lesson videos
// are served by the members' routes (/api/courses/:courseId/image,
// /api/courses/lessons/:lessonId/video), which let admins see drafts. Fixed paths
// come before the ':courseId' routes they resemble.
export const adminCourseRoutes = new Hono<AppEnv>()
  .get('/categories', async (c) => c.json(await categories.listAdminCategories(c.var.ctx)))
  .post('/categories', validate('json', CategoryInput), async (c) =>
    c.json(await categories.createCategory(c.var.ctx, c.req.valid('json')), 201),
  )
  .put('/categories/:categoryId', validate('param', CategoryParams), validate('json', CategoryInput), async (c) =>
    c.json(await categories.updateCategory(c.var.ctx, c.req.valid('param').categoryId, c.req.valid('json'))),
  )
  .delete('/categories/:categoryId', validate('param', CategoryParams), async (c) => {
    await categories.deleteCategory(c.var.ctx, c.req.valid('param').categoryId)
    return c.body(null, 204)
  })
  .post('/delete-all', async (c) => c.json(await admin.deleteAllCourses(c.var.ctx)))
  .post('/restore-batch', validate('json', RestoreBatchInput), async (c) =>
    c.json(await admin.restoreDeletedBatch(c.var.ctx, c.req.valid('json'))),
  )
  // multipart: `image`, stored before the course exists; answers the key the course form sends
  .post('/images', imageForm.limit, async (c) => {
    const { files } = await imageForm.read(c)
    return c.json(await admin.uploadCourseImage(c.var.ctx, files.image), 201)
  })
  .route('/', adminContentRoutes)
  .get('/', validate('query', AdminCourseQuery), async (c) =>
    c.json(await admin.listAdminCourses(c.var.ctx, c.req.valid('query'))),
  )
  .post('/', courseBody(), async (c) => c.json(await admin.createCourse(c.var.ctx, c.req.valid('json')), 201))
  .get('/:courseId', validate('param', CourseParams), async (c) =>
    c.json(await admin.getAdminCourse(c.var.ctx, c.req.valid('param').courseId)),
  )
  .put('/:courseId', validate('param', CourseParams), courseBody(), async (c) =>
    c.json(await admin.updateCourse(c.var.ctx, c.req.valid('param').courseId, c.req.valid('json'))),
  )
  .delete('/:courseId', validate('param', CourseParams), async (c) => {
    await admin.deleteCourse(c.var.ctx, c.req.valid('param').courseId)
    return c.body(null, 204)
  })
  .post('/:courseId/restore', validate('param', CourseParams), async (c) =>
    c.json(await admin.restoreCourse(c.var.ctx, c.req.valid('param').courseId)),
  )
  // multipart: `image`, replacing the course's own
  .put('/:courseId/image', validate('param', CourseParams), imageForm.limit, async (c) => {
    const { files } = await imageForm.read(c)
    return c.json(await admin.setCourseImage(c.var.ctx, c.req.valid('param').courseId, files.image))
  })
