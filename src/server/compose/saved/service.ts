import type { Ctx } from '#server/platform/context.ts'
import { requireUser } from '#server/platform/guards.ts'
import { countSavedJobs } from '#server/modules/jobs/saved-service.ts'
import type { SavedCounts } from '#shared/jobs/schemas.ts'

// The member's saved items across areas (spec 001 §2 /saved): each area keeps its
// own saved rows and rules in its saved service; this page only adds them up. A
// new area (courses) joins here and in routes.ts, without touching another area.

export async function countSavedItems(ctx: Ctx): Promise<SavedCounts> {
  requireUser(ctx)
  const jobs = await countSavedJobs(ctx)
  // the courses area does not exist yet: nothing of it can be saved
  return { jobs, courses: 0 }
}
