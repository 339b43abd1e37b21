import { Link } from 'react-router'
import { useQuery } from '@tanstack/react-query'
import { pathTo } from '#shared/pages.ts'
import { eventMessages } from '#shared/events/messages.ts'
import { nextEventsQuery, useLiveEvents } from '#web/features/events/api/events.ts'
import { browserTimeZone, eventWhen, seatsText } from '#web/features/events/components/event-format.ts'
import { EventImage } from '#web/features/events/components/event-image.tsx'

/** The next few events (issue 17: the community's right column), each leading to its registration. */
export function NextEvents() {
  const { data: events, isPending, isError } = useQuery(nextEventsQuery())
  useLiveEvents()

  let body
  if (isPending) {
    body = (
      <ul aria-hidden="true" className="grid gap-3">
        {[0, 1, 2].map((index) => (
          <li key={index} className="h-14 animate-pulse rounded-lg bg-muted" />
        ))}
      </ul>
    )
  } else if (isError) {
    body = <p className="text-sm text-muted-foreground">{eventMessages.loadFailed}</p>
  } else if (events.length === 0) {
    body = <p className="text-sm text-muted-foreground">{eventMessages.noUpcoming}</p>
  } else {
    const zone = browserTimeZone()
    body = (
      <ul data-testid="next-events" className="grid gap-3">
        {events.map((event) => {
          const when = eventWhen(event, zone)
          return (
            <li key={event.id} className="flex items-start gap-3">
              <EventImage imageUrl={event.imageUrl} className="size-10 shrink-0 rounded-lg" />
              <div className="grid min-w-0 gap-0.5">
                <h3 className="text-sm font-semibold">
                  <Link to={pathTo('eventRegistration', { eventId: event.id })} className="hover:underline">
                    {event.title}
                  </Link>
                </h3>
                <p className="text-sm text-muted-foreground">
                  {when.date} · {when.time}
                </p>
                <p className="text-xs text-muted-foreground">{seatsText(event)}</p>
              </div>
            </li>
          )
        })}
      </ul>
    )
  }

  return (
    <div className="grid gap-4">
      {body}
      <Link to={pathTo('events')} className="text-sm font-medium text-accent underline-offset-4 hover:underline">
        View all events
      </Link>
    </div>
  )
}
