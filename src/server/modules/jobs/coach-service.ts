import type { Ctx } from '#server/platform/context.ts'
import { requireAdmin } from '#server/platform/guards.ts'
import * as applications from './applications/queries.ts'
import * as queries from './queries.ts'

// A member's job search as their coach sees it beside a conversation (issue 20;
// composed in src/server/compose/chat-context): their newest applications and
// saved jobs. Admins only.

export type MemberApplication = {
  /** null once the job was deleted: the application keeps its title and company */
  jobId: string | null
  title: string
  company: string
  status: string
  appliedAt: string
}

export type MemberSavedJob = { jobId: string; title: string; company: string; savedAt: string }

/** The member's `limit` newest applications. */
export async function listMemberApplications(ctx: Ctx, userId: string, limit: number): Promise<MemberApplication[]> {
  requireAdmin(ctx)
  const rows = await applications.listOwnApplications(ctx.deps.db, userId)
  return rows.slice(0, limit).map((row) => ({
    jobId: row.jobId,
    title: row.jobTitle,
    company: row.company,
    status: row.status,
    appliedAt: row.createdAt.toISOString(),
  }))
}

/** The member's `limit` most recently saved jobs. */
export async function listMemberSavedJobs(ctx: Ctx, userId: string, limit: number): Promise<MemberSavedJob[]> {
  requireAdmin(ctx)
  const rows = await queries.listSavedJobs(ctx.deps.db, userId)
  return rows.slice(0, limit).map((row) => ({
    jobId: row.jobId,
    title: row.title,
    company: row.company,
    savedAt: row.savedAt.toISOString(),
  }))
}
