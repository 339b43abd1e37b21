import { useState } from 'react'
import { useSearchParams } from 'react-router'
import { useInfiniteQuery } from '@tanstack/react-query'
import { Ban, Pencil, Plus, Users } from 'lucide-react'
import {
  adminEventWhens,
  eventSearchMaxLength,
  eventTypeLabels,
  type AdminEventWhen,
} from '#shared/events/constants.ts'
import { adminEventMessages } from '#shared/events/messages.ts'
import type { AdminEventView } from '#shared/events/schemas.ts'
import { LoadMoreButton } from '#web/components/load-more-button.tsx'
import { PageTitle } from '#web/components/page-title.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { DataTable } from '#web/components/ui/data-table.tsx'
import { IconActionButton } from '#web/components/ui/icon-action-button.tsx'
import { controlClasses } from '#web/components/ui/input.tsx'
import { Label } from '#web/components/ui/label.tsx'
import { SegmentedToggle } from '#web/components/ui/segmented-toggle.tsx'
import { StatusBadge } from '#web/components/ui/status-badge.tsx'
import { adminEventsQuery } from '#web/features/events/api/admin-events.ts'
import { useLiveEvents } from '#web/features/events/api/events.ts'
import { AttendeesDialog } from '#web/features/events/components/attendees-dialog.tsx'
import { CancelEventDialog } from '#web/features/events/components/cancel-event-dialog.tsx'
import { EventFormDialog } from '#web/features/events/components/event-form-dialog.tsx'
import { eventOwnTime } from '#web/features/events/components/event-format.ts'
import { messageOf } from '#web/lib/api.ts'
import { cn } from '#web/lib/cn.ts'
import { useUrlTextParam } from '#web/lib/use-url-text-param.ts'

const whenLabels: Record<AdminEventWhen, string> = { upcoming: 'Upcoming', past: 'Past', all: 'All' }
const whenOptions = adminEventWhens.map((value) => ({ value, label: whenLabels[value] }))

const columns = ['Event', 'When (event time)', 'Location', 'Seats', 'Waitlist', 'Status', 'Actions']

function whenOf(value: string | null): AdminEventWhen {
  return adminEventWhens.find((when) => when === value) ?? 'upcoming'
}

/**
 * /admin/events (spec 002 §2 Manage Events; issue 17): the events with their seats
 * and waitlists, searched by title or location, upcoming, past or all; add, edit,
 * cancel, and each event's attendees with their CSV.
 */
export function AdminEventsPage() {
  const [search, setSearch] = useUrlTextParam('q')
  const [params, setParams] = useSearchParams()
  const q = params.get('q') ?? ''
  const when = whenOf(params.get('when'))
  const events = useInfiniteQuery(adminEventsQuery({ q, when }))
  useLiveEvents()
  const [form, setForm] = useState<{ event?: AdminEventView } | null>(null)
  const [attendeesOf, setAttendeesOf] = useState<AdminEventView | null>(null)
  const [cancelling, setCancelling] = useState<AdminEventView | null>(null)
  const list = events.data?.pages.flatMap((page) => page.events)

  const showWhen = (next: AdminEventWhen) =>
    setParams(
      (previous) => {
        const updated = new URLSearchParams(previous)
        if (next === 'upcoming') updated.delete('when')
        else updated.set('when', next)
        return updated
      },
      { replace: true },
    )

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="grid gap-1">
          <PageTitle>Event Management</PageTitle>
          <h1 className="text-2xl font-semibold tracking-tight">Event management</h1>
          <p className="text-sm text-muted-foreground">
            Events of the member events page, with their seats and waitlists. Times are the event&rsquo;s own.
          </p>
        </div>
        <Button onClick={() => setForm({})}>
          <Plus aria-hidden="true" className="size-4" />
          Add Event
        </Button>
      </div>

      <div className="flex flex-wrap items-end justify-between gap-4">
        <SegmentedToggle label="Which events" options={whenOptions} value={when} onChange={showWhen} />
        <div className="grid w-full max-w-md gap-1.5">
          <Label htmlFor="admin-events-search">Search by title or location</Label>
          <input
            id="admin-events-search"
            type="search"
            value={search}
            onChange={(change) => setSearch(change.target.value)}
            maxLength={eventSearchMaxLength}
            className={cn(controlClasses, 'h-10')}
          />
        </div>
      </div>

      {events.isPending ? (
        <p role="status" className="text-muted-foreground">
          Loading events…
        </p>
      ) : null}
      {events.isError ? <p role="alert">{messageOf(events.error, adminEventMessages.loadFailed)}</p> : null}
      {list && list.length === 0 ? (
        <p className="rounded-xl border border-dashed border-border p-8 text-center text-muted-foreground">
          {q.trim() ? adminEventMessages.noMatches : adminEventMessages.noEvents}
        </p>
      ) : null}
      {list && list.length > 0 ? (
        <div className="grid gap-2">
          <DataTable caption="Events" columns={columns}>
            {list.map((event) => (
              <tr key={event.id} className="border-b border-border align-middle last:border-b-0">
                <th scope="row" className="px-3 py-2 font-medium">
                  {event.title}
                  <span className="block text-xs font-normal text-muted-foreground">{eventTypeLabels[event.type]}</span>
                </th>
                <td className="px-3 py-2">{eventOwnTime(event)}</td>
                <td className="px-3 py-2">{event.location}</td>
                <td className="px-3 py-2 whitespace-nowrap tabular-nums" data-testid="event-confirmed">
                  {event.confirmedCount} / {event.capacity}
                </td>
                <td className="px-3 py-2 text-center tabular-nums">{event.waitlistCount}</td>
                <td className="px-3 py-2">
                  <StatusBadge live={event.status === 'scheduled'}>
                    {event.status === 'scheduled' ? 'Scheduled' : 'Cancelled'}
                  </StatusBadge>
                </td>
                <td className="px-3 py-2">
                  <div className="flex gap-0.5">
                    {event.status === 'scheduled' ? (
                      <IconActionButton
                        label={`Edit ${event.title}`}
                        hint="Edit"
                        icon={Pencil}
                        onClick={() => setForm({ event })}
                      />
                    ) : null}
                    <IconActionButton
                      label={`Attendees of ${event.title}`}
                      hint="Attendees"
                      icon={Users}
                      onClick={() => setAttendeesOf(event)}
                    />
                    {event.status === 'scheduled' ? (
                      <IconActionButton
                        label={`Cancel ${event.title}`}
                        hint="Cancel event"
                        icon={Ban}
                        destructive
                        onClick={() => setCancelling(event)}
                      />
                    ) : null}
                  </div>
                </td>
              </tr>
            ))}
          </DataTable>
          <LoadMoreButton list={events} />
        </div>
      ) : null}

      <EventFormDialog
        open={form !== null}
        onOpenChange={(open) => (open ? undefined : setForm(null))}
        event={form?.event}
      />
      <AttendeesDialog event={attendeesOf} onClose={() => setAttendeesOf(null)} />
      <CancelEventDialog event={cancelling} onClose={() => setCancelling(null)} />
    </div>
  )
}
