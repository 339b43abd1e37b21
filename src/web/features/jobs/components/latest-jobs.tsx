import { Link } from 'react-router'
import { useQuery } from '@tanstack/react-query'
import { pathTo } from '#shared/pages.ts'
import { buttonClasses } from '#web/components/ui/button-variants.ts'
import { latestJobsQuery } from '#web/features/jobs/api/latest-jobs.ts'
import { CompanyLogo } from '#web/features/jobs/components/company-logo.tsx'
import { PostedDate } from '#web/features/jobs/components/posted-date.tsx'
import { cn } from '#web/lib/cn.ts'

// Shown on the landing page: it imports neither the shared schemas (zod), the
// dialog nor the forms, so '/' stays within its JavaScript budget.

type LatestJobsProps = {
  /**
   * 'compact': titles only (the community column). 'teaser': each job with its
   * action, 'Sign in to Apply' for visitors or 'View' (the landing page).
   */
  variant?: 'compact' | 'teaser'
  /** A visitor: the teaser's action sends to /login, back to the job after. */
  signedOut?: boolean
  /** The 'View all jobs' link to /jobs under the list. */
  showViewAll?: boolean
  className?: string
}

/** The latest jobs (spec 000 §1 job board teaser, §2 community right column: 3 of them). */
export function LatestJobs({ variant = 'compact', signedOut = false, showViewAll = true, className }: LatestJobsProps) {
  const { data: jobs, isPending, isError } = useQuery(latestJobsQuery())
  const teaser = variant === 'teaser'

  let body
  if (isPending) {
    body = (
      <ul aria-hidden="true" className={cn('grid gap-3', teaser && 'sm:grid-cols-3')}>
        {[0, 1, 2].map((index) => (
          <li key={index} className={cn('animate-pulse rounded-lg bg-muted', teaser ? 'h-40' : 'h-14')} />
        ))}
      </ul>
    )
  } else if (isError) {
    body = <p className="text-sm text-muted-foreground">The latest jobs could not be loaded.</p>
  } else if (jobs.length === 0) {
    body = <p className="text-sm text-muted-foreground">No open roles right now. New ones are posted every week.</p>
  } else {
    body = (
      <ul data-testid="latest-jobs" className={cn('grid gap-3', teaser && 'sm:grid-cols-3')}>
        {jobs.map((job) => (
          <li
            key={job.id}
            className={cn(
              'flex gap-3',
              teaser ? 'flex-col rounded-xl border border-border bg-card p-5 shadow-sm' : 'items-start',
            )}
          >
            <div className="flex min-w-0 items-start gap-3">
              <CompanyLogo company={job.company} logoUrl={job.logoUrl} size={teaser ? 'md' : 'sm'} />
              <div className="grid min-w-0 gap-0.5">
                <h3 className={cn('font-semibold', teaser ? 'text-base' : 'text-sm')}>
                  <Link to={pathTo('jobDetail', { jobId: job.id })} className="hover:underline">
                    {job.title}
                  </Link>
                </h3>
                <p className="truncate text-sm text-muted-foreground">{job.company}</p>
                <p className="text-xs text-muted-foreground">
                  {job.location} · {job.type}
                </p>
                {teaser ? (
                  <p className="text-xs text-muted-foreground">
                    <PostedDate iso={job.postedAt} />
                  </p>
                ) : null}
              </div>
            </div>
            {teaser ? (
              signedOut ? (
                <Link
                  to={pathTo('login')}
                  state={{ from: pathTo('jobDetail', { jobId: job.id }) }}
                  aria-label={`Sign in to Apply: ${job.title}`}
                  className={buttonClasses('primary', 'sm', 'mt-auto self-start')}
                >
                  Sign in to Apply
                </Link>
              ) : (
                <Link
                  to={pathTo('jobDetail', { jobId: job.id })}
                  aria-label={`View ${job.title}`}
                  className={buttonClasses('outline', 'sm', 'mt-auto self-start')}
                >
                  View
                </Link>
              )
            ) : null}
          </li>
        ))}
      </ul>
    )
  }

  return (
    <div className={cn('grid gap-4', className)}>
      {body}
      {showViewAll ? (
        <Link to={pathTo('jobs')} className="text-sm font-medium text-accent underline-offset-4 hover:underline">
          View all jobs
        </Link>
      ) : null}
    </div>
  )
}
