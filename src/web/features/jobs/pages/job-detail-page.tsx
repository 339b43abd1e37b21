import { useEffect, useState } from 'react'
import { Link, useNavigate, useParams } from 'react-router'
import { useQuery } from '@tanstack/react-query'
import { GraduationCap } from 'lucide-react'
import { toast } from 'sonner'
import { pathTo } from '#shared/pages.ts'
import { jobMessages, type JobDetail } from '#shared/jobs/schemas.ts'
import { PageNotice } from '#web/components/page-notice.tsx'
import { PageTitle } from '#web/components/page-title.tsx'
import { BackLink } from '#web/components/ui/back-link.tsx'
import { Button, buttonClasses } from '#web/components/ui/button.tsx'
import { isJobNotFound, jobQuery } from '#web/features/jobs/api/jobs.ts'
import { ApplicationDialog } from '#web/features/jobs/components/application-dialog.tsx'
import { AppliedState } from '#web/features/jobs/components/application-status.tsx'
import { CompanyLogo } from '#web/features/jobs/components/company-logo.tsx'
import { JobFacts } from '#web/features/jobs/components/job-facts.tsx'
import { MatchBadge } from '#web/features/jobs/components/match-badge.tsx'
import { SaveJobButton } from '#web/features/jobs/components/save-job-button.tsx'
import { WarnNoticeLine } from '#web/features/jobs/components/warn-notice-line.tsx'

function NotFound() {
  return (
    <PageNotice title={jobMessages.notFound}>
      <p className="text-muted-foreground">This job may have been filled or removed.</p>
      <Link to={pathTo('jobs')} className={buttonClasses('primary')}>
        Browse All Jobs
      </Link>
    </PageNotice>
  )
}

function ListSection({ title, items }: { title: string; items: string[] }) {
  if (items.length === 0) return null
  return (
    <section aria-label={title} className="grid gap-3">
      <h2 className="text-xl font-semibold tracking-tight">{title}</h2>
      <ul className="grid list-disc gap-1.5 pl-5 marker:text-accent">
        {items.map((item, index) => (
          <li key={index}>{item}</li>
        ))}
      </ul>
    </section>
  )
}

function SkillChips({ title, skills }: { title: string; skills: string[] }) {
  if (skills.length === 0) return null
  return (
    <div className="grid gap-2">
      <h2 className="text-sm font-semibold tracking-wide text-muted-foreground uppercase">{title}</h2>
      <ul className="flex flex-wrap gap-1.5">
        {skills.map((skill) => (
          <li key={skill} className="rounded-full border border-border bg-muted px-2.5 py-0.5 text-xs font-medium">
            {skill}
          </li>
        ))}
      </ul>
    </div>
  )
}

function JobView({ job }: { job: JobDetail }) {
  const [applying, setApplying] = useState(false)
  const open = job.status === 'active'
  return (
    <div className="mx-auto grid w-full max-w-4xl gap-8 px-4 py-10 sm:px-6">
      <BackLink to={pathTo('jobs')}>Back to Job Board</BackLink>
      <header className="grid gap-6 rounded-xl border border-border bg-card p-6 shadow-sm">
        <div className="flex flex-wrap items-start gap-4">
          <CompanyLogo company={job.company} logoUrl={job.logoUrl} size="lg" />
          <div className="grid min-w-0 flex-1 gap-1">
            <PageTitle>{`${job.title} at ${job.company}`}</PageTitle>
            <h1 className="text-3xl font-semibold tracking-tight">{job.title}</h1>
            <p className="text-lg text-muted-foreground">{job.company}</p>
          </div>
          <MatchBadge match={job.match} />
        </div>
        <JobFacts job={job} className="gap-x-5 gap-y-1.5" />
        <WarnNoticeLine notice={job.warnNotice} company={job.company} />
        <div className="grid gap-4 sm:grid-cols-2">
          <SkillChips title="Technical skills" skills={job.technicalSkills} />
          <SkillChips title="Soft skills" skills={job.softSkills} />
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {job.applicationStatus ? (
            <AppliedState jobId={job.id} status={job.applicationStatus} />
          ) : open ? (
            <Button data-testid="apply-job" onClick={() => setApplying(true)}>
              Apply Now
            </Button>
          ) : (
            <p className="rounded-full border border-border bg-muted px-3 py-1 text-sm font-medium text-muted-foreground">
              No longer accepting applications
            </p>
          )}
          {open || job.saved ? <SaveJobButton jobId={job.id} title={job.title} saved={job.saved} size="md" /> : null}
          {/* spec 001 §2: Upskill for Role leads to the course marketplace */}
          <Link to={pathTo('coursesMarketplace')} className={buttonClasses('outline')}>
            <GraduationCap aria-hidden="true" className="size-4" />
            Upskill for Role
          </Link>
        </div>
      </header>

      <div className="grid gap-8">
        <section aria-label="About the Role" className="grid gap-3">
          <h2 className="text-xl font-semibold tracking-tight">About the Role</h2>
          <p className="whitespace-pre-line text-foreground/90">{job.description}</p>
        </section>
        <ListSection title="Requirements" items={job.requirements} />
        <ListSection title="Responsibilities" items={job.responsibilities} />
        <ListSection title="Benefits" items={job.benefits} />
      </div>

      <ApplicationDialog job={applying ? job : null} onClose={() => setApplying(false)} />
    </div>
  )
}

/** spec 001 §2 /jobs/{jobId}: the job's detail; a missing job says so, any other failure goes back to the board. */
export function JobDetailPage() {
  const { jobId = '' } = useParams()
  const navigate = useNavigate()
  const job = useQuery(jobQuery(jobId))
  // a failed background refresh keeps the job on screen
  const failed = job.isError && job.data === undefined && !isJobNotFound(job.error)

  useEffect(() => {
    if (!failed) return
    // spec 001 §8: 'Failed to load job details' then redirect to /jobs
    toast.error(jobMessages.loadFailed)
    void navigate(pathTo('jobs'), { replace: true })
  }, [failed, navigate])

  if (job.isPending || failed) {
    return (
      <div className="mx-auto grid w-full max-w-4xl gap-8 px-4 py-10 sm:px-6">
        <PageTitle>Job</PageTitle>
        <BackLink to={pathTo('jobs')}>Back to Job Board</BackLink>
        <p className="py-8 text-center text-muted-foreground">Loading job...</p>
      </div>
    )
  }
  if (job.data === undefined) return <NotFound />
  return <JobView job={job.data} />
}
