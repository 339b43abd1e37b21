import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'

// The audit log (issue 14 §3, docs/decisions/023): one row per administrative
// write, written by platform/audit.ts in the write's own transaction. The actor is
// kept as they were at the time (id and e-mail, no foreign key): the row outlives
// the account and a later change of address. `before` and `after` hold only the
// fields the write changed, never a secret.
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: text('actor_id'),
    actorEmail: text('actor_email'),
    action: text('action').notNull(),
    objectType: text('object_type').notNull(),
    objectId: text('object_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    requestId: text('request_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // ascending on purpose: scanned backwards they give ORDER BY created_at DESC, id DESC
    // (as jobs_admin_order_idx): the newest-first pages, the date filters within them
    index('audit_log_order_idx').on(table.createdAt, table.id),
    // the action filter: one backward walk of the action's own entries
    index('audit_log_action_idx').on(table.action, table.createdAt, table.id),
    // one actor's entries, newest first (an admin's own history)
    index('audit_log_actor_idx').on(table.actorId, table.createdAt, table.id),
  ],
)
