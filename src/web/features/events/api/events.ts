import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import { eventMessages } from '#shared/events/messages.ts'
import type { EventView, RegistrationForm } from '#shared/events/schemas.ts'
import { answer, ApiError, isNotFoundError } from '#web/lib/api.ts'
import { useLiveTopic } from '#web/lib/live.ts'
import { useToastedMutation } from '#web/lib/use-toasted-mutation.ts'
import { eventParam, eventsApi } from '#web/features/events/api/clients.ts'
import { eventKeys } from '#web/features/events/api/keys.ts'

export { eventKeys } from '#web/features/events/api/keys.ts'

// The member side of events (spec 001 §2 Events, Event registration, the member
// dashboard's Upcoming Events; issue 17: the waitlist and cancelling). The admin
// side lives in admin-events.ts, under ['events', 'admin'].

/** Upcoming events, soonest first, a page at a time ('Load more'). */
export const eventListQuery = () =>
  infiniteQueryOptions({
    queryKey: eventKeys.list,
    queryFn: ({ pageParam, signal }) =>
      answer(eventsApi.index.$get({ query: pageParam ? { cursor: pageParam } : {} }, { init: { signal } })),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  })

export const eventQuery = (eventId: string) =>
  queryOptions({
    queryKey: eventKeys.detail(eventId),
    queryFn: ({ signal }) => answer(eventsApi[':eventId'].$get({ param: eventParam(eventId) }, { init: { signal } })),
  })

/** spec 001 §2 Upcoming Events: the member's confirmed seats to come, at most three. */
export const myEventsQuery = () =>
  queryOptions({
    queryKey: eventKeys.mine,
    queryFn: async ({ signal }) => (await answer(eventsApi.mine.$get({}, { init: { signal } }))).events,
  })

/** The next few events, for the community's right column. */
export const nextEventsQuery = () =>
  queryOptions({
    queryKey: eventKeys.next,
    queryFn: async ({ signal }) => (await answer(eventsApi.next.$get({}, { init: { signal } }))).events,
    staleTime: 60_000,
  })

/** Is this refusal the event's absence (unknown, or a malformed id)? */
export function isEventNotFound(error: unknown): boolean {
  return isNotFoundError(error, eventMessages.notFound)
}

/**
 * Every open list and page of events reads again when an event changes (the live
 * 'events' topic): a seat taken elsewhere moves 'spots remaining' on every card, and
 * a moved or cancelled event shows as it now is, even on the page of its form.
 */
export function useLiveEvents() {
  const queryClient = useQueryClient()
  const refresh = () => void queryClient.invalidateQueries({ queryKey: eventKeys.all })
  useLiveTopic('events', refresh, refresh)
}

/**
 * spec 001 §5: registers the member. The answer says whether they have a seat or,
 * the event being full, a place on its waitlist (issue 17); the page says which.
 */
export function useRegisterForEvent(eventId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    // the form's values as typed: the server trims them and stores blanks as none
    mutationFn: (values: RegistrationForm) =>
      answer(eventsApi[':eventId'].registration.$post({ param: eventParam(eventId), json: values })),
    onSuccess: (result) => {
      toast.success(result.status === 'confirmed' ? eventMessages.registered : eventMessages.waitlisted)
      queryClient.setQueryData(eventKeys.detail(eventId), result.event)
      void queryClient.invalidateQueries({ queryKey: eventKeys.all })
    },
    onError: (error) => {
      // registered in another tab, or the event changed meanwhile: show the event as it stands
      if (error instanceof ApiError && error.status === 409)
        void queryClient.invalidateQueries({ queryKey: eventKeys.all })
    },
  })
}

/** Gives up the member's seat (the next on the waitlist gets it) or their place in the queue. */
export function useCancelRegistration() {
  const queryClient = useQueryClient()
  return useToastedMutation({
    mutationFn: (event: EventView) =>
      answer(eventsApi[':eventId'].registration.$delete({ param: eventParam(event.id) })),
    success: (_answer, event) =>
      event.myRegistration?.status === 'waitlisted' ? eventMessages.waitlistLeft : eventMessages.registrationCancelled,
    failure: eventMessages.cancelFailed,
    onSuccess: (changed) => queryClient.setQueryData(eventKeys.detail(changed.event.id), changed.event),
    refresh: eventKeys.all,
    // a refusal (the event started or was cancelled meanwhile) shows the event as it now is
    refreshOnError: true,
  })
}
