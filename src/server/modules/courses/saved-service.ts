import { withTransaction } from '#server/db/client.ts'
import { AppError } from '#server/platform/app-error.ts'
import type { Ctx } from '#server/platform/context.ts'
import { requireAccess, requireUser } from '#server/platform/guards.ts'
import { forgetMember } from '#server/platform/member-cache.ts'
import type { CourseLevel } from '#shared/courses/constants.ts'
import { courseMessages } from '#shared/courses/messages.ts'
import type { SavedCourse } from '#shared/courses/schemas.ts'
import * as queries from './queries.ts'
import { courseImageUrl, courseProgress, priceOf } from './views.ts'

// The member's saved courses (spec 001 §2 /saved, §3 saved_courses). /api/saved
// itself, with what other areas can save, is composed in src/server/compose/saved.
// Only published, live courses are listed and counted (issue 15: members see no
// other course anywhere); the saved row stays, so a course published again returns.

/** How many listed courses the member has saved. */
export async function countSavedCourses(ctx: Ctx): Promise<number> {
  const viewer = requireUser(ctx)
  return queries.countSavedCourses(ctx.deps.db, viewer.id)
}

/** The saved courses, newest saved first, each with the member's progress in it. */
export async function listSavedCourses(ctx: Ctx): Promise<{ courses: SavedCourse[] }> {
  const viewer = requireUser(ctx)
  const { db } = ctx.deps
  const rows = await queries.listSavedCourses(db, viewer.id)
  const ids = rows.map((row) => row.id)
  const progress = new Map((await queries.courseProgressOf(db, viewer.id, ids)).map((row) => [row.courseId, row]))
  const completions = new Map(
    (await queries.listCompletions(db, viewer.id, ids)).map((row) => [row.courseId, row.completedAt]),
  )
  const now = new Date()
  return {
    courses: rows.map((row) => {
      const counts = progress.get(row.id)
      return {
        courseId: row.id,
        savedAt: row.savedAt.toISOString(),
        notes: row.notes,
        course: {
          id: row.id,
          title: row.title,
          imageUrl: courseImageUrl(row),
          provider: row.provider,
          level: row.level as CourseLevel,
          durationHours: Number(row.durationHours),
          price: priceOf(row, now),
        },
        progress: courseProgress(counts?.completedLessons ?? 0, counts?.totalLessons ?? 0, completions.get(row.id)),
      }
    }),
  }
}

/** Saving a course (members: browsing is theirs); saving twice keeps one row. */
export async function saveCourse(ctx: Ctx, courseId: string): Promise<{ saved: true }> {
  await requireAccess(ctx, 'member')
  const viewer = requireUser(ctx)
  await withTransaction(ctx.deps.db, async (tx) => {
    if (!(await queries.isCourseListed(tx, courseId))) throw new AppError('NOT_FOUND', courseMessages.notFound)
    await queries.insertSavedCourse(tx, viewer.id, courseId)
  })
  forgetMember(ctx.deps, viewer.id)
  return { saved: true }
}

/** Removing what is not saved is no error (the list is the member's own to tidy). */
export async function unsaveCourse(ctx: Ctx, courseId: string): Promise<void> {
  const viewer = requireUser(ctx)
  await queries.deleteSavedCourse(ctx.deps.db, viewer.id, courseId)
  forgetMember(ctx.deps, viewer.id)
}
