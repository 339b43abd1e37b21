import { useQuery } from '@tanstack/react-query'
import { Download } from 'lucide-react'
import { adminEventMessages } from '#shared/events/messages.ts'
import type { AdminEventView, AttendeeView } from '#shared/events/schemas.ts'
import { buttonClasses } from '#web/components/ui/button.tsx'
import { DataTable } from '#web/components/ui/data-table.tsx'
import { Dialog, DialogContent } from '#web/components/ui/dialog.tsx'
import { StatusBadge } from '#web/components/ui/status-badge.tsx'
import { attendeesQuery } from '#web/features/events/api/admin-events.ts'
import { attendeesCsvUrl } from '#web/features/events/api/clients.ts'
import { eventOwnTime } from '#web/features/events/components/event-format.ts'
import { messageOf } from '#web/lib/api.ts'

const registeredFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' })

const columns = [
  'Name',
  'Email',
  'Status',
  'Company',
  'Job title',
  'Dietary restrictions',
  'Special requirements',
  'Registered',
]

function statusLabel(attendee: AttendeeView): string {
  if (attendee.status === 'confirmed') return 'Confirmed'
  if (attendee.status === 'cancelled') return 'Cancelled'
  return attendee.waitlistPosition ? `Waitlist #${attendee.waitlistPosition}` : 'Waitlisted'
}

/** The registrations of one event, seats and waitlist alike, with everything the form collected, and its CSV (issue 17). */
export function AttendeesDialog({ event, onClose }: { event: AdminEventView | null; onClose: () => void }) {
  return (
    <Dialog open={event !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {event ? (
        <DialogContent
          title={`Attendees of ${event.title}`}
          description={eventOwnTime(event)}
          className="max-h-[calc(100dvh-2rem)] max-w-5xl overflow-y-auto"
        >
          <AttendeeTable event={event} />
        </DialogContent>
      ) : null}
    </Dialog>
  )
}

function AttendeeTable({ event }: { event: AdminEventView }) {
  const list = useQuery(attendeesQuery(event.id))
  if (list.isPending) {
    return (
      <p role="status" className="text-muted-foreground">
        Loading attendees…
      </p>
    )
  }
  if (list.isError) return <p role="alert">{messageOf(list.error, adminEventMessages.attendeesLoadFailed)}</p>
  const { attendees } = list.data
  const seats = list.data.event
  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground">
          {seats.confirmedCount} of {seats.capacity} seats taken · {seats.waitlistCount} on the waitlist
        </p>
        <a href={attendeesCsvUrl(event.id)} download className={buttonClasses('outline', 'sm')}>
          <Download aria-hidden="true" className="size-4" />
          Download CSV
        </a>
      </div>
      {attendees.length === 0 ? (
        <p className="rounded-xl border border-dashed border-border p-6 text-center text-muted-foreground">
          {adminEventMessages.noAttendees}
        </p>
      ) : (
        <DataTable caption={`Attendees of ${event.title}`} columns={columns}>
          {attendees.map((attendee) => (
            <tr key={attendee.id} className="border-b border-border align-top last:border-b-0">
              <th scope="row" className="px-3 py-2 font-medium whitespace-nowrap">
                {attendee.firstName} {attendee.lastName}
              </th>
              <td className="px-3 py-2">
                <a href={`mailto:${attendee.email}`} className="underline-offset-4 hover:underline">
                  {attendee.email}
                </a>
              </td>
              <td className="px-3 py-2 whitespace-nowrap">
                <StatusBadge live={attendee.status === 'confirmed'} compact>
                  {statusLabel(attendee)}
                </StatusBadge>
              </td>
              <td className="px-3 py-2">{attendee.company ?? ''}</td>
              <td className="px-3 py-2">{attendee.jobTitle ?? ''}</td>
              <td className="px-3 py-2">{attendee.dietaryRestrictions ?? ''}</td>
              <td className="px-3 py-2">{attendee.specialRequirements ?? ''}</td>
              <td className="px-3 py-2 whitespace-nowrap">
                {registeredFormat.format(new Date(attendee.registeredAt))}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </div>
  )
}
