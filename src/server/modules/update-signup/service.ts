import { AppError } from '#server/platform/app-error.ts'
import type { Ctx } from '#server/platform/context.ts'
import { publicFormRateLimit } from '#shared/constants.ts'
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
  if (!ctx.deps.publicFormLimiter.hit(ctx.ip)) {
    throw new AppError('RATE_LIMITED', updateSignupMessages.tooMany, undefined, {
      'Retry-After': String(publicFormRateLimit.windowSeconds),
    })
  }
  await queries.addToUpdateList(ctx.deps.db, input)
  return { message: updateSignupMessages.thanks }
}
