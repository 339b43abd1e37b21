import type { ReactNode } from 'react'
import { Button } from '#web/components/ui/button.tsx'
import { cn } from '#web/lib/cn.ts'

/** A list that could not be loaded: why, announced, and 'Try again' (which refetches it). */
export function LoadFailedAlert({
  children,
  onRetry,
  className,
}: {
  children: ReactNode
  onRetry: () => void
  /** its vertical room, 'py-8' on a page, 'py-6' inside a section */
  className: string
}) {
  return (
    <div role="alert" className={cn('grid justify-items-center gap-3 text-center', className)}>
      <p>{children}</p>
      <Button variant="outline" onClick={onRetry}>
        Try again
      </Button>
    </div>
  )
}
