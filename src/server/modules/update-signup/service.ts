import type { Ctx } from '#server/platform/context.ts'
import { updateSignupMessages } from '#shared/update-signup/messages.ts'
import * as queries from './queries.ts'

/**
 * The landing page's update sign-up. Signing up again with the same address is
 * thanked like the first time (it tells nobody whether an address is on the list)
 * and stores nothing new.
 */
export async function signUpForUpdates(
  ctx: Ctx,
  input: { firstName: string; lastName: string; email: string },
): Promise<{ message: string }> {
  await ctx.deps.publicFormLimiter.enforce(ctx.ip, updateSignupMessages.tooMany)
  await queries.addToUpdateList(ctx.deps.db, input)
  return { message: updateSignupMessages.thanks }
}
