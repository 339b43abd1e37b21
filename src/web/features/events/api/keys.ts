import type { AdminEventWhen } from '#shared/events/constants.ts'

/** The admin table's filters as they sit in the URL and the query key (no cursor: pages belong to one search). */
export type AdminEventFilters = { q: string; when: AdminEventWhen }

// The events area's query keys (ARCHITECTURE.md rule 6): the member side and,
// under ['events', 'admin'], the admins' side. Any change to an event may move the
// seats of every list, so writes and live messages refresh all of ['events'].
export const eventKeys = {
  all: ['events'] as const,
  list: ['events', 'list'] as const,
  detail: (eventId: string) => ['events', 'detail', eventId] as const,
  mine: ['events', 'mine'] as const,
  next: ['events', 'next'] as const,
  admin: ['events', 'admin'] as const,
  adminList: (filters: AdminEventFilters) => ['events', 'admin', 'list', filters] as const,
  adminUpcoming: ['events', 'admin', 'upcoming'] as const,
  attendees: (eventId: string) => ['events', 'admin', 'attendees', eventId] as const,
}
