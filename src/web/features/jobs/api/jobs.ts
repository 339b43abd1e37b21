import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query'
import { joinBoardAnswer } from '#shared/jobs/board-answer.ts'
import { jobMessages } from '#shared/jobs/schemas.ts'
import { answer, ApiError, isNotFoundError } from '#web/lib/api.ts'
import { applicationsApi, applyApi, jobParam, jobsApi, savedApi } from '#web/features/jobs/api/clients.ts'
import { cleanFilters } from '#web/features/jobs/api/filters.ts'
import { patchCachedJob, updateSavedJob } from '#web/features/jobs/api/job-cache.ts'
import { jobKeys, type JobFilters } from '#web/features/jobs/api/keys.ts'
import { useLiveTopic } from '#web/lib/live.ts'
import { useSavedItemToggle } from '#web/lib/use-toasted-mutation.ts'

export { jobKeys, type JobFilters } from '#web/features/jobs/api/keys.ts'
export { latestJobsQuery } from '#web/features/jobs/api/latest-jobs.ts'

// The member side of the job board (spec 001 §2 job board, detail, application
// modal, saved items). The admin side lives in admin-jobs.ts, under ['jobs', 'admin'].

export const jobSearchQuery = (filters: JobFilters) => {
  const clean = cleanFilters(filters)
  return infiniteQueryOptions({
    queryKey: jobKeys.search(clean),
    // the shared cards and the viewer's marks travel apart (JobBoardAnswer): joined here
    queryFn: async ({ pageParam, signal }) =>
      joinBoardAnswer(
        await answer(
          jobsApi.index.$get({ query: pageParam ? { ...clean, cursor: pageParam } : clean }, { init: { signal } }),
        ),
      ),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    // a new search keeps the last results on screen until its first page arrives
    placeholderData: keepPreviousData,
  })
}

export const jobQuery = (jobId: string) =>
  queryOptions({
    queryKey: jobKeys.detail(jobId),
    queryFn: ({ signal }) => answer(jobsApi[':jobId'].$get({ param: jobParam(jobId) }, { init: { signal } })),
  })

export const savedJobsQuery = () =>
  queryOptions({
    queryKey: jobKeys.saved,
    queryFn: async ({ signal }) => (await answer(savedApi.jobs.$get({}, { init: { signal } }))).jobs,
  })

export const savedCountsQuery = () =>
  queryOptions({
    queryKey: jobKeys.savedCounts,
    queryFn: ({ signal }) => answer(savedApi.counts.$get({}, { init: { signal } })),
  })

export const myApplicationsQuery = () =>
  queryOptions({
    queryKey: jobKeys.myApplications,
    queryFn: async ({ signal }) => (await answer(applicationsApi.mine.$get({}, { init: { signal } }))).applications,
  })

/** Is this refusal the job's absence (unknown, closed or a malformed id)? */
export function isJobNotFound(error: unknown): boolean {
  return isNotFoundError(error, jobMessages.notFound)
}

type SavedJobToggle = { jobId: string; save: boolean }

/** Saves a job or removes it from the saved items (spec 001 §2, §8 saved-items messages). */
export function useToggleSavedJob() {
  const queryClient = useQueryClient()
  const savedJob = savedApi.jobs[':jobId']
  return useSavedItemToggle({
    save: ({ jobId }: SavedJobToggle) => answer(savedJob.$put({ param: jobParam(jobId) })),
    unsave: ({ jobId }: SavedJobToggle) => answer(savedJob.$delete({ param: jobParam(jobId) })),
    messages: jobMessages,
    onChanged: ({ jobId, save }) => {
      updateSavedJob(queryClient, jobId, save)
      // not awaited: the toggle is free again as soon as the card shows it
      void queryClient.invalidateQueries({ queryKey: jobKeys.savedAll })
    },
  })
}

/** The application modal's form: the text fields plus the `resume` file (multipart). */
export function useApplyToJob() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ jobId, form }: { jobId: string; form: FormData }) =>
      answer(applyApi[':jobId'].applications.$post({ param: jobParam(jobId) }, { init: { body: form } })),
    onSuccess: (application, { jobId }) => {
      patchCachedJob(queryClient, jobId, { applicationStatus: application?.status ?? 'submitted' })
      void queryClient.invalidateQueries({ queryKey: jobKeys.myApplications })
    },
    onError: (error, { jobId }) => {
      // already applied (perhaps in another tab): show the job's real state
      if (error instanceof ApiError && error.status === 409) {
        void queryClient.invalidateQueries({ queryKey: jobKeys.detail(jobId) })
        void queryClient.invalidateQueries({ queryKey: jobKeys.searches })
        void queryClient.invalidateQueries({ queryKey: jobKeys.myApplications })
      }
    },
  })
}

/**
 * Open job lists (the board, the latest jobs, the admin table) refresh when any job
 * is added, edited, closed or deleted (the live 'jobs' topic). A job's own page is
 * left alone: a job closed under a member writing their application would vanish.
 */
export function useLiveJobLists() {
  const queryClient = useQueryClient()
  const refresh = () => {
    for (const queryKey of [jobKeys.searches, jobKeys.latest, jobKeys.admin])
      void queryClient.invalidateQueries({ queryKey })
  }
  useLiveTopic('jobs', refresh, refresh)
}
