import type { savedRoutes } from '#server/compose/saved/routes.ts'
import type {
  adminApplicationRoutes,
  applicationRoutes,
  applyRoutes,
} from '#server/modules/jobs/applications/routes.ts'
import type { adminJobRoutes, jobRoutes } from '#server/modules/jobs/routes.ts'
import { apiClient } from '#web/lib/api-client.ts'

// The jobs area's typed clients, one per server route group (mount bases: src/server/app.ts).
// Free of the shared schemas, so the landing teaser (latest-jobs.ts) does not pull zod into '/'.

export const jobsApi = apiClient<typeof jobRoutes>('/api/jobs')
export const applyApi = apiClient<typeof applyRoutes>('/api/jobs')
export const applicationsApi = apiClient<typeof applicationRoutes>('/api/applications')
export const savedApi = apiClient<typeof savedRoutes>('/api/saved')
export const adminJobsApi = apiClient<typeof adminJobRoutes>('/api/admin/jobs')
export const adminApplicationsApi = apiClient<typeof adminApplicationRoutes>('/api/admin/jobs')

/** A job id as a path segment (it may come from a hand-edited page URL). */
export const jobParam = (jobId: string) => ({ jobId: encodeURIComponent(jobId) })
