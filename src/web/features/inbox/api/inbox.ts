import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import {
  inboxMessages,
  type BusinessItem,
  type BusinessStatus,
  type ContactItem,
  type InboxKind,
  type InboxList,
} from '#shared/inbox/schemas.ts'
import { apiFetch, messageOf } from '#web/lib/api.ts'

// The inbox area's query keys (ARCHITECTURE.md rule 6).

export const inboxQuery = (filter: { kind: InboxKind; q: string; status: string }) =>
  queryOptions({
    queryKey: ['inbox', filter] as const,
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ kind: filter.kind })
      if (filter.q.trim()) params.set('q', filter.q.trim())
      if (filter.status) params.set('status', filter.status)
      return apiFetch<InboxList>(`/api/admin/inbox?${params}`, { signal })
    },
    // typing in the search box keeps the last list on screen until the next arrives
    placeholderData: keepPreviousData,
  })

export function useSetInboxStatus() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ kind, id, status }: { kind: InboxKind; id: string; status: BusinessStatus }) =>
      apiFetch<ContactItem | BusinessItem>(`/api/admin/inbox/${kind}/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        json: { status },
      }),
    onSuccess: async () => {
      toast.success(inboxMessages.statusSaved)
      await queryClient.invalidateQueries({ queryKey: ['inbox'] })
    },
    onError: (error) => toast.error(messageOf(error, inboxMessages.statusFailed)),
  })
}
