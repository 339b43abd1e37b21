import type { JobSearchQuery } from '#shared/jobs/schemas.ts'

/** The job board's filters as they sit in the URL and in the query key (no cursor: pages belong to one search). */
export type JobFilters = Omit<JobSearchQuery, 'cursor'>

// Kept apart from jobs.ts (and free of runtime imports of the shared schemas) so
// that the landing teaser can read the latest jobs without pulling zod into '/'.
export const jobKeys = {
  all: ['jobs'] as const,
  searches: ['jobs', 'search'] as const,
  search: (filters: JobFilters) => ['jobs', 'search', filters] as const,
  details: ['jobs', 'detail'] as const,
  detail: (jobId: string) => ['jobs', 'detail', jobId] as const,
  latest: ['jobs', 'latest'] as const,
  admin: ['jobs', 'admin'] as const,
  savedAll: ['jobs', 'saved'] as const,
  saved: ['jobs', 'saved', 'list'] as const,
  savedCounts: ['jobs', 'saved', 'counts'] as const,
  myApplications: ['jobs', 'applications', 'mine'] as const,
}
