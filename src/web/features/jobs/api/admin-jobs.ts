import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query'
import { toast } from 'sonner'
import { jobMessages, type ApplicationStatus, type JobInput, type JobStatus } from '#shared/jobs/schemas.ts'
import { answer, messageOf } from '#web/lib/api.ts'
import { adminApplicationsApi, adminJobsApi, jobParam } from '#web/features/jobs/api/clients.ts'
import { jobKeys } from '#web/features/jobs/api/keys.ts'

// The admin side of the jobs area's query keys (ARCHITECTURE.md rule 6), under
// ['jobs', 'admin']; the member side lives in jobs.ts and keys.ts.

const adminJobsKey = jobKeys.admin

export const adminJobsQuery = (q: string) =>
  infiniteQueryOptions({
    queryKey: [...adminJobsKey, 'list', { q: q.trim() }] as const,
    queryFn: ({ pageParam, signal }) =>
      answer(
        adminJobsApi.index.$get(
          { query: { q: q.trim() || undefined, cursor: pageParam || undefined } },
          { init: { signal } },
        ),
      ),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    // typing in the search box keeps the last table on screen until the next arrives
    placeholderData: keepPreviousData,
  })

export const jobApplicationsQuery = (jobId: string) =>
  queryOptions({
    queryKey: [...adminJobsKey, 'applications', jobId] as const,
    queryFn: ({ signal }) =>
      answer(adminApplicationsApi[':jobId'].applications.$get({ param: jobParam(jobId) }, { init: { signal } })),
  })

/** A change to a job shows in the admin table, its applications and the member board alike. */
function useRefreshAdminJobs() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: jobKeys.all })
}

function logoForm(logo: File) {
  const form = new FormData()
  form.set('logo', logo)
  return form
}

export type SaveJobVariables = {
  /** absent: a new job */
  jobId?: string
  values: JobInput
  /** a new logo, uploaded once the job is saved */
  logo?: File | null
}

/**
 * Creates or updates a job (spec 002 §5), then uploads its new logo. A refused logo
 * does not undo the saved job: it is reported on its own, so the job is not created twice.
 */
export function useSaveJob() {
  const refresh = useRefreshAdminJobs()
  return useMutation({
    mutationFn: async ({ jobId, values, logo }: SaveJobVariables) => {
      const job = jobId
        ? await answer(adminJobsApi[':jobId'].$put({ param: jobParam(jobId), json: values }))
        : await answer(adminJobsApi.index.$post({ json: values }))
      let logoError: unknown
      if (logo) {
        try {
          await answer(
            adminJobsApi[':jobId'].logo.$post({ param: jobParam(job.id) }, { init: { body: logoForm(logo) } }),
          )
        } catch (error) {
          logoError = error
        }
      }
      return { job, logoError }
    },
    onSuccess: async ({ logoError }, { jobId, logo }) => {
      toast.success(jobId ? jobMessages.updated : jobMessages.created)
      if (logo && logoError) toast.error(messageOf(logoError, jobMessages.saveJobFailed))
      else if (logo) toast.success(jobMessages.logoSaved)
      await refresh()
    },
    // no toast on failure: the form says why, once (lib/form-errors.ts)
  })
}

export function useRemoveJobLogo() {
  const refresh = useRefreshAdminJobs()
  return useMutation({
    mutationFn: (jobId: string) => answer(adminJobsApi[':jobId'].logo.$delete({ param: jobParam(jobId) })),
    onSuccess: async () => {
      toast.success(jobMessages.logoSaved)
      await refresh()
    },
    onError: (error) => toast.error(messageOf(error, jobMessages.saveJobFailed)),
  })
}

/** Close (off the board, applications kept) or reopen a job. */
export function useSetJobStatus() {
  const refresh = useRefreshAdminJobs()
  return useMutation({
    mutationFn: ({ jobId, status }: { jobId: string; status: JobStatus }) =>
      answer(adminJobsApi[':jobId'].status.$patch({ param: jobParam(jobId), json: { status } })),
    onSuccess: async (_job, { status }) => {
      toast.success(status === 'closed' ? jobMessages.closed : jobMessages.reopened)
      await refresh()
    },
    onError: (error) => toast.error(messageOf(error, jobMessages.saveJobFailed)),
  })
}

export function useDeleteJob() {
  const refresh = useRefreshAdminJobs()
  return useMutation({
    mutationFn: (jobId: string) => answer(adminJobsApi[':jobId'].$delete({ param: jobParam(jobId) })),
    onSuccess: async () => {
      toast.success(jobMessages.deleted)
      await refresh()
    },
    onError: (error) => toast.error(messageOf(error, jobMessages.deleteFailed)),
  })
}

/** Moves an application along submitted -> reviewed -> interviewing -> offered, or to rejected (issue 5). */
export function useMoveApplication() {
  const refresh = useRefreshAdminJobs()
  return useMutation({
    mutationFn: ({ applicationId, status }: { applicationId: string; status: ApplicationStatus }) =>
      answer(
        adminApplicationsApi.applications[':applicationId'].$patch({
          param: { applicationId: encodeURIComponent(applicationId) },
          json: { status },
        }),
      ),
    onSuccess: async () => {
      toast.success(jobMessages.statusUpdated)
      await refresh()
    },
    onError: (error) => toast.error(messageOf(error, jobMessages.statusFailed)),
  })
}
