import { infiniteQueryOptions, keepPreviousData, queryOptions, useMutation } from '@tanstack/react-query'
import { adminEventMessages } from '#shared/events/messages.ts'
import type { EventCancelInput, EventForm } from '#shared/events/schemas.ts'
import { answer } from '#web/lib/api.ts'
import { useToastedMutation } from '#web/lib/use-toasted-mutation.ts'
import { adminEventsApi, eventParam } from '#web/features/events/api/clients.ts'
import { eventKeys, type AdminEventFilters } from '#web/features/events/api/keys.ts'

// The admin side of events (spec 002 §2 Manage Events, §5 Event form; issue 17:
// editing, cancelling, attendees). Every write refreshes all of ['events'], so the
// members' lists and the dashboards show it too.

export const adminEventsQuery = ({ q, when }: AdminEventFilters) =>
  infiniteQueryOptions({
    queryKey: eventKeys.adminList({ q: q.trim(), when }),
    queryFn: ({ pageParam, signal }) =>
      answer(
        adminEventsApi.index.$get(
          { query: { q: q.trim() || undefined, when, cursor: pageParam || undefined } },
          { init: { signal } },
        ),
      ),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    // typing in the search box keeps the last table on screen until the next arrives
    placeholderData: keepPreviousData,
  })

/** spec 002 §2: the admin dashboard's five upcoming events. */
export const adminUpcomingEventsQuery = () =>
  queryOptions({
    queryKey: eventKeys.adminUpcoming,
    queryFn: async ({ signal }) => (await answer(adminEventsApi.upcoming.$get({}, { init: { signal } }))).events,
  })

export const attendeesQuery = (eventId: string) =>
  queryOptions({
    queryKey: eventKeys.attendees(eventId),
    queryFn: ({ signal }) =>
      answer(adminEventsApi[':eventId'].attendees.$get({ param: eventParam(eventId) }, { init: { signal } })),
  })

/** spec 002 §5 Image upload: the image is stored first (checked by its bytes) and its key sent with the event. */
export function useUploadEventImage() {
  return useMutation({
    mutationFn: (image: File) => {
      const form = new FormData()
      form.set('image', image)
      return answer(adminEventsApi.images.$post(undefined, { init: { body: form } }))
    },
    // the form says why, under the image field
  })
}

/** Adds an event, or saves an edit (the server e-mails its registrants when the time, place or link changed). */
export function useSaveEvent() {
  return useToastedMutation({
    mutationFn: ({ eventId, values }: { eventId?: string; values: EventForm }) =>
      eventId
        ? answer(adminEventsApi[':eventId'].$put({ param: eventParam(eventId), json: values }))
        : answer(adminEventsApi.index.$post({ json: values })),
    success: (_event, { eventId }) => (eventId ? adminEventMessages.updated : adminEventMessages.created),
    refresh: eventKeys.all,
    // no failure toast: the form says why, once (lib/form-errors.ts)
  })
}

/** Cancels the event; everyone registered is told by e-mail. */
export function useCancelEvent() {
  return useToastedMutation({
    mutationFn: ({ eventId, input }: { eventId: string; input: EventCancelInput }) =>
      answer(adminEventsApi[':eventId'].cancel.$post({ param: eventParam(eventId), json: input })),
    success: adminEventMessages.cancelled,
    // the confirmation dialog says why it failed
    refresh: eventKeys.all,
  })
}
