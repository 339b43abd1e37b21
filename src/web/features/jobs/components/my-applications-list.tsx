import { Link } from 'react-router'
import { useQuery } from '@tanstack/react-query'
import { Download } from 'lucide-react'
import { pathTo } from '#shared/pages.ts'
import { jobMessages } from '#shared/jobs/schemas.ts'
import { LoadFailedAlert } from '#web/components/load-failed-alert.tsx'
import { myApplicationsQuery } from '#web/features/jobs/api/jobs.ts'
import { ApplicationStatusBadge } from '#web/features/jobs/components/application-status.tsx'
import { messageOf } from '#web/lib/api.ts'

const dateFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium' })

/** The member's own applications (issue 5): where each stands, and the resume sent with it. */
export function MyApplicationsList() {
  const applications = useQuery(myApplicationsQuery())

  if (applications.isPending) return <p className="py-6 text-center text-muted-foreground">Loading applications...</p>
  if (applications.isError) {
    return (
      <LoadFailedAlert className="py-6" onRetry={() => void applications.refetch()}>
        {messageOf(applications.error, 'Your applications could not be loaded.')}
      </LoadFailedAlert>
    )
  }
  if (applications.data.length === 0)
    return <p className="py-6 text-center text-muted-foreground">{jobMessages.noApplications}</p>

  return (
    <ul data-testid="my-applications" className="grid gap-3">
      {applications.data.map((application) => (
        <li
          key={application.id}
          data-testid="my-application"
          className="flex flex-wrap items-start justify-between gap-3 rounded-xl border border-border bg-card p-4 shadow-sm"
        >
          <div className="grid min-w-0 gap-1">
            <p className="font-semibold">
              {application.jobId ? (
                <Link to={pathTo('jobDetail', { jobId: application.jobId })} className="hover:underline">
                  {application.jobTitle}
                </Link>
              ) : (
                application.jobTitle
              )}
            </p>
            <p className="text-sm text-muted-foreground">{application.company}</p>
            <p className="text-xs text-muted-foreground">
              Submitted{' '}
              <time dateTime={application.submittedAt}>{dateFormat.format(new Date(application.submittedAt))}</time>
            </p>
          </div>
          <div className="flex flex-wrap items-center gap-3">
            <ApplicationStatusBadge status={application.status} />
            <a
              href={application.resumeUrl}
              download={application.resumeFileName}
              className="inline-flex items-center gap-1.5 text-sm font-medium text-accent hover:underline"
            >
              <Download aria-hidden="true" className="size-4" />
              Download resume<span className="sr-only"> for {application.jobTitle}</span>
            </a>
          </div>
        </li>
      ))}
    </ul>
  )
}
