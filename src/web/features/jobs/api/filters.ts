import type { ZodType } from 'zod'
import { JobSearchQuery } from '#shared/jobs/schemas.ts'
import type { JobFilters } from '#web/features/jobs/api/keys.ts'

// The job board's filters between the URL (so a search can be shared, spec 001 §2
// /jobs) and the query key. Pure, so the unit tests read them without a browser.

export const filterNames = ['q', 'type', 'location', 'remote', 'posted'] as const

/** The filters the URL holds; a value the API would refuse (hand-edited URL) is left out. */
export function filtersOf(params: URLSearchParams): JobFilters {
  const filters: Record<string, string> = {}
  for (const name of filterNames) {
    const value = params.get(name)?.trim()
    if (!value) continue
    const checked = (JobSearchQuery.shape[name] as ZodType<string | undefined>).safeParse(value)
    if (checked.success && checked.data) filters[name] = checked.data
  }
  return filters as JobFilters
}

/** The filters with their empty values dropped, so one search has one query key. */
export function cleanFilters(filters: JobFilters): JobFilters {
  return Object.fromEntries(
    Object.entries(filters).filter(([, value]) => value !== undefined && value !== ''),
  ) as JobFilters
}
