import { infiniteQueryOptions, keepPreviousData } from '@tanstack/react-query'
import { toast } from 'sonner'
import { jobMessages, type ApplicationStatus, type JobInput, type JobStatus } from '#shared/jobs/schemas.ts'
import { answer, messageOf } from '#web/lib/api.ts'
import { adminApplicationsApi, adminJobsApi, jobParam } from '#web/features/jobs/api/clients.ts'
import { jobKeys } from '#web/features/jobs/api/keys.ts'
import { useToastedMutation, type ToastedMutationOptions } from '#web/lib/use-toasted-mutation.ts'

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

/** A job's applications, newest first, a page at a time (issue 23 §5). */
export const jobApplicationsQuery = (jobId: string) =>
  infiniteQueryOptions({
    queryKey: [...adminJobsKey, 'applications', jobId] as const,
    queryFn: ({ pageParam, signal }) =>
      answer(
        adminApplicationsApi[':jobId'].applications.$get(
          { param: jobParam(jobId), query: pageParam ? { cursor: pageParam } : {} },
          { init: { signal } },
        ),
      ),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  })

/** A change to a job shows in the admin table, its applications and the member board alike. */
function useJobWrite<Answer, Variables = void>(options: Omit<ToastedMutationOptions<Answer, Variables>, 'refresh'>) {
  return useToastedMutation({ ...options, refresh: jobKeys.all })
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
  return useJobWrite({
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
    success: (_saved, { jobId }) => (jobId ? jobMessages.updated : jobMessages.created),
    onSuccess: ({ logoError }, { logo }) => {
      if (logo && logoError) toast.error(messageOf(logoError, jobMessages.saveJobFailed))
      else if (logo) toast.success(jobMessages.logoSaved)
    },
    // no toast on failure: the form says why, once (lib/form-errors.ts)
  })
}

export function useRemoveJobLogo() {
  return useJobWrite({
    mutationFn: (jobId: string) => answer(adminJobsApi[':jobId'].logo.$delete({ param: jobParam(jobId) })),
    success: jobMessages.logoSaved,
    failure: jobMessages.saveJobFailed,
  })
}

/** Close (off the board, applications kept) or reopen a job. */
export function useSetJobStatus() {
  return useJobWrite({
    mutationFn: ({ jobId, status }: { jobId: string; status: JobStatus }) =>
      answer(adminJobsApi[':jobId'].status.$patch({ param: jobParam(jobId), json: { status } })),
    success: (_job, { status }) => (status === 'closed' ? jobMessages.closed : jobMessages.reopened),
    failure: jobMessages.saveJobFailed,
  })
}

export function useDeleteJob() {
  return useJobWrite({
    mutationFn: (jobId: string) => answer(adminJobsApi[':jobId'].$delete({ param: jobParam(jobId) })),
    success: jobMessages.deleted,
    failure: jobMessages.deleteFailed,
  })
}

/** Moves an application along submitted -> reviewed -> interviewing -> offered, or to rejected (issue 5). */
export function useMoveApplication() {
  return useJobWrite({
    mutationFn: ({ applicationId, status }: { applicationId: string; status: ApplicationStatus }) =>
      answer(
        adminApplicationsApi.applications[':applicationId'].$patch({
          param: { applicationId: encodeURIComponent(applicationId) },
          json: { status },
        }),
      ),
    success: jobMessages.statusUpdated,
    failure: jobMessages.statusFailed,
  })
}
