import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import { inboxMessages, type BusinessStatus, type ContactStatus, type InboxKind } from '#shared/inbox/schemas.ts'
import type { adminInboxRoutes } from '#server/modules/inbox/routes.ts'
import { apiClient } from '#web/lib/api-client.ts'
import { answer, messageOf } from '#web/lib/api.ts'

const inboxApi = apiClient<typeof adminInboxRoutes>('/api/admin/inbox')

// The inbox area's query keys (ARCHITECTURE.md rule 6).

export const inboxQuery = (filter: { kind: InboxKind; q: string; status: BusinessStatus | '' }) =>
  queryOptions({
    queryKey: ['inbox', filter] as const,
    queryFn: ({ signal }) => {
      const q = filter.q.trim()
      const query = { kind: filter.kind, q: q || undefined, status: filter.status || undefined }
      return answer(inboxApi.index.$get({ query }, { init: { signal } }))
    },
    // typing in the search box keeps the last list on screen until the next arrives
    placeholderData: keepPreviousData,
  })

/** A contact message takes a contact status only; a business request also 'matched'. */
export type InboxStatusChange =
  { kind: 'contact'; id: string; status: ContactStatus } | { kind: 'business'; id: string; status: BusinessStatus }

export function useSetInboxStatus() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (change: InboxStatusChange) => {
      const param = { id: encodeURIComponent(change.id) }
      if (change.kind === 'contact')
        return answer(inboxApi.contact[':id'].$patch({ param, json: { status: change.status } }))
      return answer(inboxApi.business[':id'].$patch({ param, json: { status: change.status } }))
    },
    onSuccess: async () => {
      toast.success(inboxMessages.statusSaved)
      await queryClient.invalidateQueries({ queryKey: ['inbox'] })
    },
    onError: (error) => toast.error(messageOf(error, inboxMessages.statusFailed)),
  })
}
