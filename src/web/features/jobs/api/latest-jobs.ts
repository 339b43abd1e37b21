import { queryOptions } from '@tanstack/react-query'
import type { JobTeaser } from '#shared/jobs/schemas.ts'
import { apiFetch } from '#web/lib/api.ts'
import { jobKeys } from '#web/features/jobs/api/keys.ts'

/** The newest jobs (spec 000 §1 teaser, §2 community column); visitors may read them. */
export const latestJobsQuery = () =>
  queryOptions({
    queryKey: jobKeys.latest,
    queryFn: async ({ signal }) => (await apiFetch<{ jobs: JobTeaser[] }>('/api/jobs/latest', { signal })).jobs,
    staleTime: 60_000,
  })
