import { withTransaction, type Db } from '#server/db/client.ts'
import { liveCourseOrRefusal } from '#server/modules/courses/admin/service.ts'
import { AppError } from '#server/platform/app-error.ts'
import { recordAudit, type AuditSnapshot } from '#server/platform/audit.ts'
import type { Ctx } from '#server/platform/context.ts'
import { requireAdmin } from '#server/platform/guards.ts'
import { isVideoContainer } from '#server/platform/media.ts'
import { detectFileType } from '#server/platform/storage.ts'
import { deleteStoredFile, recordThenDelete, storeThenRecord, type Recorded } from '#server/platform/uploads.ts'
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

/** The course a content write belongs to, locked first, and what a missing one is called. */
type CourseScope = {
  lock: (tx: Db) => Promise<queries.ContentCourse | undefined>
  notFound: string
}

/**
 * A content write in one transaction: the course locked first (every content
 * write of one course takes turns), refused when it is missing (`scope.notFound`)
 * or deleted (restore it first).
 */
function inCourse<T>(ctx: Ctx, scope: CourseScope, work: (tx: Db) => Promise<T>): Promise<T> {
  return withTransaction(ctx.deps.db, async (tx) => {
    liveCourseOrRefusal(await scope.lock(tx), scope.notFound)
    return work(tx)
  })
}

/** What the steps below read of a module or a lesson as the admin sees it. */
type ContentView = { id: string; version: number; membersWithProgress: number }

/**
 * Modules in their course and lessons in their module: rows kept in order under
 * one parent, added, edited, moved, deleted and reordered the same way, each
 * write with its audit row. What differs between the two is said here
 * (`modulesOf`, `lessonsOf`); the steps follow.
 */
