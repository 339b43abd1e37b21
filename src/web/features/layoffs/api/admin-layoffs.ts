import { infiniteQueryOptions, queryOptions, useMutation } from '@tanstack/react-query'
import type {
  LayoffImportInput,
  LayoffImportPage,
  LayoffImportPreview,
  LayoffImportView,
} from '#shared/layoffs/schemas.ts'
import { answer, messageOf } from '#web/lib/api.ts'
import { useToastedMutation } from '#web/lib/use-toasted-mutation.ts'
import { adminLayoffsApi, importParam } from '#web/features/layoffs/api/clients.ts'
import { layoffKeys } from '#web/features/layoffs/api/keys.ts'

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
