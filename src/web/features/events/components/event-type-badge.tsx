import { eventTypeLabels, type EventType } from '#shared/events/constants.ts'

/** The event's type as a pill (spec 001 §2: type badge). */
export function EventTypeBadge({ type }: { type: EventType }) {
  return (
    <span className="inline-flex w-fit rounded-full border border-border bg-muted px-2.5 py-0.5 text-xs font-medium">
      {eventTypeLabels[type]}
    </span>
  )
}
