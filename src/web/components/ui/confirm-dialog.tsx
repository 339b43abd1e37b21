import type { ReactNode } from 'react'
import { Button } from '#web/components/ui/button.tsx'
import { Dialog, DialogContent } from '#web/components/ui/dialog.tsx'
import { FieldError } from '#web/components/ui/field.tsx'

type ConfirmDialogProps = {
  open: boolean
  /** Cancel, Escape, the close button, or a click outside */
  onClose: () => void
  title: string
  description: ReactNode
  /** what the confirmation touches, above the buttons */
  children?: ReactNode
  /** why the last try failed, when the dialog stays open to say it */
  failure?: string
  /** the confirming button; absent: nothing to confirm, Cancel alone */
  confirm?: {
    label: ReactNode
    onConfirm: () => void
    disabled: boolean
    /** destructive (a delete) unless said otherwise */
    variant?: 'destructive' | 'primary'
  }
}

/** An alert dialog that asks before a step (a delete, closing a job): its words, what it touches, Cancel, the step. */
export function ConfirmDialog({ open, onClose, title, description, children, failure, confirm }: ConfirmDialogProps) {
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : onClose())}>
      {open ? (
        <DialogContent role="alertdialog" title={title} description={description}>
          {children}
          <FieldError>{failure}</FieldError>
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={onClose}>
              Cancel
            </Button>
            {confirm ? (
              <Button
                variant={confirm.variant ?? 'destructive'}
                disabled={confirm.disabled}
                onClick={confirm.onConfirm}
              >
                {confirm.label}
              </Button>
            ) : null}
          </div>
        </DialogContent>
      ) : null}
    </Dialog>
  )
}
