import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { useQuery } from '@tanstack/react-query'
import { chatMessages } from '#shared/chat/messages.ts'
import type { ChatMemberContext } from '#shared/chat/schemas.ts'
import { pathTo } from '#shared/pages.ts'
import { scoreBandLabels, type ScoreBand } from '#shared/resumes/scoring.ts'
import { Avatar } from '#web/components/avatar.tsx'
import { LoadFailedAlert } from '#web/components/load-failed-alert.tsx'
import { messageOf } from '#web/lib/api.ts'
import { memberContextQuery } from '#web/features/chat/api/chat.ts'
import { formatCalendarDay, formatDay, fullName } from '#web/features/chat/components/format.ts'

type Context = ChatMemberContext

/** A band as the server names it ('highly-competitive'), in the words members see. */
function bandLabel(band: string): string {
  return band in scoreBandLabels ? scoreBandLabels[band as ScoreBand] : band
}

const statusLabel = (status: string) => status.charAt(0).toUpperCase() + status.slice(1).replaceAll('_', ' ')

/**
 * Who the coach is helping, beside the conversation (issue 20): the member, their
 * active goals, resume score, recent applications and saved jobs, each part saying when it is
 * still loading or has nothing yet.
 */
export function MemberContextPanel({ memberId }: { memberId: string }) {
  const context = useQuery(memberContextQuery(memberId))
  if (context.isError) {
    return (
      <LoadFailedAlert className="py-6 text-sm" onRetry={() => void context.refetch()}>
        {messageOf(context.error, chatMessages.contextFailed)}
      </LoadFailedAlert>
    )
  }
  const data = context.data
  return (
    <div className="grid gap-5 text-sm">
      <Part title="Member" data={data} render={(c) => <MemberPart member={c.member} />} />
      <Part
        title="Career goals"
        data={data}
        render={(c) =>
          c.goals.length === 0 ? (
            <Empty>No active goals</Empty>
          ) : (
            <ul className="grid gap-2">
              {c.goals.map((goal) => (
                <li key={goal.id} className="grid">
                  <span className="font-medium">{goal.title}</span>
                  <span className="text-muted-foreground">
                    {goal.typeLabel} · {goal.progress}% done
                    {goal.targetDate ? ` · by ${formatCalendarDay(goal.targetDate)}` : ''}
                  </span>
                </li>
              ))}
            </ul>
          )
        }
      />
      <Part
        title="Resume score"
        data={data}
        render={(c) =>
          c.resume ? (
            <div className="grid gap-1">
              <p>
                <span className="text-lg font-semibold tabular-nums">{c.resume.total}</span>
                <span className="text-muted-foreground">/100</span>{' '}
                <span className="font-medium">{bandLabel(c.resume.band)}</span>
              </p>
              <p className="text-muted-foreground">
                {c.resume.iterations} scoring iteration{c.resume.iterations === 1 ? '' : 's'}, last on{' '}
                {formatDay(c.resume.scoredAt)}
              </p>
            </div>
          ) : (
            <Empty>No resume score yet</Empty>
          )
        }
      />
      <Part
        title="Recent applications"
        data={data}
        render={(c) =>
          c.recentApplications.length === 0 ? (
            <Empty>No applications yet</Empty>
          ) : (
            <ul className="grid gap-2">
              {c.recentApplications.map((application) => (
                <li key={`${application.jobId}-${application.appliedAt}`} className="grid">
                  <JobLink jobId={application.jobId} title={application.title} />
                  <span className="text-muted-foreground">
                    {application.company} · {statusLabel(application.status)} · {formatDay(application.appliedAt)}
                  </span>
                </li>
              ))}
            </ul>
          )
        }
      />
      <Part
        title="Saved jobs"
        data={data}
        render={(c) =>
          c.savedJobs.length === 0 ? (
            <Empty>No saved jobs</Empty>
          ) : (
            <ul className="grid gap-2">
              {c.savedJobs.map((job) => (
                <li key={job.jobId} className="grid">
                  <JobLink jobId={job.jobId} title={job.title} />
                  <span className="text-muted-foreground">
                    {job.company} · saved {formatDay(job.savedAt)}
                  </span>
                </li>
              ))}
            </ul>
          )
        }
      />
    </div>
  )
}

function Part({
  title,
  data,
  render,
}: {
  title: string
  data: Context | undefined
  render: (context: Context) => ReactNode
}) {
  return (
    <section className="grid gap-2" aria-label={title}>
      <h3 className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">{title}</h3>
      {data ? (
        render(data)
      ) : (
        <p role="status" className="text-muted-foreground">
          Loading…
        </p>
      )}
    </section>
  )
}

function Empty({ children }: { children: ReactNode }) {
  return <p className="text-muted-foreground">{children}</p>
}

function JobLink({ jobId, title }: { jobId: string; title: string }) {
  return (
    <Link to={pathTo('jobDetail', { jobId })} className="font-medium hover:underline">
      {title}
    </Link>
  )
}

function MemberPart({ member }: { member: Context['member'] }) {
  const name = fullName(member) || member.email
  return (
    <div className="grid gap-3">
      <div className="flex items-center gap-3">
        <Avatar name={name} url={member.avatarUrl} />
        <div className="grid min-w-0">
          <span className="truncate font-medium">{name}</span>
          <a href={`mailto:${member.email}`} className="truncate text-muted-foreground hover:underline">
            {member.email}
          </a>
        </div>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        <dt className="text-muted-foreground">Member since</dt>
        <dd>{formatDay(member.memberSince)}</dd>
        <dt className="text-muted-foreground">Career level</dt>
        <dd>{member.careerLevel ?? 'Not given'}</dd>
        <dt className="text-muted-foreground">Location</dt>
        <dd>{member.location ?? 'Not given'}</dd>
      </dl>
      {member.skills.length > 0 ? (
        <ul aria-label="Skills" className="flex flex-wrap gap-1.5">
          {member.skills.map((skill) => (
            <li key={skill} className="rounded-full bg-muted px-2.5 py-0.5 text-xs">
              {skill}
            </li>
          ))}
        </ul>
      ) : (
        <Empty>No skills listed</Empty>
      )}
    </div>
  )
}
