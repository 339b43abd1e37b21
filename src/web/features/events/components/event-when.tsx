import { CalendarDays, Clock, MapPin } from 'lucide-react'
import type { EventView } from '#shared/events/schemas.ts'
import { browserTimeZone, eventWhen } from '#web/features/events/components/event-format.ts'
import { cn } from '#web/lib/cn.ts'

/**
 * When and where (spec 001 §2: long date plus time, location): the member's own
 * time, with the event's beside it when its clocks differ.
 */
export function EventWhere({
  event,
  className,
}: {
  event: Pick<EventView, 'startsAt' | 'timeZone' | 'location'>
  className?: string
}) {
  const when = eventWhen(event, browserTimeZone())
  return (
    <ul className={cn('grid gap-1.5 text-sm', className)}>
      <li className="flex items-start gap-2">
        <CalendarDays aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
        <span data-testid="event-date">{when.date}</span>
      </li>
      <li className="flex items-start gap-2">
        <Clock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
        <span data-testid="event-time">
          {when.time}
          {when.eventTime ? <span className="text-muted-foreground"> · {when.eventTime}</span> : null}
        </span>
      </li>
      <li className="flex items-start gap-2">
        <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
        <span>{event.location}</span>
      </li>
    </ul>
  )
}