type Siblings<View extends ContentView, All> = CourseScope & {
  /** the audit log's names: `${noun}.create` (and so on) on `objectType`; a reorder on the parent */
  noun: 'module' | 'lesson'
  objectType: 'course_module' | 'lesson'
  parent: { objectType: 'course' | 'course_module'; id: string }
  /** the most rows one parent holds, and what a row past it says */
  limit: { max: number; message: string }
  /** the parent's rows in order */
  list: (tx: Db) => Promise<Array<{ id: string; title: string }>>
  /** the rows renumbered 1..n in the order of `ids`; with `bumpMoved`, those that moved grow a version */
  order: (tx: Db, ids: readonly string[], bumpMoved: boolean) => Promise<void>
  /** one row as the admin reads it; NOT_FOUND unless it is the parent's */
  read: (tx: Db, id: string) => Promise<View>
  /** every row of the parent, as a reorder answers them */
  readAll: (tx: Db) => Promise<All>
  /** deletes the row and, by cascade, what hangs on it (see above) */
  remove: (tx: Db, id: string) => Promise<void>
  /** what the audit log keeps of a row (docs/decisions/023: the fields the forms edit) */
  audited: (view: View) => AuditSnapshot
  /** the stored files a deleted row leaves behind */
  files: (view: View) => string[]
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

const idsOf = (rows: ReadonlyArray<{ id: string }>) => rows.map((row) => row.id)

function auditRow<View extends ContentView, All>(
  tx: Db,
  ctx: Ctx,
  rows: Siblings<View, All>,
  change: 'create' | 'update' | 'delete',
  id: string,
  snapshots: { before?: AuditSnapshot; after?: AuditSnapshot },
) {
  return recordAudit(tx, ctx, {
    action: `${rows.noun}.${change}`,
    objectType: rows.objectType,
    objectId: id,
    ...snapshots,
  })
}

/** Adds a row with `insert` at `position` among its siblings (the end when none), the others renumbered after it. */
function addRow<View extends ContentView, All>(
  ctx: Ctx,
  rows: Siblings<View, All>,
  position: number | undefined,
  insert: (tx: Db, position: number) => Promise<{ id: string }>,
): Promise<View> {
  return inCourse(ctx, rows, async (tx) => {
    const current = await rows.list(tx)
    if (current.length >= rows.limit.max) throw new AppError('VALIDATION', rows.limit.message)
    const { id } = await insert(tx, current.length + 1)
    await rows.order(tx, placed(idsOf(current), id, position), false)
    const added = await rows.read(tx, id)
    await auditRow(tx, ctx, rows, 'create', id, { after: rows.audited(added) })
    return added
  })
}

/**
 * Edits a row in place with `write`, refused when it changed since the `version`
 * the form was read at, and moves it when `position` is sent.
 */
function editRow<View extends ContentView, All>(
  ctx: Ctx,
  rows: Siblings<View, All>,
  id: string,
  input: { version?: number; position?: number },
  write: (tx: Db, before: View) => Promise<void>,
): Promise<View> {
  return inCourse(ctx, rows, async (tx) => {
    const before = await rows.read(tx, id)
    checkVersion(input.version, before.version)
    await write(tx, before)
    if (input.position !== undefined)
      await rows.order(tx, placed(idsOf(await rows.list(tx)), id, input.position), false)
    const after = await rows.read(tx, id)
    await auditRow(tx, ctx, rows, 'update', id, { before: rows.audited(before), after: rows.audited(after) })
    return after
  })
}

/** Deletes a row (see above), the rest renumbered; its stored files go once that has committed. */
async function removeRow<View extends ContentView, All>(
  ctx: Ctx,
  rows: Siblings<View, All>,
  id: string,
  alsoAudited: (before: View) => AuditSnapshot = () => ({}),
): Promise<void> {
  const files = await inCourse(ctx, rows, async (tx) => {
    const before = await rows.read(tx, id)
    await rows.remove(tx, id)
    await rows.order(tx, idsOf(await rows.list(tx)), false)
    await auditRow(tx, ctx, rows, 'delete', id, {
      before: { ...rows.audited(before), ...alsoAudited(before), membersWithProgress: before.membersWithProgress },
    })
    return rows.files(before)
  })
  // after the commit: a failed transaction keeps its files
  for (const key of files) await deleteStoredFile(ctx, key)
}

/** A new order of every row of the parent (drag or keyboard); the rows that moved grow a version. */
function reorderRows<View extends ContentView, All>(
  ctx: Ctx,
  rows: Siblings<View, All>,
  ids: readonly string[],
): Promise<All> {
  return inCourse(ctx, rows, async (tx) => {
    const current = await rows.list(tx)
    if (!isSameSet(idsOf(current), ids)) throw new AppError('CONFLICT', moduleMessages.staleVersion)
    await rows.order(tx, ids, true)
    const titleOf = new Map(current.map((row) => [row.id, row.title]))
    await recordAudit(tx, ctx, {
      action: `${rows.noun}.reorder`,
      objectType: rows.parent.objectType,
      objectId: rows.parent.id,
      before: { order: current.map((row) => row.title) },
      after: { order: ids.map((id) => titleOf.get(id)) },
    })
    return rows.readAll(tx)
  })
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

const modulesOf = (courseId: string): Siblings<AdminModule, { modules: AdminModule[] }> => ({
  lock: (tx) => queries.lockCourse(tx, courseId),
  notFound: courseMessages.notFound,
  noun: 'module',
  objectType: 'course_module',
  parent: { objectType: 'course', id: courseId },
  limit: { max: modulesPerCourseMax, message: moduleMessages.tooManyModules },
  list: (tx) => queries.listModules(tx, courseId),
  order: queries.orderModules,
  async read(tx, moduleId) {
    const row = await queries.findModule(tx, moduleId)
    if (!row || row.courseId !== courseId) throw new AppError('NOT_FOUND', moduleMessages.unknownModule)
    const [module] = await readAdminModules(tx, courseId, moduleId)
    return module!
  },
  readAll: async (tx) => ({ modules: await readAdminModules(tx, courseId) }),
  remove: queries.deleteModule,
  audited: (module) => ({
    course: courseId,
    title: module.title,
    description: module.description,
    durationMinutes: module.durationMinutes,
    position: module.position,
    status: module.status,
  }),
  files: (module) => module.lessons.flatMap((lesson) => (lesson.videoKey ? [lesson.videoKey] : [])),
})

/** Adds a module at `position` (the end when none), the others renumbered after it. */
export async function addModule(ctx: Ctx, courseId: string, input: ModuleEditParsed): Promise<AdminModule> {
  requireAdmin(ctx)
  return addRow(ctx, modulesOf(courseId), input.position, (tx, position) =>
    queries.insertModule(tx, { ...moduleValues(input), courseId, position }),
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
  return editRow(ctx, modulesOf(courseId), moduleId, input, (tx) =>
    queries.updateModule(tx, moduleId, moduleValues(input)),
  )
}

/** Deletes a module, its lessons and members' progress in them (see above); the rest are renumbered. */
export async function removeModule(ctx: Ctx, courseId: string, moduleId: string): Promise<void> {
  requireAdmin(ctx)
  await removeRow(ctx, modulesOf(courseId), moduleId, (module) => ({
    lessons: module.lessons.map((lesson) => lesson.title),
  }))
}

/** A new order of every module of the course (drag or keyboard); the modules that moved grow a version. */
export async function reorderModules(
  ctx: Ctx,
  courseId: string,
  ids: readonly string[],
): Promise<{ modules: AdminModule[] }> {
  requireAdmin(ctx)
  return reorderRows(ctx, modulesOf(courseId), ids)
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

const lessonsOf = (moduleId: string): Siblings<AdminLesson, { lessons: AdminLesson[] }> => ({
  lock: (tx) => queries.lockCourseOfModule(tx, moduleId),
  notFound: moduleMessages.unknownModule,
  noun: 'lesson',
  objectType: 'lesson',
  parent: { objectType: 'course_module', id: moduleId },
  limit: { max: lessonsPerModuleMax, message: moduleMessages.tooManyLessons },
  list: (tx) => queries.listLessons(tx, [moduleId]),
  order: queries.orderLessons,
  async read(tx, lessonId) {
    const row = await queries.findLesson(tx, lessonId)
    if (!row || row.moduleId !== moduleId) throw new AppError('NOT_FOUND', moduleMessages.unknownLesson)
    return (await readAdminLesson(tx, lessonId))!
  },
  readAll: async (tx) => ({ lessons: await readAdminLessons(tx, moduleId) }),
  remove: queries.deleteLesson,
  audited: (lesson) => ({
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
  }),
  files: (lesson) => (lesson.videoKey ? [lesson.videoKey] : []),
})

/** Adds a lesson (and its quiz questions) at `position` in the module (the end when none). */
export async function addLesson(ctx: Ctx, moduleId: string, input: LessonEditParsed): Promise<AdminLesson> {
  requireAdmin(ctx)
  return addRow(ctx, lessonsOf(moduleId), input.position, async (tx, position) => {
    const row = await queries.insertLesson(tx, { ...lessonValues(input), moduleId, position })
    // a new lesson's questions are all new, whatever ids were sent
    await queries.saveQuestions(
      tx,
      row.id,
      questionsOf(input).map(({ id: _id, ...question }) => question),
    )
    return row
  })
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
  return editRow(ctx, lessonsOf(moduleId), lessonId, input, async (tx, before) => {
    const known = new Set(before.questions.map((question) => question.id))
    // a question deleted meanwhile (or another lesson's): the form is stale
    if (questionsOf(input).some((question) => question.id !== undefined && !known.has(question.id)))
      throw new AppError('CONFLICT', moduleMessages.staleVersion)
    await queries.updateLesson(tx, lessonId, lessonValues(input))
    await queries.saveQuestions(tx, lessonId, questionsOf(input))
  })
}

/** Deletes a lesson and members' progress in it (see above); the rest are renumbered. */
export async function removeLesson(ctx: Ctx, moduleId: string, lessonId: string): Promise<void> {
  requireAdmin(ctx)
  await removeRow(ctx, lessonsOf(moduleId), lessonId)
}

/** A new order of every lesson of the module; the lessons that moved grow a version. */
export async function reorderLessons(
  ctx: Ctx,
  moduleId: string,
  ids: readonly string[],
): Promise<{ lessons: AdminLesson[] }> {
  requireAdmin(ctx)
  return reorderRows(ctx, lessonsOf(moduleId), ids)
}

// ---------- lesson video (spec 002 §5 Lesson form: 'The video type offers a video upload') ----------

/** Video containers members' browsers play (issue 15: mp4 and webm), judged by their bytes. */
const lessonVideoTypes = new Set(['video/mp4', 'video/webm'])

const refuseVideo = (message: string) => new AppError('VALIDATION', message, { video: message })

/** A video lesson of a live course, for the upload that follows (NOT_FOUND, CONFLICT or VALIDATION otherwise). */
async function videoLessonOrRefusal(db: Db, lessonId: string) {
  const lesson = await queries.findLesson(db, lessonId)
  if (!lesson) throw new AppError('NOT_FOUND', moduleMessages.unknownLesson)
  if (lesson.type !== 'video') throw refuseVideo(moduleMessages.videoOnlyForVideoLessons)
  return lesson
}

/**
 * Points the lesson at the video stored under `key`, or at none (null), with its
 * audit row: the lesson as the admin reads it after, and the key it pointed at.
 */
function swapLessonVideo(ctx: Ctx, lessonId: string, key: string | null): Promise<Recorded<AdminLesson>> {
  const scope = { lock: (tx: Db) => queries.lockCourseOfLesson(tx, lessonId), notFound: moduleMessages.unknownLesson }
  return inCourse(ctx, scope, async (tx) => {
    // a video goes only to a video lesson; removing one is never refused
    const before = key ? await videoLessonOrRefusal(tx, lessonId) : (await queries.findLesson(tx, lessonId))!
    await queries.updateLesson(tx, lessonId, { videoKey: key })
    await recordAudit(tx, ctx, {
      action: key ? 'lesson.video.set' : 'lesson.video.remove',
      objectType: 'lesson',
      objectId: lessonId,
      before: { video: before.videoKey },
      after: { video: key },
    })
    return { result: (await readAdminLesson(tx, lessonId))!, replacedKey: before.videoKey }
  })
}

/**
 * An MP4 or WebM video by its own bytes (a container that holds together, not
 * only its first bytes), at most `lessonVideoMaxBytes`, stored privately (members
 * watch it through the lesson's route, with its access check); the lesson's
 * previous video is deleted once the new one is recorded. Videos are not
 * re-encoded (no transcoder here).
 */
export async function setLessonVideo(ctx: Ctx, lessonId: string, file: File | undefined): Promise<AdminLesson> {
  requireAdmin(ctx)
  if (!file) throw refuseVideo(moduleMessages.videoNotVideo)
  if (file.size > lessonVideoMaxBytes) throw refuseVideo(moduleMessages.videoTooLarge)
  // before the bytes are stored: a missing lesson or a reading one is refused at once
  await videoLessonOrRefusal(ctx.deps.db, lessonId)
  const bytes = new Uint8Array(await file.arrayBuffer())
  const detected = await detectFileType(bytes, ['video'])
  if (!detected || !lessonVideoTypes.has(detected.mime) || !isVideoContainer(bytes, detected.mime))
    throw refuseVideo(moduleMessages.videoNotVideo)
  return storeThenRecord(
    ctx,
    { area: 'lesson-videos', extension: detected.extension, bytes, contentType: detected.mime, visibility: 'private' },
    (key) => swapLessonVideo(ctx, lessonId, key),
  )
}

/** The lesson's video removed; its file is deleted once that has committed. */
export async function removeLessonVideo(ctx: Ctx, lessonId: string): Promise<AdminLesson> {
  requireAdmin(ctx)
  return recordThenDelete(ctx, () => swapLessonVideo(ctx, lessonId, null))
}
