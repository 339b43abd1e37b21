import type { Ctx } from '#server/platform/context.ts'
import { requireAdmin } from '#server/platform/guards.ts'
import type { ResumeStrength } from '#shared/resumes/schemas.ts'
import * as queries from './queries.ts'
import { toResumeStrength } from './views.ts'

// A member's Resume Strength as their coach sees it beside a conversation (issue
// 20; composed in src/server/compose/chat-context). Admins only.

/** spec 001 §2 Resume Strength of the member `userId`: the same card the member sees. */
export async function getMemberResumeStrength(ctx: Ctx, userId: string): Promise<ResumeStrength> {
  requireAdmin(ctx)
  return toResumeStrength(await queries.listMemberScores(ctx.deps.db, userId))
}
