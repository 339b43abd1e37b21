import { withTransaction } from '#server/db/client.ts'
import { mailAdmins, oneLine } from '#server/platform/admin-mail.ts'
import { queueMail } from '#server/platform/mail-queue.ts'
import { AppError } from '#server/platform/app-error.ts'
import type { Ctx } from '#server/platform/context.ts'
import { honeypotField } from '#shared/constants.ts'
import { contactMessages } from '#shared/contact/messages.ts'
import type { ContactValues } from '#shared/contact/schemas.ts'
import * as queries from './queries.ts'
import { pathTo } from '#shared/pages.ts'

/**
 * The Contact Us form (spec 001 §5, §8; issue 6). The row and the admins' mails
 * are written in one transaction; the mails are sent by the job queue, so the
 * sender is thanked whatever the mail server says (decision 021). The sender's
 * address also leads the mail's text for the admin to answer. With a support
 * e-mail set on /admin/settings (issue 22), the mail goes to that address alone
 * instead of every admin.
 */
export async function sendContactMessage(ctx: Ctx, input: ContactValues): Promise<{ message: string }> {
  await ctx.deps.publicFormLimiter.enforce(ctx.ip, contactMessages.tooMany)
  // issue 6: only a bot fills the field people cannot see
  if (input[honeypotField]) throw new AppError('VALIDATION', contactMessages.refused)
  // read before the transaction: a cold settings cache queries the database
  const { supportEmail } = (await ctx.deps.settings.read()).general
  await withTransaction(ctx.deps.db, async (tx) => {
    const row = await queries.insertContactSubmission(tx, {
      name: input.name,
      email: input.email,
      subject: input.subject,
      message: input.message,
      userId: ctx.session?.user.id ?? null,
    })
    const mail = {
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
        `All messages: ${ctx.deps.config.baseUrl}${pathTo('adminInbox')}`,
      ].join('\n'),
    }
    if (supportEmail) await queueMail(ctx.deps, { to: supportEmail, ...mail }, { tx })
    else await mailAdmins(ctx, tx, mail, { contactSubmissionId: row.id })
  })
  return { message: contactMessages.sent }
}
