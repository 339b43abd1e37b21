import type { AdminUserRow } from '#shared/admin/users.ts'
import { cn } from '#web/lib/cn.ts'
import { useViewer } from '#web/lib/session.ts'
import { useSetAdmin } from '#web/features/admin/users/api/users.ts'

/**
 * spec 002 §4: the admin flag toggles between User and Admin. Never one's own (the
 * server also keeps the last admin, and says so).
 */
export function AdminToggle({ user }: { user: AdminUserRow }) {
  const { user: viewer } = useViewer()
  const setAdmin = useSetAdmin()
  const self = viewer?.id === user.id
  return (
    <button
      type="button"
      role="switch"
      aria-checked={user.isAdmin}
      aria-label={`Admin rights for ${user.name}`}
      title={self ? 'You cannot change your own admin status' : user.isAdmin ? 'Make User' : 'Make Admin'}
      disabled={self || setAdmin.isPending}
      onClick={() => setAdmin.mutate({ user, isAdmin: !user.isAdmin })}
      className="inline-flex items-center gap-2 rounded-lg px-1 py-1 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-60"
    >
      <span
        aria-hidden="true"
        className={cn(
          'relative inline-flex h-5 w-9 shrink-0 rounded-full transition-colors',
          user.isAdmin ? 'bg-primary' : 'bg-border',
        )}
      >
        <span
          className={cn(
            'absolute top-0.5 size-4 rounded-full bg-white shadow transition-transform',
            user.isAdmin ? 'translate-x-4.5' : 'translate-x-0.5',
          )}
        />
      </span>
      <span className="w-12 text-left">{user.isAdmin ? 'Admin' : 'User'}</span>
    </button>
  )
}
