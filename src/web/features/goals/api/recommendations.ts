import { queryOptions } from '@tanstack/react-query'
import type { recommendationRoutes } from '#server/compose/recommendations/routes.ts'
import type { Recommendations } from '#shared/goals/schemas.ts'
import { answer } from '#web/lib/api.ts'
import { apiClient } from '#web/lib/api-client.ts'
import { goalKeys } from '#web/features/goals/api/keys.ts'

// The member dashboard's Career Recommendations (spec 001 §2; issue 21), computed on
// the server from the member's goals, profile, saved jobs and the platform
// (src/server/compose/recommendations). Its own client: the route group is the
// composing module's, mounted at /api/recommendations.

const recommendationsApi = apiClient<typeof recommendationRoutes>('/api/recommendations')

/** Under the goals root: a goal added, moved or closed refreshes the recommendations too. */
export const recommendationKeys = { all: [...goalKeys.all, 'recommendations'] as const }

export const recommendationsQuery = () =>
  queryOptions({
    queryKey: recommendationKeys.all,
    queryFn: ({ signal }): Promise<Recommendations> => answer(recommendationsApi.index.$get({}, { init: { signal } })),
    // read again whenever the card shows: skills, saved jobs and registrations change on other pages
    staleTime: 0,
  })
