import { useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { useQuery } from '@tanstack/react-query'
import { ChevronLeft, ChevronRight, Download, Trash2, Upload, UserPlus } from 'lucide-react'
import { adminUserMessages, userListPageSize, userSearchMaxLength, type AdminUserRow } from '#shared/admin/users.ts'
import { pathTo } from '#shared/pages.ts'
import { Avatar } from '#web/components/avatar.tsx'
import { LoadFailedAlert } from '#web/components/load-failed-alert.tsx'
import { PageTitle } from '#web/components/page-title.tsx'
import { BackLink } from '#web/components/ui/back-link.tsx'
import { Button, buttonClasses } from '#web/components/ui/button.tsx'
import { DataTable } from '#web/components/ui/data-table.tsx'
import { IconActionButton } from '#web/components/ui/icon-action-button.tsx'
import { controlClasses } from '#web/components/ui/input.tsx'
import { Label } from '#web/components/ui/label.tsx'
import { messageOf } from '#web/lib/api.ts'
import { cn } from '#web/lib/cn.ts'
import { useViewer } from '#web/lib/session.ts'
import { useUrlTextParam } from '#web/lib/use-url-text-param.ts'
import { exportUsersUrl } from '#web/features/admin/users/api/clients.ts'
import { useLiveUsers, usersPageQuery } from '#web/features/admin/users/api/users.ts'
import { AddUserDialog } from '#web/features/admin/users/components/add-user-dialog.tsx'
import { AdminToggle } from '#web/features/admin/users/components/admin-toggle.tsx'
import { DeleteUserDialog } from '#web/features/admin/users/components/delete-user-dialog.tsx'
import { count, formatDay } from '#web/features/admin/users/components/format.ts'
import { ImportUsersDialog } from '#web/features/admin/users/components/import-users-dialog.tsx'
import { InvitedBadge, RoleBadge } from '#web/features/admin/users/components/role-badge.tsx'

const columns = ['User', 'Role', 'Career Level', 'Location', 'Joined', 'Actions']

/**
 * The cursors of the pages walked so far for one search: the first page has none,
 * Next adds the page's own, Previous drops the last. A new search starts again.
 */
function usePageCursors(q: string) {
  const [state, setState] = useState<{ q: string; cursors: string[] }>({ q, cursors: [''] })
  const cursors = state.q === q ? state.cursors : ['']
  return {
    cursor: cursors.at(-1)!,
    index: cursors.length - 1,
    next: (cursor: string) => setState({ q, cursors: [...cursors, cursor] }),
    previous: () => setState({ q, cursors: cursors.slice(0, -1) }),
  }
}

/**
 * /admin/users (spec 002 §2 User management; issue 22): back to the dashboard; Export
 * Users, Import Users, Add User; a search over e-mail, first and last name; the table
 * (User, Role, Career Level, Location, Joined, Actions) a page at a time, with the
 * admin toggle and delete. Other admins' changes and imports arrive live.
 */
export function AdminUsersPage() {
  const [search, setSearch] = useUrlTextParam('q')
  // the URL's search, written once typing pauses (a shared link or Back puts it in the box)
  const [params] = useSearchParams()
  const q = params.get('q')?.trim() ?? ''
  const pages = usePageCursors(q)
  const list = useQuery(usersPageQuery(q, pages.cursor))
  useLiveUsers()
  const { user: viewer } = useViewer()
  const [dialog, setDialog] = useState<'add' | 'import' | null>(null)
  const [deleting, setDeleting] = useState<AdminUserRow | null>(null)

  const data = list.data
  const first = pages.index * userListPageSize + 1

  return (
    <div className="grid gap-6">
      <BackLink to={pathTo('admin')}>Back to Admin Dashboard</BackLink>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="grid gap-1">
          <PageTitle>User Management</PageTitle>
          <h1 className="text-2xl font-semibold tracking-tight">User management</h1>
          <p className="text-sm text-muted-foreground">Every account, newest first.</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <a href={exportUsersUrl} download className={buttonClasses('outline')}>
            <Download aria-hidden="true" className="size-4" />
            Export Users
          </a>
          <Button variant="outline" onClick={() => setDialog('import')}>
            <Upload aria-hidden="true" className="size-4" />
            Import Users
          </Button>
          <Button onClick={() => setDialog('add')}>
            <UserPlus aria-hidden="true" className="size-4" />
            Add User
          </Button>
        </div>
      </div>

      <div className="grid w-full max-w-md gap-1.5">
        <Label htmlFor="admin-user-search">Search users</Label>
        <input
          id="admin-user-search"
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          maxLength={userSearchMaxLength}
          placeholder="E-mail, first or last name"
          className={cn(controlClasses, 'h-10')}
        />
      </div>

      {list.isPending ? (
        <p role="status" className="text-muted-foreground">
          Loading users…
        </p>
      ) : null}
      {list.isError ? (
        <LoadFailedAlert className="py-8" onRetry={() => void list.refetch()}>
          {messageOf(list.error, adminUserMessages.loadFailed)}
        </LoadFailedAlert>
      ) : null}
      {data && data.users.length === 0 ? (
        <p className="rounded-xl border border-dashed border-border p-8 text-center text-muted-foreground">
          {adminUserMessages.noUsers}
        </p>
      ) : null}
      {data && data.users.length > 0 ? (
        <div className={cn('grid gap-2', list.isPlaceholderData && 'opacity-60')} aria-busy={list.isPlaceholderData}>
          <p role="status" className="text-sm text-muted-foreground">
            {`${count(first)}–${count(first + data.users.length - 1)} of ${count(data.total)} ${data.total === 1 ? 'user' : 'users'}`}
          </p>
          <DataTable caption="Users" columns={columns}>
            {data.users.map((user) => (
              <tr key={user.id} className="border-b border-border align-middle last:border-b-0">
                <th scope="row" className="px-3 py-2 font-normal">
                  <div className="flex min-w-48 items-center gap-3">
                    <Avatar name={user.name} url={user.avatarUrl} size="sm" />
                    <div className="grid min-w-0">
                      <Link
                        to={pathTo('adminUser', { userId: user.id })}
                        className="truncate font-medium underline-offset-4 hover:underline"
                      >
                        {user.name}
                      </Link>
                      <span className="truncate text-xs text-muted-foreground">{user.email}</span>
                    </div>
                  </div>
                </th>
                <td className="px-3 py-2">
                  <div className="flex flex-wrap gap-1">
                    <RoleBadge isAdmin={user.isAdmin} />
                    {user.invitationPending ? <InvitedBadge /> : null}
                  </div>
                </td>
                <td className="px-3 py-2">{user.careerLevel ?? <span className="text-muted-foreground">—</span>}</td>
                <td className="px-3 py-2">{user.location ?? <span className="text-muted-foreground">—</span>}</td>
                <td className="px-3 py-2 whitespace-nowrap">
                  <time dateTime={user.joinedAt}>{formatDay(user.joinedAt)}</time>
                </td>
                <td className="px-3 py-2">
                  <div className="flex items-center gap-1">
                    <AdminToggle user={user} />
                    <IconActionButton
                      label={`Delete ${user.name}`}
                      hint={viewer?.id === user.id ? adminUserMessages.cannotDeleteSelf : 'Delete'}
                      icon={Trash2}
                      destructive
                      disabled={viewer?.id === user.id}
                      onClick={() => setDeleting(user)}
                    />
                  </div>
                </td>
              </tr>
            ))}
          </DataTable>
          <nav aria-label="Pages of users" className="flex flex-wrap items-center justify-end gap-2">
            <Button variant="outline" size="sm" disabled={pages.index === 0} onClick={pages.previous}>
              <ChevronLeft aria-hidden="true" className="size-4" />
              Previous
            </Button>
            <span className="text-sm text-muted-foreground tabular-nums">Page {count(pages.index + 1)}</span>
            <Button
              variant="outline"
              size="sm"
              disabled={!data.nextCursor || list.isPlaceholderData}
              onClick={() => data.nextCursor && pages.next(data.nextCursor)}
            >
              Next
              <ChevronRight aria-hidden="true" className="size-4" />
            </Button>
          </nav>
        </div>
      ) : null}

      <AddUserDialog open={dialog === 'add'} onClose={() => setDialog(null)} />
      <ImportUsersDialog open={dialog === 'import'} onClose={() => setDialog(null)} />
      <DeleteUserDialog user={deleting} onClose={() => setDeleting(null)} />
    </div>
  )
}
