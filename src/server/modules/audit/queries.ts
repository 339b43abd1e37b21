import { and, desc, eq, ilike, sql, type SQL } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { auditLog } from '#server/db/schema/audit.ts'
import { containsPattern } from '#server/db/patterns.ts'

// Reads of the audit log (its one writer is src/server/platform/audit.ts).

export type AuditFilter = {
  action?: string
  /** part of the actor's e-mail, as typed (matched literally, in any case) */
  actor?: string
  /** entries written at or after this instant */
  since?: Date
  /** entries written before this instant */
  before?: Date
}

function conditions(filter: AuditFilter): SQL[] {
  const where: SQL[] = []
  if (filter.action) where.push(eq(auditLog.action, filter.action))
  if (filter.actor) where.push(ilike(auditLog.actorEmail, containsPattern(filter.actor)))
  if (filter.since) where.push(sql`${auditLog.createdAt} >= ${filter.since.toISOString()}::timestamptz`)
  if (filter.before) where.push(sql`${auditLog.createdAt} < ${filter.before.toISOString()}::timestamptz`)
  return where
}

/**
 * One page of the log, newest first, after the (created_at, id) position `after`:
 * a backward walk of audit_log_order_idx, or of audit_log_action_idx with an action.
 */
export function listAuditPage(db: Db, filter: AuditFilter, limit: number, after?: { createdAt: string; id: string }) {
  return db
    .select({
      id: auditLog.id,
      actorId: auditLog.actorId,
      actorEmail: auditLog.actorEmail,
      action: auditLog.action,
      objectType: auditLog.objectType,
      objectId: auditLog.objectId,
      before: auditLog.before,
      after: auditLog.after,
      requestId: auditLog.requestId,
      createdAt: auditLog.createdAt,
      // full precision (microseconds) for the cursor; a JavaScript Date keeps only milliseconds
      cursorAt: sql<string>`${auditLog.createdAt}::text`,
    })
    .from(auditLog)
    .where(
      and(
        ...conditions(filter),
        after
          ? sql`(${auditLog.createdAt}, ${auditLog.id}) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit)
}

export type AuditRow = Awaited<ReturnType<typeof listAuditPage>>[number]
