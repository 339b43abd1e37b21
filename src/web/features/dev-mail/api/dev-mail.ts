import { queryOptions } from '@tanstack/react-query'
import type { devMailRoutes } from '#server/modules/dev-mail/routes.ts'
import { apiClient } from '#web/lib/api-client.ts'
import { answer } from '#web/lib/api.ts'

const devMailApi = apiClient<typeof devMailRoutes>('/api/dev-mail')

export const devMailQuery = () =>
  queryOptions({
    queryKey: ['admin', 'dev-mail'] as const,
    queryFn: ({ signal }) => answer(devMailApi.index.$get({}, { init: { signal } })),
    // newest first, whatever order the server keeps
    select: (mailbox) => ({ ...mailbox, mails: [...mailbox.mails].sort((a, b) => b.sentAt.localeCompare(a.sentAt)) }),
    staleTime: 0,
  })
