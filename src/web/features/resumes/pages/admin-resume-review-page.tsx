import { useState } from 'react'
import { useSearchParams } from 'react-router'
import { useInfiniteQuery } from '@tanstack/react-query'
import { pathTo } from '#shared/pages.ts'
import { reviewStatusFilters, type ReviewStatusFilter } from '#shared/resumes/constants.ts'
import { resumeMessages } from '#shared/resumes/messages.ts'
import type { AdminReviewRow } from '#shared/resumes/schemas.ts'
import { ListCount } from '#web/components/list-count.tsx'
import { LoadFailedAlert } from '#web/components/load-failed-alert.tsx'
import { LoadMoreButton } from '#web/components/load-more-button.tsx'
import { PageTitle } from '#web/components/page-title.tsx'
import { BackLink } from '#web/components/ui/back-link.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { DataTable } from '#web/components/ui/data-table.tsx'
import { controlClasses } from '#web/components/ui/input.tsx'
import { Label } from '#web/components/ui/label.tsx'
import { messageOf } from '#web/lib/api.ts'
import { cn } from '#web/lib/cn.ts'
import { useUrlTextParam } from '#web/lib/use-url-text-param.ts'
import { adminReviewsQuery } from '#web/features/resumes/api/admin-resumes.ts'
import { useLiveResumes } from '#web/features/resumes/api/resumes.ts'
import { DownloadResumeButton } from '#web/features/resumes/components/download-resume-button.tsx'
import { formatDay, fullName } from '#web/features/resumes/components/format.ts'
import { ReviewDetailsDialog } from '#web/features/resumes/components/review-details-dialog.tsx'
import { ReviewStatusBadge } from '#web/features/resumes/components/review-status-badge.tsx'
import { ScoreDialog } from '#web/features/resumes/components/score-dialog.tsx'

const columns = ['Name', 'Status', 'Submitted', 'Score Resume', 'Download Resume']

const statusFilterLabels: Record<ReviewStatusFilter, string> = { all: 'All', pending: 'Pending', reviewed: 'Reviewed' }

function statusFilterOf(value: string | null): ReviewStatusFilter {
  return reviewStatusFilters.find((filter) => filter === value) ?? 'all'
}

/**
 * /admin/resume-review (spec 002 §2 Resume reviews): search by name, filter by
 * status, the count found, the table with its details and score dialogs. Reviews,
 * comments and suggestions arrive live.
 */
export function AdminResumeReviewPage() {
  const [search, setSearch] = useUrlTextParam('q')
  const [params, setParams] = useSearchParams()
  const q = params.get('q') ?? ''
  const status = statusFilterOf(params.get('status'))
  const reviews = useInfiniteQuery(adminReviewsQuery({ q, status }))
  useLiveResumes()
  const [detailsOf, setDetailsOf] = useState<string | null>(null)
  const [scoring, setScoring] = useState<AdminReviewRow | null>(null)
  const pages = reviews.data?.pages
  const list = pages && { reviews: pages.flatMap((page) => page.reviews), total: pages[0]?.total ?? 0 }
  // the row as it is now (a live change may have moved its status since the dialog opened)
  const details = (detailsOf && list?.reviews.find((review) => review.id === detailsOf)) || null

  const chooseStatus = (next: ReviewStatusFilter) =>
    setParams(
      (previous) => {
        const updated = new URLSearchParams(previous)
        if (next === 'all') updated.delete('status')
        else updated.set('status', next)
        return updated
      },
      { replace: true },
    )

  return (
    <div className="grid gap-6">
      <BackLink to={pathTo('admin')}>Back to Admin Dashboard</BackLink>
      <div className="grid gap-1">
        <PageTitle>Resume Reviews</PageTitle>
        <h1 className="text-2xl font-semibold tracking-tight">Resume reviews</h1>
        <p className="text-sm text-muted-foreground">
          Members&apos; resumes, newest first. Opening a pending resume marks it in review; scoring it marks it reviewed
          and e-mails the member.
        </p>
      </div>

      <div className="flex flex-wrap items-end gap-4">
        <div className="grid w-full max-w-md gap-1.5">
          <Label htmlFor="admin-resume-search">Search by name</Label>
          <input
            id="admin-resume-search"
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            maxLength={200}
            className={cn(controlClasses, 'h-10')}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="admin-resume-status">Status</Label>
          <select
            id="admin-resume-status"
            value={status}
            onChange={(event) => chooseStatus(statusFilterOf(event.target.value))}
            className={cn(controlClasses, 'h-10 w-40')}
          >
            {reviewStatusFilters.map((filter) => (
              <option key={filter} value={filter}>
                {statusFilterLabels[filter]}
              </option>
            ))}
          </select>
        </div>
      </div>

      {reviews.isPending ? (
        <p role="status" className="text-muted-foreground">
          Loading resume reviews…
        </p>
      ) : null}
      {reviews.isError ? (
        <LoadFailedAlert className="py-8" onRetry={() => void reviews.refetch()}>
          {messageOf(reviews.error, resumeMessages.loadFailed)}
        </LoadFailedAlert>
      ) : null}
      {list && list.reviews.length === 0 ? (
        <p className="rounded-xl border border-dashed border-border p-8 text-center text-muted-foreground">
          {resumeMessages.noReviews}
        </p>
      ) : null}
      {list && list.reviews.length > 0 ? (
        <div className="grid gap-2">
          <ListCount shown={list.reviews.length} total={list.total} noun={['review found', 'reviews found']} />
          <DataTable caption="Resume reviews" columns={columns}>
            {list.reviews.map((review) => {
              const name = fullName(review.member)
              return (
                <tr key={review.id} className="border-b border-border align-middle last:border-b-0">
                  <th scope="row" className="px-3 py-2 font-medium">
                    <Button variant="link" className="h-auto text-left" onClick={() => setDetailsOf(review.id)}>
                      {name}
                      <span className="sr-only">: details and comments</span>
                    </Button>
                  </th>
                  <td className="px-3 py-2">
                    <ReviewStatusBadge status={review.status} />
                  </td>
                  <td className="px-3 py-2 whitespace-nowrap">
                    <time dateTime={review.createdAt}>{formatDay(review.createdAt)}</time>
                  </td>
                  <td className="px-3 py-2">
                    <Button size="sm" variant="secondary" onClick={() => setScoring(review)}>
                      Score
                      <span className="sr-only"> resume of {name}</span>
                    </Button>
                  </td>
                  <td className="px-3 py-2">
                    <DownloadResumeButton review={review} label={`Download resume of ${name}`} iconOnly />
                  </td>
                </tr>
              )
            })}
          </DataTable>
          <LoadMoreButton list={reviews} />
        </div>
      ) : null}

      <ReviewDetailsDialog review={details} onClose={() => setDetailsOf(null)} />
      <ScoreDialog review={scoring} onClose={() => setScoring(null)} />
    </div>
  )
}
