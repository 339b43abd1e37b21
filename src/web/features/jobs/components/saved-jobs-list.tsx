import { Link } from 'react-router'
import { useQuery } from '@tanstack/react-query'
import { pathTo } from '#shared/pages.ts'
import { jobMessages } from '#shared/jobs/schemas.ts'
import { LoadFailedAlert } from '#web/components/load-failed-alert.tsx'
import { RemoveSavedButton } from '#web/components/saved-item-buttons.tsx'
import { savedJobsQuery, useToggleSavedJob } from '#web/features/jobs/api/jobs.ts'
import { CompanyLogo } from '#web/features/jobs/components/company-logo.tsx'
import { PostedDate } from '#web/features/jobs/components/posted-date.tsx'
import { messageOf } from '#web/lib/api.ts'

/** spec 001 §2 saved items: the member's saved jobs, each opening its job, each removable. */
export function SavedJobsList() {
  const saved = useQuery(savedJobsQuery())
  const remove = useToggleSavedJob()

  if (saved.isPending) return <p className="py-6 text-center text-muted-foreground">Loading saved jobs...</p>
  if (saved.isError) {
    return (
      <LoadFailedAlert className="py-6" onRetry={() => void saved.refetch()}>
        {messageOf(saved.error, jobMessages.savedLoadFailed)}
      </LoadFailedAlert>
    )
  }
  if (saved.data.length === 0)
    return <p className="py-6 text-center text-muted-foreground">{jobMessages.noSavedJobs}</p>

  return (
    <ul data-testid="saved-jobs" className="grid gap-3">
      {saved.data.map(({ jobId, savedAt, job }) => (
        <li
          key={jobId}
          data-testid="saved-job"
          className="flex items-start gap-4 rounded-xl border border-border bg-card p-4 shadow-sm"
        >
          <CompanyLogo company={job.company} logoUrl={job.logoUrl} size="sm" />
          <div className="grid min-w-0 flex-1 gap-1">
            <p className="font-semibold">
              <Link to={pathTo('jobDetail', { jobId: job.id })} className="hover:underline">
                {job.title}
              </Link>
            </p>
            <p className="text-sm text-muted-foreground">
              {job.company} · {job.location} · {job.type}
              {job.salary ? ` · ${job.salary}` : ''}
            </p>
            <p className="text-xs text-muted-foreground">
              <PostedDate iso={savedAt} prefix="Saved " />
            </p>
            {job.active ? null : (
              <p className="w-fit rounded-full border border-border bg-muted px-2.5 py-0.5 text-xs font-medium text-muted-foreground">
                No longer accepting applications
              </p>
            )}
          </div>
          <RemoveSavedButton
            label={`Remove ${job.title} from saved jobs`}
            pending={remove.isPending && remove.variables?.jobId === jobId}
            onRemove={() => remove.mutate({ jobId, save: false })}
          />
        </li>
      ))}
    </ul>
  )
}
