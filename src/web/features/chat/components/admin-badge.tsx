import { cn } from '#web/lib/cn.ts'

/** A coach's name and messages carry it (spec 001 §2, §6); a filled pill keeps its contrast in both themes. */
export function AdminBadge({ className }: { className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex rounded-full bg-primary px-2 py-0.5 text-xs leading-none font-medium text-primary-foreground',
        className,
      )}
    >
      Admin
    </span>
  )
}
