import { useInfiniteQuery } from '@tanstack/react-query'
import { eventMessages } from '#shared/events/messages.ts'
import { LoadFailedAlert } from '#web/components/load-failed-alert.tsx'
import { LoadMoreButton } from '#web/components/load-more-button.tsx'
import { PageTitle } from '#web/components/page-title.tsx'
import { eventListQuery, useLiveEvents } from '#web/features/events/api/events.ts'
import { EventCard } from '#web/features/events/components/event-card.tsx'
import { messageOf } from '#web/lib/api.ts'

/** /events (spec 001 §2 Events): the upcoming events, soonest first, each with its seats and the way to register. */
export function EventsPage() {
  const list = useInfiniteQuery(eventListQuery())
  useLiveEvents()
  const events = list.data?.pages.flatMap((page) => page.events) ?? []

  return (
    <div className="mx-auto grid w-full max-w-6xl gap-8 px-4 py-10 sm:px-6">
      <header className="grid gap-2">
        <PageTitle>Events</PageTitle>
        <h1 className="text-4xl font-semibold tracking-tight">Events</h1>
        <p className="text-muted-foreground">
          Workshops, webinars and networking sessions for members. Times are shown in your time zone.
        </p>
      </header>

      <section aria-label="Upcoming events" className="grid gap-6">
        {list.isPending ? (
          <p className="py-8 text-center text-muted-foreground">Loading events...</p>
        ) : list.isError && events.length === 0 ? (
          <LoadFailedAlert className="py-8" onRetry={() => void list.refetch()}>
            {messageOf(list.error, eventMessages.loadFailed)}
          </LoadFailedAlert>
        ) : events.length === 0 ? (
          <p data-testid="events-empty" className="py-8 text-center text-muted-foreground">
            {eventMessages.noUpcoming}
          </p>
        ) : (
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {events.map((event) => (
              <li key={event.id}>
                <EventCard event={event} />
              </li>
            ))}
          </ul>
        )}
        <LoadMoreButton list={list} />
      </section>
    </div>
  )
}
