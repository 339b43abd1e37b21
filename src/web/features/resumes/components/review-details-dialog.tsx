import type { AdminReviewRow } from '#shared/resumes/schemas.ts'
import { Dialog, DialogContent } from '#web/components/ui/dialog.tsx'
import { CommentThread } from '#web/features/resumes/components/comment-thread.tsx'
import { DownloadResumeButton } from '#web/features/resumes/components/download-resume-button.tsx'
import { formatDueTime, fullName } from '#web/features/resumes/components/format.ts'
import { ReviewStatusBadge } from '#web/features/resumes/components/review-status-badge.tsx'

/** spec 002 §2: a review's details (name, e-mail, submitted time) and its comment thread, with the form to reply. */
export function ReviewDetailsDialog({ review, onClose }: { review: AdminReviewRow | null; onClose: () => void }) {
  return (
    <Dialog open={review !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {review ? (
        // widths through sm:/md: a plain max-w-* loses to the dialog's own max-w-md, later in the stylesheet
        <DialogContent
          title={`Resume review: ${fullName(review.member)}`}
          description={review.email}
          className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-2xl"
        >
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
            <dt className="text-muted-foreground">Status</dt>
            <dd>
              <ReviewStatusBadge status={review.status} />
            </dd>
            <dt className="text-muted-foreground">Submitted</dt>
            <dd>
              <time dateTime={review.createdAt}>{formatDueTime(review.createdAt)}</time>
            </dd>
            {review.status === 'reviewed' ? null : (
              <>
                <dt className="text-muted-foreground">Feedback due</dt>
                <dd>
                  <time dateTime={review.feedbackDueAt}>{formatDueTime(review.feedbackDueAt)}</time>
                </dd>
              </>
            )}
            <dt className="text-muted-foreground">Iterations</dt>
            <dd>{review.iterations}</dd>
          </dl>
          <div>
            <DownloadResumeButton review={review} label={`Download resume of ${fullName(review.member)}`} />
          </div>
          <section aria-labelledby="review-comments-title" className="grid gap-2">
            <h3 id="review-comments-title" className="font-semibold">
              Comments
            </h3>
            <CommentThread reviewId={review.id} label={`Comments on the review of ${fullName(review.member)}`} />
          </section>
        </DialogContent>
      ) : null}
    </Dialog>
  )
}
