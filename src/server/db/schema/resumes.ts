import { sql } from 'drizzle-orm'
import { check, index, integer, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core'
import { user } from './auth.ts'

// Resume review (issue 16; spec 001 §3 Resume review, comment, score; spec 002 §3).
// The PDF is a PRIVATE object of storage (`file_key`; only its owner and admins
// read it). `status` moves pending -> in_review (an admin opened the file) ->
// reviewed (an admin scored it). The automatic pre-score (a queue job reads the
// PDF's text) lands in `suggestion` once `suggestion_status` is 'ready'.
export const resumeReviews = pgTable(
  'resume_reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** where updates go, stored lowercased (spec 001 §3) */
    email: text('email').notNull(),
    fileKey: text('file_key').notNull(),
    fileBytes: integer('file_bytes').notNull(),
    status: text('status').notNull().default('pending'),
    /** the latest score's feedback (spec 001 §3 admin_feedback) */
    adminFeedback: text('admin_feedback'),
    suggestionStatus: text('suggestion_status').notNull().default('pending'),
    /** the pre-score: suggested sub-scores with their reasons (shared/resumes/schemas.ts ResumeSuggestion) */
    suggestion: jsonb('suggestion'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    inReviewAt: timestamp('in_review_at', { withTimezone: true }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  },
  (table) => [
    index('resume_reviews_user_idx').on(table.userId, table.createdAt),
    index('resume_reviews_created_idx').on(table.createdAt, table.id),
    // the admin dashboard's open reviews (issue 22): a count over the few still open
    index('resume_reviews_open_idx')
      .on(table.status)
      .where(sql`${table.status} in ('pending', 'in_review')`),
    check('resume_reviews_status_check', sql`${table.status} in ('pending', 'in_review', 'reviewed')`),
    check('resume_reviews_suggestion_status_check', sql`${table.suggestionStatus} in ('pending', 'ready', 'failed')`),
  ],
)

export const resumeReviewComments = pgTable(
  'resume_review_comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reviewId: uuid('review_id')
      .notNull()
      .references(() => resumeReviews.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('resume_review_comments_review_idx').on(table.reviewId, table.createdAt, table.id),
    // foreign key index (issue 23 §5): deleting an account deletes its comments
    index('resume_review_comments_user_idx').on(table.userId),
  ],
)

// One row per scoring: a review scored again gets the next iteration (1, 2, ...).
export const resumeScores = pgTable(
  'resume_scores',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reviewId: uuid('review_id')
      .notNull()
      .references(() => resumeReviews.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    iteration: integer('iteration').notNull(),
    keywordScore: integer('keyword_score').notNull(),
    formatScore: integer('format_score').notNull(),
    contentScore: integer('content_score').notNull(),
    atsScore: integer('ats_score').notNull(),
    totalScore: integer('total_score').notNull(),
    feedback: text('feedback').notNull(),
    scoredBy: text('scored_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('resume_scores_iteration_key').on(table.reviewId, table.iteration),
    index('resume_scores_user_idx').on(table.userId, table.createdAt),
    // foreign key index (issue 23 §5): deleting an admin sets their scores' scorer to null
    index('resume_scores_scored_by_idx').on(table.scoredBy),
    check(
      'resume_scores_range_check',
      sql`${table.keywordScore} between 0 and 100 and ${table.formatScore} between 0 and 100 and ${table.contentScore} between 0 and 100 and ${table.atsScore} between 0 and 100 and ${table.totalScore} between 0 and 100`,
    ),
  ],
)
