import { withTransaction, type Db } from '#server/db/client.ts'
import { AppError } from '#server/platform/app-error.ts'
import { recordAudit } from '#server/platform/audit.ts'
import type { Ctx } from '#server/platform/context.ts'
import { requireAdmin } from '#server/platform/guards.ts'
import { detectFileType } from '#server/platform/storage.ts'
import { deleteStoredFile, storeThenRecord } from '#server/platform/uploads.ts'
import { lessonsPerModuleMax, lessonVideoMaxBytes, modulesPerCourseMax } from '#shared/courses/constants.ts'
import { courseMessages, moduleMessages } from '#shared/courses/messages.ts'
import type { AdminLesson, AdminModule, LessonEditParsed, ModuleEditParsed } from '#shared/courses/schemas.ts'
import * as queries from './queries.ts'
import { readAdminLesson, readAdminLessons, readAdminModules } from './views.ts'

// Module and lesson management (spec 002 §2, §4, §5 Module form and Lesson form;
// issue 15): one module or lesson added, edited, moved or deleted at a time, each
// write in one transaction with its audit row (docs/decisions/023). Rows keep their
// ids: an edit updates in place, positions are renumbered 1..n, and a quiz's
// questions are updated by id, so members' progress and attempts stay attached
// (the earlier implementation deleted and re-inserted every module). Each edit of
// a row, and each reorder that moves it, grows its version; an edit sent with the
// version it was read at is refused when the row changed meanwhile.
//
// Deleting a module or lesson deletes it for good, with members' progress and quiz
// attempts in it (the foreign keys cascade): a course's percentage is completed
// lessons over the lessons it has now, and progress kept for a lesson that no
// longer exists would count towards neither side. What members achieved stays
// where it is recorded for good: a recorded course completion is never removed.
// Setting the lesson or module to draft hides it and keeps the progress instead;
// the admin views say how many members a delete would touch.

/** Video containers members' browsers play (issue 15: mp4 and webm), judged by their bytes. */
const lessonVideoTypes = new Set(['video/mp4', 'video/webm'])

type ContentCourse = queries.ContentCourse

/**
 * A content write in one transaction: the course locked first (every content
 * write of one course takes turns), refused when it is missing (`notFound`) or
 * deleted (restore it first).
 */
function inCourse<T>(
  ctx: Ctx,
  lock: (tx: Db) => Promise<ContentCourse | undefined>,
  notFound: string,
  work: (tx: Db, course: ContentCourse) => Promise<T>,
): Promise<T> {
  return withTransaction(ctx.deps.db, async (tx) => {
    const course = await lock(tx)
    if (!course) throw new AppError('NOT_FOUND', notFound)
    if (course.deletedAt) throw new AppError('CONFLICT', courseMessages.deletedCourseReadOnly)
    return work(tx, course)
  })
}

/** `ids` with `id` placed at `position` (1-based, clamped to the list; the end when none). */
function placed(ids: readonly string[], id: string, position: number | undefined): string[] {
  const rest = ids.filter((other) => other !== id)
  const at = position === undefined ? rest.length : Math.min(Math.max(position - 1, 0), rest.length)
  return [...rest.slice(0, at), id, ...rest.slice(at)]
}

/** A new order names every current row exactly once, or it was made from a stale list. */
function isSameSet(current: readonly string[], ids: readonly string[]): boolean {
  const known = new Set(current)
  return ids.length === current.length && new Set(ids).size === ids.length && ids.every((id) => known.has(id))
}

function checkVersion(sent: number | undefined, current: number) {
  if (sent !== undefined && sent !== current) throw new AppError('CONFLICT', moduleMessages.staleVersion)
}

// ---------- audit snapshots (docs/decisions/023: the fields the forms edit) ----------

function auditedModule(module: AdminModule, courseId: string) {
  return {
    course: courseId,
    title: module.title,
    description: module.description,
    durationMinutes: module.durationMinutes,
    position: module.position,
    status: module.status,
  }
}

function auditedLesson(lesson: AdminLesson, moduleId: string) {
  return {
    module: moduleId,
    title: lesson.title,
    type: lesson.type,
    durationMinutes: lesson.durationMinutes,
    content: lesson.content,
    position: lesson.position,
    status: lesson.status,
    passMark: lesson.passMark,
    // the storage key, named so that the log keeps it (a field named like a key is dropped)
    video: lesson.videoKey,
    questions: lesson.questions.map((question) => ({
      id: question.id,
      prompt: question.prompt,
      choices: question.choices,
      correctChoice: question.correctChoice,
    })),
  }
}

// ---------- modules ----------

function moduleValues(input: ModuleEditParsed): queries.ModuleWrite {
  return {
    title: input.title,
    description: input.description,
    durationMinutes: input.durationMinutes,
    status: input.status,
  }
}

