import { useState } from 'react'
import { registrationNoteMaxLength } from '#shared/events/constants.ts'
import { adminEventMessages } from '#shared/events/messages.ts'
import type { AdminEventView } from '#shared/events/schemas.ts'
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx'
import { TextAreaField } from '#web/components/ui/field.tsx'
import { useCancelEvent } from '#web/features/events/api/admin-events.ts'
import { eventOwnTime } from '#web/features/events/components/event-format.ts'
import { messageOf } from '#web/lib/api.ts'

/** Cancelling an event asks first, and takes a reason the registrants read in their e-mail (issue 17). */
export function CancelEventDialog({ event, onClose }: { event: AdminEventView | null; onClose: () => void }) {
  if (!event) return null
  // keyed: a new event starts with an empty reason
  return <CancelEventConfirm key={event.id} event={event} onClose={onClose} />
}

function CancelEventConfirm({ event, onClose }: { event: AdminEventView; onClose: () => void }) {
  const cancel = useCancelEvent()
  const [reason, setReason] = useState('')
  const [failure, setFailure] = useState<string>()
  const registered = event.confirmedCount + event.waitlistCount
  return (
    <ConfirmDialog
      open
      onClose={onClose}
      title="Cancel event"
      description={
        registered === 0
          ? 'Nobody has registered yet. The event leaves the events page.'
          : `The event leaves the events page and its ${registered === 1 ? 'registrant is' : `${registered} registrants are`} told by e-mail.`
      }
      failure={failure}
      confirm={{
        label: 'Cancel event',
        disabled: cancel.isPending,
        onConfirm: () => {
          setFailure(undefined)
          cancel.mutate(
            { eventId: event.id, input: { reason } },
            { onSuccess: onClose, onError: (error) => setFailure(messageOf(error, adminEventMessages.cancelFailed)) },
          )
        },
      }}
    >
      <p className="text-sm">
        <span className="font-medium">{event.title}</span>, {eventOwnTime(event)}
      </p>
      <TextAreaField
        label="Reason (optional, sent to registrants)"
        rows={3}
        maxLength={registrationNoteMaxLength}
        value={reason}
        onChange={(change) => setReason(change.target.value)}
      />
    </ConfirmDialog>
  )
}
