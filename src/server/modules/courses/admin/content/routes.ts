import { Hono } from 'hono'
import { z } from 'zod'
import type { AppEnv } from '#server/platform/context.ts'
import { uploadForm } from '#server/platform/uploads.ts'
import { validate } from '#server/platform/validation.ts'
import { lessonVideoMaxBytes } from '#shared/courses/constants.ts'
import { courseMessages, moduleMessages } from '#shared/courses/messages.ts'
import { ContentOrderInput, LessonEdit, ModuleEdit } from '#shared/courses/schemas.ts'
import * as content from './service.ts'

const courseId = z.uuid({ error: courseMessages.notFound })
const moduleId = z.uuid({ error: moduleMessages.unknownModule })
const lessonId = z.uuid({ error: moduleMessages.unknownLesson })
const CourseParams = z.object({ courseId })
const CourseModuleParams = z.object({ courseId, moduleId })
const ModuleParams = z.object({ moduleId })
const ModuleLessonParams = z.object({ moduleId, lessonId })
const LessonParams = z.object({ lessonId })

// a lesson's video (spec 002 §5 Lesson form): one file, above the app's multipart
// ceiling (app.ts lets this route's own limit hold it)
const videoForm = uploadForm({
  files: ['video'],
  maxFileBytes: lessonVideoMaxBytes,
  messages: { tooLarge: moduleMessages.videoTooLarge, unreadable: courseMessages.uploadFailed },
})

// /api/admin/courses (admins only, by the /api/admin area), mounted inside
// adminCourseRoutes: spec 002 §2 Module and lesson management, one module or
// lesson at a time. The order routes come before the ':id' routes they resemble.
export const adminContentRoutes = new Hono<AppEnv>()
  .post('/:courseId/modules', validate('param', CourseParams), validate('json', ModuleEdit), async (c) =>
    c.json(await content.addModule(c.var.ctx, c.req.valid('param').courseId, c.req.valid('json')), 201),
  )
  .put('/:courseId/modules/order', validate('param', CourseParams), validate('json', ContentOrderInput), async (c) =>
    c.json(await content.reorderModules(c.var.ctx, c.req.valid('param').courseId, c.req.valid('json').ids)),
  )
  .put(
    '/:courseId/modules/:moduleId',
    validate('param', CourseModuleParams),
    validate('json', ModuleEdit),
    async (c) => {
      const params = c.req.valid('param')
      return c.json(await content.editModule(c.var.ctx, params.courseId, params.moduleId, c.req.valid('json')))
    },
  )
  .delete('/:courseId/modules/:moduleId', validate('param', CourseModuleParams), async (c) => {
    const params = c.req.valid('param')
    await content.removeModule(c.var.ctx, params.courseId, params.moduleId)
    return c.body(null, 204)
  })
  .post('/modules/:moduleId/lessons', validate('param', ModuleParams), validate('json', LessonEdit), async (c) =>
    c.json(await content.addLesson(c.var.ctx, c.req.valid('param').moduleId, c.req.valid('json')), 201),
  )
  .put(
    '/modules/:moduleId/lessons/order',
    validate('param', ModuleParams),
    validate('json', ContentOrderInput),
    async (c) =>
      c.json(await content.reorderLessons(c.var.ctx, c.req.valid('param').moduleId, c.req.valid('json').ids)),
  )
  .put(
    '/modules/:moduleId/lessons/:lessonId',
    validate('param', ModuleLessonParams),
    validate('json', LessonEdit),
    async (c) => {
      const params = c.req.valid('param')
      return c.json(await content.editLesson(c.var.ctx, params.moduleId, params.lessonId, c.req.valid('json')))
    },
  )
  .delete('/modules/:moduleId/lessons/:lessonId', validate('param', ModuleLessonParams), async (c) => {
    const params = c.req.valid('param')
    await content.removeLesson(c.var.ctx, params.moduleId, params.lessonId)
    return c.body(null, 204)
  })
  // multipart: `video` (an MP4 or WebM file)
  .put('/lessons/:lessonId/video', validate('param', LessonParams), videoForm.limit, async (c) => {
    const { files } = await videoForm.read(c)
    return c.json(await content.setLessonVideo(c.var.ctx, c.req.valid('param').lessonId, files.video))
  })
  .delete('/lessons/:lessonId/video', validate('param', LessonParams), async (c) =>
    c.json(await content.removeLessonVideo(c.var.ctx, c.req.valid('param').lessonId)),
  )
