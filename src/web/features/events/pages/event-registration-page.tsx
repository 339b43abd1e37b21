import { useEffect } from 'react'
import { Link, useNavigate, useParams } from 'react-router'
import { useQuery } from '@tanstack/react-query'
import { toast } from 'sonner'
import { pathTo } from '#shared/pages.ts'
import { eventMessages } from '#shared/events/messages.ts'
import type { EventView } from '#shared/events/schemas.ts'
import { PageNotice } from '#web/components/page-notice.tsx'
import { PageTitle } from '#web/components/page-title.tsx'
import { BackLink } from '#web/components/ui/back-link.tsx'
import { buttonClasses } from '#web/components/ui/button.tsx'
import { eventQuery, isEventNotFound, useLiveEvents } from '#web/features/events/api/events.ts'
import { CapacityBar } from '#web/features/events/components/capacity-bar.tsx'
import { hasStarted } from '#web/features/events/components/event-format.ts'
import { EventImage } from '#web/features/events/components/event-image.tsx'
import { EventTypeBadge } from '#web/features/events/components/event-type-badge.tsx'
import { EventWhere } from '#web/features/events/components/event-when.tsx'
import { isRegistered, MyRegistration } from '#web/features/events/components/my-registration.tsx'
import { RegistrationForm } from '#web/features/events/components/registration-form.tsx'
import { useViewer } from '#web/lib/session.ts'

const pageClasses = 'mx-auto grid w-full max-w-3xl gap-8 px-4 py-10 sm:px-6'

function NotFound() {
  return (
    <PageNotice title={eventMessages.notFoundTitle}>
      <p className="text-muted-foreground">This event may have been removed, or the link is incomplete.</p>
      <Link to={pathTo('events')} className={buttonClasses('primary')}>
        Back to Events
      </Link>
    </PageNotice>
  )
}

function Notice({ children }: { children: string }) {
  return (
    <p role="status" className="rounded-xl border border-dashed border-border p-6 text-center text-muted-foreground">
      {children}
    </p>
  )
}

/** What the member can do with the event: register, see where they stand, or read why neither is possible. */
function RegistrationPart({ event }: { event: EventView }) {
  const { user } = useViewer()
  const navigate = useNavigate()
  // a cancelled event says so first: its registrants were told by e-mail, with the calendar's CANCEL
  if (event.status === 'cancelled') return <Notice>{eventMessages.eventCancelled}</Notice>
  if (isRegistered(event)) {
    return (
      <section aria-labelledby="my-registration-title" className="grid gap-3">
        <h2 id="my-registration-title" className="text-xl font-semibold tracking-tight">
          Your registration
        </h2>
        <MyRegistration event={event} />
      </section>
    )
  }
  if (hasStarted(event)) return <Notice>{eventMessages.eventStarted}</Notice>
  return (
    <section aria-labelledby="registration-title" className="grid gap-4">
      <h2 id="registration-title" className="text-xl font-semibold tracking-tight">
        {event.spotsRemaining === 0 ? 'Join the waitlist' : 'Register'}
      </h2>
      <RegistrationForm
        event={event}
        member={user}
        // spec 001 §4, §8: 'Registration successful!' then the member dashboard
        onConfirmed={() => void navigate(pathTo('prestigeClub'))}
      />
    </section>
  )
}

function EventRegistration({ event }: { event: EventView }) {
  return (
    <div className={pageClasses}>
      <BackLink to={pathTo('events')}>Back to Events</BackLink>
      <header className="grid overflow-hidden rounded-xl border border-border bg-card shadow-sm sm:grid-cols-[14rem_1fr]">
        <EventImage imageUrl={event.imageUrl} className="aspect-video w-full sm:aspect-auto sm:h-full" />
        <div className="grid content-start gap-3 p-6">
          <EventTypeBadge type={event.type} />
          <PageTitle>{`Register: ${event.title}`}</PageTitle>
          <h1 className="text-3xl font-semibold tracking-tight">{event.title}</h1>
          <EventWhere event={event} />
          {event.status === 'cancelled' ? null : <CapacityBar event={event} className="max-w-sm" />}
        </div>
      </header>
      {event.description ? (
        <section aria-label="About the event">
          <p className="whitespace-pre-line text-foreground/90">{event.description}</p>
        </section>
      ) : null}
      <RegistrationPart event={event} />
    </div>
  )
}

/**
 * /events/{eventId}/register (spec 001 §2 Event registration): the event's header
 * and the form. A missing event shows the Event Not Found panel; any other failure
 * to load it says so in a toast and goes back to /events (spec 001 §8).
 */
export function EventRegistrationPage() {
  const { eventId = '' } = useParams()
  const navigate = useNavigate()
  const event = useQuery(eventQuery(eventId))
  useLiveEvents()
  // a failed background refresh keeps the event on screen
  const failed = event.isError && event.data === undefined && !isEventNotFound(event.error)

  useEffect(() => {
    if (!failed) return
    toast.error(eventMessages.detailsLoadFailed)
    void navigate(pathTo('events'), { replace: true })
  }, [failed, navigate])

  if (event.isPending || failed) {
    return (
      <div className={pageClasses}>
        <PageTitle>Event registration</PageTitle>
        <BackLink to={pathTo('events')}>Back to Events</BackLink>
        <p className="py-8 text-center text-muted-foreground">Loading event...</p>
      </div>
    )
  }
  if (event.data === undefined) return <NotFound />
  return <EventRegistration event={event.data} />
}
