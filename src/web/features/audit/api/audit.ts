import { infiniteQueryOptions, keepPreviousData } from '@tanstack/react-query'
import type { AuditAction } from '#shared/audit/schemas.ts'
import type { auditRoutes } from '#server/modules/audit/routes.ts'
import { apiClient } from '#web/lib/api-client.ts'
import { answer } from '#web/lib/api.ts'

const auditApi = apiClient<typeof auditRoutes>('/api/admin/audit')

/** The filters of /admin/audit, as the URL holds them ('' for none). */
export type AuditFilters = { action: AuditAction | ''; actor: string; from: string; to: string }

// The audit area's query keys (ARCHITECTURE.md rule 6).
export const auditKeys = { all: ['audit'] as const }

export const auditQuery = (filters: AuditFilters) =>
  infiniteQueryOptions({
    queryKey: [...auditKeys.all, 'list', filters] as const,
    queryFn: ({ pageParam, signal }) =>
      answer(
        auditApi.index.$get(
          {
            query: {
              action: filters.action || undefined,
              actor: filters.actor.trim() || undefined,
              from: filters.from || undefined,
              to: filters.to || undefined,
              cursor: pageParam || undefined,
            },
          },
          { init: { signal } },
        ),
      ),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    // a changed filter keeps the last table on screen until the next arrives
    placeholderData: keepPreviousData,
  })
