import { z } from 'zod'
import type { Ctx } from '#server/platform/context.ts'
import { requireAdmin } from '#server/platform/guards.ts'
import { decodeCursor, nextCursorOf, readPage } from '#server/platform/paging.ts'
import {
  auditPageSize,
  type AuditAction,
  type AuditEntry,
  type AuditFieldChange,
  type AuditObjectType,
  type AuditPage,
  type AuditQuery,
  type AuditValue,
} from '#shared/audit/schemas.ts'
import * as queries from './queries.ts'

// /admin/audit (issue 14 §3, docs/decisions/023): the audit log, newest first,
// filtered by action, actor and days, a page at a time.

const dayMs = 86_400_000

/** The first instant of a YYYY-MM-DD day in UTC. */
function startOfDay(day: string): Date {
  return new Date(`${day}T00:00:00.000Z`)
}

type StoredFields = Record<string, AuditValue> | null

/** The changed fields, in the order the write named them. */
function changesOf(before: StoredFields, after: StoredFields): AuditFieldChange[] {
  const fields = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])
  return [...fields].map((field) => ({ field, before: before?.[field] ?? null, after: after?.[field] ?? null }))
}

function toEntry(row: queries.AuditRow): AuditEntry {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    actor: { id: row.actorId, email: row.actorEmail },
    action: row.action as AuditAction,
    objectType: row.objectType as AuditObjectType,
    objectId: row.objectId,
    changes: changesOf(row.before as StoredFields, row.after as StoredFields),
    requestId: row.requestId,
  }
}

export async function listAudit(ctx: Ctx, query: z.output<typeof AuditQuery>): Promise<AuditPage> {
  requireAdmin(ctx)
  const after = decodeCursor(query.cursor, 'newest')
  const filter: queries.AuditFilter = {
    action: query.action,
    actor: query.actor || undefined,
    since: query.from ? startOfDay(query.from) : undefined,
    // inclusive: up to the end of the `to` day
    before: query.to ? new Date(startOfDay(query.to).getTime() + dayMs) : undefined,
  }
  const page = await readPage(auditPageSize, (limit) =>
    queries.listAuditPage(ctx.deps.db, filter, limit, after && { createdAt: after.at, id: after.id }),
  )
  return { entries: page.rows.map(toEntry), nextCursor: nextCursorOf(page) }
}
