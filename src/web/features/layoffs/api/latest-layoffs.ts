import { queryOptions } from '@tanstack/react-query'
import type { LayoffRecordView } from '#shared/layoffs/schemas.ts'
import { answer } from '#web/lib/api.ts'
import { layoffsApi } from '#web/features/layoffs/api/clients.ts'
import { layoffKeys } from '#web/features/layoffs/api/keys.ts'

/** The newest notices: the landing page's teaser (spec 000 §1); visitors may read them. */
export const latestLayoffsQuery = () =>
  queryOptions({
    queryKey: layoffKeys.latest,
    queryFn: async ({ signal }): Promise<LayoffRecordView[]> =>
      (await answer(layoffsApi.latest.$get({}, { init: { signal } }))).records,
    staleTime: 60_000,
  })
