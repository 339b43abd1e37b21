import { useState } from 'react'
import { CalendarPlus, CheckCircle2, Hourglass, Video } from 'lucide-react'
import type { EventView, MyRegistration as Registration } from '#shared/events/schemas.ts'
import { Button, buttonClasses } from '#web/components/ui/button.tsx'
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx'
import { calendarFileUrl } from '#web/features/events/api/clients.ts'
import { useCancelRegistration } from '#web/features/events/api/events.ts'
import { hasStarted, registrationStatusText } from '#web/features/events/components/event-format.ts'
import { cn } from '#web/lib/cn.ts'

type RegisteredEvent = EventView & { myRegistration: Registration }

/**
 * Where the member stands with an event they registered for (issue 17): their seat
 * or their place on the waitlist, the calendar file and a webinar's link for a seat,
 * and the way to give either up.
 */
export function MyRegistration({ event, className }: { event: RegisteredEvent; className?: string }) {
  const [confirming, setConfirming] = useState(false)
  const cancel = useCancelRegistration()
  const registration = event.myRegistration
  const confirmed = registration.status === 'confirmed'
  const StatusIcon = confirmed ? CheckCircle2 : Hourglass
  return (
    <div className={cn('grid gap-3', className)}>
      <p
        className={cn(
          'inline-flex w-fit items-center gap-1.5 rounded-full px-3 py-1 text-sm font-medium',
          confirmed ? 'bg-emerald-500/15 text-emerald-800 dark:text-emerald-300' : 'bg-muted text-foreground',
        )}
        data-testid="my-registration"
      >
        <StatusIcon aria-hidden="true" className="size-4" />
        {registrationStatusText(registration)}
      </p>
      <div className="flex flex-wrap items-center gap-2">
        {confirmed && event.joinUrl ? (
          <a href={event.joinUrl} target="_blank" rel="noopener noreferrer" className={buttonClasses('primary', 'sm')}>
            <Video aria-hidden="true" className="size-4" />
            Join the webinar
          </a>
        ) : null}
        {confirmed ? (
          <a href={calendarFileUrl(event.id)} download className={buttonClasses('outline', 'sm')}>
            <CalendarPlus aria-hidden="true" className="size-4" />
            Add to calendar
          </a>
        ) : null}
        {hasStarted(event) || event.status === 'cancelled' ? null : (
          <Button variant="ghost" size="sm" onClick={() => setConfirming(true)}>
            {confirmed ? 'Cancel registration' : 'Leave the waitlist'}
          </Button>
        )}
      </div>
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={confirmed ? 'Cancel registration' : 'Leave the waitlist'}
        description={
          confirmed
            ? 'Your seat goes to the next member on the waitlist. You can register again while seats remain.'
            : 'You lose your place in the queue; joining again puts you at its end.'
        }
        confirm={{
          label: confirmed ? 'Cancel my registration' : 'Leave the waitlist',
          disabled: cancel.isPending,
          onConfirm: () => cancel.mutate(event, { onSettled: () => setConfirming(false) }),
        }}
      >
        <p className="text-sm font-medium">{event.title}</p>
      </ConfirmDialog>
    </div>
  )
}

/** Narrows an event to one the viewer registered for. */
export function isRegistered(event: EventView): event is RegisteredEvent {
  return event.myRegistration !== null
}
