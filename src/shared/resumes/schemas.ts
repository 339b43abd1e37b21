import { z } from 'zod'
import { Cursor, email, requiredText } from '#shared/common/fields.ts'
import { genericMessages } from '#shared/errors.ts'
import {
  commentMaxLength,
  feedbackMaxLength,
  reviewStatusFilters,
  type ReviewStatus,
  type ScoreCriterion,
} from './constants.ts'
import { resumeCommentMessages, resumeMessages } from './messages.ts'
import { subScoreOf } from './scoring.ts'

// Resume review (issue 16): what the member page, the admin page, the Resume
// Strength card and the live topic exchange with the server.

// ---------- the member's submission (spec 001 §5 Resume file) ----------

/** The text part of the upload form; the PDF (`resume`) is checked apart, by its bytes. */
export const ReviewSubmitFields = z.object({
  email: email(resumeMessages.invalidEmail, resumeMessages.emailRequired),
})
export type ReviewSubmitFields = z.infer<typeof ReviewSubmitFields>

/** One score of a review (spec 002 §3 Resume score): its iteration, the four criteria, the total and the feedback. */
export type ScoreView = {
  iteration: number
  scores: Record<ScoreCriterion, number>
  total: number
  feedback: string
  createdAt: string
}

/** A review as its member sees it (and an admin, with more: AdminReviewDetail). */
export type ResumeReviewView = {
  id: string
  email: string
  status: ReviewStatus
  createdAt: string
  /** spec 001 §9: feedback promised within 48 hours of the submission */
  feedbackDueAt: string
  reviewedAt: string | null
  /** the latest score's feedback (spec 001 §3 admin_feedback) */
  adminFeedback: string | null
  /** the private file, for its owner and admins only */
  downloadUrl: string
  /** what the download is saved as: resume-{date}.pdf for the member, the member's names for an admin */
  downloadName: string
  latestScore: ScoreView | null
}

// ---------- comments (spec 001 §5 Resume comment) ----------

export const CommentInput = z.object({
  content: requiredText(resumeCommentMessages.blank, commentMaxLength, resumeCommentMessages.tooLong),
})
export type CommentInput = z.infer<typeof CommentInput>

export type ResumeCommentView = {
  id: string
  reviewId: string
  content: string
  createdAt: string
  /** the page shows 'You' when this is the viewer's own id, and 'Admin' for coaches */
  author: { id: string; firstName: string; lastName: string; isAdmin: boolean }
}

// ---------- Resume Strength (spec 001 §2 member dashboard) ----------

export type ResumeStrength = {
  /** the newest score of any of the member's reviews; null before the first */
  latest: ScoreView | null
  /** how many scores the member has had (spec 001 §3: count of scores) */
  iterations: number
  /** every total, oldest first, for the small chart */
  history: Array<{ total: number; createdAt: string }>
  /** per criterion, the latest minus the one before; null with fewer than two scores */
  change: Record<ScoreCriterion, number> | null
}

// ---------- the automatic pre-score (issue 16) ----------

/** One criterion of the suggestion: a score 0-100 and why, in sentences a coach can read out. */
export type SuggestedCriterion = { score: number; reasons: string[] }

/** What the server suggests from the PDF's text, computed by a queue job after the upload. */
export type ResumeSuggestion = {
  pages: number
  /** characters of text found; 0 means no text layer (a scanned image) */
  textLength: number
  /** the skills the keyword criterion looked for, and where they came from */
  targetSkills: string[]
  targetSource: string
  criteria: Record<ScoreCriterion, SuggestedCriterion>
  total: number
}

/** The suggestion's state: still being computed, ready, or failed with a message for the coach. */
export type SuggestionView =
  { status: 'pending' } | { status: 'ready'; suggestion: ResumeSuggestion } | { status: 'failed'; message: string }

// ---------- admin (spec 002 §2 Resume reviews, §5 Score form) ----------

export const AdminReviewQuery = z.object({
  /** a name (first, last or both), case-insensitive */
  q: z.string().trim().max(200).optional(),
  status: z.enum(reviewStatusFilters, { error: resumeMessages.invalidStatusFilter }).optional(),
  cursor: Cursor.optional(),
})
export type AdminReviewQuery = z.infer<typeof AdminReviewQuery>

export type AdminReviewRow = {
  id: string
  member: { id: string; firstName: string; lastName: string; email: string }
  email: string
  status: ReviewStatus
  createdAt: string
  feedbackDueAt: string
  latestTotal: number | null
  iterations: number
  downloadUrl: string
  downloadName: string
}

export type AdminReviewList = { reviews: AdminReviewRow[]; total: number; nextCursor: string | null }

export type AdminReviewDetail = AdminReviewRow & {
  adminFeedback: string | null
  scores: ScoreView[]
  suggestion: SuggestionView
}

/**
 * spec 002 §5 Score form: four sub-scores (an invalid one becomes 0) and the feedback,
 * required. Text PostgreSQL cannot store (a NUL) is refused as in every other field.
 */
const subScore = z
  .unknown()
  .refine((value) => typeof value !== 'string' || !value.includes('\u0000'), {
    error: genericMessages.unsavableCharacter,
  })
  .transform(subScoreOf)
export const ScoreInput = z.object({
  keyword: subScore,
  format: subScore,
  content: subScore,
  ats: subScore,
  feedback: requiredText(resumeMessages.feedbackRequired, feedbackMaxLength, resumeMessages.feedbackTooLong),
})
export type ScoreInput = z.input<typeof ScoreInput>
export type ScoreInputParsed = z.output<typeof ScoreInput>

// ---------- live (the 'resumes' topic; each event reaches the review's owner and admins only) ----------

export type ResumeEvent =
  | { type: 'review.changed'; data: { reviewId: string; status: ReviewStatus } }
  | { type: 'suggestion.ready'; data: { reviewId: string } }
  | { type: 'comment.created'; data: { comment: ResumeCommentView } }
