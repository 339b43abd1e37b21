import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { useQuery } from '@tanstack/react-query'
import type { ProfileView } from '#shared/profile/schemas.ts'
import { pathTo } from '#shared/pages.ts'
import { proficiencyLabels, type SkillView } from '#shared/profile/skills.ts'
import { buttonClasses } from '#web/components/ui/button-variants.ts'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx'
import { cn } from '#web/lib/cn.ts'
import { useViewer } from '#web/lib/session.ts'
import { formatBillingDate, myBillingQuery } from '#web/features/billing/api/billing.ts'
import { myApplicationsQuery, savedCountsQuery } from '#web/features/jobs/api/jobs.ts'
import { LatestJobs } from '#web/features/jobs/components/latest-jobs.tsx'
import { profileQuery, skillsQuery } from '#web/features/profile/api/profile.ts'

// The cards of the two member pages (My Account and the Prestige Club). Each shows
// one area's real data through that area's own queries, so they are composed here
// in web/app (ARCHITECTURE.md rule 7). An area that is not built has no card.

const linkClasses = 'text-sm font-medium text-accent underline-offset-4 hover:underline'

function MemberCard({
  title,
  description,
  children,
  className,
}: {
  title: string
  description?: string
  children: ReactNode
  className?: string
}) {
  const titleId = `card-${title.toLowerCase().replace(/\W+/g, '-')}`
  return (
    <Card role="region" aria-labelledby={titleId} className={cn('h-full', className)}>
      <CardHeader>
        <CardTitle id={titleId}>{title}</CardTitle>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      <CardContent className="grid gap-4">{children}</CardContent>
    </Card>
  )
}

function Loading({ what }: { what: string }) {
  return (
    <p role="status" className="text-sm text-muted-foreground">
      Loading {what}…
    </p>
  )
}

function Failed({ what }: { what: string }) {
  return <p className="text-sm text-muted-foreground">{`Your ${what} could not be loaded.`}</p>
}

/** The member's plan: a clear way to subscribe for a free member (issue 12), the plan and its date for a subscriber. */
export function PlanCard() {
  const { user } = useViewer()
  const paying = Boolean(user?.subscribed && !user.isAdmin)
  const billing = useQuery({ ...myBillingQuery(), enabled: paying })
  if (!user) return null

  if (user.isAdmin) {
    return (
      <MemberCard title="Your plan">
        <p className="text-2xl font-semibold">Admin</p>
        <p className="text-sm text-muted-foreground">Every area of Prestige Labs is open to you.</p>
        <Link to={pathTo('admin')} className={buttonClasses('outline', 'md', 'w-fit')}>
          Open the admin area
        </Link>
      </MemberCard>
    )
  }

  if (!paying) {
    return (
      <MemberCard title="Your plan" className="border-accent/60">
        <p className="text-2xl font-semibold">Free</p>
        <p className="text-sm text-muted-foreground">
          Join the Prestige Club for the community, the private job board matched to your skills, and the rest of the
          career lab.
        </p>
        <Link to={pathTo('subscription')} className={buttonClasses('primary', 'md', 'w-fit')}>
          See plans and subscribe
        </Link>
      </MemberCard>
    )
  }

  const subscription = billing.data?.subscription
  const periodEnd = subscription?.currentPeriodEnd ? formatBillingDate(subscription.currentPeriodEnd) : null
  return (
    <MemberCard title="Your plan">
      {billing.isPending ? (
        <Loading what="your plan" />
      ) : billing.isError || !subscription ? (
        <Failed what="plan" />
      ) : (
        <>
          <p className="text-2xl font-semibold">{subscription.planName}</p>
          {periodEnd ? (
            <p className="text-sm text-muted-foreground">
              {subscription.cancelAtPeriodEnd ? `Ends on ${periodEnd}` : `Renews on ${periodEnd}`}
            </p>
          ) : null}
        </>
      )}
      <div className="flex flex-wrap gap-x-4 gap-y-2">
        <Link to={pathTo('prestigeClub')} className={linkClasses}>
          Open the Prestige Club
        </Link>
        <Link to={`${pathTo('settings')}#subscription`} className={linkClasses}>
          Manage your plan
        </Link>
      </div>
    </MemberCard>
  )
}

type ProfileCheck = { label: string; done: (profile: ProfileView, skills: SkillView[]) => boolean }

