// Resume review constants (spec 001 §9, spec 002 §9, issue 16).

/** spec 001 §5: PDF only, at most 5 MB (5242880 bytes). */
export const resumeReviewMaxBytes = 5 * 1024 * 1024

/** spec 001 §9: feedback is promised within 48 hours of the submission. */
export const feedbackPromiseHours = 48

/** pending -> in_review (a coach opened the file) -> reviewed (a coach scored it). */
export const reviewStatuses = ['pending', 'in_review', 'reviewed'] as const
export type ReviewStatus = (typeof reviewStatuses)[number]

/** spec 002 §2: the admin table's status filter ('pending' includes reviews a coach has opened). */
export const reviewStatusFilters = ['all', 'pending', 'reviewed'] as const
export type ReviewStatusFilter = (typeof reviewStatusFilters)[number]

export const reviewStatusLabels: Record<ReviewStatus, string> = {
  pending: 'Pending',
  in_review: 'In review',
  reviewed: 'Reviewed',
}

/** The four criteria of a score, in the order the spec lists them. */
export const scoreCriteria = ['keyword', 'format', 'content', 'ats'] as const
export type ScoreCriterion = (typeof scoreCriteria)[number]

export const scoreCriterionLabels: Record<ScoreCriterion, string> = {
  keyword: 'Keywords',
  format: 'Formatting',
  content: 'Content',
  ats: 'ATS compatibility',
}

/** spec 002 §9: the total is the rounded weighted sum of the four sub-scores. */
export const scoreWeights: Record<ScoreCriterion, number> = { keyword: 0.25, format: 0.25, content: 0.3, ats: 0.2 }

export const commentMaxLength = 2000
export const feedbackMaxLength = 5000
/** Rows of the admin table per page. */
export const adminReviewPageSize = 25
/** spec 002 §9: the admin dashboard's recent reviews. */
export const recentReviewsCount = 5
