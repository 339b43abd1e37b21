import { hashKey, MutationCache, QueryCache, QueryClient } from '@tanstack/react-query'
import { ApiError } from '#web/lib/api.ts'
import { sessionQuery } from '#web/lib/session.ts'
import { publicSettingsQuery } from '#web/lib/platform-settings.ts'

function isTransient(error: unknown): boolean {
  // maintenance (503 UNAVAILABLE) lasts minutes: no retry, the shell shows its page
  return !(error instanceof ApiError) || error.status === 0 || (error.status >= 500 && error.code !== 'UNAVAILABLE')
}

export function createQueryClient(): QueryClient {
  // Session loss (spec 000 §2): any 401 means the session may be gone; ask again.
  // When it is, the route guard sends a user on a non-public page to /login.
  const onError = (error: unknown) => {
    if (error instanceof ApiError && error.status === 401) {
      void queryClient.invalidateQueries({ queryKey: sessionQuery().queryKey })
    }
    // maintenance mode turned on meanwhile (issue 22): the shell shows the maintenance page
    if (error instanceof ApiError && error.code === 'UNAVAILABLE') {
      void queryClient.invalidateQueries({ queryKey: publicSettingsQuery().queryKey })
    }
  }
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (query.queryHash !== hashKey(sessionQuery().queryKey)) onError(error)
      },
    }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: {
        // spec 000 §4: transient failures retried up to 3 times, waiting 1 s, 2 s, 4 s
        retry: (failureCount, error) => failureCount < 3 && isTransient(error),
        retryDelay: (attempt) => 1000 * 2 ** attempt,
        staleTime: 30_000,
      },
      mutations: { retry: false },
    },
  })
  return queryClient
}
