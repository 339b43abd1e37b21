import { and, asc, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import type { Db } from '#server/db/client.ts'
import {
  courseCategories,
  courseCompletions,
  courseModules,
  courses,
  lessonProgress,
  lessons,
  quizAttempts,
  quizQuestions,
  savedCourses,
} from '#server/db/schema/courses.ts'
import type { DurationRange } from '#shared/courses/constants.ts'
import { containsPattern } from '#server/db/patterns.ts'

// The courses area's reads and writes for members (issue 15). What members see is
// `listed`: published and not deleted; inside a course, published modules and
// their published lessons (`shown`). Right answers (quiz_questions.correct_choice)
// are read only by the marking query, never by a view's.

/** A course members may see: published, not deleted. */
export const listedCourse = and(eq(courses.isPublished, true), isNull(courses.deletedAt))!

/** Every filter of the browse and marketplace lists, already checked by the shared schemas. */
export type ListFilters = {
  /** a case-insensitive substring of title or description */
  q?: string
  level?: string
  categoryId?: string
  duration?: DurationRange
}

function listConditions(filters: ListFilters): SQL[] {
  const conditions: SQL[] = [listedCourse]
  if (filters.level) conditions.push(eq(courses.level, filters.level))
  if (filters.categoryId) conditions.push(eq(courses.categoryId, filters.categoryId))
  const range = filters.duration
  if (range) {
    // shared/courses/constants.ts isInDurationRange: (min, max], the first range from 0
    conditions.push(range.min === 0 ? sql`${courses.durationHours} >= 0` : sql`${courses.durationHours} > ${range.min}`)
    if (range.max !== null) conditions.push(sql`${courses.durationHours} <= ${range.max}`)
  }
  if (filters.q) {
    // answered by the pg_trgm indexes on title and description (migration 0009)
    const pattern = containsPattern(filters.q)
    conditions.push(sql`(${courses.title} ilike ${pattern} or ${courses.description} ilike ${pattern})`)
  }
  return conditions
}

// What a course card shows, plus the cursor position at full precision.
const cardColumns = {
  id: courses.id,
  title: courses.title,
  description: courses.description,
  imageKey: courses.imageKey,
  provider: courses.provider,
  level: courses.level,
  durationHours: courses.durationHours,
  skills: courses.skills,
  categoryId: courses.categoryId,
  categoryName: courseCategories.name,
  salaryRange: courses.salaryRange,
  hasCertification: courses.hasCertification,
  isFeatured: courses.isFeatured,
  priceCents: courses.priceCents,
  salePriceCents: courses.salePriceCents,
  saleEndsAt: courses.saleEndsAt,
  createdAt: courses.createdAt,
  updatedAt: courses.updatedAt,
}

export type CourseCardRow = {
  id: string
  title: string
  description: string
  imageKey: string | null
  provider: string
  level: string
  durationHours: number
  skills: string[]
  categoryId: string | null
  categoryName: string | null
  salaryRange: string
  hasCertification: boolean
  isFeatured: boolean
  priceCents: number
  salePriceCents: number | null
  saleEndsAt: Date | null
  createdAt: Date
  updatedAt: Date
}

const savedBy = (userId: string) =>
  sql<boolean>`exists (select 1 from ${savedCourses} where ${savedCourses.userId} = ${userId} and ${savedCourses.courseId} = ${courses.id})`

/**
 * One page of listed courses, newest first after the (created_at, id) position
 * `after`: a backward walk of courses_listed_order_idx (or the level, category or
 * duration index the planner prefers). The same for every viewer, so it can be
 * cached; who saved what is read apart (`listSavedCourseIds`).
 */
export function listCoursePage(db: Db, filters: ListFilters, limit: number, after?: { createdAt: string; id: string }) {
  return db
    .select({ ...cardColumns, cursorAt: sql<string>`${courses.createdAt}::text` })
    .from(courses)
    .leftJoin(courseCategories, eq(courseCategories.id, courses.categoryId))
    .where(
      and(
        ...listConditions(filters),
        after
          ? sql`(${courses.createdAt}, ${courses.id}) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(courses.createdAt), desc(courses.id))
    .limit(limit)
}

/** The ids of every course the member saved (listed or not: only listed ones reach a list). */
export async function listSavedCourseIds(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ courseId: savedCourses.courseId })
    .from(savedCourses)
    .where(eq(savedCourses.userId, userId))
  return rows.map((row) => row.courseId)
}

/** Every category, by name (spec 001 §7). */
export function listCategories(db: Db) {
  return db.select().from(courseCategories).orderBy(asc(courseCategories.name))
}

/**
 * A course as its page shows it, with the viewer's saved mark; undefined when
 * there is none or it is deleted, or it is a draft and `drafts` is false.
 */
export async function findCourse(db: Db, courseId: string, viewerId: string, drafts: boolean) {
  const [row] = await db
    .select({
      ...cardColumns,
      affiliateUrl: courses.affiliateUrl,
      isPublished: courses.isPublished,
      saved: savedBy(viewerId),
    })
    .from(courses)
    .leftJoin(courseCategories, eq(courseCategories.id, courses.categoryId))
    .where(and(eq(courses.id, courseId), drafts ? isNull(courses.deletedAt) : listedCourse))
  return row
}

/**
 * The course's image key, when the viewer may see the course: a listed one, or
 * with `anyCourse` (an admin) any, drafts and deleted ones included, as the
 * admin's table and its 'Deleted courses' view show them.
 */
export async function findCourseImageKey(db: Db, courseId: string, anyCourse: boolean) {
  const [row] = await db
    .select({ imageKey: courses.imageKey })
    .from(courses)
    .where(and(eq(courses.id, courseId), anyCourse ? undefined : listedCourse))
  return row?.imageKey ?? undefined
}

/** Counts an 'Enrol' click on a listed course with a link, in one statement; its link, or undefined. */
export async function countEnrolClick(db: Db, courseId: string) {
  const [row] = await db
    .update(courses)
    .set({ enrolClicks: sql`${courses.enrolClicks} + 1` })
    .where(and(eq(courses.id, courseId), listedCourse, sql`${courses.affiliateUrl} is not null`))
    .returning({ url: courses.affiliateUrl })
  return row?.url ?? undefined
}

/** Whether the course is listed (published, not deleted). */
export async function isCourseListed(db: Db, courseId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: courses.id })
    .from(courses)
    .where(and(eq(courses.id, courseId), listedCourse))
  return row !== undefined
}

/** The modules of a course in order: published ones, or every one (`drafts`). */
export function listModules(db: Db, courseId: string, drafts: boolean) {
  return db
    .select({
      id: courseModules.id,
      title: courseModules.title,
      description: courseModules.description,
      durationMinutes: courseModules.durationMinutes,
      position: courseModules.position,
    })
    .from(courseModules)
    .where(and(eq(courseModules.courseId, courseId), drafts ? undefined : eq(courseModules.status, 'published')))
    .orderBy(asc(courseModules.position), asc(courseModules.createdAt), asc(courseModules.id))
}

/** The lessons of those modules in order (published ones, or every one); never a quiz's answers. */
export function listLessons(db: Db, moduleIds: string[], drafts: boolean) {
  if (moduleIds.length === 0) return Promise.resolve([])
  return db
    .select({
      id: lessons.id,
      moduleId: lessons.moduleId,
      title: lessons.title,
      type: lessons.type,
      durationMinutes: lessons.durationMinutes,
      position: lessons.position,
      content: lessons.content,
      hasVideo: sql<boolean>`${lessons.videoKey} is not null`,
      version: lessons.version,
      passMark: lessons.passMark,
    })
    .from(lessons)
    .where(and(inArray(lessons.moduleId, moduleIds), drafts ? undefined : eq(lessons.status, 'published')))
    .orderBy(asc(lessons.position), asc(lessons.createdAt), asc(lessons.id))
}

/** The questions of quiz lessons as members see them: prompt and choices, never the right one. */
export function listQuestionsForMembers(db: Db, lessonIds: string[]) {
  if (lessonIds.length === 0) return Promise.resolve([])
  return db
    .select({
      id: quizQuestions.id,
      lessonId: quizQuestions.lessonId,
      prompt: quizQuestions.prompt,
      choices: quizQuestions.choices,
    })
    .from(quizQuestions)
    .where(inArray(quizQuestions.lessonId, lessonIds))
    .orderBy(asc(quizQuestions.position), asc(quizQuestions.id))
}

/** The viewer's progress in those lessons. */
export function listLessonProgress(db: Db, userId: string, lessonIds: string[]) {
  if (lessonIds.length === 0) return Promise.resolve([])
  return db
    .select({
      lessonId: lessonProgress.lessonId,
      watchedFraction: lessonProgress.watchedFraction,
      completedAt: lessonProgress.completedAt,
    })
    .from(lessonProgress)
    .where(and(eq(lessonProgress.userId, userId), inArray(lessonProgress.lessonId, lessonIds)))
}

/** The viewer's attempts at those quizzes: how many, the best score, whether one passed. */
export function summariseAttempts(db: Db, userId: string, lessonIds: string[]) {
  if (lessonIds.length === 0) return Promise.resolve([])
  return db
    .select({
      lessonId: quizAttempts.lessonId,
      attempts: count(),
      bestScore: sql<number>`max(${quizAttempts.score})::int`,
      passed: sql<boolean>`bool_or(${quizAttempts.passed})`,
    })
    .from(quizAttempts)
    .where(and(eq(quizAttempts.userId, userId), inArray(quizAttempts.lessonId, lessonIds)))
    .groupBy(quizAttempts.lessonId)
}

/** When the viewer completed the course, or undefined. */
export async function findCompletion(db: Db, userId: string, courseId: string) {
  const [row] = await db
    .select({ completedAt: courseCompletions.completedAt })
    .from(courseCompletions)
    .where(and(eq(courseCompletions.userId, userId), eq(courseCompletions.courseId, courseId)))
  return row?.completedAt
}

/**
 * Published lessons of the published modules `modules` picks, and how many of
 * them `userId` completed, counted per `group` (a course, or a module). A module
 * without published lessons counts nothing and answers no row.
 */
export function publishedLessonCounts<Group extends Record<string, PgColumn>>(
  db: Db,
  userId: string,
  group: Group,
  modules: SQL,
) {
  return db
    .select({
      ...group,
      totalLessons: sql<number>`count(${lessons.id})::int`,
      completedLessons: sql<number>`count(${lessonProgress.completedAt})::int`,
    })
    .from(courseModules)
    .innerJoin(lessons, and(eq(lessons.moduleId, courseModules.id), eq(lessons.status, 'published')))
    .leftJoin(lessonProgress, and(eq(lessonProgress.lessonId, lessons.id), eq(lessonProgress.userId, userId)))
    .where(and(modules, eq(courseModules.status, 'published')))
    .groupBy(...Object.values(group))
}

/** Per course of `courseIds` (the lists' percentages): see `publishedLessonCounts`. */
export function courseProgressOf(db: Db, userId: string, courseIds: string[]) {
  if (courseIds.length === 0) return Promise.resolve([])
  return publishedLessonCounts(
    db,
    userId,
    { courseId: courseModules.courseId },
    inArray(courseModules.courseId, courseIds),
  )
}

/** The listed courses in which `userId` has any lesson progress (watched or completed), for the lists' percentages. */
export async function listStartedCourseIds(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ courseId: courseModules.courseId })
    .from(lessonProgress)
    .innerJoin(lessons, eq(lessons.id, lessonProgress.lessonId))
    .innerJoin(courseModules, eq(courseModules.id, lessons.moduleId))
    .innerJoin(courses, eq(courses.id, courseModules.courseId))
    .where(and(eq(lessonProgress.userId, userId), listedCourse))
  return rows.map((row) => row.courseId)
}

/** The completions `userId` recorded for `courseIds`. */
export function listCompletions(db: Db, userId: string, courseIds: string[]) {
  if (courseIds.length === 0) return Promise.resolve([])
  return db
    .select({ courseId: courseCompletions.courseId, completedAt: courseCompletions.completedAt })
    .from(courseCompletions)
    .where(and(eq(courseCompletions.userId, userId), inArray(courseCompletions.courseId, courseIds)))
}

// ---------- saved courses (spec 001 §3 saved_courses) ----------

/** The member's saved courses that are still listed, newest saved first. */
export function listSavedCourses(db: Db, userId: string) {
  return db
    .select({
      ...cardColumns,
      savedAt: savedCourses.savedAt,
      notes: savedCourses.notes,
    })
    .from(savedCourses)
    .innerJoin(courses, eq(courses.id, savedCourses.courseId))
    .leftJoin(courseCategories, eq(courseCategories.id, courses.categoryId))
    .where(and(eq(savedCourses.userId, userId), listedCourse))
    .orderBy(desc(savedCourses.savedAt), desc(savedCourses.id))
}

export async function countSavedCourses(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(savedCourses)
    .innerJoin(courses, eq(courses.id, savedCourses.courseId))
    .where(and(eq(savedCourses.userId, userId), listedCourse))
  return row?.n ?? 0
}

/** Saving twice keeps the one row (and its first saved_at). */
export async function insertSavedCourse(db: Db, userId: string, courseId: string) {
  await db.insert(savedCourses).values({ userId, courseId }).onConflictDoNothing()
}

export async function deleteSavedCourse(db: Db, userId: string, courseId: string) {
  await db.delete(savedCourses).where(and(eq(savedCourses.userId, userId), eq(savedCourses.courseId, courseId)))
}
