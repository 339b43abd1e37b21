import { sql } from 'drizzle-orm'
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { user } from './auth.ts'

// The admin area (issue 22; spec 002 §2 User management; docs/decisions/031).

/** The admins' comment thread on a user's details page (spec 002 §2): never shown to the user. */
export const userAdminComments = pgTable(
  'user_admin_comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** the user the comment is about */
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    authorId: text('author_id').references(() => user.id, { onDelete: 'set null' }),
    content: text('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('user_admin_comments_user_idx').on(table.userId, table.createdAt, table.id),
    // foreign key index (issue 23 §5): deleting an admin sets their comments' author to null
    index('user_admin_comments_author_idx').on(table.authorId),
  ],
)

/**
 * An invitation to an account an admin created (by hand or by CSV import): a
 * set-password link instead of a password typed for someone. Only the token's
 * hash is kept; it works once, until `expires_at`.
 */
export const accountInvitations = pgTable(
  'account_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    invitedBy: text('invited_by').references(() => user.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('account_invitations_user_idx').on(table.userId, table.createdAt),
    // foreign key index (issue 23 §5): deleting an admin sets their invitations' inviter to null
    index('account_invitations_invited_by_idx').on(table.invitedBy),
  ],
)

/** A CSV import of users (spec 002 §4 User CSV import): a queue job, its progress and its report. */
export const userImports = pgTable(
  'user_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fileName: text('file_name').notNull(),
    /** the stored file (private storage) the job reads */
    fileKey: text('file_key').notNull(),
    uploadedBy: text('uploaded_by').references(() => user.id, { onDelete: 'set null' }),
    status: text('status').notNull().default('queued'),
    totalRows: integer('total_rows').notNull().default(0),
    processed: integer('processed').notNull().default(0),
    invited: integer('invited').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    /** [{ line, email, reason }]: existing e-mails and invalid rows, reported, never duplicated */
    failures: jsonb('failures').notNull().default([]),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    index('user_imports_created_idx').on(table.createdAt, table.id),
    // foreign key index (issue 23 §5): deleting an admin sets their imports' uploader to null
    index('user_imports_uploaded_by_idx').on(table.uploadedBy),
    check('user_imports_status_check', sql`${table.status} in ('queued', 'running', 'done', 'failed')`),
  ],
)
