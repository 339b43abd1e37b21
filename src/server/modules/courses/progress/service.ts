import { withTransaction, type Db } from '#server/db/client.ts'
import { AppError } from '#server/platform/app-error.ts'
import type { Ctx } from '#server/platform/context.ts'
import { actsAsAdmin, requireAccess, requireUser } from '#server/platform/guards.ts'
import type { StoredObject } from '#server/platform/storage.ts'
import { videoCompleteFraction } from '#shared/courses/constants.ts'
import { progressMessages } from '#shared/courses/messages.ts'
import type {
  LessonProgressInput,
  ProgressAnswer,
  QuizAttemptAnswer,
  QuizAttemptInput,
} from '#shared/courses/schemas.ts'
import { courseProgress, lessonProgressOf, progressCount } from '#server/modules/courses/views.ts'
import * as queries from './queries.ts'

// Real progress (issue 15; the earlier implementation kept 'completed' in the
// browser only). How a lesson completes depends on its type: a video of ours at
// 90 % watched, a reading or assignment lesson (or a video that is not ours) by
// 'Mark complete', a quiz when an attempt passes. Module and course progress roll
// up from the lessons; the course completion is recorded once, with its date,
// when every published lesson of it is complete.

type Lesson = NonNullable<Awaited<ReturnType<typeof queries.findLesson>>>

async function lessonFor(ctx: Ctx, lessonId: string): Promise<Lesson> {
  await requireAccess(ctx, 'member')
  const lesson = await queries.findLesson(ctx.deps.db, lessonId, actsAsAdmin(ctx))
  if (!lesson) throw new AppError('NOT_FOUND', progressMessages.lessonNotFound)
  return lesson
}

/** The lesson's, its module's and its course's progress after a change, recording the completion when it is due. */
async function rollUp(tx: Db, userId: string, lesson: Lesson): Promise<ProgressAnswer> {
  const own = await queries.findProgress(tx, userId, lesson.id)
  const modules = await queries.moduleProgressOf(tx, userId, lesson.courseId)
  const total = modules.reduce((sum, module) => sum + module.totalLessons, 0)
  const completed = modules.reduce((sum, module) => sum + module.completedLessons, 0)
  const completedAt =
    total > 0 && completed === total
      ? await queries.recordCompletion(tx, userId, lesson.courseId)
      : await queries.findCompletion(tx, userId, lesson.courseId)
  const module = modules.find((row) => row.moduleId === lesson.moduleId)
  return {
    lessonId: lesson.id,
    lesson: lessonProgressOf(own),
    module: { id: lesson.moduleId, ...progressCount(module?.completedLessons ?? 0, module?.totalLessons ?? 0) },
    course: { id: lesson.courseId, ...courseProgress(completed, total, completedAt) },
  }
}

/** PUT /api/courses/lessons/:lessonId/progress: a video's watched share, or 'Mark complete'. */
export async function recordLessonProgress(
  ctx: Ctx,
  lessonId: string,
  input: LessonProgressInput,
): Promise<ProgressAnswer> {
  const lesson = await lessonFor(ctx, lessonId)
  const viewer = requireUser(ctx)
  const ourVideo = lesson.type === 'video' && lesson.videoKey !== null
  if (lesson.type === 'quiz') throw new AppError('VALIDATION', progressMessages.quizNeedsPassing)
  if (ourVideo && input.watchedFraction === undefined)
    throw new AppError('VALIDATION', progressMessages.videoNeedsWatching)
  if (lesson.type !== 'video' && input.complete === undefined)
    throw new AppError('VALIDATION', progressMessages.nothingToRecord)

  const watchedFraction = input.watchedFraction ?? 0
  const complete = ourVideo ? watchedFraction >= videoCompleteFraction : input.complete === true
  return withTransaction(ctx.deps.db, async (tx) => {
    await queries.lockMemberCourse(tx, viewer.id, lesson.courseId)
    await queries.recordProgress(tx, viewer.id, lesson.id, { watchedFraction, complete })
    return rollUp(tx, viewer.id, lesson)
  })
}

/**
 * POST /api/courses/lessons/:lessonId/quiz-attempts: marks every answer, stores
 * the attempt, and completes the lesson when the score reaches its pass mark. The
 * answer says the score, never which choices were right.
 */
export async function submitQuizAttempt(
  ctx: Ctx,
  lessonId: string,
  input: QuizAttemptInput,
): Promise<QuizAttemptAnswer> {
  const lesson = await lessonFor(ctx, lessonId)
  const viewer = requireUser(ctx)
  if (lesson.type !== 'quiz') throw new AppError('VALIDATION', progressMessages.notAQuiz)
  const questions = await queries.listQuestionsForMarking(ctx.deps.db, lesson.id)
  if (questions.length === 0) throw new AppError('VALIDATION', progressMessages.notAQuiz)

  const known = new Set(questions.map((question) => question.id))
  if (Object.keys(input.answers).some((id) => !known.has(id)))
    throw new AppError('VALIDATION', progressMessages.unknownQuestion, { answers: progressMessages.unknownQuestion })
  let correctCount = 0
  for (const question of questions) {
    const choice = input.answers[question.id]
    if (choice === undefined)
      throw new AppError('VALIDATION', progressMessages.answerEveryQuestion, {
        [`answers.${question.id}`]: progressMessages.answerEveryQuestion,
      })
    if (choice >= question.choices.length)
      throw new AppError('VALIDATION', progressMessages.invalidChoice, {
        [`answers.${question.id}`]: progressMessages.invalidChoice,
      })
    if (choice === question.correctChoice) correctCount++
  }
  const score = Math.floor((correctCount / questions.length) * 100)
  const passed = score >= lesson.passMark

  return withTransaction(ctx.deps.db, async (tx) => {
    await queries.lockMemberCourse(tx, viewer.id, lesson.courseId)
    const attemptId = await queries.insertAttempt(tx, {
      userId: viewer.id,
      lessonId: lesson.id,
      answers: input.answers,
      score,
      passed,
    })
    if (passed) await queries.recordProgress(tx, viewer.id, lesson.id, { watchedFraction: 0, complete: true })
    const progress = await rollUp(tx, viewer.id, lesson)
    return {
      ...progress,
      attemptId,
      score,
      passed,
      passMark: lesson.passMark,
      correctCount,
      questionCount: questions.length,
      attempts: await queries.countAttempts(tx, viewer.id, lesson.id),
    }
  })
}

/** GET /api/courses/lessons/:lessonId/video: our video, in the byte range asked, to whoever may see the lesson. */
export async function getLessonVideo(
  ctx: Ctx,
  lessonId: string,
  range: { start: number; end?: number } | undefined,
): Promise<StoredObject> {
  const lesson = await lessonFor(ctx, lessonId)
  const object = lesson.videoKey ? await ctx.deps.storage.get(lesson.videoKey, range) : undefined
  if (!object) throw new AppError('NOT_FOUND', progressMessages.videoNotFound)
  return object
}
