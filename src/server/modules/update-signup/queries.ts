import type { Db } from '#server/db/client.ts'
import { emailNotifications } from '#server/db/schema/update-signup.ts'

/** One row per address: a second sign-up keeps the first (spec 000 §5 update sign-up). */
export async function addToUpdateList(db: Db, values: typeof emailNotifications.$inferInsert) {
  await db.insert(emailNotifications).values(values).onConflictDoNothing({ target: emailNotifications.email })
}
