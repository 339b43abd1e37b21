import { z } from 'zod'
import type { businessRequests } from '#server/db/schema/business.ts'
import type { contactSubmissions } from '#server/db/schema/contact.ts'
import { withTransaction } from '#server/db/client.ts'
import { AppError } from '#server/platform/app-error.ts'
import { recordAudit } from '#server/platform/audit.ts'
import type { Ctx } from '#server/platform/context.ts'
import { requireAdmin } from '#server/platform/guards.ts'
import {
  inboxMessages,
  inboxPageSize,
  InboxQuery,
  type BusinessItem,
  type BusinessStatus,
  type ContactItem,
  type ContactStatus,
  type InboxList,
} from '#shared/inbox/schemas.ts'
import * as queries from './queries.ts'

function toContactItem(row: typeof contactSubmissions.$inferSelect): ContactItem {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    subject: row.subject,
    message: row.message,
    fromMember: row.userId !== null,
    status: row.status as ContactStatus,
    createdAt: row.createdAt.toISOString(),
  }
}

function toBusinessItem(row: typeof businessRequests.$inferSelect): BusinessItem {
  return {
    id: row.id,
    businessName: row.businessName,
    industry: row.industry,
    requiredSkills: row.requiredSkills,
    supportNeeded: row.supportNeeded,
    email: row.email,
    phone: row.phone,
    status: row.status as BusinessStatus,
    createdAt: row.createdAt.toISOString(),
  }
}

/** /admin/inbox: one kind's rows, newest first, with both tabs' counts for the same search (issue 6). */
export async function listInbox(ctx: Ctx, query: z.output<typeof InboxQuery>): Promise<InboxList> {
  requireAdmin(ctx)
  const { db } = ctx.deps
  const filter = { q: query.q || undefined, status: query.status }
  const counts = await queries.countInbox(db, filter)
  if (query.kind === 'business') {
    const rows = await queries.listBusinessRequests(db, filter, inboxPageSize)
    return { kind: 'business', items: rows.map(toBusinessItem), counts }
  }
  const rows = await queries.listContactSubmissions(db, filter, inboxPageSize)
  return { kind: 'contact', items: rows.map(toContactItem), counts }
}

// An id that is not even a uuid names nothing: the same 404 as an unknown one.
const isId = (id: string) => z.uuid().safeParse(id).success

// Each status change leaves one audit row in its transaction (docs/decisions/023).

export async function setContactStatus(ctx: Ctx, id: string, status: ContactStatus): Promise<ContactItem> {
  requireAdmin(ctx)
  if (!isId(id)) throw new AppError('NOT_FOUND', inboxMessages.notFound)
  const row = await withTransaction(ctx.deps.db, async (tx) => {
    const before = await queries.lockContactSubmission(tx, id)
    if (!before) throw new AppError('NOT_FOUND', inboxMessages.notFound)
    const after = (await queries.setContactStatus(tx, id, status))!
    await recordAudit(tx, ctx, {
      action: 'inbox.status',
      objectType: 'contact_submission',
      objectId: id,
      before: { status: before.status },
      after: { status: after.status },
    })
    return after
  })
  return toContactItem(row)
}

export async function setBusinessStatus(ctx: Ctx, id: string, status: BusinessStatus): Promise<BusinessItem> {
  requireAdmin(ctx)
  if (!isId(id)) throw new AppError('NOT_FOUND', inboxMessages.notFound)
  const row = await withTransaction(ctx.deps.db, async (tx) => {
    const before = await queries.lockBusinessRequest(tx, id)
    if (!before) throw new AppError('NOT_FOUND', inboxMessages.notFound)
    const after = (await queries.setBusinessStatus(tx, id, status))!
    await recordAudit(tx, ctx, {
      action: 'inbox.status',
      objectType: 'business_request',
      objectId: id,
      before: { status: before.status },
      after: { status: after.status },
    })
    return after
  })
  return toBusinessItem(row)
}
