import { Link } from 'react-router'
import { Briefcase, FileText, GraduationCap, MessagesSquare, type LucideIcon } from 'lucide-react'
import { useViewer } from '#web/lib/session.ts'

// spec 001 §2 member dashboard: the four tiles. Its cards (blog, resume strength,
// events, skills, goals) arrive with their areas.
const tiles: Array<{ to: string; title: string; text: string; icon: LucideIcon }> = [
  { to: '/resume-review', title: 'Resume Lab', text: 'Send your resume for a coach review and follow its score.', icon: FileText },
  { to: '/career-chat', title: 'Career Coach', text: 'Talk with a career coach about your next move.', icon: MessagesSquare },
  { to: '/jobs', title: 'Job Board', text: 'Private openings matched to your skills.', icon: Briefcase },
  { to: '/courses/marketplace', title: 'Course Market', text: 'Courses that close the gap to the role you want.', icon: GraduationCap },
]

const memberSinceFormat = new Intl.DateTimeFormat('en', { month: 'long', day: 'numeric', year: 'numeric' })

/** /prestige-club: the member dashboard, and where a completed checkout returns. */
export function PrestigeClubPage() {
  const { user } = useViewer()
  if (!user) return null
  return (
    <div className="mx-auto grid w-full max-w-6xl gap-8 px-4 py-10 sm:px-6">
      <div className="grid gap-2">
        <h1 className="text-3xl font-semibold tracking-tight">Welcome, {user.firstName || user.email}</h1>
        <p className="text-muted-foreground">Member since {memberSinceFormat.format(new Date(user.memberSince))}</p>
      </div>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-label="Your career lab">
        {tiles.map(({ to, title, text, icon: Icon }) => (
          <li key={to}>
            <Link to={to} className="grid h-full gap-3 rounded-xl border border-border bg-card p-6 shadow-sm transition-colors hover:border-accent">
              <Icon aria-hidden="true" className="size-6 text-accent" />
              <span className="text-lg font-semibold">{title}</span>
              <span className="text-sm text-muted-foreground">{text}</span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  )
}
