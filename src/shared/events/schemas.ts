import { z } from 'zod'
import { Cursor, email, httpUrl, requiredText, PageQuery } from '#shared/common/fields.ts'
import {
  adminEventWhens,
  capacityMax,
  defaultCapacity,
  defaultDurationMinutes,
  durationMaxMinutes,
  eventDescriptionMaxLength,
  eventLocationMaxLength,
  eventSearchMaxLength,
  eventTitleMaxLength,
  eventTypes,
  joinUrlMaxLength,
  registrationCompanyMaxLength,
  registrationJobTitleMaxLength,
  registrationNameMaxLength,
  registrationNoteMaxLength,
  type EventStatus,
  type EventType,
  type RegistrationStatus,
} from './constants.ts'
import { adminEventMessages, eventMessages } from './messages.ts'
import { isCalendarDate, isClockTime, isTimeZone } from './time.ts'

// Events (issue 17): what the member pages, the admin page, the dashboard cards
// and the live topic exchange with the server. A webinar's join link is in a view
// only for a member with a confirmed seat, and for admins (docs/decisions/026).

// ---------- member lists ----------

export const EventListQuery = PageQuery
export type EventListQuery = PageQuery

/** The viewer's own registration for an event, as it stands. */
export type MyRegistration = {
  status: Exclude<RegistrationStatus, 'cancelled'>
  /** 1 for the next member to get a seat; null when confirmed */
  waitlistPosition: number | null
  registeredAt: string
}

/** An event as a member sees it (spec 001 §2 Events, §3 Event). */
export type EventView = {
  id: string
  title: string
  description: string
  type: EventType
  status: EventStatus
  /** the instant it starts and ends, ISO (UTC) */
  startsAt: string
  endsAt: string
  /** the IANA zone of the place: times are shown in it beside the member's */
  timeZone: string
  location: string
  capacity: number
  /** spec 001 §4: capacity minus confirmed registrations, never below 0 */
  spotsRemaining: number
  waitlistCount: number
  imageUrl: string | null
  /** the webinar's link: only for a confirmed registrant or an admin, otherwise null */
  joinUrl: string | null
  myRegistration: MyRegistration | null
}

export type EventPage = { events: EventView[]; nextCursor: string | null }

// ---------- registration (spec 001 §5 Event registration) ----------

const optionalNote = (max: number) =>
  z
    .string({ error: eventMessages.fieldTooLong })
    .trim()
    .max(max, { error: eventMessages.fieldTooLong })
    .optional()
    .transform((text) => text || null)

export const RegistrationInput = z.object({
  firstName: requiredText(eventMessages.firstNameRequired, registrationNameMaxLength, eventMessages.fieldTooLong),
  lastName: requiredText(eventMessages.lastNameRequired, registrationNameMaxLength, eventMessages.fieldTooLong),
  email: email(eventMessages.invalidEmail, eventMessages.emailRequired),
  company: optionalNote(registrationCompanyMaxLength),
  jobTitle: optionalNote(registrationJobTitleMaxLength),
  dietaryRestrictions: optionalNote(registrationNoteMaxLength),
  specialRequirements: optionalNote(registrationNoteMaxLength),
})
/** What the form holds (optional fields may be empty strings). */
export type RegistrationForm = z.input<typeof RegistrationInput>
export type RegistrationInput = z.output<typeof RegistrationInput>

/** The outcome: a seat, or a place on the waitlist when the event was full. */
export type RegistrationResult = { status: 'confirmed' | 'waitlisted'; event: EventView }

/** The member dashboard's Upcoming Events (spec 001 §2): confirmed, future, soonest first, at most 3. */
export type MyEvents = { events: EventView[] }

// ---------- admin (spec 002 §2 Manage Events, §5 Event form) ----------

