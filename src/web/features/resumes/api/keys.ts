import type { ReviewStatusFilter } from '#shared/resumes/constants.ts'

/** The admin table's filters as they sit in the URL and the query key (no cursor: pages belong to one search). */
export type AdminReviewFilters = { q: string; status: ReviewStatusFilter }

// The resume review area's query keys (ARCHITECTURE.md rule 6): the member side and,
// under ['resumes', 'admin'], the coaches' side; a live event may refresh either.
export const resumeKeys = {
  all: ['resumes'] as const,
  mine: ['resumes', 'mine'] as const,
  strength: ['resumes', 'strength'] as const,
  comments: (reviewId: string) => ['resumes', 'comments', reviewId] as const,
  admin: ['resumes', 'admin'] as const,
  adminLists: ['resumes', 'admin', 'list'] as const,
  adminList: (filters: AdminReviewFilters) => ['resumes', 'admin', 'list', filters] as const,
  adminDetail: (reviewId: string) => ['resumes', 'admin', 'detail', reviewId] as const,
  recent: ['resumes', 'admin', 'recent'] as const,
}
