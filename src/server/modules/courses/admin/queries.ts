import { and, asc, desc, eq, isNotNull, isNull, ne, sql, type SQL } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { courseCategories, courses } from '#server/db/schema/courses.ts'
import { containsPattern } from '#server/db/patterns.ts'

// The admin's reads and writes of courses and categories (issue 15; spec 002 §2
// Course management, §7 Courses and Categories). Every course is in reach here,
// drafts and deleted ones included; the member queries beside this folder see only
// listed ones. Modules and lessons are in content/queries.ts.

// ---------- categories ----------

/** Every category by name (spec 002 §7), or only `categoryId`, with how many live and deleted courses use it. */
export function listCategoriesWithCounts(db: Db, categoryId?: string) {
  return db
    .select({
      id: courseCategories.id,
      name: courseCategories.name,
      description: courseCategories.description,
      updatedAt: courseCategories.updatedAt,
      courseCount: sql<number>`count(${courses.id}) filter (where ${courses.deletedAt} is null)::int`,
      deletedCourseCount: sql<number>`count(${courses.id}) filter (where ${courses.deletedAt} is not null)::int`,
    })
    .from(courseCategories)
    .leftJoin(courses, eq(courses.categoryId, courseCategories.id))
    .where(categoryId ? eq(courseCategories.id, categoryId) : undefined)
    .groupBy(courseCategories.id)
    .orderBy(asc(courseCategories.name), asc(courseCategories.id))
}

export type CategoryRow = typeof courseCategories.$inferSelect

export async function findCategory(db: Db, categoryId: string): Promise<CategoryRow | undefined> {
  const [row] = await db.select().from(courseCategories).where(eq(courseCategories.id, categoryId))
  return row
}

/**
 * The category, locked until the transaction ends: for an edit, without holding
 * up courses that point at it; for a delete, fully. A course written meanwhile
 * holds a key-share lock on it (its foreign key), so a delete waits for that
 * course and then counts it, and a course written after it finds no category.
 */
export async function lockCategory(
  tx: Db,
  categoryId: string,
  purpose: 'edit' | 'delete',
): Promise<CategoryRow | undefined> {
  const [row] = await tx
    .select()
    .from(courseCategories)
    .where(eq(courseCategories.id, categoryId))
    .for(purpose === 'delete' ? 'update' : 'no key update')
  return row
}

/** Whether another category has this name, in any case ('Data' and 'data' are one name to a reader). */
export async function categoryNameTaken(db: Db, name: string, exceptId?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: courseCategories.id })
    .from(courseCategories)
    .where(
      and(
        sql`lower(${courseCategories.name}) = lower(${name})`,
        exceptId ? ne(courseCategories.id, exceptId) : undefined,
      ),
    )
    .limit(1)
  return row !== undefined
}

export async function insertCategory(tx: Db, values: { name: string; description: string }): Promise<CategoryRow> {
  const [row] = await tx.insert(courseCategories).values(values).returning()
  return row!
}

export async function updateCategory(tx: Db, categoryId: string, values: { name: string; description: string }) {
  const [row] = await tx
    .update(courseCategories)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(courseCategories.id, categoryId))
    .returning()
  return row!
}

/** How many courses use the category, deleted ones included (they come back on restore). */
export async function countCoursesInCategory(tx: Db, categoryId: string): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(courses)
    .where(eq(courses.categoryId, categoryId))
  return row?.n ?? 0
}

export async function deleteCategory(tx: Db, categoryId: string) {
  await tx.delete(courseCategories).where(eq(courseCategories.id, categoryId))
}

// ---------- courses ----------

const adminCourseColumns = {
  id: courses.id,
  title: courses.title,
  description: courses.description,
  categoryId: courses.categoryId,
  categoryName: courseCategories.name,
  imageKey: courses.imageKey,
  durationHours: courses.durationHours,
  level: courses.level,
  skills: courses.skills,
  provider: courses.provider,
  isPublished: courses.isPublished,
  isFeatured: courses.isFeatured,
  salaryRange: courses.salaryRange,
  hasCertification: courses.hasCertification,
  affiliateUrl: courses.affiliateUrl,
  priceCents: courses.priceCents,
  salePriceCents: courses.salePriceCents,
  saleEndsAt: courses.saleEndsAt,
  enrolClicks: courses.enrolClicks,
  deletedAt: courses.deletedAt,
  createdAt: courses.createdAt,
  updatedAt: courses.updatedAt,
}

export type AdminCourseRow = {
  id: string
  title: string
  description: string
  categoryId: string | null
  categoryName: string | null
  imageKey: string | null
  durationHours: number
  level: string
  skills: string[]
  provider: string
  isPublished: boolean
  isFeatured: boolean
  salaryRange: string
  hasCertification: boolean
  affiliateUrl: string | null
  priceCents: number
  salePriceCents: number | null
  saleEndsAt: Date | null
  enrolClicks: number
  deletedAt: Date | null
  createdAt: Date
  updatedAt: Date
}

export type AdminCourseFilters = { q?: string; deleted: boolean }

function searchCondition(q: string | undefined): SQL | undefined {
  if (!q) return undefined
  // spec 002 §2: title or description, as the members' search (pg_trgm indexes, migration 0009)
  const pattern = containsPattern(q)
  return sql`(${courses.title} ilike ${pattern} or ${courses.description} ilike ${pattern})`
}

/**
 * One page of the admin's table after the keyset position `after`: live courses
 * newest created first (a backward walk of courses_admin_order_idx), or deleted
 * ones newest deleted first, so the courses of one 'Delete All' stay together.
 */
