import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import { queueAdminMessages } from '#shared/queue-admin/schemas.ts'
import type { queueAdminRoutes } from '#server/modules/queue-admin/routes.ts'
import { apiClient } from '#web/lib/api-client.ts'
import { answer, messageOf } from '#web/lib/api.ts'

const queueAdminApi = apiClient<typeof queueAdminRoutes>('/api/admin/queue')

// The queue admin area's query keys (ARCHITECTURE.md rule 6).
export const queueAdminKeys = {
  all: ['admin', 'queue'] as const,
  overview: ['admin', 'queue', 'overview'] as const,
}

/** How often the open page asks again: jobs move without live events (docs/decisions/021). */
export const queueRefreshMs = 10_000

export const queueOverviewQuery = () =>
  queryOptions({
    queryKey: queueAdminKeys.overview,
    queryFn: ({ signal }) => answer(queueAdminApi.index.$get({}, { init: { signal } })),
    staleTime: 0,
    refetchInterval: queueRefreshMs,
  })

/** Gives a failed job one more run; the list is read again whatever the answer (a 404 means it already moved). */
export function useRetryFailedJob() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (jobId: string) => answer(queueAdminApi.jobs[':jobId'].retry.$post({ param: { jobId } })),
    onSuccess: (result) => toast.success(result.message),
    onError: (error) => toast.error(messageOf(error, queueAdminMessages.retryFailed)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queueAdminKeys.all }),
  })
}
