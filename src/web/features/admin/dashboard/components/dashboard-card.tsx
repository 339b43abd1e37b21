import type { ReactNode } from 'react'
import { Button } from '#web/components/ui/button.tsx'

/** A card of the admin dashboard: a titled region with its own header action. */
export function DashboardCard({
  id,
  title,
  action,
  children,
}: {
  id: string
  title: string
  action?: ReactNode
  children: ReactNode
}) {
  return (
    <section
      aria-labelledby={id}
      className="grid content-start gap-4 rounded-xl border border-border bg-card p-6 shadow-sm"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={id} className="text-lg font-semibold">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  )
}

/** A card's loading line, announced to screen readers. */
export function CardLoading({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="text-sm text-muted-foreground">
      {children}
    </p>
  )
}

/** A card whose data could not be loaded: why, and 'Try again'. */
export function CardLoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-wrap items-center gap-2 text-sm">
      <span>{message}</span>
      <Button variant="link" size="sm" onClick={onRetry}>
        Try again
      </Button>
    </div>
  )
}
