import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { user } from './auth.ts'

// What the business request form brings in, read by admins at /admin/inbox
// (issue 6). Statuses: new, in_progress, matched, done.

// spec 002 §3 Business request form (submitted nowhere in the earlier implementation)
export const businessRequests = pgTable(
  'business_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessName: text('business_name').notNull(),
    industry: text('industry').notNull(),
    requiredSkills: text('required_skills').array().notNull().default([]),
    supportNeeded: text('support_needed').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    status: text('status').notNull().default('new'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('business_requests_created_idx').on(table.createdAt),
    // foreign key index (issue 23 §5): deleting an account sets its requests' user to null
    index('business_requests_user_idx').on(table.userId),
  ],
)
