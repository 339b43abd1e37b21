import type { ReviewStatus } from '#shared/resumes/constants.ts'
import { reviewStatusLabels } from '#shared/resumes/constants.ts'
import { cn } from '#web/lib/cn.ts'

// a filled pill with dark text: each pair keeps WCAG AA contrast on the card
const tones: Record<ReviewStatus, string> = {
  pending: 'bg-muted text-muted-foreground',
  in_review: 'bg-amber-500/15 text-amber-900 dark:text-amber-200',
  reviewed: 'bg-emerald-500/15 text-emerald-800 dark:text-emerald-300',
}

/** A review's status: Pending, In review (a coach opened it) or Reviewed (scored). */
export function ReviewStatusBadge({ status }: { status: ReviewStatus }) {
  return (
    <span
      data-testid="review-status"
      className={cn('inline-flex rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap', tones[status])}
    >
      {reviewStatusLabels[status]}
    </span>
  )
}
