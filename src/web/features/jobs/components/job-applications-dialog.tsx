import { useInfiniteQuery } from '@tanstack/react-query'
import { Download } from 'lucide-react'
import {
  jobMessages,
  nextApplicationStatuses,
  type AdminApplication,
  type AdminJob,
  type ApplicationStatus,
} from '#shared/jobs/schemas.ts'
import { LoadMoreButton } from '#web/components/load-more-button.tsx'
import { Button, buttonClasses } from '#web/components/ui/button.tsx'
import { Dialog, DialogContent } from '#web/components/ui/dialog.tsx'
import { jobApplicationsQuery, useMoveApplication } from '#web/features/jobs/api/admin-jobs.ts'
import { ApplicationStatusBadge } from '#web/features/jobs/components/application-status.tsx'
import { messageOf } from '#web/lib/api.ts'

const dateFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' })

/** The words of the buttons that move an application on (issue 5). */
const moveLabels: Record<ApplicationStatus, string> = {
  submitted: 'Mark submitted',
  reviewed: 'Mark reviewed',
  interviewing: 'Move to interviewing',
  offered: 'Offer',
  rejected: 'Reject',
}

type JobApplicationsDialogProps = {
  /** the job whose applications are shown; null closes the dialog */
  job: AdminJob | null
  onClose: () => void
}

/** The applications of one job, newest first a page at a time, each with its resume and the moves open to it. */
export function JobApplicationsDialog({ job, onClose }: JobApplicationsDialogProps) {
  return (
    <Dialog open={job !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {job ? (
        <DialogContent
          title={`Applications for ${job.title}`}
          description={job.company}
          className="max-h-[calc(100dvh-2rem)] max-w-3xl overflow-y-auto"
        >
          <ApplicationList jobId={job.id} total={job.applicationCount} />
        </DialogContent>
      ) : null}
    </Dialog>
  )
}

function ApplicationList({ jobId, total }: { jobId: string; total: number }) {
  const applications = useInfiniteQuery(jobApplicationsQuery(jobId))
  if (applications.isPending) {
    return (
      <p role="status" className="text-muted-foreground">
        Loading applications…
      </p>
    )
  }
  if (applications.isError)
    return <p role="alert">{messageOf(applications.error, 'Failed to load the applications')}</p>
  const list = applications.data.pages.flatMap((page) => page.applications)
  // the table's count of them all, or what is loaded when more came in since it was read
  const count = Math.max(total, list.length)
  if (list.length === 0)
    return (
      <p className="rounded-xl border border-dashed border-border p-6 text-center text-muted-foreground">
        {jobMessages.noJobApplications}
      </p>
    )
  return (
    <div className="grid gap-3">
      <p className="text-sm text-muted-foreground">{count === 1 ? '1 application' : `${count} applications`}</p>
      {list.map((application) => (
        <ApplicationCard key={application.id} application={application} />
      ))}
      <LoadMoreButton list={applications} loadingLabel="Loading applications…">
        Load more applications
      </LoadMoreButton>
    </div>
  )
}

function ApplicationCard({ application }: { application: AdminApplication }) {
  const move = useMoveApplication()
  const name = `${application.firstName} ${application.lastName}`
  const next = nextApplicationStatuses(application.status)
  return (
    <article aria-label={`Application from ${name}`} className="grid gap-3 rounded-xl border border-border p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="grid gap-0.5">
          <h3 className="font-semibold">{name}</h3>
          <p className="text-sm text-muted-foreground">
            <a href={`mailto:${application.email}`} className="underline-offset-4 hover:underline">
              {application.email}
            </a>
            {' · '}
            <a href={`tel:${application.phone.replace(/[^\d+]/g, '')}`} className="underline-offset-4 hover:underline">
              {application.phone}
            </a>
          </p>
          <p className="text-sm text-muted-foreground">
            Submitted {dateFormat.format(new Date(application.submittedAt))}
          </p>
        </div>
        <ApplicationStatusBadge status={application.status} />
      </div>

      <details className="text-sm">
        <summary className="cursor-pointer font-medium">Cover letter</summary>
        <p className="mt-2 whitespace-pre-wrap">{application.coverLetter}</p>
      </details>

      <div className="flex flex-wrap items-center gap-2">
        <a
          href={application.resumeUrl}
          download={application.resumeFileName}
          className={buttonClasses('outline', 'sm')}
        >
          <Download aria-hidden="true" className="size-3.5" />
          Download resume ({application.resumeFileName})
        </a>
        {next.map((status) => (
          <Button
            key={status}
            size="sm"
            variant={status === 'rejected' ? 'destructive' : 'secondary'}
            aria-label={`${moveLabels[status]}: ${name}`}
            disabled={move.isPending}
            onClick={() => move.mutate({ applicationId: application.id, status })}
          >
            {moveLabels[status]}
          </Button>
        ))}
      </div>
    </article>
  )
}
