import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core'
import { user } from './auth.ts'

// The course catalogue, its structure and each member's progress (issue 15,
// docs/decisions/024). What a member may see: published courses that are not
// deleted, and in them the published modules and lessons; never a quiz's answers.

// spec 002 §3 Course category: id, name, description, updated_at. A category may
// be deleted; its courses then have none (category_id set null).
export const courseCategories = pgTable('course_categories', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique('course_categories_name_unique'),
  description: text('description').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

// spec 001 §3 and 002 §3 Course, with the marketplace listing's price, sale price
// and sale end as columns: the spec makes exactly one listing per course (created
// with price 0 beside the course), so a second table would only add a join to
// every list and filter (docs/decisions/024). Soft delete is `deleted_at` (null =
// live): 'Delete All Courses' stamps every row with one transaction's now(), so
// undoing it restores exactly the rows carrying that stamp.
export const courses = pgTable(
  'courses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    categoryId: uuid('category_id').references(() => courseCategories.id, { onDelete: 'set null' }),
    imageKey: text('image_key'),
    // hours, one decimal (spec 001 §9 filters read hours: 0-2, 2-5, 5-10, 10+; 0-20, 20-40, 40+)
    durationHours: numeric('duration_hours', { precision: 6, scale: 1, mode: 'number' }).notNull(),
    level: text('level').notNull().default('Beginner'),
    skills: text('skills')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    provider: text('provider').notNull(),
    isPublished: boolean('is_published').notNull().default(false),
    isFeatured: boolean('is_featured').notNull().default(false),
    salaryRange: text('salary_range').notNull().default(''),
    hasCertification: boolean('has_certification').notNull().default(false),
    affiliateUrl: text('affiliate_url'),
    priceCents: integer('price_cents').notNull().default(0),
    salePriceCents: integer('sale_price_cents'),
    saleEndsAt: timestamp('sale_ends_at', { withTimezone: true }),
    enrolClicks: integer('enrol_clicks').notNull().default(0),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // Members' lists (browse and marketplace), newest first, keyset paged. Ascending
    // on purpose: scanned backwards they give ORDER BY created_at DESC, id DESC
    // exactly (drizzle's .desc() would add NULLS LAST). Partial: only what members see.
    index('courses_listed_order_idx')
      .on(table.createdAt, table.id)
      .where(sql`${table.isPublished} and ${table.deletedAt} is null`),
    index('courses_listed_level_idx')
      .on(table.level, table.createdAt, table.id)
      .where(sql`${table.isPublished} and ${table.deletedAt} is null`),
    index('courses_listed_category_idx')
      .on(table.categoryId, table.createdAt, table.id)
      .where(sql`${table.isPublished} and ${table.deletedAt} is null`),
    index('courses_listed_duration_idx')
      .on(table.durationHours, table.createdAt, table.id)
      .where(sql`${table.isPublished} and ${table.deletedAt} is null`),
    // the admin's table: every live course, drafts included, newest first
    index('courses_admin_order_idx')
      .on(table.createdAt, table.id)
      .where(sql`${table.deletedAt} is null`),
    // Foreign key indexes (issue 23 §5), whole-table: the partial ones above leave out
    // drafts and deleted courses, which a category's count and delete still reach.
    index('courses_category_idx').on(table.categoryId),
    index('courses_created_by_idx').on(table.createdBy),
    // Search is a case-insensitive substring of title or description (spec 001 §5):
    // ILIKE '%…%', which a pg_trgm GIN index answers (both sides: members and admin).
    index('courses_title_trgm_idx').using('gin', sql`${table.title} gin_trgm_ops`),
    index('courses_description_trgm_idx').using('gin', sql`${table.description} gin_trgm_ops`),
    check('courses_level_check', sql`${table.level} in ('Beginner', 'Intermediate', 'Advanced')`),
    check('courses_duration_check', sql`${table.durationHours} >= 0`),
    check('courses_price_check', sql`${table.priceCents} >= 0`),
    check('courses_sale_price_check', sql`${table.salePriceCents} is null or ${table.salePriceCents} >= 0`),
    check('courses_enrol_clicks_check', sql`${table.enrolClicks} >= 0`),
  ],
)

