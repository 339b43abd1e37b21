import type { Db } from '#server/db/client.ts'
import { AppError } from '#server/platform/app-error.ts'
import { recordAudit } from '#server/platform/audit.ts'
import type { Ctx } from '#server/platform/context.ts'
import { requireAdmin } from '#server/platform/guards.ts'
import { changeListed } from '#server/platform/list-cache.ts'
import { decodeCursor, nextCursorOf, readPage } from '#server/platform/paging.ts'
import { formImages } from '#server/platform/form-images.ts'
import { recordThenDelete, storeThenRecord } from '#server/platform/uploads.ts'
import { adminCoursePageSize, courseImageMaxBytes } from '#shared/courses/constants.ts'
import { categoryMessages, courseMessages, moduleMessages } from '#shared/courses/messages.ts'
import type {
  AdminCourse,
  AdminCourseDetail,
  AdminCourseList,
  AdminCourseQuery,
  CourseImageAnswer,
  CourseInputParsed,
  DeleteAllAnswer,
  RestoreAnswer,
  RestoreBatchInput,
} from '#shared/courses/schemas.ts'
import { readAdminModules } from './content/views.ts'
import * as queries from './queries.ts'
import { auditedCourse, toAdminCourse } from './views.ts'

// Course management for admins (spec 002 §2 Course management, /admin/courses/new
// and /admin/courses/{id}/edit; §5 Course service and Image upload; §7 Courses;
// issue 15): the table with its search and 'Deleted courses' view, the course
// form, soft delete and restore, 'Delete All Courses' and its undo, the course
// image. Every write is one transaction with its audit row (docs/decisions/023).
// Category management is in category-service.ts, modules and lessons in content/.

/** The course form's image: stored under course-images/, sharp on a wide course page, a fraction of 5 MB. */
const courseImages = formImages({
  area: 'course-images',
  maxBytes: courseImageMaxBytes,
  maxSide: 1600,
  messages: {
    notImage: courseMessages.imageNotImage,
    tooLarge: courseMessages.imageTooLarge,
    notFound: courseMessages.imageRequired,
  },
})

/**
 * A write that changes what course lists show, in one transaction with its live
 * 'courses' event: cached lists go on every instance and open lists refresh.
 */
export function changeCourses<T>(
  ctx: Ctx,
  courseIdOf: (result: T) => string | null,
  work: (tx: Db) => Promise<T>,
): Promise<T> {
  return changeListed(
    ctx,
    'courses',
    (result) => ({ type: 'courses.changed', data: { courseId: courseIdOf(result) } }),
    work,
  )
}

async function adminCourseOf(db: Db, courseId: string): Promise<AdminCourse> {
  const row = await queries.findAdminCourse(db, courseId)
  if (!row) throw new AppError('NOT_FOUND', courseMessages.notFound)
  return toAdminCourse(row)
}

/**
 * A course a write may change (its form, its image, its modules and lessons):
 * NOT_FOUND with `notFound` when missing, CONFLICT when deleted (restore it first).
 */
export function liveCourseOrRefusal<T extends { deletedAt: Date | null }>(
  row: T | undefined,
  notFound: string = courseMessages.notFound,
): T {
  if (!row) throw new AppError('NOT_FOUND', notFound)
  if (row.deletedAt) throw new AppError('CONFLICT', courseMessages.deletedCourseReadOnly)
  return row
}

/** The course locked for a write that changes it (see `liveCourseOrRefusal`). */
async function lockedLiveCourse(tx: Db, courseId: string): Promise<queries.CourseRow> {
  return liveCourseOrRefusal(await queries.lockCourse(tx, courseId))
}

function courseValues(input: CourseInputParsed): queries.CourseWrite {
  return {
    title: input.title,
    description: input.description,
    categoryId: input.categoryId,
    imageKey: input.imageKey,
    durationHours: input.durationHours,
    level: input.level,
    skills: [...new Set(input.skills)],
    provider: input.provider,
    isPublished: input.isPublished,
    isFeatured: input.isFeatured,
    salaryRange: input.salaryRange,
    hasCertification: input.hasCertification,
    // blank is none (the shared schema turns '' into null)
    affiliateUrl: input.affiliateUrl,
    priceCents: input.priceCents,
    salePriceCents: input.salePriceCents,
    saleEndsAt: input.saleEndsAt === null ? null : new Date(input.saleEndsAt),
  }
}

