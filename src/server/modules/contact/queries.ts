import type { Db } from '#server/db/client.ts'
import { contactSubmissions } from '#server/db/schema/contact.ts'

/** spec 001 §5 Contact: one row per message, user_id when the sender was signed in. */
export async function insertContactSubmission(db: Db, values: typeof contactSubmissions.$inferInsert) {
  const [row] = await db.insert(contactSubmissions).values(values).returning()
  return row!
}
