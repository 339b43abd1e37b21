import type { EventView } from '#shared/events/schemas.ts'
import { seatsTakenPercent, seatsText } from '#web/features/events/components/event-format.ts'
import { cn } from '#web/lib/cn.ts'

/** spec 001 §2: the capacity bar and the spots remaining (or the waitlist of a full event). */
export function CapacityBar({
  event,
  className,
}: {
  event: Pick<EventView, 'capacity' | 'spotsRemaining' | 'waitlistCount'>
  className?: string
}) {
  const percent = seatsTakenPercent(event)
  const taken = event.capacity - event.spotsRemaining
  return (
    <div className={cn('grid gap-1.5', className)}>
      <div
        role="progressbar"
        aria-label="Seats taken"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${taken} of ${event.capacity} seats taken`}
        className="h-2 w-full overflow-hidden rounded-full bg-muted"
      >
        <div
          className={cn('h-full rounded-full', event.spotsRemaining === 0 ? 'bg-destructive' : 'bg-primary')}
          style={{ width: `${percent}%` }}
        />
      </div>
      <p className="text-sm font-medium" data-testid="event-seats">
        {seatsText(event)}
      </p>
    </div>
  )
}
