import { Link } from 'react-router'
import { useQuery } from '@tanstack/react-query'
import { dashboardMessages } from '#shared/admin/dashboard.ts'
import { pathTo } from '#shared/pages.ts'
import { Avatar } from '#web/components/avatar.tsx'
import { RelativeTime } from '#web/components/relative-time.tsx'
import { StatusBadge } from '#web/components/ui/status-badge.tsx'
import { messageOf } from '#web/lib/api.ts'
import { recentUsersQuery } from '#web/features/admin/dashboard/api/dashboard.ts'
import { CardLoadFailed, CardLoading, DashboardCard } from './dashboard-card.tsx'

/**
 * spec 002 §2 Recent Users: the 5 newest accounts, each with avatar, last login, IP,
 * login count, a role badge and a link to its details; a link to all users.
 */
export function RecentUsersCard() {
  const recent = useQuery(recentUsersQuery())
  return (
    <DashboardCard
      id="recent-users"
      title="Recent Users"
      action={
        <Link to={pathTo('adminUsers')} className="text-sm font-medium text-accent underline-offset-4 hover:underline">
          All users
        </Link>
      }
    >
      {recent.isPending ? (
        <CardLoading>Loading recent users…</CardLoading>
      ) : recent.isError ? (
        <CardLoadFailed
          message={messageOf(recent.error, dashboardMessages.recentUsersLoadFailed)}
          onRetry={() => void recent.refetch()}
        />
      ) : recent.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">{dashboardMessages.noUsers}</p>
      ) : (
        <ul className="grid divide-y divide-border" aria-label="Most recent users">
          {recent.data.map((user) => (
            <li key={user.id} className="flex flex-wrap items-center gap-3 py-3">
              <Avatar name={user.name} url={user.avatarUrl} />
              <div className="grid min-w-0 flex-1 gap-0.5">
                <div className="flex flex-wrap items-center gap-2">
                  <Link
                    to={pathTo('adminUser', { userId: user.id })}
                    className="truncate font-medium underline-offset-4 hover:underline"
                  >
                    {user.name}
                  </Link>
                  <StatusBadge live={user.isAdmin} compact>
                    {user.isAdmin ? 'Admin' : 'User'}
                  </StatusBadge>
                </div>
                <p className="truncate text-xs text-muted-foreground">{user.email}</p>
                <p className="text-xs text-muted-foreground">
                  {user.lastLoginAt ? (
                    <>
                      Last login <RelativeTime iso={user.lastLoginAt} />
                      {user.lastIpAddress ? ` from ${user.lastIpAddress}` : ''}
                    </>
                  ) : (
                    'Never signed in'
                  )}
                  {' · '}
                  {user.loginCount === 1 ? '1 login' : `${user.loginCount.toLocaleString('en-US')} logins`}
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </DashboardCard>
  )
}
