import { queryOptions, useQuery } from '@tanstack/react-query'
import { anonymousViewer, type Viewer } from '#shared/access.ts'
import type { SessionUser } from '#shared/accounts/schemas.ts'
import { sessionCookieCacheSeconds } from '#shared/constants.ts'
import type { accountRoutes } from '#server/modules/accounts/routes.ts'
import { fetchAnswer, type ClientOf } from '#web/lib/api.ts'

// The session lives here (shared infrastructure) rather than in features/accounts
// so that the app shell, the guards and every feature read the same query without
// importing a feature, and without pulling the form schemas into the landing bundle.

type AccountsApi = ClientOf<typeof accountRoutes>

export const sessionQuery = () =>
  queryOptions({
    queryKey: ['accounts', 'session'] as const,
    queryFn: ({ signal }) => fetchAnswer<AccountsApi['session']['$get']>('/api/accounts/session', { signal }),
    // the server trusts its cookie cache this long too; a revoked session shows within the window
    staleTime: sessionCookieCacheSeconds * 1000,
    refetchOnWindowFocus: true,
  })

export type ViewerState = {
  status: 'loading' | 'ready'
  user: SessionUser | null
  viewer: Viewer
}

export function viewerOf(user: SessionUser | null): Viewer {
  return user ? { signedIn: true, subscribed: user.subscribed, isAdmin: user.isAdmin } : anonymousViewer
}

/** Who is looking at the page: loading until the first session answer, then the user (or null). */
export function useViewer(): ViewerState {
  const { data, isPending } = useQuery(sessionQuery())
  // a session that cannot be read after the retries counts as signed out
  const user = data?.user ?? null
  return { status: isPending ? 'loading' : 'ready', user, viewer: viewerOf(user) }
}