// spec 002 §3 Course module. Ids stay stable across edits (lessons and members'
// progress hang on them): the admin's save updates rows in place, inserts new ones
// and deletes only the ones removed, in one transaction; `position` is renumbered
// 1..n on each save (no unique constraint, so a reorder needs no deferral).
export const courseModules = pgTable(
  'course_modules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    durationMinutes: integer('duration_minutes').notNull().default(0),
    position: integer('position').notNull(),
    status: text('status').notNull().default('draft'),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('course_modules_course_order_idx').on(table.courseId, table.position),
    check('course_modules_position_check', sql`${table.position} >= 1`),
    check('course_modules_duration_check', sql`${table.durationMinutes} >= 0`),
    check('course_modules_status_check', sql`${table.status} in ('draft', 'published')`),
  ],
)

// spec 002 §3 Lesson. `content` is Markdown (reading, assignment; rendered and
// sanitised on the server); `video_key` a storage object (ours, served with byte
// ranges); `pass_mark` the percentage of right answers a quiz needs.
export const lessons = pgTable(
  'lessons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    moduleId: uuid('module_id')
      .notNull()
      .references(() => courseModules.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    type: text('type').notNull().default('video'),
    durationMinutes: integer('duration_minutes').notNull().default(0),
    content: text('content').notNull().default(''),
    videoKey: text('video_key'),
    position: integer('position').notNull(),
    status: text('status').notNull().default('draft'),
    version: integer('version').notNull().default(1),
    passMark: integer('pass_mark').notNull().default(70),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('lessons_module_order_idx').on(table.moduleId, table.position),
    check('lessons_type_check', sql`${table.type} in ('video', 'reading', 'quiz', 'assignment')`),
    check('lessons_status_check', sql`${table.status} in ('draft', 'published')`),
    check('lessons_position_check', sql`${table.position} >= 1`),
    check('lessons_duration_check', sql`${table.durationMinutes} >= 0`),
    check('lessons_pass_mark_check', sql`${table.passMark} between 0 and 100`),
  ],
)

// A quiz lesson's questions, one row each: the right answer lives in a column no
// member query selects (docs/decisions/024), and each question has an id that an
// attempt's answers refer to, so a reorder does not re-mark old attempts.
export const quizQuestions = pgTable(
  'quiz_questions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    lessonId: uuid('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    prompt: text('prompt').notNull(),
    choices: text('choices').array().notNull(),
    correctChoice: integer('correct_choice').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('quiz_questions_lesson_order_idx').on(table.lessonId, table.position),
    check('quiz_questions_position_check', sql`${table.position} >= 1`),
    check(
      'quiz_questions_choice_check',
      sql`cardinality(${table.choices}) >= 2 and ${table.correctChoice} >= 0 and ${table.correctChoice} < cardinality(${table.choices})`,
    ),
  ],
)

// A member's progress in one lesson: the furthest share of a video watched, and
// when the lesson was completed (null until then). Keyed by the stable lesson id.
export const lessonProgress = pgTable(
  'lesson_progress',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    lessonId: uuid('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    watchedFraction: real('watched_fraction').notNull().default(0),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.lessonId] }),
    index('lesson_progress_lesson_idx').on(table.lessonId),
    check('lesson_progress_fraction_check', sql`${table.watchedFraction} between 0 and 1`),
  ],
)

// Every quiz attempt is kept: answers (question id -> chosen index), the score in
// per cent and whether it reached the lesson's pass mark.
export const quizAttempts = pgTable(
  'quiz_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    lessonId: uuid('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    answers: jsonb('answers').$type<Record<string, number>>().notNull(),
    score: integer('score').notNull(),
    passed: boolean('passed').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('quiz_attempts_user_lesson_idx').on(table.userId, table.lessonId, table.createdAt),
    index('quiz_attempts_lesson_idx').on(table.lessonId),
    check('quiz_attempts_score_check', sql`${table.score} between 0 and 100`),
  ],
)

// A course finished: recorded once, when the member completes its last published lesson.
export const courseCompletions = pgTable(
  'course_completions',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    completedAt: timestamp('completed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.courseId] }),
    index('course_completions_course_idx').on(table.courseId),
  ],
)

// spec 001 §3 saved_courses: one row per member and course (saving twice stores one row)
export const savedCourses = pgTable(
  'saved_courses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    notes: text('notes'),
    savedAt: timestamp('saved_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('saved_courses_user_course_unique').on(table.userId, table.courseId),
    index('saved_courses_user_idx').on(table.userId, table.savedAt),
    index('saved_courses_course_idx').on(table.courseId),
  ],
)
