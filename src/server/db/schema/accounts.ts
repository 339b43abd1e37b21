import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

// Server-side lockout (spec 000 §4 kept the counter in the browser, where
// clearing cookies reset it: docs/decisions/004-sign-in-lockout.md). Keyed by
// the lowercased e-mail so that unknown addresses lock the same way and the
// answer never tells whether an account exists.
export const signInAttempts = pgTable('sign_in_attempts', {
  email: text('email').primaryKey(),
  failedCount: integer('failed_count').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})
