import { Link } from 'react-router'
import { pathTo } from '#shared/pages.ts'
import { eventMessages } from '#shared/events/messages.ts'
import type { EventView } from '#shared/events/schemas.ts'
import { buttonClasses } from '#web/components/ui/button.tsx'
import { CapacityBar } from '#web/features/events/components/capacity-bar.tsx'
import { hasStarted } from '#web/features/events/components/event-format.ts'
import { EventImage } from '#web/features/events/components/event-image.tsx'
import { EventTypeBadge } from '#web/features/events/components/event-type-badge.tsx'
import { EventWhere } from '#web/features/events/components/event-when.tsx'
import { isRegistered, MyRegistration } from '#web/features/events/components/my-registration.tsx'

/**
 * One event of /events (spec 001 §2): image, type badge, title, description, when
 * and where, the capacity bar and the spots remaining; 'Join Webinar' for a webinar,
 * 'Register Now' otherwise, or the member's own registration once they have one.
 */
export function EventCard({ event }: { event: EventView }) {
  const titleId = `event-${event.id}`
  return (
    <article
      aria-labelledby={titleId}
      className="flex h-full flex-col overflow-hidden rounded-xl border border-border bg-card shadow-sm"
      data-testid="event-card"
    >
      <EventImage imageUrl={event.imageUrl} className="aspect-video w-full" />
      <div className="grid flex-1 content-start gap-3 p-5">
        <EventTypeBadge type={event.type} />
        <h2 id={titleId} className="text-lg font-semibold tracking-tight">
          {event.title}
        </h2>
        {event.description ? (
          <p className="line-clamp-3 text-sm whitespace-pre-line text-muted-foreground">{event.description}</p>
        ) : null}
        <EventWhere event={event} />
        <CapacityBar event={event} />
      </div>
      <div className="border-t border-border p-4">
        {isRegistered(event) ? (
          <MyRegistration event={event} />
        ) : hasStarted(event) ? (
          // the list keeps an event until it ends; its seats closed when it began
          <p className="text-center text-sm text-muted-foreground">{eventMessages.eventStarted}</p>
        ) : (
          <Link
            to={pathTo('eventRegistration', { eventId: event.id })}
            className={buttonClasses('primary', 'md', 'w-full')}
          >
            {event.type === 'webinar' ? 'Join Webinar' : 'Register Now'}
            <span className="sr-only"> for {event.title}</span>
          </Link>
        )}
      </div>
    </article>
  )
}
