import { and, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { businessRequests } from '#server/db/schema/business.ts'
import { contactSubmissions } from '#server/db/schema/contact.ts'
import { containsPattern } from '#server/db/patterns.ts'

/** Where the public forms' announcements go: every admin (issue 6; there is no support address in the config). */

function contactFilter(filter: { q?: string; status?: string }): SQL | undefined {
  const pattern = filter.q ? containsPattern(filter.q) : undefined
  return and(
    pattern
      ? or(
          ilike(contactSubmissions.name, pattern),
          ilike(contactSubmissions.email, pattern),
          ilike(contactSubmissions.subject, pattern),
          ilike(contactSubmissions.message, pattern),
        )
      : undefined,
    filter.status ? eq(contactSubmissions.status, filter.status) : undefined,
  )
}

function businessFilter(filter: { q?: string; status?: string }): SQL | undefined {
  const pattern = filter.q ? containsPattern(filter.q) : undefined
  return and(
    pattern
      ? or(
          ilike(businessRequests.businessName, pattern),
          ilike(businessRequests.email, pattern),
          ilike(businessRequests.supportNeeded, pattern),
        )
      : undefined,
    filter.status ? eq(businessRequests.status, filter.status) : undefined,
  )
}

export async function listContactSubmissions(db: Db, filter: { q?: string; status?: string }, limit: number) {
  return db
    .select()
    .from(contactSubmissions)
    .where(contactFilter(filter))
    .orderBy(desc(contactSubmissions.createdAt), desc(contactSubmissions.id))
    .limit(limit)
}

export async function listBusinessRequests(db: Db, filter: { q?: string; status?: string }, limit: number) {
  return db
    .select()
    .from(businessRequests)
    .where(businessFilter(filter))
    .orderBy(desc(businessRequests.createdAt), desc(businessRequests.id))
    .limit(limit)
}

/** How many of each kind match the search, for the tab labels. */
export async function countInbox(db: Db, filter: { q?: string; status?: string }) {
  const [[contact], [business]] = await Promise.all([
    db.select({ n: count() }).from(contactSubmissions).where(contactFilter(filter)),
    db.select({ n: count() }).from(businessRequests).where(businessFilter(filter)),
  ])
  return { contact: contact?.n ?? 0, business: business?.n ?? 0 }
}

/** The message, locked until the transaction ends (a status change reads what it changes), or undefined. */
export async function lockContactSubmission(tx: Db, id: string) {
  const [row] = await tx.select().from(contactSubmissions).where(eq(contactSubmissions.id, id)).for('update')
  return row
}

/** The request, locked until the transaction ends, or undefined. */
export async function lockBusinessRequest(tx: Db, id: string) {
  const [row] = await tx.select().from(businessRequests).where(eq(businessRequests.id, id)).for('update')
  return row
}

export async function setContactStatus(db: Db, id: string, status: string) {
  const [row] = await db
    .update(contactSubmissions)
    .set({ status, updatedAt: new Date() })
    .where(eq(contactSubmissions.id, id))
    .returning()
  return row
}

export async function setBusinessStatus(db: Db, id: string, status: string) {
  const [row] = await db
    .update(businessRequests)
    .set({ status, updatedAt: new Date() })
    .where(eq(businessRequests.id, id))
    .returning()
  return row
}
