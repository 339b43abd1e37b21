import type { Db } from '#server/db/client.ts'
import { businessRequests } from '#server/db/schema/business.ts'

/** spec 002 §3 business request form, stored for the admins' inbox (issue 6). */
export async function insertBusinessRequest(db: Db, values: typeof businessRequests.$inferInsert) {
  const [row] = await db.insert(businessRequests).values(values).returning()
  return row!
}
