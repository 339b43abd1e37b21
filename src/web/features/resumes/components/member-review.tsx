import { resumeReviewMaxBytes } from '#shared/resumes/constants.ts'
import type { ResumeReviewView } from '#shared/resumes/schemas.ts'
import { DownloadResumeButton } from '#web/features/resumes/components/download-resume-button.tsx'
import { CommentThread } from '#web/features/resumes/components/comment-thread.tsx'
import { formatDay, formatDueTime } from '#web/features/resumes/components/format.ts'
import { ReviewStatusBadge } from '#web/features/resumes/components/review-status-badge.tsx'
import { ScoreTotal } from '#web/features/resumes/components/score-band.tsx'

/** The hint under the upload box (spec 001 §9: PDF only, 5MB maximum). */
export const uploadHint = `PDF only, up to ${resumeReviewMaxBytes / 1024 / 1024}MB`

/**
 * One review as its member sees it (spec 001 §2): status, submit date, the due time
 * of the coach's feedback while it waits, the latest score and feedback once
 * scored, the download and the comment thread.
 */
export function MemberReview({
  review,
  subheading: Subheading,
}: {
  review: ResumeReviewView
  /** the level of its parts' headings, below the heading it sits under */
  subheading: 'h3' | 'h4'
}) {
  const day = formatDay(review.createdAt)
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="flex flex-wrap items-center gap-2">
          <ReviewStatusBadge status={review.status} />
          <span className="text-sm text-muted-foreground">
            Submitted <time dateTime={review.createdAt}>{day}</time>
          </span>
        </p>
        <DownloadResumeButton review={review} label={`Download resume submitted ${day}`} />
      </div>
      {review.status === 'reviewed' ? null : (
        <p className="text-sm" data-testid="feedback-due">
          Feedback due by <time dateTime={review.feedbackDueAt}>{formatDueTime(review.feedbackDueAt)}</time>
        </p>
      )}
      {review.latestScore ? (
        <p className="flex flex-wrap items-center gap-2 text-sm">
          <span className="text-muted-foreground">Score</span>
          <ScoreTotal total={review.latestScore.total} />
        </p>
      ) : null}
      {review.adminFeedback ? (
        <div className="grid gap-1">
          <Subheading className="text-sm font-semibold">Reviewer feedback</Subheading>
          <p className="text-sm break-words whitespace-pre-wrap" data-testid="reviewer-feedback">
            {review.adminFeedback}
          </p>
        </div>
      ) : null}
      <div className="grid gap-2">
        <Subheading className="text-sm font-semibold">Comments</Subheading>
        <CommentThread reviewId={review.id} label={`Comments on the resume submitted ${day}`} />
      </div>
    </div>
  )
}
