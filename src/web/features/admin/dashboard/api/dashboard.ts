import { queryOptions } from '@tanstack/react-query'
import type { adminDashboardRoutes } from '#server/modules/admin/dashboard/routes.ts'
import { apiClient } from '#web/lib/api-client.ts'
import { answer } from '#web/lib/api.ts'

const dashboardApi = apiClient<typeof adminDashboardRoutes>('/api/admin/dashboard')

// The admin dashboard's query keys (ARCHITECTURE.md rule 6).
export const adminDashboardKeys = {
  all: ['admin', 'dashboard'] as const,
  figures: ['admin', 'dashboard', 'figures'] as const,
  recentUsers: ['admin', 'dashboard', 'recent-users'] as const,
}

/** The figures move with every sign-up and payment; read again when the admin comes back to the tab. */
export const dashboardFiguresQuery = () =>
  queryOptions({
    queryKey: adminDashboardKeys.figures,
    queryFn: ({ signal }) => answer(dashboardApi.figures.$get({}, { init: { signal } })),
    staleTime: 30_000,
  })

export const recentUsersQuery = () =>
  queryOptions({
    queryKey: adminDashboardKeys.recentUsers,
    queryFn: ({ signal }) => answer(dashboardApi['recent-users'].$get({}, { init: { signal } })),
    staleTime: 30_000,
  })
