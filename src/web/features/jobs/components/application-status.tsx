import { CheckCircle2 } from 'lucide-react'
import { applicationStatusLabels, type ApplicationStatus } from '#shared/jobs/schemas.ts'
import { cn } from '#web/lib/cn.ts'

const statusClasses: Record<ApplicationStatus, string> = {
  submitted: 'border-border bg-muted text-foreground',
  reviewed: 'border-sky-600/40 bg-sky-500/15 text-sky-900 dark:text-sky-200',
  interviewing: 'border-violet-600/40 bg-violet-500/15 text-violet-900 dark:text-violet-200',
  offered: 'border-green-600/40 bg-green-500/15 text-green-800 dark:text-green-300',
  rejected: 'border-border bg-muted text-muted-foreground',
}

/** An application's status, written out (the colour only repeats it). */
export function ApplicationStatusBadge({ status, className }: { status: ApplicationStatus; className?: string }) {
  return (
    <span
      data-testid="application-status"
      className={cn(
        'inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap',
        statusClasses[status],
        className,
      )}
    >
      {applicationStatusLabels[status]}
    </span>
  )
}

/**
 * What replaces Apply Now once the member has applied: 'Applied' and where the
 * application stands. Focusable from script: focus lands here when the
 * application dialog closes, since the button that opened it is gone.
 */
export function AppliedState({ jobId, status }: { jobId: string; status: ApplicationStatus }) {
  return (
    <p
      data-testid="applied-state"
      data-applied-job={jobId}
      tabIndex={-1}
      className="inline-flex items-center gap-2 text-sm font-medium outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <CheckCircle2 aria-hidden="true" className="size-4 text-accent" />
      Applied
      <span className="sr-only">, status:</span>
      <ApplicationStatusBadge status={status} />
    </p>
  )
}