async function moduleView(tx: Db, courseId: string, moduleId: string): Promise<AdminModule> {
  const [module] = await readAdminModules(tx, courseId, moduleId)
  return module!
}

/** Adds a module at `position` (the end when none), the others renumbered after it. */
export async function addModule(ctx: Ctx, courseId: string, input: ModuleEditParsed): Promise<AdminModule> {
  requireAdmin(ctx)
  return inCourse(
    ctx,
    (tx) => queries.lockCourse(tx, courseId),
    courseMessages.notFound,
    async (tx) => {
      const current = await queries.listModules(tx, courseId)
      if (current.length >= modulesPerCourseMax) throw new AppError('VALIDATION', moduleMessages.tooManyModules)
      const row = await queries.insertModule(tx, {
        ...moduleValues(input),
        courseId,
        position: current.length + 1,
      })
      await queries.orderModules(
        tx,
        placed(
          current.map((module) => module.id),
          row.id,
          input.position,
        ),
        false,
      )
      const module = await moduleView(tx, courseId, row.id)
      await recordAudit(tx, ctx, {
        action: 'module.create',
        objectType: 'course_module',
        objectId: row.id,
        after: auditedModule(module, courseId),
      })
      return module
    },
  )
}

/** Edits a module's own fields, and moves it when `position` is sent. */
export async function editModule(
  ctx: Ctx,
  courseId: string,
  moduleId: string,
  input: ModuleEditParsed,
): Promise<AdminModule> {
  requireAdmin(ctx)
  return inCourse(
    ctx,
    (tx) => queries.lockCourse(tx, courseId),
    courseMessages.notFound,
    async (tx) => {
      const current = await queries.listModules(tx, courseId)
      const row = current.find((module) => module.id === moduleId)
      if (!row) throw new AppError('NOT_FOUND', moduleMessages.unknownModule)
      checkVersion(input.version, row.version)
      const before = await moduleView(tx, courseId, moduleId)
      await queries.updateModule(tx, moduleId, moduleValues(input))
      if (input.position !== undefined)
        await queries.orderModules(
          tx,
          placed(
            current.map((module) => module.id),
            moduleId,
            input.position,
          ),
          false,
        )
      const after = await moduleView(tx, courseId, moduleId)
      await recordAudit(tx, ctx, {
        action: 'module.update',
        objectType: 'course_module',
        objectId: moduleId,
        before: auditedModule(before, courseId),
        after: auditedModule(after, courseId),
      })
      return after
    },
  )
}

/** Deletes a module, its lessons and members' progress in them (see above); the rest are renumbered. */
export async function removeModule(ctx: Ctx, courseId: string, moduleId: string): Promise<void> {
  requireAdmin(ctx)
  const videoKeys = await inCourse(
    ctx,
    (tx) => queries.lockCourse(tx, courseId),
    courseMessages.notFound,
    async (tx) => {
      const current = await queries.listModules(tx, courseId)
      if (!current.some((module) => module.id === moduleId))
        throw new AppError('NOT_FOUND', moduleMessages.unknownModule)
      const before = await moduleView(tx, courseId, moduleId)
      await queries.deleteModule(tx, moduleId)
      await queries.orderModules(
        tx,
        current.filter((module) => module.id !== moduleId).map((module) => module.id),
        false,
      )
      await recordAudit(tx, ctx, {
        action: 'module.delete',
        objectType: 'course_module',
        objectId: moduleId,
        before: {
          ...auditedModule(before, courseId),
          lessons: before.lessons.map((lesson) => lesson.title),
          membersWithProgress: before.membersWithProgress,
        },
      })
      return before.lessons.flatMap((lesson) => (lesson.videoKey ? [lesson.videoKey] : []))
    },
  )
  // after the commit: a failed transaction keeps its files
  for (const key of videoKeys) await deleteStoredFile(ctx, key)
}

/** A new order of every module of the course (drag or keyboard); the modules that moved grow a version. */
export async function reorderModules(
  ctx: Ctx,
  courseId: string,
  ids: readonly string[],
): Promise<{ modules: AdminModule[] }> {
  requireAdmin(ctx)
  return inCourse(
    ctx,
    (tx) => queries.lockCourse(tx, courseId),
    courseMessages.notFound,
    async (tx) => {
      const current = await queries.listModules(tx, courseId)
      if (
        !isSameSet(
          current.map((module) => module.id),
          ids,
        )
      )
        throw new AppError('CONFLICT', moduleMessages.staleVersion)
      await queries.orderModules(tx, ids, true)
      const titleOf = new Map(current.map((module) => [module.id, module.title]))
      await recordAudit(tx, ctx, {
        action: 'module.reorder',
        objectType: 'course',
        objectId: courseId,
        before: { order: current.map((module) => module.title) },
        after: { order: ids.map((id) => titleOf.get(id)) },
      })
      return { modules: await readAdminModules(tx, courseId) }
    },
  )
}

