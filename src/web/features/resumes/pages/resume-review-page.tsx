import { useQuery } from '@tanstack/react-query'
import { pathTo } from '#shared/pages.ts'
import { feedbackPromiseHours } from '#shared/resumes/constants.ts'
import { resumeMessages } from '#shared/resumes/messages.ts'
import type { ResumeReviewView } from '#shared/resumes/schemas.ts'
import { LoadFailedAlert } from '#web/components/load-failed-alert.tsx'
import { PageTitle } from '#web/components/page-title.tsx'
import { BackLink } from '#web/components/ui/back-link.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx'
import { messageOf } from '#web/lib/api.ts'
import { myReviewsQuery, useLiveResumes } from '#web/features/resumes/api/resumes.ts'
import { splitReviews } from '#web/features/resumes/api/review-cache.ts'
import { formatDay } from '#web/features/resumes/components/format.ts'
import { MemberReview } from '#web/features/resumes/components/member-review.tsx'
import { ResumeUploadForm } from '#web/features/resumes/components/resume-upload-form.tsx'

/**
 * /resume-review (spec 001 §2 Resume Review, subscribers): send a PDF for a coach's
 * review, follow the one waiting (its due time, download and comments) and read the
 * previous ones with their scores, feedback and threads. Changes arrive live.
 */
export function ResumeReviewPage() {
  const reviews = useQuery(myReviewsQuery())
  useLiveResumes()
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-8 px-4 py-10 sm:px-6">
      <BackLink to={pathTo('prestigeClub')}>Back to Dashboard</BackLink>
      <header className="grid gap-2">
        <PageTitle>Resume Review</PageTitle>
        <h1 className="text-3xl font-semibold tracking-tight">Resume Review</h1>
        <p className="text-muted-foreground">
          Upload your resume as a PDF. A career coach scores it on keywords, formatting, content and ATS compatibility
          and replies within {feedbackPromiseHours} hours.
        </p>
      </header>

      <Card>
        <CardHeader>
          <CardTitle>Submit your resume</CardTitle>
          <CardDescription>We send news of your review to the e-mail address below.</CardDescription>
        </CardHeader>
        <CardContent>
          <ResumeUploadForm />
        </CardContent>
      </Card>

      {reviews.isPending ? (
        <p role="status" className="text-muted-foreground">
          Loading your reviews…
        </p>
      ) : reviews.isError ? (
        <LoadFailedAlert className="py-8" onRetry={() => void reviews.refetch()}>
          {messageOf(reviews.error, resumeMessages.loadFailed)}
        </LoadFailedAlert>
      ) : (
        <Reviews reviews={reviews.data} />
      )}
    </div>
  )
}

function Reviews({ reviews }: { reviews: ResumeReviewView[] }) {
  const { current, previous } = splitReviews(reviews)
  return (
    <>
      {current ? (
        <Card role="region" aria-labelledby="pending-review-title" data-testid="pending-review">
          <CardHeader>
            <CardTitle id="pending-review-title">Pending review</CardTitle>
          </CardHeader>
          <CardContent>
            <MemberReview review={current} subheading="h3" />
          </CardContent>
        </Card>
      ) : null}
      <section aria-labelledby="previous-reviews-title" className="grid gap-4">
        <h2 id="previous-reviews-title" className="text-xl font-semibold tracking-tight">
          Previous reviews
        </h2>
        {previous.length === 0 ? (
          <p className="rounded-xl border border-dashed border-border p-8 text-center text-muted-foreground">
            {reviews.length === 0 ? resumeMessages.noReviews : 'No previous reviews yet'}
          </p>
        ) : (
          <ul className="grid gap-4">
            {previous.map((review) => (
              <li key={review.id}>
                <article
                  aria-labelledby={`review-${review.id}`}
                  data-testid="previous-review"
                  className="grid gap-3 rounded-xl border border-border bg-card p-6 shadow-sm"
                >
                  <h3 id={`review-${review.id}`} className="font-semibold">
                    Resume submitted {formatDay(review.createdAt)}
                  </h3>
                  <MemberReview review={review} subheading="h4" />
                </article>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  )
}
