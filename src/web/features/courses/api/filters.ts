import type { ZodType } from 'zod'
import { CourseBrowseQuery, CourseMarketplaceQuery } from '#shared/courses/schemas.ts'
import type { CourseFilters, CourseListKind } from '#web/features/courses/api/keys.ts'

// The course lists' filters between the URL (so a search can be shared and survives
// a reload) and the query key. Pure, so the unit tests read them without a browser.

export const courseFilterNames = ['q', 'level', 'duration', 'category'] as const
export type CourseFilterName = (typeof courseFilterNames)[number]

const schemaOf = { browse: CourseBrowseQuery, marketplace: CourseMarketplaceQuery } as const

/**
 * The filters the URL holds for one list; a value that list's API would refuse (a
 * hand-edited URL, or the other list's duration range) is left out.
 */
export function courseFiltersOf<Kind extends CourseListKind>(params: URLSearchParams, kind: Kind): CourseFilters<Kind> {
  const shape = schemaOf[kind].shape
  const filters: Record<string, string> = {}
  for (const name of courseFilterNames) {
    const value = params.get(name)?.trim()
    if (!value) continue
    const checked = (shape[name] as ZodType<string | undefined>).safeParse(value)
    if (checked.success && checked.data) filters[name] = checked.data
  }
  return filters as CourseFilters<Kind>
}

/** The filters with their empty values dropped, so one search has one query key. */
export function cleanCourseFilters<Filters extends object>(filters: Filters): Filters {
  return Object.fromEntries(
    Object.entries(filters).filter(([, value]) => value !== undefined && value !== ''),
  ) as Filters
}

/** Whether any filter or search narrows the list (the empty state then says so, spec 001 §2). */
export function hasCourseFilters(filters: object): boolean {
  return Object.keys(cleanCourseFilters(filters)).length > 0
}

/** The URL's parameters with one filter set (or removed when blank); other parameters stay. */
export function withCourseFilter(params: URLSearchParams, name: CourseFilterName, value: string): URLSearchParams {
  const next = new URLSearchParams(params)
  if (value.trim()) next.set(name, value.trim())
  else next.delete(name)
  return next
}

/** The URL's parameters without any filter; other parameters stay. */
export function withoutCourseFilters(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params)
  for (const name of courseFilterNames) next.delete(name)
  return next
}
