import type { adminEventRoutes, eventRoutes } from '#server/modules/events/routes.ts'
import { apiClient } from '#web/lib/api-client.ts'

// The events area's typed clients, one per server route group (mount bases: src/server/app.ts).

const eventsBase = '/api/events'
const adminEventsBase = '/api/admin/events'

export const eventsApi = apiClient<typeof eventRoutes>(eventsBase)
export const adminEventsApi = apiClient<typeof adminEventRoutes>(adminEventsBase)

/** An event id as a path segment (it may come from a hand-edited page URL). */
export const eventParam = (eventId: string) => ({ eventId: encodeURIComponent(eventId) })

/** The .ics file of the member's confirmed seat: a plain download link, the browser saves the attachment. */
export const calendarFileUrl = (eventId: string) => `${eventsBase}/${encodeURIComponent(eventId)}/registration/calendar`

/** The attendee list as CSV (a plain download link). */
export const attendeesCsvUrl = (eventId: string) => `${adminEventsBase}/${encodeURIComponent(eventId)}/attendees.csv`
