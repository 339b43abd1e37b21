import { eq } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { user } from '#server/db/schema/auth.ts'
import type { Ctx } from '#server/platform/context.ts'
import { queueMail, type QueuedMail } from '#server/platform/mail-queue.ts'

async function findAdminEmails(db: Db): Promise<string[]> {
  const rows = await db.select({ email: user.email }).from(user).where(eq(user.role, 'admin'))
  return rows.map((row) => row.email)
}

/**
 * Tells every admin about something the public forms brought in (issue 6): one
 * queued mail per admin, which keeps the admins' addresses out of each other's
 * mail. Called in the transaction that stores the row (`tx`), so the row and its
 * mails commit together and the mails go whatever the mail server says meanwhile
 * (platform/mail-queue.ts).
 */
export async function mailAdmins(
  ctx: Ctx,
  tx: Db,
  mail: Omit<QueuedMail, 'to'>,
  about: Record<string, unknown>,
): Promise<void> {
  const admins = await findAdminEmails(tx)
  if (admins.length === 0) {
    ctx.logger.warn(about, 'no admin to tell about a public form submission; it waits in /admin/inbox')
    return
  }
  for (const to of admins) await queueMail(ctx.deps, { to, ...mail }, { tx })
}

/** One line for a mail header: what a visitor typed may hold line breaks. */
export function oneLine(text: string, max = 120): string {
  const line = text.replace(/\s+/g, ' ').trim()
  return line.length > max ? `${line.slice(0, max - 1)}…` : line
}
