import type { adminLayoffRoutes, layoffRoutes } from '#server/modules/layoffs/routes.ts'
import { apiClient } from '#web/lib/api-client.ts'

// The layoff tracker's typed clients, one per server route group (mount bases: src/server/app.ts).

const layoffsBase = '/api/layoffs'
const adminLayoffsBase = '/api/admin/layoffs'

export const layoffsApi = apiClient<typeof layoffRoutes>(layoffsBase)
export const adminLayoffsApi = apiClient<typeof adminLayoffRoutes>(adminLayoffsBase)

/** An import id as a path segment. */
export const importParam = (importId: string) => ({ importId: encodeURIComponent(importId) })

/** The filters as a query string ('' when none), for the plain download links. */
export function filterQuery(filters: Record<string, string | undefined>): string {
  const params = new URLSearchParams()
  for (const [name, value] of Object.entries(filters)) if (value) params.set(name, value)
  const text = params.toString()
  return text ? `?${text}` : ''
}

/** The current filter as CSV (a plain download link: the browser saves the attachment). */
export const exportCsvUrl = (filters: Record<string, string | undefined>) =>
  `${layoffsBase}/export.csv${filterQuery(filters)}`

/** An import's skipped rows with their reasons, as CSV. */
export const skippedCsvUrl = (importId: string) =>
  `${adminLayoffsBase}/imports/${encodeURIComponent(importId)}/skipped.csv`

/** The file of an import as it was uploaded. */
export const importFileUrl = (importId: string) => `${adminLayoffsBase}/imports/${encodeURIComponent(importId)}/file`
