import type { ReactNode } from 'react'
import { Button } from '#web/components/ui/button.tsx'
import { FieldError } from '#web/components/ui/field.tsx'
import { cn } from '#web/lib/cn.ts'

/**
 * A dialog form's end: the failure no field took (lib/form-errors.ts formFailure),
 * above Cancel and the submit button, which is off while the form is saving.
 */
export function FormActions({
  failure,
  onCancel,
  cancelLabel = 'Cancel',
  busy,
  className,
  children,
}: {
  failure?: string
  onCancel: () => void
  cancelLabel?: string
  busy: boolean
  className?: string
  /** the submit button's label ('Saving…' while busy is the form's to say) */
  children: ReactNode
}) {
  return (
    <>
      <FieldError>{failure}</FieldError>
      <div className={cn('flex justify-end gap-2', className)}>
        <Button variant="outline" onClick={onCancel}>
          {cancelLabel}
        </Button>
        <Button type="submit" disabled={busy}>
          {children}
        </Button>
      </div>
    </>
  )
}
