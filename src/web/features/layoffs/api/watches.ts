import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import type { LayoffWatchInput, LayoffWatchView } from '#shared/layoffs/schemas.ts'
import { answer } from '#web/lib/api.ts'
import { layoffsApi } from '#web/features/layoffs/api/clients.ts'
import { layoffKeys } from '#web/features/layoffs/api/keys.ts'

// The member's watches of companies and states (issue 19): a mail when an import
// brings new notices for one of them.

/** What the form sends: the server trims, checks and upper-cases a state. */
export type NewLayoffWatch = z.input<typeof LayoffWatchInput>

export const layoffWatchesQuery = () =>
  queryOptions({
    queryKey: layoffKeys.watches,
    queryFn: async ({ signal }): Promise<LayoffWatchView[]> =>
      (await answer(layoffsApi.watches.$get({}, { init: { signal } }))).watches,
  })

/** Adds a watch; the form says why when the server refuses (409 already watched, the limit, validation). */
export function useAddLayoffWatch() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: NewLayoffWatch): Promise<LayoffWatchView> => answer(layoffsApi.watches.$post({ json: input })),
    onSuccess: (watch) => {
      queryClient.setQueryData<LayoffWatchView[]>(layoffKeys.watches, (watches) =>
        watches ? [...watches.filter((one) => one.id !== watch.id), watch] : watches,
      )
      // not awaited: the form empties its field as the watch shows, not after the list reads again
      void queryClient.invalidateQueries({ queryKey: layoffKeys.watches })
    },
  })
}

/** Removes one of the member's watches; the list reads again either way (a watch gone elsewhere is gone here too). */
export function useRemoveLayoffWatch() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (watchId: string): Promise<void> => {
      await answer(layoffsApi.watches[':watchId'].$delete({ param: { watchId: encodeURIComponent(watchId) } }))
    },
    onSuccess: (_answer, watchId) => {
      queryClient.setQueryData<LayoffWatchView[]>(layoffKeys.watches, (watches) =>
        watches?.filter((watch) => watch.id !== watchId),
      )
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: layoffKeys.watches }),
  })
}
