import type { ReactNode } from 'react'
import { Link } from 'react-router'
import {
  ArrowRight,
  Bookmark,
  Briefcase,
  CalendarDays,
  LayoutDashboard,
  Settings,
  Sunrise,
  UserRound,
  Users,
} from 'lucide-react'
import type { LucideIcon } from 'lucide-react'
import { pathTo } from '#shared/pages.ts'
import { useViewer } from '#web/lib/session.ts'
import { PageTitle } from '#web/components/page-title.tsx'

type Destination = {
  to: string
  title: string
  text: string
  icon: LucideIcon
  adminOnly?: boolean
  forSubscribers?: boolean
}

// Only areas that exist today are listed; each area adds its entry when it lands.
const destinations: Destination[] = [
  {
    to: pathTo('community'),
    title: 'Community',
    text: 'Posts, questions and wins from other members, live.',
    icon: Users,
    forSubscribers: true,
  },
  {
    to: pathTo('jobs'),
    title: 'Private Job Board',
    text: 'Openings for members, matched to your skills.',
    icon: Briefcase,
    forSubscribers: true,
  },
  {
    to: pathTo('dailyRoutine'),
    title: 'Daily Routine',
    text: 'Your focus skill, challenge, schedule, tasks and evening reflection for today.',
    icon: Sunrise,
  },
  {
    to: pathTo('calendar'),
    title: 'Routine Calendar',
    text: 'The days you completed your routine, and your streaks.',
    icon: CalendarDays,
  },
  {
    to: pathTo('saved'),
    title: 'Saved Items',
    text: 'The jobs you saved and the ones you applied to.',
    icon: Bookmark,
  },
  { to: pathTo('profile'), title: 'My Profile', text: 'Your picture, career details and skills.', icon: UserRound },
  {
    to: pathTo('settings'),
    title: 'Settings',
    text: 'Your plan, two-factor authentication and your signed-in sessions.',
    icon: Settings,
  },
  {
    to: pathTo('admin'),
    title: 'Admin area',
    text: 'Run the platform: jobs, plans, inbox and the development mailbox.',
    icon: LayoutDashboard,
    adminOnly: true,
  },
]

const memberSinceFormat = new Intl.DateTimeFormat('en', { month: 'long', year: 'numeric' })

/**
 * The signed-in home of every member (spec 000 §2, /dashboard), 'My Account' in the
 * menus so it is not mistaken for the Prestige Club (decision 015). Its cards show
 * other areas' data, so the app route passes them in.
 */
export function DashboardPage({ children }: { children?: ReactNode }) {
  const { user } = useViewer()
  if (!user) return null
  const visible = destinations.filter((destination) => !destination.adminOnly || user.isAdmin)
  const locked = !user.subscribed && !user.isAdmin

  return (
    <div className="mx-auto grid w-full max-w-6xl gap-8 px-4 py-10 sm:px-6">
      <div className="grid gap-2">
        <PageTitle>My Account</PageTitle>
        <p className="text-sm font-semibold tracking-widest text-accent uppercase">My Account</p>
        <h1 className="text-3xl font-semibold tracking-tight">Welcome, {user.firstName || user.email}</h1>
        <p className="text-muted-foreground">
          Your plan, your day, your goals, your profile and what you saved, in one place. Member since{' '}
          {memberSinceFormat.format(new Date(user.memberSince))}.
        </p>
      </div>
      {children ? <div className="grid items-start gap-4 md:grid-cols-2 lg:grid-cols-3">{children}</div> : null}
      <h2 className="sr-only">Your areas</h2>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Your areas">
        {visible.map(({ to, title, text, icon: Icon, forSubscribers }) => (
          <li key={to}>
            <Link
              to={to}
              className="group grid h-full gap-3 rounded-xl border border-border bg-card p-6 shadow-sm transition-colors hover:border-accent"
            >
              <Icon aria-hidden="true" className="size-6 text-accent" />
              <span className="flex items-center gap-2 text-lg font-semibold">
                {title}
                <ArrowRight aria-hidden="true" className="size-4 transition-transform group-hover:translate-x-0.5" />
              </span>
              <span className="text-sm text-muted-foreground">{text}</span>
              {forSubscribers && locked ? (
                <span className="text-xs font-medium text-accent">Included with the Prestige Club</span>
              ) : null}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  )
}
