import { queryOptions, useQuery } from '@tanstack/react-query'
import { defaultPublicSettings, type PublicSettings } from '#shared/admin/public-settings.ts'
import type { publicSettingsRoutes } from '#server/modules/admin/settings/routes.ts'
import { fetchAnswer, type ClientOf } from '#web/lib/api.ts'

// The public part of the platform settings (issue 22): the name in the header,
// footer and titles, maintenance mode, the sign-in options, the password rule.
// Here (shared infrastructure, like session.ts) because the app shell and several
// features read it; on fetch, like the session, so '/' does not ship hono/client.

type SettingsApi = ClientOf<typeof publicSettingsRoutes>

export const publicSettingsQuery = () =>
  queryOptions({
    queryKey: ['settings', 'public'] as const,
    queryFn: ({ signal }) => fetchAnswer<SettingsApi['index']['$get']>('/api/settings', { signal }),
    // the server keeps them about as long; maintenance mode shows within this window
    staleTime: 30_000,
    refetchOnWindowFocus: true,
  })

/** The settings as the server gave them; the defaults (the current name) until then and if they cannot be read. */
export function usePlatformSettings(): PublicSettings & { status: 'loading' | 'ready' } {
  const { data, isPending } = useQuery(publicSettingsQuery())
  return { ...(data ?? defaultPublicSettings), status: isPending ? 'loading' : 'ready' }
}
