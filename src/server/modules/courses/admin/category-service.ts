import type { Db } from '#server/db/client.ts'
import { AppError, sqlState } from '#server/platform/app-error.ts'
import { recordAudit } from '#server/platform/audit.ts'
import type { Ctx } from '#server/platform/context.ts'
import { requireAdmin } from '#server/platform/guards.ts'
import { categoryMessages } from '#shared/courses/messages.ts'
import type { AdminCategory, CategoryInput } from '#shared/courses/schemas.ts'
import * as queries from './queries.ts'
import { changeCourses } from './service.ts'
import { toAdminCategory } from './views.ts'

// The category manager of /admin/courses (spec 002 §2, §5 Category form, §7
// Categories): a table with add, edit and delete. A category some course uses,
// deleted ones included, is not deleted: its courses would lose it without a word
// (the foreign key would set it to none), and the course form requires one.

const nameTaken = () => new AppError('CONFLICT', categoryMessages.nameTaken, { name: categoryMessages.nameTaken })

async function categoryOf(db: Db, categoryId: string): Promise<AdminCategory> {
  const [row] = await queries.listCategoriesWithCounts(db, categoryId)
  if (!row) throw new AppError('NOT_FOUND', categoryMessages.notFound)
  return toAdminCategory(row)
}

/** What the category form writes and the audit log keeps (docs/decisions/023). */
const categoryFields = (row: { name: string; description: string }) => ({
  name: row.name,
  description: row.description,
})

/**
 * A category write in one transaction, announced as a course change (course
 * cards and filters show categories). A write whose name another category took
 * meanwhile (the unique index) says what the check before it says.
 */
async function changeCategories<T>(ctx: Ctx, work: (tx: Db) => Promise<T>): Promise<T> {
  try {
    return await changeCourses(ctx, () => null, work)
  } catch (error) {
    if (sqlState(error) === '23505') throw nameTaken()
    throw error
  }
}

/** Every category by name, with the courses that use it. */
export async function listAdminCategories(ctx: Ctx): Promise<{ categories: AdminCategory[] }> {
  requireAdmin(ctx)
  const rows = await queries.listCategoriesWithCounts(ctx.deps.db)
  return { categories: rows.map(toAdminCategory) }
}

export async function createCategory(ctx: Ctx, input: CategoryInput): Promise<AdminCategory> {
  requireAdmin(ctx)
  return changeCategories(ctx, async (tx) => {
    if (await queries.categoryNameTaken(tx, input.name)) throw nameTaken()
    const row = await queries.insertCategory(tx, categoryFields(input))
    await recordAudit(tx, ctx, {
      action: 'category.create',
      objectType: 'course_category',
      objectId: row.id,
      after: categoryFields(row),
    })
    return categoryOf(tx, row.id)
  })
}

export async function updateCategory(ctx: Ctx, categoryId: string, input: CategoryInput): Promise<AdminCategory> {
  requireAdmin(ctx)
  return changeCategories(ctx, async (tx) => {
    const before = await queries.lockCategory(tx, categoryId, 'edit')
    if (!before) throw new AppError('NOT_FOUND', categoryMessages.notFound)
    if (await queries.categoryNameTaken(tx, input.name, categoryId)) throw nameTaken()
    const after = await queries.updateCategory(tx, categoryId, categoryFields(input))
    await recordAudit(tx, ctx, {
      action: 'category.update',
      objectType: 'course_category',
      objectId: categoryId,
      before: categoryFields(before),
      after: categoryFields(after),
    })
    return categoryOf(tx, categoryId)
  })
}

/** Refused (409, `inUse`) while any course uses the category, a deleted one included. */
export async function deleteCategory(ctx: Ctx, categoryId: string): Promise<void> {
  requireAdmin(ctx)
  await changeCategories(ctx, async (tx) => {
    const before = await queries.lockCategory(tx, categoryId, 'delete')
    if (!before) throw new AppError('NOT_FOUND', categoryMessages.notFound)
    if ((await queries.countCoursesInCategory(tx, categoryId)) > 0)
      throw new AppError('CONFLICT', categoryMessages.inUse)
    await queries.deleteCategory(tx, categoryId)
    await recordAudit(tx, ctx, {
      action: 'category.delete',
      objectType: 'course_category',
      objectId: categoryId,
      before: categoryFields(before),
    })
  })
}
