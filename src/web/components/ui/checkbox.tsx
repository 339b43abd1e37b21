import { useId, type ComponentProps } from 'react'
import { cn } from '#web/lib/cn.ts'

type CheckboxProps = Omit<ComponentProps<'input'>, 'type'> & { label: string }

/** A native checkbox with its label; the whole row is clickable. */
export function Checkbox({ label, id, className, ...props }: CheckboxProps) {
  const generated = useId()
  const inputId = id ?? generated
  return (
    <div className={cn('flex items-center gap-2', className)}>
      <input
        id={inputId}
        type="checkbox"
        className="size-4 shrink-0 rounded border-input accent-[var(--primary)] focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        {...props}
      />
      <label htmlFor={inputId} className="text-sm text-foreground select-none">
        {label}
      </label>
    </div>
  )
}
