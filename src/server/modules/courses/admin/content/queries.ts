import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import {
  courseModules,
  courses,
  lessonProgress,
  lessons,
  quizAttempts,
  quizQuestions,
} from '#server/db/schema/courses.ts'

// The admin's reads and writes of a course's modules, lessons and quiz questions
// (issue 15; spec 002 §2 Module and lesson management). Rows are updated in place,
// never deleted and inserted again: members' progress and quiz attempts hang on
// lesson and question ids (docs/decisions/024). Positions are 1..n in each course
// (modules) and module (lessons), renumbered by every write that changes the set.

// ---------- the course a content write belongs to ----------

export type ContentCourse = { id: string; deletedAt: Date | null }

/**
 * The course, locked until the transaction ends (no key update: members' saves,
 * completions and the foreign keys of new modules are not held up). Every content
 * write of one course takes this lock first, so two admins' writes take turns and
 * each renumbers what the other left.
 */
export async function lockCourse(tx: Db, courseId: string): Promise<ContentCourse | undefined> {
  const [row] = await tx
    .select({ id: courses.id, deletedAt: courses.deletedAt })
    .from(courses)
    .where(eq(courses.id, courseId))
    .for('no key update')
  return row
}

/** The course of a module, locked as `lockCourse` does. */
export async function lockCourseOfModule(tx: Db, moduleId: string): Promise<ContentCourse | undefined> {
  const [row] = await tx
    .select({ id: courses.id, deletedAt: courses.deletedAt })
    .from(courseModules)
    .innerJoin(courses, eq(courses.id, courseModules.courseId))
    .where(eq(courseModules.id, moduleId))
    .for('no key update', { of: courses })
  return row
}

/** The course of a lesson, locked as `lockCourse` does. */
export async function lockCourseOfLesson(tx: Db, lessonId: string): Promise<ContentCourse | undefined> {
  const [row] = await tx
    .select({ id: courses.id, deletedAt: courses.deletedAt })
    .from(lessons)
    .innerJoin(courseModules, eq(courseModules.id, lessons.moduleId))
    .innerJoin(courses, eq(courses.id, courseModules.courseId))
    .where(eq(lessons.id, lessonId))
    .for('no key update', { of: courses })
  return row
}

// ---------- order ----------

/**
 * Sets each row's position to its place in `ids` (1..n), touching only rows whose
 * position changes; with `bumpMoved`, those rows' versions grow too (an admin's
 * reorder moved them). One statement, so no row is ever missing from the order.
 */
async function applyOrder(
  tx: Db,
  table: typeof courseModules | typeof lessons,
  ids: readonly string[],
  bumpMoved: boolean,
) {
  if (ids.length === 0) return
  const list = sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  )
  await tx.execute(sql`
    update ${table} as t
    set position = o.position::int${bumpMoved ? sql`, version = t.version + 1, updated_at = now()` : sql``}
    from unnest(array[${list}]) with ordinality as o(id, position)
    where t.id = o.id and t.position <> o.position::int`)
}

// ---------- modules ----------

export type ModuleRow = typeof courseModules.$inferSelect

/** The course's modules in order (ties, which a write never leaves, by age). */
export function listModules(db: Db, courseId: string): Promise<ModuleRow[]> {
  return db
    .select()
    .from(courseModules)
    .where(eq(courseModules.courseId, courseId))
    .orderBy(asc(courseModules.position), asc(courseModules.createdAt), asc(courseModules.id))
}

export async function findModule(db: Db, moduleId: string): Promise<ModuleRow | undefined> {
  const [row] = await db.select().from(courseModules).where(eq(courseModules.id, moduleId))
  return row
}

export type ModuleWrite = Pick<
  typeof courseModules.$inferInsert,
  'title' | 'description' | 'durationMinutes' | 'status'
>

export async function insertModule(
  tx: Db,
  values: ModuleWrite & { courseId: string; position: number },
): Promise<ModuleRow> {
  const [row] = await tx.insert(courseModules).values(values).returning()
  return row!
}

/** An edit of the module's own fields: its version grows by one. */
export async function updateModule(tx: Db, moduleId: string, values: ModuleWrite) {
  await tx
    .update(courseModules)
    .set({ ...values, version: sql`${courseModules.version} + 1`, updatedAt: sql`now()` })
    .where(eq(courseModules.id, moduleId))
}

export const orderModules = (tx: Db, ids: readonly string[], bumpMoved: boolean) =>
  applyOrder(tx, courseModules, ids, bumpMoved)

/** Deletes the module and, by cascade, its lessons, their questions and members' progress in them. */
export async function deleteModule(tx: Db, moduleId: string) {
  await tx.delete(courseModules).where(eq(courseModules.id, moduleId))
}

// ---------- lessons ----------

export type LessonRow = typeof lessons.$inferSelect

/** The lessons of those modules, each module's in order. */
export function listLessons(db: Db, moduleIds: readonly string[]): Promise<LessonRow[]> {
  if (moduleIds.length === 0) return Promise.resolve([])
  return db
    .select()
    .from(lessons)
    .where(inArray(lessons.moduleId, [...moduleIds]))
    .orderBy(asc(lessons.position), asc(lessons.createdAt), asc(lessons.id))
}

