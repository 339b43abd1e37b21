import { queryOptions, useMutation } from '@tanstack/react-query'
import type { UserImportInput, UserImportPreview, UserImportView } from '#shared/admin/users.ts'
import { answer } from '#web/lib/api.ts'
import { adminUsersApi } from './clients.ts'
import { adminUserKeys } from './keys.ts'

// The user CSV import (spec 002 §5; issue 22): the file's header and 5 rows, then
// the import as a job of the platform queue, followed live and by polling.

/** Step 1: the file judged and kept by the server, which answers its header and first 5 rows. */
export function usePreviewUserImport() {
  return useMutation({
    mutationFn: (file: File): Promise<UserImportPreview> => {
      const form = new FormData()
      form.set('file', file)
      return answer(adminUsersApi.import.preview.$post(undefined, { init: { body: form } }))
    },
    // the dialog says why, under the file field
  })
}

/** Step 2: the import starts as a job (202); the dialog follows it. */
export function useStartUserImport() {
  return useMutation({
    mutationFn: (input: UserImportInput): Promise<UserImportView> =>
      answer(adminUsersApi.import.$post({ json: input })),
  })
}

/** One import, read again every second while it is queued or running (the live bar is the signals'). */
export const userImportQuery = (importId: string) =>
  queryOptions({
    queryKey: adminUserKeys.import(importId),
    queryFn: ({ signal }): Promise<UserImportView> =>
      answer(
        adminUsersApi.imports[':importId'].$get(
          { param: { importId: encodeURIComponent(importId) } },
          { init: { signal } },
        ),
      ),
    refetchInterval: (query) =>
      !query.state.data || query.state.data.status === 'queued' || query.state.data.status === 'running' ? 1000 : false,
  })
