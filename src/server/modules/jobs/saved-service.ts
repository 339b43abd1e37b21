import { withTransaction } from '#server/db/client.ts'
import { AppError } from '#server/platform/app-error.ts'
import type { Ctx } from '#server/platform/context.ts'
import { requireAccess, requireUser } from '#server/platform/guards.ts'
import { forgetMember } from '#server/platform/member-cache.ts'
import { jobMessages, type SavedJob } from '#shared/jobs/schemas.ts'
import * as queries from './queries.ts'
import { toSavedJob } from './views.ts'

// The member's saved jobs (spec 001 §2 /saved, §3 saved_jobs). /api/saved itself,
// with whatever other areas can save, is composed in src/server/compose/saved.

/** How many jobs the member has saved. */
export async function countSavedJobs(ctx: Ctx): Promise<number> {
  const viewer = requireUser(ctx)
  return queries.countSavedJobs(ctx.deps.db, viewer.id)
}

export async function listSavedJobs(ctx: Ctx): Promise<{ jobs: SavedJob[] }> {
  const viewer = requireUser(ctx)
  const rows = await queries.listSavedJobs(ctx.deps.db, viewer.id)
  return { jobs: rows.map(toSavedJob) }
}

/** What the member's `limit` newest saved jobs still on the board ask for (the recommendations' skill list). */
export async function savedJobSkillsOfViewer(
  ctx: Ctx,
  limit: number,
): Promise<Array<{ jobId: string; skills: string[] }>> {
  const viewer = requireUser(ctx)
  const rows = await queries.savedJobSkills(ctx.deps.db, viewer.id, limit)
  return rows.map((row) => ({ jobId: row.jobId, skills: [...row.technicalSkills, ...row.softSkills] }))
}

/** Saving is for subscribers (the board is theirs); saving twice keeps one row. */
export async function saveJob(ctx: Ctx, jobId: string): Promise<{ saved: true }> {
  await requireAccess(ctx, 'subscriber')
  const viewer = requireUser(ctx)
  await withTransaction(ctx.deps.db, async (tx) => {
    if ((await queries.findJobStatus(tx, jobId)) !== 'active') throw new AppError('NOT_FOUND', jobMessages.notFound)
    await queries.insertSavedJob(tx, viewer.id, jobId)
  })
  forgetMember(ctx.deps, viewer.id)
  return { saved: true }
}

/** Any member may tidy their list (also after their plan ended); removing what is not saved is no error. */
export async function unsaveJob(ctx: Ctx, jobId: string): Promise<void> {
  const viewer = requireUser(ctx)
  await withTransaction(ctx.deps.db, (tx) => queries.deleteSavedJob(tx, viewer.id, jobId))
  forgetMember(ctx.deps, viewer.id)
}
