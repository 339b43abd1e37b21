import { withTransaction } from '#server/db/client.ts'
import { mailAdmins, oneLine } from '#server/platform/admin-mail.ts'
import { AppError } from '#server/platform/app-error.ts'
import type { Ctx } from '#server/platform/context.ts'
import { queueMail } from '#server/platform/mail-queue.ts'
import { businessMessages } from '#shared/business/messages.ts'
import { businessSkillLabels, industryLabels, type BusinessRequestValues } from '#shared/business/schemas.ts'
import { honeypotField } from '#shared/constants.ts'
import * as queries from './queries.ts'
import { pathTo } from '#shared/pages.ts'

/**
 * The request form of /business (spec 002 §1, §3; issue 6). The row, the
 * business's confirmation and the admins' announcement are written in one
 * transaction; the job queue sends the mails (decision 021).
 */
export async function submitBusinessRequest(ctx: Ctx, input: BusinessRequestValues): Promise<{ message: string }> {
  await ctx.deps.publicFormLimiter.enforce(ctx.ip, businessMessages.tooMany)
  // issue 6: only a bot fills the field people cannot see
  if (input[honeypotField]) throw new AppError('VALIDATION', businessMessages.refused)
  const skills = input.requiredSkills.map((skill) => businessSkillLabels[skill]).join(', ')
  await withTransaction(ctx.deps.db, async (tx) => {
    const row = await queries.insertBusinessRequest(tx, {
      businessName: input.businessName,
      industry: input.industry,
      requiredSkills: input.requiredSkills,
      supportNeeded: input.supportNeeded,
      email: input.email,
      phone: input.phone,
      userId: ctx.session?.user.id ?? null,
    })
    // Anyone can type any address here: the confirmation repeats none of the
    // form's text, so the form cannot be used to mail others words of one's own.
    await queueMail(
      ctx.deps,
      {
        to: input.email,
        subject: 'We received your intern request',
        text: [
          'Thank you for your request to Prestige Labs.',
          '',
          'We will contact you shortly to schedule a consultation, then match you with a student intern for a two-month cycle.',
          '',
          'If you did not send this request, you can ignore this e-mail.',
        ].join('\n'),
      },
      { tx },
    )
    await mailAdmins(
      ctx,
      tx,
      {
        subject: `New business request: ${oneLine(input.businessName)}`,
        text: [
          `Business: ${input.businessName}`,
          `Industry: ${industryLabels[input.industry]}`,
          `Skills: ${skills}`,
          `E-mail: ${input.email}`,
          `Phone: ${input.phone}`,
          '',
          'Support needed:',
          input.supportNeeded,
          '',
          `All requests: ${ctx.deps.config.baseUrl}${pathTo('adminInbox')}`,
        ].join('\n'),
      },
      { businessRequestId: row.id },
    )
  })
  return { message: businessMessages.sent }
}
