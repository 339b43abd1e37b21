import { bigserial, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

// spec 000 §3 platform_settings: one row per category ('job_trends', later the
// admin settings), the settings object as JSON.
export const platformSettings = pgTable('platform_settings', {
  category: text('category').primaryKey(),
  settings: jsonb('settings').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

// The live-update outbox (platform/realtime.ts): a row is written in the same
// transaction as the change it announces, and its id is NOTIFYed on commit. The id
// is the Server-Sent Events id, so a browser that reconnects with Last-Event-ID gets
// what it missed, whichever instance it reaches. Rows older than the replay window
// are pruned.
export const liveEvents = pgTable(
  'live_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    topic: text('topic').notNull(),
    type: text('type').notNull(),
    data: jsonb('data').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('live_events_created_idx').on(table.createdAt)],
)