export function listAdminCourses(
  db: Db,
  filters: AdminCourseFilters,
  limit: number,
  after?: { at: string; id: string },
) {
  const order = filters.deleted ? courses.deletedAt : courses.createdAt
  return db
    .select({ ...adminCourseColumns, cursorAt: sql<string>`${order}::text` })
    .from(courses)
    .leftJoin(courseCategories, eq(courseCategories.id, courses.categoryId))
    .where(
      and(
        filters.deleted ? isNotNull(courses.deletedAt) : isNull(courses.deletedAt),
        searchCondition(filters.q),
        after ? sql`(${order}, ${courses.id}) < (${after.at}::timestamptz, ${after.id}::uuid)` : undefined,
      ),
    )
    .orderBy(desc(order), desc(courses.id))
    .limit(limit)
}

/** The whole catalogue's live and deleted counts, and how many of the view match the search. */
export async function countAdminCourses(db: Db, filters: AdminCourseFilters) {
  const view = filters.deleted ? sql`${courses.deletedAt} is not null` : sql`${courses.deletedAt} is null`
  const search = searchCondition(filters.q)
  const [row] = await db
    .select({
      live: sql<number>`count(*) filter (where ${courses.deletedAt} is null)::int`,
      deleted: sql<number>`count(*) filter (where ${courses.deletedAt} is not null)::int`,
      matching: search ? sql<number>`count(*) filter (where ${view} and ${search})::int` : sql<number>`0`,
    })
    .from(courses)
  return { live: row?.live ?? 0, deleted: row?.deleted ?? 0, matching: search ? (row?.matching ?? 0) : undefined }
}

export async function findAdminCourse(db: Db, courseId: string): Promise<AdminCourseRow | undefined> {
  const [row] = await db
    .select(adminCourseColumns)
    .from(courses)
    .leftJoin(courseCategories, eq(courseCategories.id, courses.categoryId))
    .where(eq(courses.id, courseId))
  return row
}

export type CourseRow = typeof courses.$inferSelect

/**
 * The course, locked for the write that follows (deleted or not: the caller
 * decides). No key update: members' saves and completions, which only point at
 * it, are not held up.
 */
export async function lockCourse(tx: Db, courseId: string): Promise<CourseRow | undefined> {
  const [row] = await tx.select().from(courses).where(eq(courses.id, courseId)).for('no key update')
  return row
}

/** What the course form writes (spec 002 §5), storage key included. */
export type CourseWrite = Pick<
  typeof courses.$inferInsert,
  | 'title'
  | 'description'
  | 'categoryId'
  | 'imageKey'
  | 'durationHours'
  | 'level'
  | 'skills'
  | 'provider'
  | 'isPublished'
  | 'isFeatured'
  | 'salaryRange'
  | 'hasCertification'
  | 'affiliateUrl'
  | 'priceCents'
  | 'salePriceCents'
  | 'saleEndsAt'
>

export async function insertCourse(tx: Db, values: CourseWrite & { createdBy: string }): Promise<CourseRow> {
  const [row] = await tx.insert(courses).values(values).returning()
  return row!
}

export async function updateCourse(tx: Db, courseId: string, values: Partial<CourseWrite>): Promise<CourseRow> {
  const [row] = await tx
    .update(courses)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(courses.id, courseId))
    .returning()
  return row!
}

/** Whether a course other than `exceptId` (deleted ones included) shows the image stored under `key`. */
export async function imageKeyInUse(db: Db, key: string, exceptId?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: courses.id })
    .from(courses)
    .where(and(eq(courses.imageKey, key), exceptId ? ne(courses.id, exceptId) : undefined))
    .limit(1)
  return row !== undefined
}

/** Soft delete (spec 002 §4): stamped with the transaction's time; the row and everything under it stay. */
export async function softDeleteCourse(tx: Db, courseId: string): Promise<Date> {
  const [row] = await tx
    .update(courses)
    .set({ deletedAt: sql`now()` })
    .where(eq(courses.id, courseId))
    .returning({ deletedAt: courses.deletedAt })
  return row!.deletedAt!
}

export async function restoreCourse(tx: Db, courseId: string) {
  await tx.update(courses).set({ deletedAt: null }).where(eq(courses.id, courseId))
}

/**
 * 'Delete All Courses': every live course stamped with one time, cut to the
 * millisecond so that the stamp survives its trip through JSON exactly and undoing
 * the batch finds exactly these rows (docs/decisions/024).
 */
export async function softDeleteAllCourses(tx: Db): Promise<{ count: number; deletedAt: Date | null }> {
  // counted in the statement: a catalogue of 100,000 courses answers one row, not 100,000
  const result = (await tx.execute(sql`
    with deleted as (
      update ${courses} set deleted_at = date_trunc('milliseconds', now())
      where ${courses.deletedAt} is null
      returning 1
    )
    select count(*)::int as count,
      (extract(epoch from date_trunc('milliseconds', now())) * 1000)::float8 as stamp
    from deleted`)) as unknown as { rows: Array<{ count: number; stamp: number }> }
  const { count = 0, stamp = 0 } = result.rows[0] ?? {}
  return { count, deletedAt: count > 0 ? new Date(stamp) : null }
}

/** Undo of one 'Delete All': the courses carrying exactly that stamp come back. */
export async function restoreCoursesDeletedAt(tx: Db, deletedAt: string): Promise<number> {
  const rows = await tx
    .update(courses)
    .set({ deletedAt: null })
    .where(eq(courses.deletedAt, sql`${deletedAt}::timestamptz`))
    .returning({ id: courses.id })
  return rows.length
}