/** Inside the write's transaction: no other course shows the file (`courseImages.checkKey` checked it is there). */
async function checkImageFree(tx: Db, key: string, courseId?: string): Promise<void> {
  if (await queries.imageKeyInUse(tx, key, courseId)) throw courseImages.refuseKey()
}

/** The category the form chose, still there (a category deleted meanwhile is refused by its foreign key too). */
async function checkCategory(tx: Db, categoryId: string): Promise<void> {
  if (!(await queries.findCategory(tx, categoryId)))
    throw new AppError('VALIDATION', categoryMessages.notFound, { categoryId: categoryMessages.notFound })
}

// ---------- reading ----------

/**
 * spec 002 §2: the course grid, searched by title or description; every course,
 * drafts included. `deleted=true` is the 'Deleted courses' view, newest deleted
 * first. Keyset pages of `adminCoursePageSize`.
 */
export async function listAdminCourses(ctx: Ctx, query: AdminCourseQuery): Promise<AdminCourseList> {
  requireAdmin(ctx)
  const { db } = ctx.deps
  const filters = { q: query.q || undefined, deleted: query.deleted === 'true' }
  const after = decodeCursor(query.cursor, 'newest')
  const page = await readPage(adminCoursePageSize, (limit) => queries.listAdminCourses(db, filters, limit, after))
  const counts = await queries.countAdminCourses(db, filters)
  return {
    courses: page.rows.map(({ cursorAt: _cursorAt, ...row }) => toAdminCourse(row)),
    total: counts.matching ?? (filters.deleted ? counts.deleted : counts.live),
    counts: { live: counts.live, deleted: counts.deleted },
    nextCursor: nextCursorOf(page),
  }
}

/** The edit form and the module page: the course with every module and lesson, right answers included (a deleted course too). */
export async function getAdminCourse(ctx: Ctx, courseId: string): Promise<AdminCourseDetail> {
  requireAdmin(ctx)
  const course = await adminCourseOf(ctx.deps.db, courseId)
  return { ...course, modules: await readAdminModules(ctx.deps.db, courseId) }
}

// ---------- the course image (spec 002 §5 Image upload) ----------

/**
 * The course form's image, before the course exists (the form requires one, spec
 * 002 §5): stored and its key answered, for the form to send with the course. No
 * row changes here; the course write that uses the key is audited with it.
 */
export async function uploadCourseImage(ctx: Ctx, file: File | undefined): Promise<CourseImageAnswer> {
  requireAdmin(ctx)
  return { imageKey: await courseImages.store(ctx, await courseImages.prepare(ctx, file)) }
}

/** Replaces an existing course's image in one step; the previous file is deleted once the new one is recorded. */
export async function setCourseImage(ctx: Ctx, courseId: string, file: File | undefined): Promise<AdminCourse> {
  requireAdmin(ctx)
  const picture = await courseImages.prepare(ctx, file)
  return storeThenRecord(
    ctx,
    {
      area: 'course-images',
      extension: picture.extension,
      bytes: picture.bytes,
      contentType: picture.mime,
      visibility: 'public',
    },
    (key) =>
      changeCourses(
        ctx,
        () => courseId,
        async (tx) => {
          const before = await lockedLiveCourse(tx, courseId)
          await queries.updateCourse(tx, courseId, { imageKey: key })
          await recordAudit(tx, ctx, {
            action: 'course.image.set',
            objectType: 'course',
            objectId: courseId,
            before: { image: before.imageKey },
            after: { image: key },
          })
          return { result: await adminCourseOf(tx, courseId), replacedKey: before.imageKey }
        },
      ),
  )
}

// ---------- the course form (spec 002 §5 Course service) ----------

/** spec 002 §7: a new course, with its marketplace price (0 unless the form says otherwise). */
export async function createCourse(ctx: Ctx, input: CourseInputParsed): Promise<AdminCourse> {
  const admin = requireAdmin(ctx)
  await courseImages.checkKey(ctx, input.imageKey)
  return changeCourses(
    ctx,
    (course) => course.id,
    async (tx) => {
      await checkCategory(tx, input.categoryId)
      await checkImageFree(tx, input.imageKey)
      const row = await queries.insertCourse(tx, { ...courseValues(input), createdBy: admin.id })
      await recordAudit(tx, ctx, {
        action: 'course.create',
        objectType: 'course',
        objectId: row.id,
        after: auditedCourse(row),
      })
      return adminCourseOf(tx, row.id)
    },
  )
}

