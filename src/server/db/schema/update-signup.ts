import { pgTable, text, timestamp } from 'drizzle-orm/pg-core'

// spec 000 §3 email_notifications: the landing page's update sign-up list. The
// e-mail is stored lowercased and is the key, so signing up twice keeps one row.
export const emailNotifications = pgTable('email_notifications', {
  email: text('email').primaryKey(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})
