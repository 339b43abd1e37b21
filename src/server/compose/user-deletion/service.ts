import { AppError } from '#server/platform/app-error.ts'
import type { Ctx } from '#server/platform/context.ts'
import { deleteStoredFile } from '#server/platform/uploads.ts'
import { deleteUserAccount, planUserDeletion } from '#server/modules/admin/users/service.ts'
import { handOverConversations } from '#server/modules/chat/service.ts'
import { avatarKey } from '#server/modules/profile/service.ts'
import { adminUserMessages } from '#shared/admin/users.ts'

// Deleting a user (issue 22; spec 002 §6; docs/decisions/031) touches every area that
// holds something of theirs, so it is composed here, above the modules: the admin
// area checks and deletes the account in one transaction (its rows cascade), billing's
// Stripe subscription is cancelled first, the chat conversations they coach are
// handed over to another admin in that transaction (their members keep them;
// docs/decisions/029), and the files the rows pointed at (post media, resumes,
// application resumes, and the avatar the profile area names) are removed once the
// delete has committed.

/**
 * Cancels, now, each Stripe subscription that may still bill the user: a deleted
 * account must not be charged again. A subscription Stripe no longer knows is
 * already over; any other failure stops the delete, so nobody is billed for an
 * account that is gone (the admin tries again).
 */
async function cancelStripeSubscriptions(ctx: Ctx, subscriptionIds: readonly string[]) {
  const stripe = ctx.deps.payments?.stripe
  if (!stripe) return
  for (const id of subscriptionIds) {
    try {
      await stripe.subscriptions.cancel(id)
    } catch (error) {
      if ((error as { statusCode?: number }).statusCode === 404) continue
      ctx.logger.error({ err: error, subscriptionId: id, requestId: ctx.requestId }, 'stripe cancel failed')
      throw new AppError('INTERNAL', adminUserMessages.subscriptionCancelFailed)
    }
  }
}

/** DELETE /api/admin/users/{id}: never the admin's own account, never the last admin; audited. */
export async function deleteUser(ctx: Ctx, userId: string): Promise<void> {
  const plan = await planUserDeletion(ctx, userId)
  await cancelStripeSubscriptions(ctx, plan.stripeSubscriptionIds)
  const { fileKeys } = await deleteUserAccount(ctx, plan, {
    // any account, not only an admin's: a demoted admin still coaches the conversations they had
    beforeDelete: (tx) => handOverConversations(ctx, tx, userId),
  })
  // after the commit: a failed delete keeps its files; a file that cannot be removed is logged, not fatal
  for (const key of [...fileKeys, avatarKey(userId)]) await deleteStoredFile(ctx, key)
}
