import type { Ctx } from '#server/platform/context.ts'
import { requireUser } from '#server/platform/guards.ts'
import { countSavedJobs } from '#server/modules/jobs/saved-service.ts'
import { countSavedCourses } from '#server/modules/courses/saved-service.ts'
import type { SavedCounts } from '#shared/jobs/schemas.ts'

// The member's saved items across areas (spec 001 §2 /saved): each area keeps its
// own saved rows and rules in its saved service; this page only adds them up. A
// new area joins here and in routes.ts, without touching another area.

export async function countSavedItems(ctx: Ctx): Promise<SavedCounts> {
  requireUser(ctx)
  const jobs = await countSavedJobs(ctx)
  const courses = await countSavedCourses(ctx)
  return { jobs, courses }
}
