import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query'
import { toast } from 'sonner'
import {
  jobMessages,
  type AdminApplication,
  type AdminJob,
  type AdminJobList,
  type ApplicationStatus,
  type JobInput,
  type JobStatus,
} from '#shared/jobs/schemas.ts'
import { apiFetch, messageOf } from '#web/lib/api.ts'
import { jobKeys } from '#web/features/jobs/api/keys.ts'

// The admin side of the jobs area's query keys (ARCHITECTURE.md rule 6), under
// ['jobs', 'admin']; the member side lives in jobs.ts and keys.ts.

const adminJobsKey = jobKeys.admin

const jobPath = (jobId: string) => `/api/admin/jobs/${encodeURIComponent(jobId)}`

export const adminJobsQuery = (q: string) =>
  infiniteQueryOptions({
    queryKey: [...adminJobsKey, 'list', { q: q.trim() }] as const,
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams()
      if (q.trim()) params.set('q', q.trim())
      if (pageParam) params.set('cursor', pageParam)
      return apiFetch<AdminJobList>(`/api/admin/jobs${params.size ? `?${params}` : ''}`, { signal })
    },
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    // typing in the search box keeps the last table on screen until the next arrives
    placeholderData: keepPreviousData,
  })

export const jobApplicationsQuery = (jobId: string) =>
  queryOptions({
    queryKey: [...adminJobsKey, 'applications', jobId] as const,
    queryFn: ({ signal }) =>
      apiFetch<{ applications: AdminApplication[] }>(`${jobPath(jobId)}/applications`, { signal }),
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
        ? await apiFetch<AdminJob>(jobPath(jobId), { method: 'PUT', json: values })
        : await apiFetch<AdminJob>('/api/admin/jobs', { method: 'POST', json: values })
      let logoError: unknown
      if (logo) {
        try {
          await apiFetch<AdminJob>(`${jobPath(job.id)}/logo`, { method: 'POST', form: logoForm(logo) })
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
    mutationFn: (jobId: string) => apiFetch<AdminJob>(`${jobPath(jobId)}/logo`, { method: 'DELETE' }),
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
      apiFetch<AdminJob>(`${jobPath(jobId)}/status`, { method: 'PATCH', json: { status } }),
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
    mutationFn: (jobId: string) => apiFetch<void>(jobPath(jobId), { method: 'DELETE' }),
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
      apiFetch<AdminApplication>(`/api/admin/jobs/applications/${encodeURIComponent(applicationId)}`, {
        method: 'PATCH',
        json: { status },
      }),
    onSuccess: async () => {
      toast.success(jobMessages.statusUpdated)
      await refresh()
    },
    onError: (error) => toast.error(messageOf(error, jobMessages.statusFailed)),
  })
}
