import type { ComponentProps } from 'react'
import { Link, NavLink } from 'react-router'
import { useQuery } from '@tanstack/react-query'
import { MessagesSquare } from 'lucide-react'
import { pathTo } from '#shared/pages.ts'
import { cn } from '#web/lib/cn.ts'
import { unreadQuery, useLiveUnreadCount } from '#web/features/chat/api/unread.ts'
import { unreadLabel } from '#web/features/chat/components/format.ts'

// The header's ways to the career chat with the viewer's unread count (issue 20), for
// subscribers and admins, who may open it: an icon in the top row on a phone, an
// entry of the user menu and a count on its avatar on wider screens (the top bar has
// no room left there).

const countClasses =
  'grid h-5 min-w-5 place-items-center rounded-full bg-primary px-1 text-[0.6875rem] leading-none font-semibold text-primary-foreground tabular-nums'

const shown = (count: number) => (count > 99 ? '99+' : String(count))

function useUnreadCount(): number {
  return useQuery(unreadQuery()).data?.count ?? 0
}

/**
 * The icon link with its count. It also keeps the count live, so it stays mounted
 * (hidden by CSS where the user menu carries the chat) whenever the others show.
 */
export function ChatUnreadLink({ className }: { className?: string }) {
  const count = useUnreadCount()
  useLiveUnreadCount()
  return (
    <NavLink
      to={pathTo('careerChat')}
      aria-label={count > 0 ? `Career Coach, ${unreadLabel(count)}` : 'Career Coach'}
      title="Career Coach"
      className={({ isActive }) =>
        cn(
          'relative inline-flex size-10 items-center justify-center rounded-lg transition-colors',
          isActive ? 'bg-muted text-foreground' : 'text-muted-foreground hover:bg-muted hover:text-foreground',
          className,
        )
      }
    >
      <MessagesSquare aria-hidden="true" className="size-5" />
      {count > 0 ? (
        <span
          data-testid="chat-unread-count"
          aria-hidden="true"
          className={cn(countClasses, 'absolute -top-0.5 -right-0.5')}
        >
          {shown(count)}
        </span>
      ) : null}
    </NavLink>
  )
}

/** The count on the user menu's avatar (the menu's entry says it in words). */
export function ChatUnreadBadge({ className }: { className?: string }) {
  const count = useUnreadCount()
  if (count === 0) return null
  return (
    <span data-testid="chat-unread-badge" aria-hidden="true" className={cn(countClasses, className)}>
      {shown(count)}
    </span>
  )
}

/** The user menu's entry (a menu item renders it as its child: props and ref pass through). */
export function ChatMenuLink({ className, ...props }: Omit<ComponentProps<typeof Link>, 'to' | 'children'>) {
  const count = useUnreadCount()
  return (
    <Link
      {...props}
      to={pathTo('careerChat')}
      aria-label={count > 0 ? `Career Coach, ${unreadLabel(count)}` : undefined}
      className={cn('justify-between', className)}
    >
      Career Coach
      {count > 0 ? (
        <span aria-hidden="true" className={countClasses}>
          {shown(count)}
        </span>
      ) : null}
    </Link>
  )
}
