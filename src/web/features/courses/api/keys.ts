import type { CourseBrowseQuery, CourseMarketplaceQuery } from '#shared/courses/schemas.ts'

/** The two lists' filters as they sit in the URL and the query key (no cursor: pages belong to one search). */
export type BrowseFilters = Omit<CourseBrowseQuery, 'cursor'>
export type MarketplaceFilters = Omit<CourseMarketplaceQuery, 'cursor'>

/** Browse (/courses/browse, members) or the marketplace (/courses/marketplace, subscribers, with prices). */
export type CourseListKind = 'browse' | 'marketplace'

export type CourseFilters<Kind extends CourseListKind = CourseListKind> = Kind extends 'browse'
  ? BrowseFilters
  : MarketplaceFilters

// The courses area's query keys (ARCHITECTURE.md rule 6), member side; the admin
// side keeps its own under ['courses', 'admin'] and may invalidate `all`.
export const courseKeys = {
  all: ['courses'] as const,
  lists: ['courses', 'list'] as const,
  list: (kind: CourseListKind, filters: BrowseFilters | MarketplaceFilters) =>
    ['courses', 'list', kind, filters] as const,
  categories: ['courses', 'categories'] as const,
  latest: ['courses', 'latest'] as const,
  started: ['courses', 'started'] as const,
  details: ['courses', 'detail'] as const,
  detail: (courseId: string) => ['courses', 'detail', courseId] as const,
  saved: ['courses', 'saved'] as const,
}