/** Saves the whole form; a replaced image's file is deleted once the course no longer points at it. */
export async function updateCourse(ctx: Ctx, courseId: string, input: CourseInputParsed): Promise<AdminCourse> {
  requireAdmin(ctx)
  const current = await queries.findAdminCourse(ctx.deps.db, courseId)
  if (!current) throw new AppError('NOT_FOUND', courseMessages.notFound)
  await courseImages.checkKey(ctx, input.imageKey, current.imageKey)
  return recordThenDelete(ctx, () =>
    changeCourses(
      ctx,
      () => courseId,
      async (tx) => {
        const before = await lockedLiveCourse(tx, courseId)
        await checkCategory(tx, input.categoryId)
        if (input.imageKey !== before.imageKey) {
          // the course's own image when checked above, replaced meanwhile: its file is gone
          if (input.imageKey === current.imageKey) throw new AppError('CONFLICT', moduleMessages.staleVersion)
          await checkImageFree(tx, input.imageKey, courseId)
        }
        const after = await queries.updateCourse(tx, courseId, courseValues(input))
        await recordAudit(tx, ctx, {
          action: 'course.update',
          objectType: 'course',
          objectId: courseId,
          before: auditedCourse(before),
          after: auditedCourse(after),
        })
        return {
          result: await adminCourseOf(tx, courseId),
          replacedKey: before.imageKey !== after.imageKey ? before.imageKey : null,
        }
      },
    ),
  )
}

// ---------- soft delete, restore, Delete All and its undo ----------

/** spec 002 §4: soft delete; the course leaves every list, and everything under it stays for a restore. */
export async function deleteCourse(ctx: Ctx, courseId: string): Promise<void> {
  requireAdmin(ctx)
  await changeCourses(
    ctx,
    () => courseId,
    async (tx) => {
      const before = await queries.lockCourse(tx, courseId)
      // already deleted: gone from the table, as if it were not there
      if (!before || before.deletedAt) throw new AppError('NOT_FOUND', courseMessages.notFound)
      await queries.softDeleteCourse(tx, courseId)
      await recordAudit(tx, ctx, {
        action: 'course.delete',
        objectType: 'course',
        objectId: courseId,
        before: auditedCourse(before),
      })
    },
  )
}

/** From 'Deleted courses': the course comes back as it was (published or draft), modules, progress and all. */
export async function restoreCourse(ctx: Ctx, courseId: string): Promise<AdminCourse> {
  requireAdmin(ctx)
  return changeCourses(
    ctx,
    () => courseId,
    async (tx) => {
      const before = await queries.lockCourse(tx, courseId)
      if (!before) throw new AppError('NOT_FOUND', courseMessages.notFound)
      if (!before.deletedAt) throw new AppError('CONFLICT', courseMessages.notDeleted)
      await queries.restoreCourse(tx, courseId)
      await recordAudit(tx, ctx, {
        action: 'course.restore',
        objectType: 'course',
        objectId: courseId,
        before: { title: before.title, deletedAt: before.deletedAt },
        after: { title: before.title, deletedAt: null },
      })
      return adminCourseOf(tx, courseId)
    },
  )
}

/**
 * spec 002 §2 'Delete All Courses', as a soft delete (issue 15): every live course
 * stamped with one time, which the answer gives back for the undo
 * (`restoreDeletedBatch`); a course deleted on its own earlier keeps its own time
 * and stays deleted.
 */
export async function deleteAllCourses(ctx: Ctx): Promise<DeleteAllAnswer> {
  requireAdmin(ctx)
  return changeCourses(
    ctx,
    () => null,
    async (tx) => {
      const { count, deletedAt } = await queries.softDeleteAllCourses(tx)
      await recordAudit(tx, ctx, {
        action: 'course.delete-all',
        objectType: 'course',
        objectId: 'all',
        after: { count, deletedAt },
      })
      return { deleted: count, deletedAt: deletedAt?.toISOString() ?? null }
    },
  )
}

/** The undo of one 'Delete All': the courses stamped with exactly `deletedAt` come back. */
export async function restoreDeletedBatch(ctx: Ctx, input: RestoreBatchInput): Promise<RestoreAnswer> {
  requireAdmin(ctx)
  return changeCourses(
    ctx,
    () => null,
    async (tx) => {
      const restored = await queries.restoreCoursesDeletedAt(tx, input.deletedAt)
      if (restored === 0) throw new AppError('NOT_FOUND', courseMessages.nothingToRestore)
      await recordAudit(tx, ctx, {
        action: 'course.restore-batch',
        objectType: 'course',
        objectId: 'all',
        before: { deletedAt: input.deletedAt },
        after: { restored },
      })
      return { restored }
    },
  )
}
