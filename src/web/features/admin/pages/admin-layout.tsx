import { Suspense, type ReactNode } from 'react'
import { NavLink, Outlet } from 'react-router'
import {
  Briefcase,
  CalendarDays,
  CreditCard,
  GraduationCap,
  Inbox,
  LayoutDashboard,
  MessagesSquare,
  Newspaper,
  TrendingDown,
  ScrollText,
  ServerCog,
  Settings,
  Users,
} from 'lucide-react'
import type { LucideIcon } from 'lucide-react'
import { pathTo } from '#shared/pages.ts'
import { cn } from '#web/lib/cn.ts'
import { usePlatformSettings } from '#web/lib/platform-settings.ts'
import { useViewer } from '#web/lib/session.ts'
import { TwoFactorNotice } from '#web/features/admin/settings/two-factor-notice.tsx'

// The admin pages that exist; each admin area (spec 002) adds its line when it lands.
const adminPages: { to: string; label: string; icon: LucideIcon; end?: boolean }[] = [
  { to: pathTo('admin'), label: 'Overview', icon: LayoutDashboard, end: true },
  { to: pathTo('adminUsers'), label: 'Users', icon: Users },
  { to: pathTo('adminCourses'), label: 'Courses', icon: GraduationCap },
  { to: pathTo('adminJobs'), label: 'Jobs', icon: Briefcase },
  { to: pathTo('adminEvents'), label: 'Events', icon: CalendarDays },
  { to: pathTo('adminBlog'), label: 'Blog', icon: Newspaper },
  { to: pathTo('adminLayoffs'), label: 'Layoffs', icon: TrendingDown },
  { to: pathTo('adminInbox'), label: 'Inbox', icon: MessagesSquare },
  { to: pathTo('devMail'), label: 'Mailbox', icon: Inbox },
  { to: pathTo('adminQueue'), label: 'Background jobs', icon: ServerCog },
  { to: pathTo('adminPlans'), label: 'Plans', icon: CreditCard },
  { to: pathTo('adminSettings'), label: 'Settings', icon: Settings },
  { to: pathTo('adminAudit'), label: 'Audit log', icon: ScrollText },
]

/** Frame of the admin area: side navigation and the current admin page. */
export function AdminLayout({ fallback }: { fallback?: ReactNode }) {
  const { user } = useViewer()
  // admins must have two-factor (issue 22): one without it is sent to turn it on, as the API says
  const needsTwoFactor = usePlatformSettings().adminTwoFactorRequired && user?.isAdmin && !user.twoFactorEnabled
  return (
    <div className="mx-auto grid w-full max-w-6xl gap-8 px-4 py-8 sm:px-6 md:grid-cols-[13rem_1fr]">
      <nav aria-label="Admin" className="md:sticky md:top-24 md:self-start">
        <p className="mb-2 px-3 text-xs font-semibold tracking-wide text-muted-foreground uppercase">Admin</p>
        <ul className="flex gap-1 overflow-x-auto md:grid">
          {adminPages.map(({ to, label, icon: Icon, end }) => (
            <li key={to}>
              <NavLink
                to={to}
                end={end}
                className={({ isActive }) =>
                  cn(
                    'flex items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium whitespace-nowrap transition-colors',
                    isActive
                      ? 'bg-muted text-foreground'
                      : 'text-muted-foreground hover:bg-muted hover:text-foreground',
                  )
                }
              >
                <Icon aria-hidden="true" className="size-4" />
                {label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="min-w-0">
        {needsTwoFactor ? (
          <TwoFactorNotice />
        ) : (
          <Suspense fallback={fallback}>
            <Outlet />
          </Suspense>
        )}
      </div>
    </div>
  )
}
