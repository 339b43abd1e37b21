import { queryOptions } from '@tanstack/react-query'
import { answer } from '#web/lib/api.ts'
import { jobsApi } from '#web/features/jobs/api/clients.ts'
import { jobKeys } from '#web/features/jobs/api/keys.ts'

/** The newest jobs (spec 000 §1 teaser, §2 community column); visitors may read them. */
export const latestJobsQuery = () =>
  queryOptions({
    queryKey: jobKeys.latest,
    queryFn: async ({ signal }) => (await answer(jobsApi.latest.$get({}, { init: { signal } }))).jobs,
    staleTime: 60_000,
  })
