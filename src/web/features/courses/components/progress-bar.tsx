import { cn } from '#web/lib/cn.ts'

/** A labelled progress bar in whole per cent (course, module: issue 15). */
export function ProgressBar({
  label,
  percent,
  className,
  showValue = true,
}: {
  /** what it measures, for screen readers ('Course progress') */
  label: string
  percent: number
  className?: string
  showValue?: boolean
}) {
  const value = Math.max(0, Math.min(100, Math.round(percent)))
  return (
    <div className={cn('flex items-center gap-3', className)}>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        aria-valuetext={`${value}% complete`}
        className="h-2 w-full overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full rounded-full bg-primary transition-[width]" style={{ width: `${value}%` }} />
      </div>
      {showValue ? (
        <span aria-hidden="true" className="w-12 shrink-0 text-right text-sm font-medium tabular-nums">
          {value}%
        </span>
      ) : null}
    </div>
  )
}
