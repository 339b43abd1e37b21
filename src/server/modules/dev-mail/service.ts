import type { Ctx } from '#server/platform/context.ts'
import { requireAdmin } from '#server/platform/guards.ts'

/** The development mailbox, for admins (ARCHITECTURE.md: e-mail without SMTP settings). */
export async function listDevelopmentMail(ctx: Ctx) {
  requireAdmin(ctx)
  const { mailer } = ctx.deps
  return { enabled: mailer.kind === 'mailbox', mails: await mailer.listMailbox() }
}
