import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { Briefcase, FileText, GraduationCap, MessagesSquare, type LucideIcon } from 'lucide-react'
import { pathTo } from '#shared/pages.ts'
import { useViewer } from '#web/lib/session.ts'
import { PageTitle } from '#web/components/page-title.tsx'

// spec 001 §2 member dashboard: the four tiles, each leading to its area.
const tiles: Array<{ to: string; title: string; text: string; icon: LucideIcon }> = [
  {
    to: pathTo('resumeReview'),
    title: 'Resume Lab',
    text: 'Send your resume for a coach review and follow its score.',
    icon: FileText,
  },
  {
    to: pathTo('careerChat'),
    title: 'Career Coach',
    text: 'Talk with a career coach about your next move.',
    icon: MessagesSquare,
  },
  { to: pathTo('jobs'), title: 'Job Board', text: 'Private openings matched to your skills.', icon: Briefcase },
  {
    to: pathTo('coursesMarketplace'),
    title: 'Course Market',
    text: 'Courses that close the gap to the role you want.',
    icon: GraduationCap,
  },
]

const memberSinceFormat = new Intl.DateTimeFormat('en', { month: 'long', day: 'numeric', year: 'numeric' })

/**
 * /prestige-club: the member dashboard, and where a completed checkout and a
 * subscriber's sign-in land (decision 015). Its cards show other areas' data, so the
 * app route passes them in.
 */
export function PrestigeClubPage({ children }: { children?: ReactNode }) {
  const { user } = useViewer()
  if (!user) return null
  return (
    <div className="mx-auto grid w-full max-w-6xl gap-8 px-4 py-10 sm:px-6">
      <div className="grid gap-2">
        <PageTitle>Prestige Club</PageTitle>
        <p className="text-sm font-semibold tracking-widest text-accent uppercase">Prestige Club</p>
        <h1 className="text-3xl font-semibold tracking-tight">Welcome, {user.firstName || user.email}</h1>
        <p className="text-muted-foreground">Member since {memberSinceFormat.format(new Date(user.memberSince))}</p>
      </div>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-label="Your career lab">
        {tiles.map(({ to, title, text, icon: Icon }) => (
          <li key={title}>
            <Link
              to={to}
              className="grid h-full content-start gap-3 rounded-xl border border-border bg-card p-6 shadow-sm transition-colors hover:border-accent"
            >
              <Icon aria-hidden="true" className="size-6 text-accent" />
              <span className="text-lg font-semibold">{title}</span>
              <span className="text-sm text-muted-foreground">{text}</span>
            </Link>
          </li>
        ))}
      </ul>
      {children ? <div className="grid items-start gap-4 md:grid-cols-2 lg:grid-cols-3">{children}</div> : null}
    </div>
  )
}
