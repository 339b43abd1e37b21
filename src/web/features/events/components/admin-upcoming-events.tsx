import { useState } from 'react'
import { Link } from 'react-router'
import { useQuery } from '@tanstack/react-query'
import { Pencil, Plus } from 'lucide-react'
import { pathTo } from '#shared/pages.ts'
import { adminEventMessages } from '#shared/events/messages.ts'
import type { AdminEventView } from '#shared/events/schemas.ts'
import { Button } from '#web/components/ui/button.tsx'
import { IconActionButton } from '#web/components/ui/icon-action-button.tsx'
import { adminUpcomingEventsQuery } from '#web/features/events/api/admin-events.ts'
import { useLiveEvents } from '#web/features/events/api/events.ts'
import { EventFormDialog } from '#web/features/events/components/event-form-dialog.tsx'
import { eventOwnTime } from '#web/features/events/components/event-format.ts'
import { messageOf } from '#web/lib/api.ts'

/**
 * The admin dashboard's Manage Events card (spec 002 §2): the 5 upcoming events with
 * their seats, an Add Event dialog, and an Edit that works (the spec's did nothing).
 */
export function AdminUpcomingEvents() {
  const upcoming = useQuery(adminUpcomingEventsQuery())
  useLiveEvents()
  const [form, setForm] = useState<{ event?: AdminEventView } | null>(null)
  return (
    <section
      aria-labelledby="manage-events-title"
      className="grid gap-4 rounded-xl border border-border bg-card p-6 shadow-sm"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="manage-events-title" className="text-lg font-semibold">
          Manage Events
        </h2>
        <div className="flex flex-wrap items-center gap-3">
          <Link
            to={pathTo('adminEvents')}
            className="text-sm font-medium text-accent underline-offset-4 hover:underline"
          >
            All events
          </Link>
          <Button size="sm" onClick={() => setForm({})}>
            <Plus aria-hidden="true" className="size-4" />
            Add Event
          </Button>
        </div>
      </div>
      {upcoming.isPending ? (
        <p role="status" className="text-sm text-muted-foreground">
          Loading events…
        </p>
      ) : upcoming.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-2 text-sm">
          <span>{messageOf(upcoming.error, adminEventMessages.loadFailed)}</span>
          <Button variant="link" size="sm" onClick={() => void upcoming.refetch()}>
            Try again
          </Button>
        </div>
      ) : upcoming.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">{adminEventMessages.noEvents}</p>
      ) : (
        <ul className="grid divide-y divide-border" aria-label="Upcoming events">
          {upcoming.data.map((event) => (
            <li key={event.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span className="grid">
                <span className="font-medium">{event.title}</span>
                <span className="text-xs text-muted-foreground">{eventOwnTime(event)}</span>
              </span>
              <span className="flex items-center gap-2">
                <span className="text-sm text-muted-foreground tabular-nums">
                  {event.confirmedCount} / {event.capacity} seats
                  {event.waitlistCount > 0 ? ` · ${event.waitlistCount} waiting` : ''}
                </span>
                <IconActionButton
                  label={`Edit ${event.title}`}
                  hint="Edit"
                  icon={Pencil}
                  onClick={() => setForm({ event })}
                />
              </span>
            </li>
          ))}
        </ul>
      )}
      <EventFormDialog
        open={form !== null}
        onOpenChange={(open) => (open ? undefined : setForm(null))}
        event={form?.event}
      />
    </section>
  )
}
