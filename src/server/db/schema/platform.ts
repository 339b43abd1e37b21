import { bigserial, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'

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
    /** who may hear it besides the topic's level (platform/realtime.ts LiveAudience); null: everyone at that level */
    audience: jsonb('audience'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('live_events_created_idx').on(table.createdAt)],
)

// Per-key request limits (platform/rate-limit.ts): one fixed window per limiter and
// key, counted in the database so every instance on it shares the count
// (docs/decisions/004, 022). Windows that have ended are deleted by a scheduled job.
export const rateLimitWindows = pgTable(
  'rate_limit_windows',
  {
    limiter: text('limiter').notNull(),
    key: text('key').notNull(),
    hits: integer('hits').notNull(),
    windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.limiter, table.key] }),
    index('rate_limit_windows_ends_idx').on(table.windowEndsAt),
  ],
)
