import type { adminResumeReviewRoutes, resumeReviewRoutes } from '#server/modules/resumes/routes.ts'
import { apiClient } from '#web/lib/api-client.ts'

// The resume review area's typed clients, one per server route group (mount bases: src/server/app.ts).

/** The member's own reviews, their files and comment threads (admins pass: the details dialog reads them here). */
export const resumeReviewsApi = apiClient<typeof resumeReviewRoutes>('/api/resume-reviews')
export const adminResumeReviewsApi = apiClient<typeof adminResumeReviewRoutes>('/api/admin/resume-reviews')

/** A review id as a path segment. */
export const reviewParam = (reviewId: string) => ({ reviewId: encodeURIComponent(reviewId) })
