import { Hono } from 'hono'
import { z } from 'zod'
import type { AppEnv } from '#server/platform/context.ts'
import { objectResponse, parseRange } from '#server/platform/storage.ts'
import { validate } from '#server/platform/validation.ts'
import { lessonVideoCacheSeconds } from '#shared/courses/constants.ts'
import { progressMessages } from '#shared/courses/messages.ts'
import { LessonProgressInput, QuizAttemptInput } from '#shared/courses/schemas.ts'
import * as progress from './service.ts'

const LessonParams = z.object({ lessonId: z.uuid({ error: progressMessages.lessonNotFound }) })

// /api/courses/lessons (members): a member's progress through a course's lessons
// (issue 15), mounted inside courseRoutes.
export const lessonRoutes = new Hono<AppEnv>()
  .put('/:lessonId/progress', validate('param', LessonParams), validate('json', LessonProgressInput), async (c) =>
    c.json(await progress.recordLessonProgress(c.var.ctx, c.req.valid('param').lessonId, c.req.valid('json'))),
  )
  .post('/:lessonId/quiz-attempts', validate('param', LessonParams), validate('json', QuizAttemptInput), async (c) =>
    c.json(await progress.submitQuizAttempt(c.var.ctx, c.req.valid('param').lessonId, c.req.valid('json')), 201),
  )
  .get('/:lessonId/video', validate('param', LessonParams), async (c) => {
    const object = await progress.getLessonVideo(
      c.var.ctx,
      c.req.valid('param').lessonId,
      parseRange(c.req.header('range')),
    )
    return objectResponse(object, lessonVideoCacheSeconds)
  })
