import { Link } from 'react-router'
import { ArrowRight, LayoutDashboard, Settings } from 'lucide-react'
import type { LucideIcon } from 'lucide-react'
import { useViewer } from '#web/lib/session.ts'

type Destination = { to: string; title: string; text: string; icon: LucideIcon; adminOnly?: boolean }

// Only areas that exist today are listed; each area adds its card when it lands.
const destinations: Destination[] = [
  { to: '/settings', title: 'Settings', text: 'Two-factor authentication and your signed-in sessions.', icon: Settings },
  { to: '/admin', title: 'Admin area', text: 'Run the platform: overview and the development mailbox.', icon: LayoutDashboard, adminOnly: true },
]

const memberSinceFormat = new Intl.DateTimeFormat('en', { month: 'long', year: 'numeric' })

/** The signed-in home (spec 000 §2, /dashboard). */
export function DashboardPage() {
  const { user } = useViewer()
  if (!user) return null
  const visible = destinations.filter((destination) => !destination.adminOnly || user.isAdmin)

  return (
    <div className="mx-auto grid w-full max-w-6xl gap-8 px-4 py-10 sm:px-6">
      <div className="grid gap-2">
        <h1 className="text-3xl font-semibold tracking-tight">Welcome, {user.firstName || user.email}</h1>
        <p className="text-muted-foreground">
          This is your home in Prestige Labs. Member since {memberSinceFormat.format(new Date(user.memberSince))}.
        </p>
      </div>
      <ul className="grid gap-4 sm:grid-cols-2" aria-label="Your areas">
        {visible.map(({ to, title, text, icon: Icon }) => (
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
            </Link>
          </li>
        ))}
      </ul>
    </div>
  )
}
