import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core'
import { user } from './auth.ts'

// Career goals and the daily routine (issue 21; spec 001 §3 Career goal, Routine
// data; docs/decisions/030). A routine belongs to a member's OWN day: `day` is the
// date in the member's time zone (user_profiles.time_zone), never the server's.

export const careerGoals = pgTable(
  'career_goals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    type: text('type').notNull(),
    targetDate: date('target_date'),
    /** spec 001 §4: created active; achieved and archived are ours (issue 21) */
    status: text('status').notNull().default('active'),
    progress: integer('progress').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** when it was achieved or archived */
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (table) => [
    index('career_goals_user_idx').on(table.userId, table.status, table.createdAt),
    check(
      'career_goals_type_check',
      sql`${table.type} in ('promotion', 'transition', 'remote', 'consulting', 'leadership')`,
    ),
    check('career_goals_status_check', sql`${table.status} in ('active', 'achieved', 'archived')`),
    // spec 001 §9: 0-100 in steps of 5
    check('career_goals_progress_check', sql`${table.progress} between 0 and 100 and ${table.progress} % 5 = 0`),
  ],
)

/** One row per member and day they opened their routine: the challenge, the reflection, completion. */
export const routineDays = pgTable(
  'routine_days',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    challengeCompleted: boolean('challenge_completed').notNull().default(false),
    /** the evening reflection's three answers (shared/goals RoutineReflection); null until saved */
    reflection: jsonb('reflection'),
    reflectedAt: timestamp('reflected_at', { withTimezone: true }),
    /** set while the day counts as completed (the calendar's marks and the streaks) */
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.day] }),
    // streaks walk a member's completed days, newest first
    index('routine_days_completed_idx')
      .on(table.userId, table.day)
      .where(sql`${table.completedAt} is not null`),
  ],
)

/** The time-block schedule of a member's day (spec 001 §3 timeBlocks): their own, editable. */
export const routineTimeBlocks = pgTable(
  'routine_time_blocks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    /** 'HH:MM', 24-hour, in the member's time zone */
    time: text('time').notNull(),
    activity: text('activity').notNull(),
    status: text('status').notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('routine_time_blocks_day_idx').on(table.userId, table.day, table.time),
    check('routine_time_blocks_status_check', sql`${table.status} in ('pending', 'completed', 'skipped')`),
    check('routine_time_blocks_time_check', sql`${table.time} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`),
  ],
)

/** The priority tasks of a member's day (spec 001 §3 priorityTasks). */
export const routineTasks = pgTable(
  'routine_tasks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    title: text('title').notNull(),
    completed: boolean('completed').notNull().default(false),
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('routine_tasks_day_idx').on(table.userId, table.day, table.position)],
)

/** What admins set for a calendar day: the quote, the coach's tip and the challenge (issue 21). */
export const routineDailyContent = pgTable(
  'routine_daily_content',
  {
    day: date('day').primaryKey(),
    quoteText: text('quote_text'),
    quoteAuthor: text('quote_author'),
    coachTip: text('coach_tip'),
    challengeTitle: text('challenge_title'),
    challengeDescription: text('challenge_description'),
    challengeMinutes: integer('challenge_minutes'),
    updatedBy: text('updated_by').references(() => user.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // foreign key index (issue 23 §5): deleting an admin sets the days they edited to null
    index('routine_daily_content_updated_by_idx').on(table.updatedBy),
  ],
)

/** A member's routine settings: the focus skill and the daily nudge e-mail (opt-in). */
export const routineSettings = pgTable('routine_settings', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  focusSkill: text('focus_skill'),
  nudgeEmail: boolean('nudge_email').notNull().default(false),
  /** the member's day the last nudge went for: never two for one day */
  lastNudgedDay: date('last_nudged_day'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})
