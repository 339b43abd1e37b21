import type { Ctx } from '#server/platform/context.ts'
import { requireAdmin } from '#server/platform/guards.ts'
import * as queries from './queries.ts'
import { memberNames } from '#shared/profile/names.ts'

// A member's profile as their coach sees it beside a conversation (issue 20; the
// coach's context is composed in src/server/compose/chat-context). Admins only.

export type MemberOverview = {
  id: string
  firstName: string
  lastName: string
  email: string
  avatarUrl: string | null
  memberSince: string
  careerLevel: string | null
  location: string | null
  skills: string[]
}

/** The member `userId`, or undefined when no account has that id. */
export async function getMemberOverview(ctx: Ctx, userId: string): Promise<MemberOverview | undefined> {
  requireAdmin(ctx)
  const { db } = ctx.deps
  const row = await queries.findMemberOverview(db, userId)
  if (!row) return undefined
  const skills = await queries.listSkillNames(db, userId)
  return {
    id: row.id,
    ...memberNames(row, row.accountName),
    email: row.email,
    avatarUrl: row.avatarUrl,
    memberSince: row.memberSince.toISOString(),
    careerLevel: row.careerLevel,
    location: row.location,
    skills,
  }
}
