import { sql } from 'drizzle-orm'
import { boolean, check, customType, index, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core'
import { user } from './auth.ts'

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' })

// spec 001 §3 Job, spec 002 §3 Job. `search` is the full-text document of the
// board's search box (title, company, location, skills, description), weighted so
// that a title or company hit ranks first; `location_search` serves the location
// filter. Both are generated, so no write can forget them (docs/decisions/009).
// jobs_skills_text is an IMMUTABLE wrapper of array_to_string (which is only
// STABLE), and jobs_search_words turns punctuation into spaces ('Node.js' is read
// as 'node js', as the search box reads it), both created by migration 0004
// before this table.
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    company: text('company').notNull(),
    logoKey: text('logo_key'),
    location: text('location').notNull(),
    type: text('type').notNull(),
    remote: boolean('remote').notNull().default(false),
    salary: text('salary').notNull(),
    status: text('status').notNull().default('active'),
    technicalSkills: text('technical_skills')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    softSkills: text('soft_skills')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    description: text('description').notNull(),
    requirements: text('requirements')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    responsibilities: text('responsibilities')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    benefits: text('benefits')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    contactEmail: text('contact_email'),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    postedAt: timestamp('posted_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('english', jobs_search_words(coalesce(title, '') || ' ' || coalesce(company, ''))), 'A') || setweight(to_tsvector('english', jobs_search_words(jobs_skills_text(technical_skills, soft_skills))), 'B') || setweight(to_tsvector('english', jobs_search_words(coalesce(location, ''))), 'C') || setweight(to_tsvector('english', jobs_search_words(coalesce(description, ''))), 'D')`,
      ),
    locationSearch: tsvector('location_search')
      .notNull()
      .generatedAlwaysAs(sql`to_tsvector('simple', coalesce(location, ''))`),
  },
  (table) => [
    // fastupdate off: a GIN pending list is read in full by every search until a
    // VACUUM merges it, and PGlite runs no autovacuum (10 ms for a word no job
    // holds, at 100,000 jobs); jobs are written one at a time (issue 23)
    index('jobs_search_idx').using('gin', table.search).with({ fastupdate: false }),
    // A location with the board's type and remote filters, intersected in the index
    // (btree_gin gives type and remote GIN operator classes): a city's never-seen
    // search visits the rows of its type, not every row of the city (issue 23 §2;
    // docs/decisions/040). The posted-within filter stays out: a range over every
    // job's distinct posted_at is a partial match over tens of thousands of keys.
    // remote as 0 or 1: an equality on it is an exact key of the index on every
    // PostgreSQL (a boolean is btree_gin's only from version 16 on, decision 040)
    index('jobs_location_filters_idx')
      .using('gin', table.locationSearch, table.type, sql`((${table.remote})::int)`)
      .with({ fastupdate: false }),
    // ascending on purpose: scanned backwards it gives ORDER BY posted_at DESC, id DESC
    // (drizzle's .desc() would add NULLS LAST, which that ORDER BY cannot use)
    index('jobs_board_order_idx').on(table.status, table.postedAt, table.id),
    // the admin table, newest created first (scanned backwards, as above)
    index('jobs_admin_order_idx').on(table.createdAt, table.id),
    // foreign key index (issue 23 §5): deleting an admin sets their jobs' creator to null
    index('jobs_created_by_idx').on(table.createdBy),
    check('jobs_type_check', sql`${table.type} in ('Full-time', 'Part-time', 'Contract', 'Remote', 'Internship')`),
    check('jobs_status_check', sql`${table.status} in ('active', 'closed')`),
  ],
)

// spec 001 §3 saved_jobs: one row per member and job (saving twice stores one row)
export const savedJobs = pgTable(
  'saved_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('saved'),
    notes: text('notes'),
    savedAt: timestamp('saved_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('saved_jobs_user_job_unique').on(table.userId, table.jobId),
    index('saved_jobs_user_idx').on(table.userId, table.savedAt),
    // the unique key leads with the member; deleting a job finds its saves by this (issue 23 §5)
    index('saved_jobs_job_idx').on(table.jobId),
  ],
)

// issue 5: applications are stored (the earlier implementation only sent an e-mail).
// A job with applications is not deleted (admins reach them through it); the job's
// title and company are still copied, so a member's list reads right whatever
// becomes of the job. The resume is a PRIVATE storage object served only to the
// applicant and admins.
export const jobApplications = pgTable(
  'job_applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    jobId: uuid('job_id').references(() => jobs.id, { onDelete: 'set null' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    jobTitle: text('job_title').notNull(),
    company: text('company').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    coverLetter: text('cover_letter').notNull(),
    resumeKey: text('resume_key').notNull(),
    resumeFileName: text('resume_file_name').notNull(),
    status: text('status').notNull().default('submitted'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('job_applications_job_user_unique').on(table.jobId, table.userId),
    index('job_applications_user_idx').on(table.userId, table.createdAt),
    // with id: the admin's pages of a job's applications walk it by their (created_at, id) cursor
    index('job_applications_job_idx').on(table.jobId, table.createdAt, table.id),
    // the admin dashboard's 'applications this week' (issue 22)
    index('job_applications_created_idx').on(table.createdAt),
    check(
      'job_applications_status_check',
      sql`${table.status} in ('submitted', 'reviewed', 'interviewing', 'offered', 'rejected')`,
    ),
  ],
)
