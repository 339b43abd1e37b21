import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core'
import { user } from './auth.ts'

// Events and registration (issue 17; spec 001 §3 Event, Event registration; spec
// 002 §3 Event; docs/decisions/026). An event starts at one instant (`starts_at`,
// UTC) in a place's IANA zone (`time_zone`, which the admin form's date and time
// are read in). Seats are counted, never stored: capacity minus the confirmed
// registrations, decided under the event row's lock, so the last seat is taken once.
export const events = pgTable(
  'events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    type: text('type').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    durationMinutes: integer('duration_minutes').notNull().default(60),
    timeZone: text('time_zone').notNull(),
    location: text('location').notNull(),
    capacity: integer('capacity').notNull().default(50),
    /** a webinar's link: shown to confirmed registrants and admins only */
    joinUrl: text('join_url'),
    /** a public object of storage (the image upload of spec 002 §5) */
    imageKey: text('image_key'),
    status: text('status').notNull().default('scheduled'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** bumped by every change registrants are told of: calendar files' SEQUENCE */
    revision: integer('revision').notNull().default(0),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('events_starts_idx').on(table.startsAt, table.id),
    // foreign key index (issue 23 §5): deleting an admin sets their events' creator to null
    index('events_created_by_idx').on(table.createdBy),
    check('events_type_check', sql`${table.type} in ('networking', 'workshop', 'webinar')`),
    check('events_status_check', sql`${table.status} in ('scheduled', 'cancelled')`),
    check('events_capacity_check', sql`${table.capacity} >= 1`),
    check('events_duration_check', sql`${table.durationMinutes} between 1 and 1440`),
  ],
)

// One row per member and event (registering again after a cancellation reuses it,
// so its calendar UID stays the same). The form's names, e-mail, company and job
// title are stored with it (the spec did not say where they went).
export const eventRegistrations = pgTable(
  'event_registrations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    company: text('company'),
    jobTitle: text('job_title'),
    dietaryRestrictions: text('dietary_restrictions'),
    specialRequirements: text('special_requirements'),
    /** the waitlist's order: when the member joined it (or registered) */
    queuedAt: timestamp('queued_at', { withTimezone: true }).notNull().defaultNow(),
    /** set when the 24-hour reminder was claimed: it goes once, whatever the instances */
    reminderSentAt: timestamp('reminder_sent_at', { withTimezone: true }),
    /** bumped by every calendar file sent for this registration: its SEQUENCE */
    calendarSequence: integer('calendar_sequence').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('event_registrations_member_key').on(table.eventId, table.userId),
    index('event_registrations_event_idx').on(table.eventId, table.status, table.queuedAt),
    index('event_registrations_user_idx').on(table.userId, table.status),
    check('event_registrations_status_check', sql`${table.status} in ('confirmed', 'waitlisted', 'cancelled')`),
  ],
)
