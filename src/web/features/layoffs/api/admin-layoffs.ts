import { infiniteQueryOptions, queryOptions, useMutation } from '@tanstack/react-query'
import { layoffSkipReasonMessages } from '#shared/layoffs/messages.ts'
import type {
  LayoffImportInput,
  LayoffImportPage,
  LayoffImportPreview,
  LayoffImportView,
} from '#shared/layoffs/schemas.ts'
import { answer, ApiError, messageOf, sameOriginFetch } from '#web/lib/api.ts'
import { useToastedMutation } from '#web/lib/use-toasted-mutation.ts'
import { adminLayoffsApi, importParam, skippedCsvUrl } from '#web/features/layoffs/api/clients.ts'
import { layoffKeys } from '#web/features/layoffs/api/keys.ts'
import { readCsv } from '#web/features/layoffs/components/read-csv.ts'

// The admins' side of the tracker (spec 002 §2 admin dashboard layoff import, §5;
// issue 19): the file's preview, the import (a job of the platform queue), its
// history, report and undo.

export const layoffImportsQuery = () =>
  infiniteQueryOptions({
    queryKey: layoffKeys.importList,
    queryFn: ({ pageParam, signal }): Promise<LayoffImportPage> =>
      answer(adminLayoffsApi.imports.$get({ query: { cursor: pageParam || undefined } }, { init: { signal } })),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  })

/** One import, read again every second while it is queued or running (the live bar is the signals'). */
export const layoffImportQuery = (importId: string) =>
  queryOptions({
    queryKey: layoffKeys.import(importId),
    queryFn: ({ signal }): Promise<LayoffImportView> =>
      answer(adminLayoffsApi.imports[':importId'].$get({ param: importParam(importId) }, { init: { signal } })),
    refetchInterval: (query) =>
      !query.state.data || query.state.data.status === 'queued' || query.state.data.status === 'running' ? 1000 : false,
  })

/** The skipped rows counted by reason, read from the report's CSV (its second column is the reason). */
export const skipReasonsQuery = (importId: string) =>
  queryOptions({
    queryKey: layoffKeys.skipReasons(importId),
    queryFn: async ({ signal }): Promise<{ reason: string; count: number }[]> => {
      const response = await sameOriginFetch(skippedCsvUrl(importId), { signal })
      if (!response.ok) throw new ApiError({ status: response.status, code: 'INTERNAL', message: 'No report' })
      const rows = readCsv((await response.text()).replace(/^\uFEFF/, '')).slice(1)
      const counts = new Map<string, number>()
      // rows of a notice kept once or added into it are counted apart (duplicatesMerged, rowsCombined)
      const apart = new Set([layoffSkipReasonMessages.duplicateInFile, layoffSkipReasonMessages.combinedInFile])
      for (const row of rows) if (row[1] && !apart.has(row[1])) counts.set(row[1], (counts.get(row[1]) ?? 0) + 1)
      const order = Object.values(layoffSkipReasonMessages)
      return [...counts]
        .map(([reason, count]) => ({ reason, count }))
        .sort((a, b) => b.count - a.count || order.indexOf(a.reason) - order.indexOf(b.reason))
    },
    staleTime: Infinity,
  })

/** Step 1: the file judged and kept by the server, which answers its header, 5 rows and a suggested mapping. */
export function usePreviewLayoffImport() {
  return useMutation({
    mutationFn: (file: File): Promise<LayoffImportPreview> => {
      const form = new FormData()
      form.set('file', file)
      return answer(adminLayoffsApi.imports.preview.$post(undefined, { init: { body: form } }))
    },
    // the panel says why, under the file field
  })
}

/** Step 2: the import starts as a job (202); the panel follows it. */
export function useStartLayoffImport() {
  return useMutation({
    mutationFn: (input: LayoffImportInput): Promise<LayoffImportView> =>
      answer(adminLayoffsApi.imports.$post({ json: input })),
  })
}

export const importUndone = 'Import undone'
export const undoFailed = 'The import could not be undone'

/** Undo of a whole import; refused (409) when it is not done or a later import changed the same records. */
export function useUndoLayoffImport() {
  return useToastedMutation({
    mutationFn: (importId: string): Promise<LayoffImportView> =>
      answer(adminLayoffsApi.imports[':importId'].undo.$post({ param: importParam(importId) })),
    success: importUndone,
    refresh: layoffKeys.all,
    // no failure toast: the confirm dialog says why
  })
}

export const undoFailureOf = (error: unknown) => messageOf(error, undoFailed)
