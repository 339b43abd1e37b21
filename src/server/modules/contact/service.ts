import { mailAdmins, oneLine } from '#server/platform/admin-mail.ts'
import { AppError } from '#server/platform/app-error.ts'
import type { Ctx } from '#server/platform/context.ts'
import { honeypotField, publicFormRateLimit } from '#shared/constants.ts'
import { contactMessages } from '#shared/contact/messages.ts'
import type { ContactValues } from '#shared/contact/schemas.ts'
import * as queries from './queries.ts'

/**
 * The Contact Us form (spec 001 §5, §8; issue 6). The row is written first and is
 * what counts: the admins' mail is best effort. The mailer has no Reply-To, so
 * the sender's address leads the mail's text for the admin to answer.
 */
export async function sendContactMessage(ctx: Ctx, input: ContactValues): Promise<{ message: string }> {
  if (!ctx.deps.publicFormLimiter.hit(ctx.ip)) {
    throw new AppError('RATE_LIMITED', contactMessages.tooMany, undefined, {
      'Retry-After': String(publicFormRateLimit.windowSeconds),
    })
  }
  // issue 6: only a bot fills the field people cannot see
  if (input[honeypotField]) throw new AppError('VALIDATION', contactMessages.refused)
  const row = await queries.insertContactSubmission(ctx.deps.db, {
    name: input.name,
    email: input.email,
    subject: input.subject,
    message: input.message,
    userId: ctx.session?.user.id ?? null,
  })
  await mailAdmins(
    ctx,
    {
      subject: `Contact message: ${oneLine(input.subject ?? `from ${input.name}`)}`,
      // answering the mail answers the sender
      replyTo: { name: oneLine(input.name), address: input.email },
      text: [
        `From: ${input.name} <${input.email}>`,
        `Subject: ${input.subject ?? '(none)'}`,
        ctx.session ? 'Sent by a signed-in member.' : 'Sent by a visitor.',
        '',
        input.message,
        '',
        `All messages: ${ctx.deps.config.baseUrl}/admin/inbox`,
      ].join('\n'),
    },
    { contactSubmissionId: row.id },
  )
  return { message: contactMessages.sent }
}
