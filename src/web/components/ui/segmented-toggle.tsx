import type { ReactNode } from 'react'
import { cn } from '#web/lib/cn.ts'

/**
 * A row of buttons of which one is on (aria-pressed), in a named group: which items a
 * list shows, or an editor's view. `size` 'sm' is the tighter one of a field's label row.
 */
export function SegmentedToggle<Value extends string>({
  label,
  options,
  value,
  onChange,
  size = 'md',
}: {
  /** the group's accessible name */
  label: string
  options: readonly { value: Value; label: ReactNode }[]
  value: Value
  onChange: (value: Value) => void
  size?: 'sm' | 'md'
}) {
  return (
    <div className="flex gap-1 rounded-lg bg-muted p-1" role="group" aria-label={label}>
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          aria-pressed={value === option.value}
          onClick={() => onChange(option.value)}
          className={cn(
            'rounded-md px-3 text-sm font-medium transition-colors',
            size === 'sm' ? 'py-1' : 'py-1.5',
            value === option.value
              ? 'bg-card text-foreground shadow-sm'
              : 'text-muted-foreground hover:text-foreground',
          )}
        >
          {option.label}
        </button>
      ))}
    </div>
  )
}
