import type { ReactNode } from 'react'
import { cn } from '#web/lib/cn.ts'

/**
 * An admin row's state as a pill: green when it is live for members (an active
 * job, a published course), muted otherwise (closed, draft).
 */
export function StatusBadge({
  live,
  compact = false,
  children,
}: {
  live: boolean
  /** the narrower pill of a dense list line */
  compact?: boolean
  children: ReactNode
}) {
  return (
    <span
      className={cn(
        'inline-flex rounded-full py-0.5 text-xs font-medium',
        compact ? 'px-2' : 'px-2.5',
        live ? 'bg-emerald-500/15 text-emerald-800 dark:text-emerald-300' : 'bg-muted text-muted-foreground',
      )}
    >
      {children}
    </span>
  )
}