// What makes a profile useful to the member: the job match reads the skills, the
// community shows the picture, location and experience level.
const profileChecks: ProfileCheck[] = [
  { label: 'Profile picture', done: (profile) => Boolean(profile.avatarUrl) },
  { label: 'Location', done: (profile) => Boolean(profile.location) },
  { label: 'Current position', done: (profile) => Boolean(profile.position) },
  { label: 'Experience level', done: (profile) => Boolean(profile.experienceLevel) },
  { label: 'Career level', done: (profile) => Boolean(profile.careerLevel) },
  { label: 'Industries', done: (profile) => profile.industries.length > 0 },
  { label: 'Career focus', done: (profile) => profile.careerFocus.length > 0 },
  { label: 'Website or LinkedIn', done: (profile) => Boolean(profile.website || profile.linkedinUrl) },
  { label: 'Skills', done: (_, skills) => skills.length > 0 },
]

/** How complete the member's profile is, and what is still missing. */
export function ProfileCompletenessCard() {
  const profile = useQuery(profileQuery())
  const skills = useQuery(skillsQuery())
  let body: ReactNode
  if (profile.isPending || skills.isPending) body = <Loading what="your profile" />
  else if (profile.isError || skills.isError) body = <Failed what="profile" />
  else {
    const missing = profileChecks
      .filter((check) => !check.done(profile.data, skills.data.skills))
      .map((check) => check.label)
    const done = profileChecks.length - missing.length
    const percent = Math.round((done / profileChecks.length) * 100)
    body = (
      <>
        <div className="grid gap-2">
          <p className="flex items-baseline justify-between gap-2">
            <span className="text-2xl font-semibold">{percent}%</span>
            <span className="text-sm text-muted-foreground">
              {done} of {profileChecks.length} done
            </span>
          </p>
          <div
            role="progressbar"
            aria-label="Profile completeness"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            className="h-2 w-full overflow-hidden rounded-full bg-muted"
          >
            <div className="h-full rounded-full bg-primary" style={{ width: `${percent}%` }} />
          </div>
        </div>
        {missing.length > 0 ? (
          <p className="text-sm text-muted-foreground">Still to add: {missing.join(', ')}.</p>
        ) : null}
        <Link to={pathTo('profile')} className={linkClasses}>
          {missing.length > 0 ? 'Complete your profile' : 'View your profile'}
        </Link>
      </>
    )
  }
  return <MemberCard title="Your profile">{body}</MemberCard>
}

/** The member's saved jobs and job applications (spec 001 §2 saved items). */
export function SavedAndAppliedCard() {
  const counts = useQuery(savedCountsQuery())
  const applications = useQuery(myApplicationsQuery())
  let body: ReactNode
  if (counts.isPending || applications.isPending) body = <Loading what="your saved jobs" />
  else if (counts.isError || applications.isError) body = <Failed what="saved jobs and applications" />
  else {
    body = (
      <dl className="grid grid-cols-2 gap-4">
        <div className="grid gap-1">
          <dt className="text-sm text-muted-foreground">Saved jobs</dt>
          <dd className="text-2xl font-semibold" data-testid="saved-jobs-count">
            {counts.data.jobs}
          </dd>
        </div>
        <div className="grid gap-1">
          <dt className="text-sm text-muted-foreground">Applications</dt>
          <dd className="text-2xl font-semibold" data-testid="applications-count">
            {applications.data.length}
          </dd>
        </div>
      </dl>
    )
  }
  return (
    <MemberCard title="Saved jobs and applications">
      {body}
      <Link to={pathTo('saved')} className={linkClasses}>
        Open your saved items
      </Link>
    </MemberCard>
  )
}

/** spec 001 §2 member dashboard, Skill Mastery: the member's skills, with a Manage Skills action. */
export function SkillMasteryCard() {
  const skills = useQuery(skillsQuery())
  let body: ReactNode
  if (skills.isPending) body = <Loading what="your skills" />
  else if (skills.isError) body = <Failed what="skills" />
  else if (skills.data.skills.length === 0) {
    body = <p className="text-sm text-muted-foreground">No skills yet. Add yours to see how well you match each job.</p>
  } else {
    body = (
      <ul className="grid gap-2" aria-label="Your skills">
        {skills.data.skills.map((skill) => (
          <li key={skill.name} className="flex items-center justify-between gap-2 text-sm">
            <span className="font-medium">{skill.name}</span>
            <span className="text-muted-foreground">{proficiencyLabels[skill.level]}</span>
          </li>
        ))}
      </ul>
    )
  }
  return (
    <MemberCard title="Skill Mastery">
      {body}
      <Link to={`${pathTo('settings')}#skills`} className={linkClasses}>
        Manage Skills
      </Link>
    </MemberCard>
  )
}

/** The newest openings of the private job board (spec 001 §2). */
export function LatestJobsCard() {
  return (
    <MemberCard title="Latest Jobs">
      <LatestJobs />
    </MemberCard>
  )
}
