import { eq } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { user } from '#server/db/schema/auth.ts'
import type { Ctx } from '#server/platform/context.ts'
import type { MailMessage } from '#server/platform/mail.ts'

async function findAdminEmails(db: Db): Promise<string[]> {
  const rows = await db.select({ email: user.email }).from(user).where(eq(user.role, 'admin'))
  return rows.map((row) => row.email)
}

/**
 * Tells every admin about something the public forms brought in (issue 6). The
 * row is already stored: a mail that cannot go is logged and the submission stays
 * in /admin/inbox, so the sender is still thanked. One mail per admin keeps the
 * admins' addresses out of each other's mail.
 */
export async function mailAdmins(
  ctx: Ctx,
  mail: Omit<MailMessage, 'to'>,
  about: Record<string, unknown>,
): Promise<void> {
  let admins: string[]
  try {
    admins = await findAdminEmails(ctx.deps.db)
  } catch (error) {
    ctx.logger.error({ err: error, ...about }, 'admins not found for a public form mail')
    return
  }
  if (admins.length === 0) {
    ctx.logger.warn(about, 'no admin to tell about a public form submission; it waits in /admin/inbox')
    return
  }
  const results = await Promise.allSettled(admins.map((to) => ctx.deps.mailer.send({ to, ...mail })))
  for (const [index, result] of results.entries()) {
    if (result.status === 'rejected')
      ctx.logger.error({ err: result.reason, to: admins[index], ...about }, 'public form mail to an admin failed')
  }
}

/** One line for a mail header: what a visitor typed may hold line breaks. */
export function oneLine(text: string, max = 120): string {
  const line = text.replace(/\s+/g, ' ').trim()
  return line.length > max ? `${line.slice(0, max - 1)}…` : line
}
