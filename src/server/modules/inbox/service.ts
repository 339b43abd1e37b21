import { z } from 'zod'
import type { businessRequests } from '#server/db/schema/business.ts'
import type { contactSubmissions } from '#server/db/schema/contact.ts'
import { AppError } from '#server/platform/app-error.ts'
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

export async function setContactStatus(ctx: Ctx, id: string, status: ContactStatus): Promise<ContactItem> {
  requireAdmin(ctx)
  const row = isId(id) ? await queries.setContactStatus(ctx.deps.db, id, status) : undefined
  if (!row) throw new AppError('NOT_FOUND', inboxMessages.notFound)
  return toContactItem(row)
}

export async function setBusinessStatus(ctx: Ctx, id: string, status: BusinessStatus): Promise<BusinessItem> {
  requireAdmin(ctx)
  const row = isId(id) ? await queries.setBusinessStatus(ctx.deps.db, id, status) : undefined
  if (!row) throw new AppError('NOT_FOUND', inboxMessages.notFound)
  return toBusinessItem(row)
}
