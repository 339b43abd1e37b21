import { createHash } from 'node:crypto'
import { hashPassword } from 'better-auth/crypto'
import { withTransaction } from '#server/db/client.ts'
import { AppError } from '#server/platform/app-error.ts'
import type { AuthUser, Ctx } from '#server/platform/context.ts'
import { invitationMessages, type AcceptInvitationInput } from '#shared/admin/users.ts'
import { accountMessages, type SessionUser } from '#shared/accounts/schemas.ts'
import * as invitations from './invitation-queries.ts'
import * as queries from './queries.ts'
import { toSessionUser, type WithCookies } from './service.ts'

// An invitation's set-password link (issue 22; docs/decisions/031): an admin made the
// account (by hand or by CSV import) and the admin area mailed the link; opening it
// here sets the password under the shared rules, proves the address, uses the link
// up and signs the user in, counted like every other sign-in.

/**
 * How a link's token is stored: SHA-256, base64url. The admin area stores it so
 * (modules/admin/users/mails.ts, hashInvitationToken); a copy of the table opens no account.
 */
export function hashInvitationToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url')
}

/** Why a link cannot be used: expired (a new one can be asked for), else unknown or used. */
function refusal(found: Awaited<ReturnType<typeof invitations.findInvitation>>, now: Date) {
  const expired = found && !found.acceptedAt && found.expiresAt <= now
  return new AppError('VALIDATION', expired ? invitationMessages.expired : invitationMessages.invalid, {
    token: expired ? invitationMessages.expired : invitationMessages.invalid,
  })
}

/**
 * POST /api/accounts/invitations/accept (public: the link is the proof). The
 * password passed the shared rule at the route (the same schema as sign-up). The
 * link works once: the accept is one conditional update, in the transaction that
 * sets the password and verifies the address. Then better-auth signs the user in
 * (its cookies for the route) and the sign-in is counted (last login, IP, count).
 */
export async function acceptInvitation(
  ctx: Ctx,
  input: AcceptInvitationInput,
): Promise<WithCookies<{ user: SessionUser; message: string }>> {
  // the same per-IP limit as every way into an account: tokens are not guessed here
  await ctx.deps.signInLimiter.enforce(ctx.ip, accountMessages.tooManyAttempts)
  const { db } = ctx.deps
  const tokenHash = hashInvitationToken(input.token)
  const found = await invitations.findInvitation(db, tokenHash)
  // refused before the password is hashed: a wrong link costs no hashing
  if (!found || found.acceptedAt || found.expiresAt <= new Date()) throw refusal(found, new Date())
  // the admins' minimum length (issue 22, Security settings), as at sign-up; before the transaction
  await ctx.deps.settings.checkPasswordLength(input.password, 'password')
  const passwordHash = await hashPassword(input.password)
  const accepted = await withTransaction(db, async (tx) => {
    const now = new Date()
    const userId = await invitations.acceptInvitation(tx, tokenHash, now)
    if (!userId) return undefined
    await invitations.setPassword(tx, userId, passwordHash)
    await invitations.expireOtherInvitations(tx, userId, now)
    return invitations.markVerified(tx, userId)
  })
  // another page used the link meanwhile, or it expired in between
  if (!accepted) throw refusal(await invitations.findInvitation(db, tokenHash), new Date())

  const { headers, response } = await ctx.deps.auth.api.signInEmail({
    body: { email: accepted.email, password: input.password },
    headers: ctx.headers,
    returnHeaders: true,
  })
  if (!('user' in response)) throw new AppError('INTERNAL', accountMessages.signInDefault)
  await queries.recordSuccessfulSignIn(db, accepted.id, ctx.ip)
  return {
    result: { user: await toSessionUser(ctx, response.user as AuthUser), message: invitationMessages.accepted },
    cookies: headers,
  }
}
