import { Link } from 'react-router'
import { pathTo } from '#shared/pages.ts'
import type { JobSummary } from '#shared/jobs/schemas.ts'
import { Button, buttonClasses } from '#web/components/ui/button.tsx'
import { AppliedState } from '#web/features/jobs/components/application-status.tsx'
import { CompanyLogo } from '#web/features/jobs/components/company-logo.tsx'
import { JobFacts } from '#web/features/jobs/components/job-facts.tsx'
import { MatchBadge } from '#web/features/jobs/components/match-badge.tsx'
import { SaveJobButton } from '#web/features/jobs/components/save-job-button.tsx'
import { WarnNoticeLine } from '#web/features/jobs/components/warn-notice-line.tsx'

type JobCardProps = {
  job: JobSummary
  /** Opens the application modal; the page owns the one modal. */
  onApply?: (job: JobSummary) => void
  /** Visitors: 'Sign in to Apply' (to /login, back to this job after), no saving (spec 001 §6). */
  signedOut?: boolean
}

/** One job of the board (spec 001 §2): the title opens its detail page. */
export function JobCard({ job, onApply, signedOut = false }: JobCardProps) {
  const titleId = `job-${job.id}-title`
  return (
    <article
      aria-labelledby={titleId}
      data-testid="job-card"
      className="grid gap-4 rounded-xl border border-border bg-card p-5 shadow-sm sm:grid-cols-[auto_minmax(0,1fr)]"
    >
      <CompanyLogo company={job.company} logoUrl={job.logoUrl} />
      <div className="grid gap-3">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="grid gap-0.5">
            <h2 id={titleId} className="text-lg font-semibold tracking-tight">
              <Link to={pathTo('jobDetail', { jobId: job.id })} className="hover:underline">
                {job.title}
              </Link>
            </h2>
            <p className="text-sm text-muted-foreground">{job.company}</p>
          </div>
          {signedOut ? null : <MatchBadge match={job.match} />}
        </div>
        <JobFacts job={job} />
        <WarnNoticeLine notice={job.warnNotice} company={job.company} />
        <div className="flex flex-wrap items-center gap-2">
          {signedOut ? (
            <Link
              to={pathTo('login')}
              state={{ from: pathTo('jobDetail', { jobId: job.id }) }}
              className={buttonClasses('primary', 'sm')}
            >
              Sign in to Apply
            </Link>
          ) : (
            <>
              {job.applicationStatus ? (
                <AppliedState jobId={job.id} status={job.applicationStatus} />
              ) : (
                <Button
                  size="sm"
                  data-testid="apply-job"
                  aria-label={`Apply Now: ${job.title}`}
                  onClick={() => onApply?.(job)}
                >
                  Apply Now
                </Button>
              )}
              <SaveJobButton jobId={job.id} title={job.title} saved={job.saved} />
            </>
          )}
        </div>
      </div>
    </article>
  )
}
