import { useId, type ComponentProps } from 'react'
import { ChevronDown } from 'lucide-react'
import { cn } from '#web/lib/cn.ts'
import { controlClasses } from '#web/components/ui/input.tsx'
import { FieldError } from '#web/components/ui/field.tsx'
import { Label } from '#web/components/ui/label.tsx'

/** A plain string is its own label; codes (country, gender) carry a label of their own. */
export type SelectOption = string | { value: string; label: string }

type SelectFieldProps = ComponentProps<'select'> & {
  label: string
  options: readonly SelectOption[]
  placeholder: string
  error?: string
}

/** A native select (keyboard, screen readers and mobile pickers for free), styled like the inputs. */
export function SelectField({ label, options, placeholder, error, id, className, ...props }: SelectFieldProps) {
  const generated = useId()
  const selectId = id ?? generated
  const errorId = `${selectId}-error`
  return (
    <div className={cn('grid gap-1.5', className)}>
      <Label htmlFor={selectId}>{label}</Label>
      <div className="relative">
        <select
          id={selectId}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className={cn(controlClasses, 'h-10 appearance-none pr-9')}
          {...props}
        >
          <option value="">{placeholder}</option>
          {options.map((option) => {
            const { value, label: text } = typeof option === 'string' ? { value: option, label: option } : option
            return (
              <option key={value} value={value}>
                {text}
              </option>
            )
          })}
        </select>
        <ChevronDown
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted-foreground"
        />
      </div>
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  )
}
