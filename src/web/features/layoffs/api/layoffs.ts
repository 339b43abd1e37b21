import { infiniteQueryOptions, keepPreviousData, queryOptions, useQueryClient } from '@tanstack/react-query'
import type { LayoffFilters, LayoffListQuery, LayoffPage, LayoffStats } from '#shared/layoffs/schemas.ts'
import { answer } from '#web/lib/api.ts'
import { useLiveTopic } from '#web/lib/live.ts'
import { layoffsApi } from '#web/features/layoffs/api/clients.ts'
import { layoffKeys } from '#web/features/layoffs/api/keys.ts'

export { layoffKeys } from '#web/features/layoffs/api/keys.ts'

// The tracker (spec 002 §2 Layoff tracker; issue 19): the records a page at a time
// (keyset pages of the API, 'Load more'), the charts' figures for the same filters.

/** Only the filters that are set: one key per search, however it was typed. */
export function setFilters(filters: LayoffFilters): LayoffFilters {
  return {
    ...(filters.q?.trim() ? { q: filters.q.trim() } : {}),
    ...(filters.state ? { state: filters.state } : {}),
    ...(filters.from ? { from: filters.from } : {}),
    ...(filters.to ? { to: filters.to } : {}),
    ...(filters.kind ? { kind: filters.kind } : {}),
  }
}

export const layoffListQuery = (query: Omit<LayoffListQuery, 'cursor'>) =>
  infiniteQueryOptions({
    queryKey: layoffKeys.list(query),
    queryFn: ({ pageParam, signal }): Promise<LayoffPage> =>
      answer(layoffsApi.index.$get({ query: { ...query, cursor: pageParam || undefined } }, { init: { signal } })),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    // a new filter or sort keeps the last list on screen until the next arrives
    placeholderData: keepPreviousData,
  })

export const layoffStatsQuery = (filters: LayoffFilters) =>
  queryOptions({
    queryKey: layoffKeys.stats(filters),
    queryFn: ({ signal }): Promise<LayoffStats> =>
      answer(layoffsApi.stats.$get({ query: filters }, { init: { signal } })),
    placeholderData: keepPreviousData,
  })

/** Every list, chart and teaser of the tracker reads again when an import or an undo commits. */
export function useLiveLayoffs() {
  const queryClient = useQueryClient()
  const refresh = () => void queryClient.invalidateQueries({ queryKey: layoffKeys.all })
  useLiveTopic(
    'layoffs',
    (message) => {
      if (message.type === 'layoffs.changed') refresh()
    },
    refresh,
  )
}
