import { Banknote, Briefcase, MapPin } from 'lucide-react'
import type { JobSummary } from '#shared/jobs/schemas.ts'
import { PostedDate } from '#web/features/jobs/components/posted-date.tsx'
import { cn } from '#web/lib/cn.ts'

/** Location (and remote), type, salary and age of a job: the card's and the detail page's line of facts. */
export function JobFacts({
  job,
  className,
}: {
  job: Pick<JobSummary, 'location' | 'remote' | 'type' | 'salary' | 'postedAt'>
  className?: string
}) {
  return (
    <ul className={cn('flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground', className)}>
      <li className="inline-flex items-center gap-1.5">
        <MapPin aria-hidden="true" className="size-4" />
        {job.location}
        {job.remote ? ' · Remote' : ''}
      </li>
      <li className="inline-flex items-center gap-1.5">
        <Briefcase aria-hidden="true" className="size-4" />
        {job.type}
      </li>
      {job.salary ? (
        <li className="inline-flex items-center gap-1.5">
          {/* a salary is free text in any currency ('€55,000', '$90k'): the icon names none */}
          <Banknote aria-hidden="true" className="size-4" />
          {job.salary}
        </li>
      ) : null}
      <li>
        <PostedDate iso={job.postedAt} />
      </li>
    </ul>
  )
}
