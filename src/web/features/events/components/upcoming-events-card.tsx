import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { useQuery } from '@tanstack/react-query'
import { pathTo } from '#shared/pages.ts'
import { eventMessages } from '#shared/events/messages.ts'
import { Button } from '#web/components/ui/button.tsx'
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx'
import { myEventsQuery, useLiveEvents } from '#web/features/events/api/events.ts'
import { browserTimeZone, eventWhen } from '#web/features/events/components/event-format.ts'
import { EventTypeBadge } from '#web/features/events/components/event-type-badge.tsx'

const linkClasses = 'text-sm font-medium text-accent underline-offset-4 hover:underline'

/**
 * spec 001 §2 member dashboard, Upcoming Events: up to three events the member has
 * a confirmed seat at, soonest first, each leading to its page (with the calendar
 * file), and the way to all events.
 */
export function UpcomingEventsCard() {
  const mine = useQuery(myEventsQuery())
  useLiveEvents()
  let body: ReactNode
  if (mine.isPending) {
    body = (
      <p role="status" className="text-sm text-muted-foreground">
        Loading your events…
      </p>
    )
  } else if (mine.isError) {
    body = (
      <div role="alert" className="grid justify-items-start gap-2 text-sm">
        <p>{eventMessages.registeredLoadFailed}</p>
        <Button variant="outline" size="sm" onClick={() => void mine.refetch()}>
          Try again
        </Button>
      </div>
    )
  } else if (mine.data.length === 0) {
    body = <p className="text-sm text-muted-foreground">{eventMessages.noRegisteredEvents}</p>
  } else {
    const zone = browserTimeZone()
    body = (
      <ul className="grid divide-y divide-border" aria-label="Your upcoming events">
        {mine.data.map((event) => {
          const when = eventWhen(event, zone)
          return (
            <li key={event.id} className="grid gap-1 py-2 first:pt-0 last:pb-0">
              <Link
                to={pathTo('eventRegistration', { eventId: event.id })}
                className="font-medium underline-offset-4 hover:underline"
              >
                {event.title}
              </Link>
              <span className="text-sm text-muted-foreground">
                {when.date} · {when.time}
              </span>
              <span className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
                <EventTypeBadge type={event.type} />
                {event.location}
              </span>
            </li>
          )
        })}
      </ul>
    )
  }
  return (
    <Card role="region" aria-labelledby="card-upcoming-events" className="h-full" data-testid="upcoming-events">
      <CardHeader>
        <CardTitle id="card-upcoming-events">Upcoming Events</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        {body}
        <Link to={pathTo('events')} className={linkClasses}>
          View all events
        </Link>
      </CardContent>
    </Card>
  )
}
