import type { ReactNode } from 'react'
import { useViewer } from '#web/lib/session.ts'
import { PageTitle } from '#web/components/page-title.tsx'
import { AdminShortcuts } from '#web/features/admin/dashboard/components/admin-shortcuts.tsx'
import { DashboardFiguresCard } from '#web/features/admin/dashboard/components/dashboard-figures.tsx'
import { RecentUsersCard } from '#web/features/admin/dashboard/components/recent-users.tsx'

/**
 * /admin: the admin dashboard (spec 002 §2; issue 22): the figures, the shortcut
 * cards, then the cards of the latest activity. Its cards showing other areas' data
 * (the recent resume reviews, the upcoming events) come from the app route, which
 * composes them (ARCHITECTURE.md rule 7); each card loads, fails and is empty on its own.
 */
export function AdminIndexPage({ children }: { children?: ReactNode }) {
  const { user } = useViewer()
  return (
    <div className="grid gap-6">
      <div className="grid gap-2">
        <PageTitle>Admin Dashboard</PageTitle>
        <h1 className="text-3xl font-semibold tracking-tight">Admin Dashboard</h1>
        <p className="text-muted-foreground">
          Welcome{user?.firstName ? `, ${user.firstName}` : ''}. Run Prestige Labs from here.
        </p>
      </div>
      <DashboardFiguresCard />
      <AdminShortcuts />
      <div className="grid items-start gap-6 lg:grid-cols-2">
        {children}
        <RecentUsersCard />
      </div>
    </div>
  )
}
