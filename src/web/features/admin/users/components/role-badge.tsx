import { cn } from '#web/lib/cn.ts'

/** spec 002 §2: a user's role as a badge, 'Admin' filled, 'User' muted. */
export function RoleBadge({ isAdmin }: { isAdmin: boolean }) {
  return (
    <span
      className={cn(
        'inline-flex rounded-full px-2.5 py-0.5 text-xs font-medium',
        isAdmin ? 'bg-primary text-primary-foreground' : 'bg-muted text-muted-foreground',
      )}
    >
      {isAdmin ? 'Admin' : 'User'}
    </span>
  )
}

/** Created by an admin, the invitation not accepted yet. */
export function InvitedBadge() {
  return (
    <span className="inline-flex rounded-full bg-amber-500/15 px-2.5 py-0.5 text-xs font-medium text-amber-800 dark:text-amber-300">
      Invited
    </span>
  )
}
