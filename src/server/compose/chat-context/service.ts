import { AppError } from '#server/platform/app-error.ts'
import type { Ctx } from '#server/platform/context.ts'
import { requireAdmin } from '#server/platform/guards.ts'
import { activeGoalsOf } from '#server/modules/goals/service.ts'
import { listMemberApplications, listMemberSavedJobs } from '#server/modules/jobs/coach-service.ts'
import { getMemberOverview } from '#server/modules/profile/coach-service.ts'
import { getMemberResumeStrength } from '#server/modules/resumes/coach-service.ts'
import { chatContextItems } from '#shared/chat/constants.ts'
import type { ChatMemberContext } from '#shared/chat/schemas.ts'
import { genericMessages } from '#shared/errors.ts'
import { goalTypeLabels } from '#shared/goals/constants.ts'
import { scoreBandLabels, scoreBandOf } from '#shared/resumes/scoring.ts'

// What the coach sees beside a conversation (issue 20): who the member is and where
// they stand in each area (profile, goals, resume, applications, saved jobs), each
// area answering through its own service.

/** The member `memberId` for an acting admin; 404 when no account has that id. */
export async function getMemberContext(ctx: Ctx, memberId: string): Promise<ChatMemberContext> {
  requireAdmin(ctx)
  const member = await getMemberOverview(ctx, memberId)
  if (!member) throw new AppError('NOT_FOUND', genericMessages.notFound)
  const strength = await getMemberResumeStrength(ctx, memberId)
  // the panel links each application to its job: one whose job was deleted since has nowhere to go
  const recentApplications = (await listMemberApplications(ctx, memberId, chatContextItems)).filter(
    (application): application is typeof application & { jobId: string } => application.jobId !== null,
  )
  const savedJobs = await listMemberSavedJobs(ctx, memberId, chatContextItems)
  const goals = (await activeGoalsOf(ctx.deps.db, memberId)).map((goal) => ({
    id: goal.id,
    title: goal.title,
    typeLabel: goalTypeLabels[goal.type],
    progress: goal.progress,
    targetDate: goal.targetDate,
  }))
  const latest = strength.latest
  return {
    member,
    goals,
    resume: latest && {
      total: latest.total,
      // spec 001 §9: the band's label, as the member's Resume Strength card words it
      band: scoreBandLabels[scoreBandOf(latest.total)],
      iterations: strength.iterations,
      scoredAt: latest.createdAt,
    },
    recentApplications,
    savedJobs,
  }
}