export async function findLesson(db: Db, lessonId: string): Promise<LessonRow | undefined> {
  const [row] = await db.select().from(lessons).where(eq(lessons.id, lessonId))
  return row
}

export type LessonWrite = Pick<
  typeof lessons.$inferInsert,
  'title' | 'type' | 'durationMinutes' | 'content' | 'status' | 'passMark'
>

export async function insertLesson(
  tx: Db,
  values: LessonWrite & { moduleId: string; position: number },
): Promise<LessonRow> {
  const [row] = await tx.insert(lessons).values(values).returning()
  return row!
}

/** An edit of the lesson's own fields (or its video): its version grows by one. */
export async function updateLesson(
  tx: Db,
  lessonId: string,
  values: Partial<LessonWrite & { videoKey: string | null }>,
) {
  await tx
    .update(lessons)
    .set({ ...values, version: sql`${lessons.version} + 1`, updatedAt: sql`now()` })
    .where(eq(lessons.id, lessonId))
}

export const orderLessons = (tx: Db, ids: readonly string[], bumpMoved: boolean) =>
  applyOrder(tx, lessons, ids, bumpMoved)

/** Deletes the lesson and, by cascade, its questions and members' progress and attempts in it. */
export async function deleteLesson(tx: Db, lessonId: string) {
  await tx.delete(lessons).where(eq(lessons.id, lessonId))
}

// ---------- quiz questions ----------

export type QuestionRow = typeof quizQuestions.$inferSelect

/** The questions of those lessons, right answers included (admins only), in order. */
export function listQuestions(db: Db, lessonIds: readonly string[]): Promise<QuestionRow[]> {
  if (lessonIds.length === 0) return Promise.resolve([])
  return db
    .select()
    .from(quizQuestions)
    .where(inArray(quizQuestions.lessonId, [...lessonIds]))
    .orderBy(asc(quizQuestions.position), asc(quizQuestions.id))
}

export type QuestionWrite = { id?: string; prompt: string; choices: string[]; correctChoice: number }

/**
 * Makes the lesson's questions exactly `questions`, in that order: a question sent
 * with its id is updated in place (members' attempts name it), one without is
 * added, one not sent is deleted. The caller has checked that every id sent is one
 * of the lesson's.
 */
export async function saveQuestions(tx: Db, lessonId: string, questions: readonly QuestionWrite[]) {
  const kept = questions.flatMap((question) => (question.id ? [question.id] : []))
  await tx
    .delete(quizQuestions)
    .where(and(eq(quizQuestions.lessonId, lessonId), kept.length ? notInArray(quizQuestions.id, kept) : undefined))
  for (const [index, question] of questions.entries()) {
    const values = {
      position: index + 1,
      prompt: question.prompt,
      choices: question.choices,
      correctChoice: question.correctChoice,
    }
    if (question.id)
      await tx
        .update(quizQuestions)
        .set({ ...values, updatedAt: sql`now()` })
        .where(and(eq(quizQuestions.id, question.id), eq(quizQuestions.lessonId, lessonId)))
    else await tx.insert(quizQuestions).values({ ...values, lessonId })
  }
}

// ---------- members' progress (what a delete would remove) ----------

/** Members with progress (a progress row or a quiz attempt) in each of those lessons. */
export async function membersWithProgressByLesson(db: Db, lessonIds: readonly string[]) {
  if (lessonIds.length === 0) return new Map<string, number>()
  const ids = [...lessonIds]
  const rows = await db
    .select({ lessonId: sql<string>`p.lesson_id`, members: sql<number>`count(distinct p.user_id)::int` })
    .from(
      sql`(select ${lessonProgress.lessonId} as lesson_id, ${lessonProgress.userId} as user_id from ${lessonProgress}
           where ${inArray(lessonProgress.lessonId, ids)}
           union all
           select ${quizAttempts.lessonId}, ${quizAttempts.userId} from ${quizAttempts}
           where ${inArray(quizAttempts.lessonId, ids)}) as p`,
    )
    .groupBy(sql`p.lesson_id`)
  return new Map(rows.map((row) => [row.lessonId, row.members]))
}

/** Members with progress in any lesson of each of those modules. */
export async function membersWithProgressByModule(db: Db, moduleIds: readonly string[]) {
  if (moduleIds.length === 0) return new Map<string, number>()
  const ids = [...moduleIds]
  const rows = await db
    .select({ moduleId: sql<string>`p.module_id`, members: sql<number>`count(distinct p.user_id)::int` })
    .from(
      sql`(select ${lessons.moduleId} as module_id, ${lessonProgress.userId} as user_id from ${lessonProgress}
           join ${lessons} on ${lessons.id} = ${lessonProgress.lessonId}
           where ${inArray(lessons.moduleId, ids)}
           union all
           select ${lessons.moduleId}, ${quizAttempts.userId} from ${quizAttempts}
           join ${lessons} on ${lessons.id} = ${quizAttempts.lessonId}
           where ${inArray(lessons.moduleId, ids)}) as p`,
    )
    .groupBy(sql`p.module_id`)
  return new Map(rows.map((row) => [row.moduleId, row.members]))
}
