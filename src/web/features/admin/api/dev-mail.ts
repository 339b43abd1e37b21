import { queryOptions } from '@tanstack/react-query'
import { apiFetch } from '#web/lib/api.ts'

export type DevMail = { id: string; sentAt: string; from: string; to: string; subject: string; text: string }
export type DevMailbox = { enabled: boolean; mails: DevMail[] }

export const devMailQuery = () =>
  queryOptions({
    queryKey: ['admin', 'dev-mail'] as const,
    queryFn: ({ signal }) => apiFetch<DevMailbox>('/api/dev-mail', { signal }),
    // newest first, whatever order the server keeps
    select: (mailbox) => ({ ...mailbox, mails: [...mailbox.mails].sort((a, b) => b.sentAt.localeCompare(a.sentAt)) }),
    staleTime: 0,
  })