// ---------- lessons ----------

function lessonValues(input: LessonEditParsed): queries.LessonWrite {
  return {
    title: input.title,
    type: input.type,
    durationMinutes: input.durationMinutes,
    content: input.content,
    status: input.status,
    passMark: input.passMark,
  }
}

/** A quiz keeps its questions; a lesson of another type has none. */
function questionsOf(input: LessonEditParsed): queries.QuestionWrite[] {
  return input.type === 'quiz' ? input.questions : []
}

/** The lesson, when it is one of the module's. */
async function lessonOfModule(tx: Db, moduleId: string, lessonId: string): Promise<AdminLesson> {
  const row = await queries.findLesson(tx, lessonId)
  if (!row || row.moduleId !== moduleId) throw new AppError('NOT_FOUND', moduleMessages.unknownLesson)
  return (await readAdminLesson(tx, lessonId))!
}

/** Adds a lesson (and its quiz questions) at `position` in the module (the end when none). */
export async function addLesson(ctx: Ctx, moduleId: string, input: LessonEditParsed): Promise<AdminLesson> {
  requireAdmin(ctx)
  return inCourse(
    ctx,
    (tx) => queries.lockCourseOfModule(tx, moduleId),
    moduleMessages.unknownModule,
    async (tx) => {
      const current = await queries.listLessons(tx, [moduleId])
      if (current.length >= lessonsPerModuleMax) throw new AppError('VALIDATION', moduleMessages.tooManyLessons)
      const row = await queries.insertLesson(tx, { ...lessonValues(input), moduleId, position: current.length + 1 })
      // a new lesson's questions are all new, whatever ids were sent
      await queries.saveQuestions(
        tx,
        row.id,
        questionsOf(input).map(({ id: _id, ...question }) => question),
      )
      await queries.orderLessons(
        tx,
        placed(
          current.map((lesson) => lesson.id),
          row.id,
          input.position,
        ),
        false,
      )
      const lesson = (await readAdminLesson(tx, row.id))!
      await recordAudit(tx, ctx, {
        action: 'lesson.create',
        objectType: 'lesson',
        objectId: row.id,
        after: auditedLesson(lesson, moduleId),
      })
      return lesson
    },
  )
}

/**
 * Edits a lesson in place, with its quiz questions (kept by id), and moves it when
 * `position` is sent. Its video stays: it is set and removed through its own routes.
 */
export async function editLesson(
  ctx: Ctx,
  moduleId: string,
  lessonId: string,
  input: LessonEditParsed,
): Promise<AdminLesson> {
  requireAdmin(ctx)
  return inCourse(
    ctx,
    (tx) => queries.lockCourseOfModule(tx, moduleId),
    moduleMessages.unknownModule,
    async (tx) => {
      const before = await lessonOfModule(tx, moduleId, lessonId)
      checkVersion(input.version, before.version)
      const known = new Set(before.questions.map((question) => question.id))
      // a question deleted meanwhile (or another lesson's): the form is stale
      if (questionsOf(input).some((question) => question.id !== undefined && !known.has(question.id)))
        throw new AppError('CONFLICT', moduleMessages.staleVersion)
      await queries.updateLesson(tx, lessonId, lessonValues(input))
      await queries.saveQuestions(tx, lessonId, questionsOf(input))
      if (input.position !== undefined) {
        const current = await queries.listLessons(tx, [moduleId])
        await queries.orderLessons(
          tx,
          placed(
            current.map((lesson) => lesson.id),
            lessonId,
            input.position,
          ),
          false,
        )
      }
      const after = (await readAdminLesson(tx, lessonId))!
      await recordAudit(tx, ctx, {
        action: 'lesson.update',
        objectType: 'lesson',
        objectId: lessonId,
        before: auditedLesson(before, moduleId),
        after: auditedLesson(after, moduleId),
      })
      return after
    },
  )
}

/** Deletes a lesson and members' progress in it (see above); the rest are renumbered. */
export async function removeLesson(ctx: Ctx, moduleId: string, lessonId: string): Promise<void> {
  requireAdmin(ctx)
  const videoKey = await inCourse(
    ctx,
    (tx) => queries.lockCourseOfModule(tx, moduleId),
    moduleMessages.unknownModule,
    async (tx) => {
      const before = await lessonOfModule(tx, moduleId, lessonId)
      await queries.deleteLesson(tx, lessonId)
      const rest = await queries.listLessons(tx, [moduleId])
      await queries.orderLessons(
        tx,
        rest.map((lesson) => lesson.id),
        false,
      )
      await recordAudit(tx, ctx, {
        action: 'lesson.delete',
        objectType: 'lesson',
        objectId: lessonId,
        before: { ...auditedLesson(before, moduleId), membersWithProgress: before.membersWithProgress },
      })
      return before.videoKey
    },
  )
  // after the commit: a failed transaction keeps its file
  if (videoKey) await deleteStoredFile(ctx, videoKey)
}

