// The events area's option lists and limits (issue 17; spec 001 §3, §9; spec 002 §3, §5, §9).

// spec 001 §9, spec 002 §9: three event types
export const eventTypes = ['networking', 'workshop', 'webinar'] as const
export type EventType = (typeof eventTypes)[number]
export const eventTypeLabels: Record<EventType, string> = {
  networking: 'Networking',
  workshop: 'Workshop',
  webinar: 'Webinar',
}

/** An event is on until it is cancelled; a cancelled event stays on record for its registrants. */
export const eventStatuses = ['scheduled', 'cancelled'] as const
export type EventStatus = (typeof eventStatuses)[number]

/**
 * A registration holds a seat (`confirmed`), waits for one (`waitlisted`, promoted
 * oldest first when a seat frees), or was given up (`cancelled`; registering again
 * reuses it).
 */
export const registrationStatuses = ['confirmed', 'waitlisted', 'cancelled'] as const
export type RegistrationStatus = (typeof registrationStatuses)[number]

// spec 002 §3, §5, §9: capacity at least 1, 50 by default
export const defaultCapacity = 50
export const capacityMax = 100_000
export const defaultDurationMinutes = 60
export const durationMaxMinutes = 24 * 60

export const eventTitleMaxLength = 200
export const eventDescriptionMaxLength = 5000
export const eventLocationMaxLength = 200
export const joinUrlMaxLength = 2000
export const eventSearchMaxLength = 200
export const eventImageMaxBytes = 5 * 1024 * 1024

export const registrationNameMaxLength = 100
export const registrationCompanyMaxLength = 200
export const registrationJobTitleMaxLength = 200
export const registrationNoteMaxLength = 1000

/** Events per page of the member list and the admin table. */
export const eventsPageSize = 12
/** spec 001 §2 and §9: the dashboard card shows at most three registered events */
export const dashboardEventsLimit = 3
/** spec 002 §2, §9: the admin dashboard lists five upcoming events */
export const adminUpcomingEventsLimit = 5
/** The community's right column lists the next few events. */
export const nextEventsLimit = 3

/** Registrants hear of an event this long before it starts (issue 17). */
export const reminderLeadHours = 24

/** Event images are public and change under a new key: cached for a day. */
export const eventImageCacheSeconds = 86_400

/** The admin table's time filter. */
export const adminEventWhens = ['upcoming', 'past', 'all'] as const
export type AdminEventWhen = (typeof adminEventWhens)[number]
