import type { Db } from '#server/db/client.ts'
import { auditLog } from '#server/db/schema/audit.ts'
import type { Ctx } from '#server/platform/context.ts'
import type { AuditAction, AuditObjectType, AuditValue } from '#shared/audit/schemas.ts'

// The audit log's one writer (issue 14 §3, docs/decisions/023). Every administrative
// write calls it inside its own transaction, after the change: the row commits with
// the change or rolls back with it, so the log never tells of a write that did not
// happen, nor misses one that did.

/** An object's fields as a write saw them: a row, or the part of it the write is about. */
export type AuditSnapshot = Record<string, unknown>

export type AuditChange = {
  action: AuditAction
  objectType: AuditObjectType
  objectId: string
  /** the object before the write; absent or null when the write created it */
  before?: AuditSnapshot | null
  /** the object after the write; absent or null when the write deleted it */
  after?: AuditSnapshot | null
  /** more field names never to write, beside those that look like secrets */
  secret?: readonly string[]
}

/**
 * Field names that look like secrets, dropped at every depth whatever the caller
 * passed: a password, a hash, a token, a secret, a key (an API key, a private key).
 * A storage key is dropped too: callers name the logo a job shows `logo`, not `logoKey`.
 */
const secretLike = /password|hash|token|secret|key/i

/**
 * A snapshot as JSON, secrets gone: dates as ISO text, undefined fields left out,
 * nested objects cleaned the same way.
 */
function cleaned(value: unknown, secret: ReadonlySet<string>): AuditValue | undefined {
  if (value === undefined || typeof value === 'function' || typeof value === 'symbol') return undefined
  if (value === null) return null
  if (value instanceof Date) return value.toISOString()
  if (typeof value === 'bigint') return value.toString()
  if (typeof value !== 'object') return value as string | number | boolean
  if (Array.isArray(value)) return value.map((item) => cleaned(item, secret) ?? null)
  const object: Record<string, AuditValue> = {}
  for (const [field, item] of Object.entries(value)) {
    if (secretLike.test(field) || secret.has(field)) continue
    const clean = cleaned(item, secret)
    if (clean !== undefined) object[field] = clean
  }
  return object
}

function cleanedSnapshot(snapshot: AuditSnapshot | null | undefined, secret: ReadonlySet<string>) {
  if (!snapshot) return null
  return cleaned(snapshot, secret) as Record<string, AuditValue>
}

/** JSON with its keys in order, so equal values compare equal as text. */
function canonical(value: AuditValue | undefined): string {
  if (value === undefined) return 'undefined'
  if (value === null || typeof value !== 'object') return JSON.stringify(value)
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`
  return `{${Object.keys(value)
    .sort()
    .map((key) => `${JSON.stringify(key)}:${canonical(value[key])}`)
    .join(',')}}`
}

/** Without the fields that hold nothing: a created or deleted object's empty fields are no change. */
function withoutEmpty(snapshot: Record<string, AuditValue>): Record<string, AuditValue> {
  return Object.fromEntries(Object.entries(snapshot).filter(([, value]) => value !== null))
}

/**
 * What changed: for an update, the fields whose values differ, each side with its
 * own value (null where the field was absent); for a creation only `after`, for a
 * deletion only `before`, each without its empty fields.
 */
function auditDiff(change: Pick<AuditChange, 'before' | 'after' | 'secret'>): {
  before: Record<string, AuditValue> | null
  after: Record<string, AuditValue> | null
} {
  const secret = new Set(change.secret ?? [])
  const before = cleanedSnapshot(change.before, secret)
  const after = cleanedSnapshot(change.after, secret)
  if (!before || !after) {
    return { before: before && withoutEmpty(before), after: after && withoutEmpty(after) }
  }
  const changedBefore: Record<string, AuditValue> = {}
  const changedAfter: Record<string, AuditValue> = {}
  for (const field of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (canonical(before[field]) === canonical(after[field])) continue
    changedBefore[field] = before[field] ?? null
    changedAfter[field] = after[field] ?? null
  }
  return { before: changedBefore, after: changedAfter }
}

/**
 * Who wrote, as a request's Ctx says it; a background job doing an admin's write
 * (a layoff import) names the admin and the request that asked for it.
 */
export type AuditActor = Pick<Ctx, 'requestId'> & { session: { user: { id: string; email: string } } | null }

/**
 * Records one administrative write in `tx`, the write's own transaction: who (the
 * session's user id and e-mail as they are now), what (`action`), which object,
 * the request id, and the before/after of the fields that changed, secrets never
 * written. Call it after the change, in the same transaction, once per write.
 */
export async function recordAudit(tx: Db, ctx: AuditActor, change: AuditChange): Promise<void> {
  const actor = ctx.session?.user
  const { before, after } = auditDiff(change)
  await tx.insert(auditLog).values({
    actorId: actor?.id ?? null,
    actorEmail: actor?.email ?? null,
    action: change.action,
    objectType: change.objectType,
    objectId: change.objectId,
    before,
    after,
    requestId: ctx.requestId,
  })
}
