import { and, asc, count, eq, isNull, sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import {
  courseCompletions,
  courseModules,
  courses,
  lessonProgress,
  lessons,
  quizAttempts,
  quizQuestions,
} from '#server/db/schema/courses.ts'
import { findCompletion, publishedLessonCounts } from '#server/modules/courses/queries.ts'

// A member's progress (issue 15): lessons completed, videos watched, quiz
// attempts, and the course completion, all keyed by stable lesson and course ids.

/**
 * A lesson the viewer may work on, with what its rules need: a published lesson
 * of a published module of a listed course; with `drafts` (an admin's preview)
 * any lesson of a course that is not deleted.
 */
export async function findLesson(db: Db, lessonId: string, drafts: boolean) {
  const [row] = await db
    .select({
      id: lessons.id,
      type: lessons.type,
      videoKey: lessons.videoKey,
      passMark: lessons.passMark,
      moduleId: lessons.moduleId,
      courseId: courseModules.courseId,
    })
    .from(lessons)
    .innerJoin(courseModules, eq(courseModules.id, lessons.moduleId))
    .innerJoin(courses, eq(courses.id, courseModules.courseId))
    .where(
      and(
        eq(lessons.id, lessonId),
        isNull(courses.deletedAt),
        drafts
          ? undefined
          : and(eq(lessons.status, 'published'), eq(courseModules.status, 'published'), eq(courses.isPublished, true)),
      ),
    )
  return row
}

/**
 * One member's progress through one course at a time: two lessons completed at
 * once in two requests still see each other before the completion is judged.
 * An advisory lock (transaction-scoped) leaves the course row itself alone.
 */
export async function lockMemberCourse(tx: Db, userId: string, courseId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`course-progress:${userId}:${courseId}`}, 0))`)
}

/**
 * Records what the member did in a lesson: the furthest share watched (it never
 * goes back), and the completion (kept once set: completing again changes nothing).
 */
export async function recordProgress(
  tx: Db,
  userId: string,
  lessonId: string,
  change: { watchedFraction: number; complete: boolean },
) {
  const completedAt = change.complete ? sql`now()` : sql`null`
  const [row] = await tx
    .insert(lessonProgress)
    .values({ userId, lessonId, watchedFraction: change.watchedFraction, completedAt })
    .onConflictDoUpdate({
      target: [lessonProgress.userId, lessonProgress.lessonId],
      set: {
        watchedFraction: sql`greatest(${lessonProgress.watchedFraction}, excluded.watched_fraction)`,
        completedAt: sql`coalesce(${lessonProgress.completedAt}, excluded.completed_at)`,
        updatedAt: sql`now()`,
      },
    })
    .returning({ watchedFraction: lessonProgress.watchedFraction, completedAt: lessonProgress.completedAt })
  return row!
}

/** The member's progress in one lesson, or undefined. */
export async function findProgress(db: Db, userId: string, lessonId: string) {
  const [row] = await db
    .select({ watchedFraction: lessonProgress.watchedFraction, completedAt: lessonProgress.completedAt })
    .from(lessonProgress)
    .where(and(eq(lessonProgress.userId, userId), eq(lessonProgress.lessonId, lessonId)))
  return row
}

/** Per published module of the course with published lessons: see `publishedLessonCounts`. */
export function moduleProgressOf(db: Db, userId: string, courseId: string) {
  return publishedLessonCounts(db, userId, { moduleId: courseModules.id }, eq(courseModules.courseId, courseId))
}

export { findCompletion }

/** Records the course completed (once: a second call keeps the first date); its date. */
export async function recordCompletion(tx: Db, userId: string, courseId: string): Promise<Date> {
  await tx.insert(courseCompletions).values({ userId, courseId }).onConflictDoNothing()
  return (await findCompletion(tx, userId, courseId))!
}

/** A quiz's questions with their right answers: for marking only, never for a view. */
export function listQuestionsForMarking(db: Db, lessonId: string) {
  return db
    .select({ id: quizQuestions.id, choices: quizQuestions.choices, correctChoice: quizQuestions.correctChoice })
    .from(quizQuestions)
    .where(eq(quizQuestions.lessonId, lessonId))
    .orderBy(asc(quizQuestions.position), asc(quizQuestions.id))
}

export async function insertAttempt(
  tx: Db,
  values: { userId: string; lessonId: string; answers: Record<string, number>; score: number; passed: boolean },
) {
  const [row] = await tx.insert(quizAttempts).values(values).returning({ id: quizAttempts.id })
  return row!.id
}

export async function countAttempts(db: Db, userId: string, lessonId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(quizAttempts)
    .where(and(eq(quizAttempts.userId, userId), eq(quizAttempts.lessonId, lessonId)))
  return row?.n ?? 0
}