/** A new order of every lesson of the module; the lessons that moved grow a version. */
export async function reorderLessons(
  ctx: Ctx,
  moduleId: string,
  ids: readonly string[],
): Promise<{ lessons: AdminLesson[] }> {
  requireAdmin(ctx)
  return inCourse(
    ctx,
    (tx) => queries.lockCourseOfModule(tx, moduleId),
    moduleMessages.unknownModule,
    async (tx) => {
      const current = await queries.listLessons(tx, [moduleId])
      if (
        !isSameSet(
          current.map((lesson) => lesson.id),
          ids,
        )
      )
        throw new AppError('CONFLICT', moduleMessages.staleVersion)
      await queries.orderLessons(tx, ids, true)
      const titleOf = new Map(current.map((lesson) => [lesson.id, lesson.title]))
      await recordAudit(tx, ctx, {
        action: 'lesson.reorder',
        objectType: 'course_module',
        objectId: moduleId,
        before: { order: current.map((lesson) => lesson.title) },
        after: { order: ids.map((id) => titleOf.get(id)) },
      })
      return { lessons: await readAdminLessons(tx, moduleId) }
    },
  )
}

// ---------- lesson video (spec 002 §5 Lesson form: 'The video type offers a video upload') ----------

const refuseVideo = (message: string) => new AppError('VALIDATION', message, { video: message })

/** A video lesson of a live course, for the upload that follows (NOT_FOUND, CONFLICT or VALIDATION otherwise). */
async function videoLessonOrRefusal(db: Db, lessonId: string) {
  const lesson = await queries.findLesson(db, lessonId)
  if (!lesson) throw new AppError('NOT_FOUND', moduleMessages.unknownLesson)
  if (lesson.type !== 'video') throw refuseVideo(moduleMessages.videoOnlyForVideoLessons)
  return lesson
}

/**
 * An MP4 or WebM video by its own bytes, at most `lessonVideoMaxBytes`, stored
 * privately (members watch it through the lesson's route, with its access check);
 * the lesson's previous video is deleted once the new one is recorded. Videos are
 * not re-encoded (no transcoder here).
 */
export async function setLessonVideo(ctx: Ctx, lessonId: string, file: File | undefined): Promise<AdminLesson> {
  requireAdmin(ctx)
  if (!file) throw refuseVideo(moduleMessages.videoNotVideo)
  if (file.size > lessonVideoMaxBytes) throw refuseVideo(moduleMessages.videoTooLarge)
  // before the bytes are stored: a missing lesson or a reading one is refused at once
  await videoLessonOrRefusal(ctx.deps.db, lessonId)
  const bytes = new Uint8Array(await file.arrayBuffer())
  const detected = await detectFileType(bytes, ['video'])
  if (!detected || !lessonVideoTypes.has(detected.mime)) throw refuseVideo(moduleMessages.videoNotVideo)
  return storeThenRecord(
    ctx,
    { area: 'lesson-videos', extension: detected.extension, bytes, contentType: detected.mime, visibility: 'private' },
    (key) =>
      inCourse(
        ctx,
        (tx) => queries.lockCourseOfLesson(tx, lessonId),
        moduleMessages.unknownLesson,
        async (tx) => {
          const before = await videoLessonOrRefusal(tx, lessonId)
          await queries.updateLesson(tx, lessonId, { videoKey: key })
          await recordAudit(tx, ctx, {
            action: 'lesson.video.set',
            objectType: 'lesson',
            objectId: lessonId,
            before: { video: before.videoKey },
            after: { video: key },
          })
          return { result: (await readAdminLesson(tx, lessonId))!, replacedKey: before.videoKey }
        },
      ),
  )
}

export async function removeLessonVideo(ctx: Ctx, lessonId: string): Promise<AdminLesson> {
  requireAdmin(ctx)
  const { lesson, previousKey } = await inCourse(
    ctx,
    (tx) => queries.lockCourseOfLesson(tx, lessonId),
    moduleMessages.unknownLesson,
    async (tx) => {
      const before = (await queries.findLesson(tx, lessonId))!
      await queries.updateLesson(tx, lessonId, { videoKey: null })
      await recordAudit(tx, ctx, {
        action: 'lesson.video.remove',
        objectType: 'lesson',
        objectId: lessonId,
        before: { video: before.videoKey },
        after: { video: null },
      })
      return { lesson: (await readAdminLesson(tx, lessonId))!, previousKey: before.videoKey }
    },
  )
  // after the commit: a failed transaction keeps its file
  if (previousKey) await deleteStoredFile(ctx, previousKey)
  return lesson
}
