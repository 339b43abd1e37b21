import type { InfiniteData, QueryClient } from '@tanstack/react-query'
import type { ApplicationStatus, JobDetail, JobSearchPage, SavedJob } from '#shared/jobs/schemas.ts'
import { jobKeys } from '#web/features/jobs/api/keys.ts'

// What this browser shows of a job after the member saved it or applied: written
// into the cached searches and detail at once, instead of waiting for a reload.
// Kept apart from the hooks (jobs.ts) so the unit tests run it without a browser.

export type JobChange = { saved?: boolean; applicationStatus?: ApplicationStatus }

/** Shows a change to one job wherever it is on screen: every loaded search and its detail. */
export function patchCachedJob(queryClient: QueryClient, jobId: string, change: JobChange) {
  queryClient.setQueriesData<InfiniteData<JobSearchPage, string>>({ queryKey: jobKeys.searches }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            jobs: page.jobs.map((job) => (job.id === jobId ? { ...job, ...change } : job)),
          })),
        }
      : data,
  )
  queryClient.setQueryData<JobDetail>(jobKeys.detail(jobId), (job) => (job ? { ...job, ...change } : job))
}

/** A job saved or unsaved: marked so everywhere, and an unsaved one leaves the saved list at once. */
export function updateSavedJob(queryClient: QueryClient, jobId: string, save: boolean) {
  patchCachedJob(queryClient, jobId, { saved: save })
  if (!save) queryClient.setQueryData<SavedJob[]>(jobKeys.saved, (list) => list?.filter((item) => item.jobId !== jobId))
}
