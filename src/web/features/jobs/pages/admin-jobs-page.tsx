import { useState } from 'react'
import { useSearchParams } from 'react-router'
import { useInfiniteQuery } from '@tanstack/react-query'
import { Pencil, Plus, Power, Trash2, Users } from 'lucide-react'
import { jobMessages, type AdminJob } from '#shared/jobs/schemas.ts'
import { Button } from '#web/components/ui/button.tsx'
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx'
import { DataTable } from '#web/components/ui/data-table.tsx'
import { IconActionButton } from '#web/components/ui/icon-action-button.tsx'
import { StatusBadge } from '#web/components/ui/status-badge.tsx'
import { controlClasses } from '#web/components/ui/input.tsx'
import { Label } from '#web/components/ui/label.tsx'
import { adminJobsQuery, useDeleteJob, useSetJobStatus } from '#web/features/jobs/api/admin-jobs.ts'
import { useLiveJobLists } from '#web/features/jobs/api/jobs.ts'
import { CompanyLogo } from '#web/features/jobs/components/company-logo.tsx'
import { JobApplicationsDialog } from '#web/features/jobs/components/job-applications-dialog.tsx'
import { JobFormDialog, jobStatusLabels } from '#web/features/jobs/components/job-form-dialog.tsx'
import { messageOf } from '#web/lib/api.ts'
import { cn } from '#web/lib/cn.ts'
import { useUrlTextParam } from '#web/lib/use-url-text-param.ts'
import { ListCount } from '#web/components/list-count.tsx'
import { LoadMoreButton } from '#web/components/load-more-button.tsx'
import { PageTitle } from '#web/components/page-title.tsx'

const jobColumns = ['Logo', 'Title', 'Company', 'Location', 'Type', 'Salary', 'Status', 'Applications', 'Actions']

