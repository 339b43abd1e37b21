import { useId, type ComponentProps, type ReactNode } from 'react'
import { cn } from '#web/lib/cn.ts'
import { controlClasses, Input } from '#web/components/ui/input.tsx'
import { Label } from '#web/components/ui/label.tsx'

/** An inline validation message, announced when it appears. */
export function FieldError({ id, children, className }: { id?: string; children?: ReactNode; className?: string }) {
  if (!children) return null
  return (
    <p id={id} role="alert" className={cn('text-sm text-destructive', className)}>
      {children}
    </p>
  )
}

type TextFieldProps = ComponentProps<'input'> & {
  label: string
  error?: string
  hint?: ReactNode
}

/** A labelled input with its hint and its error wired through aria-describedby. */
export function TextField({ label, error, hint, id, className, ...props }: TextFieldProps) {
  const generated = useId()
  const inputId = id ?? generated
  const hintId = `${inputId}-hint`
  const errorId = `${inputId}-error`
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined
  return (
    <div className={cn('grid gap-1.5', className)}>
      <Label htmlFor={inputId}>{label}</Label>
      <Input id={inputId} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...props} />
      {hint ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  )
}

type TextAreaFieldProps = ComponentProps<'textarea'> & {
  label: string
  error?: string
}

/** A labelled textarea with its error wired through aria-describedby. */
export function TextAreaField({ label, error, id, className, ...props }: TextAreaFieldProps) {
  const generated = useId()
  const areaId = id ?? generated
  const errorId = `${areaId}-error`
  return (
    <div className={cn('grid gap-1.5', className)}>
      <Label htmlFor={areaId}>{label}</Label>
      <textarea
        id={areaId}
        className={cn(controlClasses, 'py-2')}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...props}
      />
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  )
}
