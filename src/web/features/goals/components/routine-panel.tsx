import { useId, type ReactNode } from 'react'
import type { LucideIcon } from 'lucide-react'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx'
import { cn } from '#web/lib/cn.ts'

/** One part of the routine pages: a named region with its icon, title and description. */
export function RoutinePanel({
  title,
  description,
  icon: Icon,
  children,
  className,
  testId,
}: {
  title: string
  description?: ReactNode
  icon: LucideIcon
  children: ReactNode
  className?: string
  testId?: string
}) {
  const titleId = useId()
  return (
    <Card role="region" aria-labelledby={titleId} className={cn('h-full', className)} data-testid={testId}>
      <CardHeader>
        <CardTitle id={titleId} className="flex items-center gap-2">
          <Icon aria-hidden="true" className="size-5 text-accent" />
          {title}
        </CardTitle>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      <CardContent className="grid gap-4">{children}</CardContent>
    </Card>
  )
}

/** A bar for a percentage, named for screen readers. */
export function PercentBar({ label, percent }: { label: string; percent: number }) {
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      className="h-2 w-full overflow-hidden rounded-full bg-muted"
    >
      <div className="h-full rounded-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
    </div>
  )
}
