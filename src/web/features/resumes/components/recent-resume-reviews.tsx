import { Link } from 'react-router'
import { useQuery } from '@tanstack/react-query'
import { pathTo } from '#shared/pages.ts'
import { resumeMessages } from '#shared/resumes/messages.ts'
import { Button } from '#web/components/ui/button.tsx'
import { messageOf } from '#web/lib/api.ts'
import { recentReviewsQuery } from '#web/features/resumes/api/admin-resumes.ts'
import { useLiveResumes } from '#web/features/resumes/api/resumes.ts'
import { DownloadResumeButton } from '#web/features/resumes/components/download-resume-button.tsx'
import { formatDay, fullName } from '#web/features/resumes/components/format.ts'
import { ReviewStatusBadge } from '#web/features/resumes/components/review-status-badge.tsx'

/**
 * The admin dashboard's card (spec 002 §2): the 5 most recent resume reviews, each
 * with its member's name, status and download, and the way to all of them.
 */
export function RecentResumeReviews() {
  const recent = useQuery(recentReviewsQuery())
  useLiveResumes()
  return (
    <section
      aria-labelledby="recent-resume-reviews"
      className="grid gap-4 rounded-xl border border-border bg-card p-6 shadow-sm"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="recent-resume-reviews" className="text-lg font-semibold">
          Resume Reviews
        </h2>
        <Link
          to={pathTo('adminResumeReview')}
          className="text-sm font-medium text-accent underline-offset-4 hover:underline"
        >
          Score resume reviews
        </Link>
      </div>
      {recent.isPending ? (
        <p role="status" className="text-sm text-muted-foreground">
          Loading recent reviews…
        </p>
      ) : recent.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-2 text-sm">
          <span>{messageOf(recent.error, resumeMessages.recentLoadFailed)}</span>
          <Button variant="link" size="sm" onClick={() => void recent.refetch()}>
            Try again
          </Button>
        </div>
      ) : recent.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">{resumeMessages.noReviews}</p>
      ) : (
        <ul className="grid divide-y divide-border" aria-label="Most recent resume reviews">
          {recent.data.map((review) => {
            const name = fullName(review.member)
            return (
              <li key={review.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span className="grid">
                  <span className="font-medium">{name}</span>
                  <span className="text-xs text-muted-foreground">Submitted {formatDay(review.createdAt)}</span>
                </span>
                <span className="flex items-center gap-2">
                  <ReviewStatusBadge status={review.status} />
                  <DownloadResumeButton review={review} label={`Download resume of ${name}`} iconOnly />
                </span>
              </li>
            )
          })}
        </ul>
      )}
    </section>
  )
}