export const AdminEventQuery = z.object({
  q: z.string().trim().max(eventSearchMaxLength).optional(),
  when: z.enum(adminEventWhens, { error: adminEventMessages.invalidWhen }).default('upcoming'),
  cursor: Cursor,
})
export type AdminEventQuery = z.infer<typeof AdminEventQuery>

/**
 * spec 002 §5: title, date, time, location, type and capacity (at least 1, 50 by
 * default) required. The date and time are the place's wall clock in `timeZone`.
 * `joinUrl` is a webinar's link (https); `imageKey` an image uploaded first.
 */
export const EventInput = z.object({
  title: requiredText(adminEventMessages.titleRequired, eventTitleMaxLength, adminEventMessages.titleTooLong),
  description: z
    .string()
    .trim()
    .max(eventDescriptionMaxLength, { error: adminEventMessages.descriptionTooLong })
    .default(''),
  date: requiredText(adminEventMessages.dateRequired).refine(isCalendarDate, { error: adminEventMessages.invalidDate }),
  time: requiredText(adminEventMessages.timeRequired).refine(isClockTime, { error: adminEventMessages.invalidTime }),
  timeZone: requiredText(adminEventMessages.timeZoneRequired).refine(isTimeZone, {
    error: adminEventMessages.timeZoneRequired,
  }),
  durationMinutes: z.coerce
    .number({ error: adminEventMessages.durationInvalid })
    .int({ error: adminEventMessages.durationInvalid })
    .min(1, { error: adminEventMessages.durationInvalid })
    .max(durationMaxMinutes, { error: adminEventMessages.durationInvalid })
    .default(defaultDurationMinutes),
  location: requiredText(
    adminEventMessages.locationRequired,
    eventLocationMaxLength,
    adminEventMessages.locationTooLong,
  ),
  type: z.enum(eventTypes, { error: adminEventMessages.typeRequired }),
  capacity: z.coerce
    .number({ error: adminEventMessages.capacityMin })
    .int({ error: adminEventMessages.capacityMin })
    .min(1, { error: adminEventMessages.capacityMin })
    .max(capacityMax, { error: adminEventMessages.capacityTooLarge })
    .default(defaultCapacity),
  joinUrl: z
    .union([z.literal(''), httpUrl(adminEventMessages.invalidJoinUrl, joinUrlMaxLength)])
    .optional()
    .transform((url) => url || null),
  imageKey: z.string().max(300).nullable().default(null),
})
export type EventForm = z.input<typeof EventInput>
export type EventInput = z.output<typeof EventInput>

/** An event in the admin table and form: the member's view with its counts and its form fields. */
export type AdminEventView = Omit<EventView, 'myRegistration'> & {
  confirmedCount: number
  /** the form's fields: the wall clock in the event's zone */
  date: string
  time: string
  durationMinutes: number
  imageKey: string | null
  cancelledAt: string | null
  createdAt: string
  updatedAt: string
}

export type AdminEventPage = { events: AdminEventView[]; nextCursor: string | null }

export const EventCancelInput = z.object({
  /** told to registrants in the cancellation e-mail */
  reason: z.string().trim().max(registrationNoteMaxLength, { error: eventMessages.fieldTooLong }).default(''),
})
export type EventCancelInput = z.infer<typeof EventCancelInput>

/** One registration in the attendee list (and its CSV). */
export type AttendeeView = {
  id: string
  userId: string
  status: RegistrationStatus
  firstName: string
  lastName: string
  email: string
  company: string | null
  jobTitle: string | null
  dietaryRestrictions: string | null
  specialRequirements: string | null
  waitlistPosition: number | null
  registeredAt: string
}

export type AttendeeList = { event: AdminEventView; attendees: AttendeeView[] }

export type EventImageAnswer = { imageKey: string }

// ---------- live (topic 'events', src/shared/access.ts) ----------

/** An event's seats, details or existence changed: lists and pages showing it read it again. */
export type EventsChangedEvent = { type: 'events.changed'; data: { eventId: string } }