/** /admin/jobs/manage: the job board's jobs, their status and their applications (spec 002 §2 Job management, issue 5). */
export function AdminJobsPage() {
  const [search, setSearch] = useUrlTextParam('q')
  const [params] = useSearchParams()
  const q = params.get('q') ?? ''
  const jobs = useInfiniteQuery(adminJobsQuery(q))
  useLiveJobLists()
  const setStatus = useSetJobStatus()
  const [form, setForm] = useState<{ job?: AdminJob } | null>(null)
  const [applicationsOf, setApplicationsOf] = useState<AdminJob | null>(null)
  const [deleting, setDeleting] = useState<AdminJob | null>(null)
  const pages = jobs.data?.pages
  const list = pages && { jobs: pages.flatMap((page) => page.jobs), total: pages[0]?.total ?? 0 }

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="grid gap-1">
          <PageTitle>Job Management</PageTitle>
          <h1 className="text-2xl font-semibold tracking-tight">Job management</h1>
          <p className="text-sm text-muted-foreground">
            The jobs of the member job board, newest first. Closed jobs stay here with their applications.
          </p>
        </div>
        <Button onClick={() => setForm({})}>
          <Plus aria-hidden="true" className="size-4" />
          Add Job
        </Button>
      </div>

      <div className="grid max-w-xl gap-1.5">
        <Label htmlFor="admin-jobs-search">Search by title, company or location</Label>
        <input
          id="admin-jobs-search"
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          maxLength={200}
          className={cn(controlClasses, 'h-10')}
        />
      </div>

      {jobs.isPending ? (
        <p role="status" className="text-muted-foreground">
          Loading jobs…
        </p>
      ) : null}
      {jobs.isError ? <p role="alert">{messageOf(jobs.error, 'Failed to load jobs')}</p> : null}
      {list && list.jobs.length === 0 ? (
        <p className="rounded-xl border border-dashed border-border p-8 text-center text-muted-foreground">
          {jobMessages.adminEmpty}
        </p>
      ) : null}
      {list && list.jobs.length > 0 ? (
        <div className="grid gap-2">
          <ListCount shown={list.jobs.length} total={list.total} noun={['job', 'jobs']} />
          <DataTable caption="Jobs" columns={jobColumns}>
            {list.jobs.map((job) => (
              <tr key={job.id} className="border-b border-border align-middle last:border-b-0">
                <td className="px-3 py-2">
                  <CompanyLogo company={job.company} logoUrl={job.logoUrl} size="sm" />
                </td>
                <th scope="row" className="px-3 py-2 font-medium">
                  {job.title}
                </th>
                <td className="px-3 py-2">{job.company}</td>
                <td className="px-3 py-2">
                  {job.location}
                  {job.remote ? <span className="block text-xs text-muted-foreground">Remote-friendly</span> : null}
                </td>
                <td className="px-3 py-2 whitespace-nowrap">{job.type}</td>
                <td className="px-3 py-2 whitespace-nowrap">{job.salary}</td>
                <td className="px-3 py-2">
                  <StatusBadge live={job.status === 'active'}>{jobStatusLabels[job.status]}</StatusBadge>
                </td>
                <td className="px-3 py-2 text-center tabular-nums">{job.applicationCount}</td>
                <td className="px-3 py-2">
                  <div className="flex gap-0.5">
                    <IconActionButton
                      label={`Edit ${job.title}`}
                      hint="Edit"
                      icon={Pencil}
                      onClick={() => setForm({ job })}
                    />
                    <IconActionButton
                      label={`${job.status === 'active' ? 'Close' : 'Reopen'} ${job.title}`}
                      hint={job.status === 'active' ? 'Close: hide from the board' : 'Reopen: show on the board'}
                      icon={Power}
                      disabled={setStatus.isPending && setStatus.variables?.jobId === job.id}
                      onClick={() =>
                        setStatus.mutate({ jobId: job.id, status: job.status === 'active' ? 'closed' : 'active' })
                      }
                    />
                    <IconActionButton
                      label={`Applications for ${job.title}`}
                      hint="Applications"
                      icon={Users}
                      onClick={() => setApplicationsOf(job)}
                    />
                    <IconActionButton
                      label={`Delete ${job.title}`}
                      hint="Delete"
                      icon={Trash2}
                      destructive
                      onClick={() => setDeleting(job)}
                    />
                  </div>
                </td>
              </tr>
            ))}
          </DataTable>
          <LoadMoreButton list={jobs} />
        </div>
      ) : null}

      <JobFormDialog open={form !== null} onOpenChange={(open) => (open ? undefined : setForm(null))} job={form?.job} />
      <JobApplicationsDialog job={applicationsOf} onClose={() => setApplicationsOf(null)} />
      <DeleteJobDialog job={deleting} onClose={() => setDeleting(null)} />
    </div>
  )
}

function DeleteJobDialog({ job, onClose }: { job: AdminJob | null; onClose: () => void }) {
  const deleteJob = useDeleteJob()
  const setStatus = useSetJobStatus()
  if (!job) return null
  // the server refuses too: its applications would be out of every admin's reach
  const hasApplications = job.applicationCount > 0
  return (
    <ConfirmDialog
      open
      onClose={onClose}
      title="Delete job"
      description={
        !hasApplications
          ? jobMessages.confirmDelete
          : job.status === 'active'
            ? jobMessages.deleteHasApplications
            : jobMessages.closedKeepsApplications
      }
      confirm={
        !hasApplications
          ? {
              label: 'Delete',
              disabled: deleteJob.isPending,
              onConfirm: () => deleteJob.mutate(job.id, { onSettled: onClose }),
            }
          : job.status === 'active'
            ? {
                label: 'Close job',
                variant: 'primary',
                disabled: setStatus.isPending,
                onConfirm: () => setStatus.mutate({ jobId: job.id, status: 'closed' }, { onSettled: onClose }),
              }
            : undefined
      }
    >
      <p className="text-sm">
        <span className="font-medium">{job.title}</span> at {job.company}
        {hasApplications
          ? `, with ${job.applicationCount === 1 ? '1 application' : `${job.applicationCount} applications`}`
          : ''}
        .
      </p>
    </ConfirmDialog>
  )
}
