import { AppError } from '#server/platform/app-error.ts'
import type { AuthSession, AuthUser, Ctx, Deps } from '#server/platform/context.ts'
import { anonymousViewer, decideAccess, type AccessLevel, type Viewer } from '#shared/access.ts'
import { accountMessages } from '#shared/accounts/schemas.ts'
import { genericMessages } from '#shared/errors.ts'

export function isAdminUser(user: Pick<AuthUser, 'role'> | null | undefined): boolean {
  return user?.role === 'admin'
}

/** Who the session's holder is for the access table: admins count as subscribed (spec 000 §6). */
export async function viewerOf(deps: Deps, session: AuthSession | null): Promise<Viewer> {
  if (!session) return anonymousViewer
  const isAdmin = isAdminUser(session.user)
  return { signedIn: true, isAdmin, subscribed: isAdmin || (await deps.subscriptionCache.get(session.user.id)) }
}

/**
 * The session's holder may act as an admin: an admin account, with two-factor on
 * when ADMIN_REQUIRE_2FA says so. For services that give admins more inside a
 * member area (another member's resume), where the area check is not the admin one.
 */
export function actsAsAdmin(ctx: Ctx): boolean {
  const user = ctx.session?.user
  return isAdminUser(user) && (!ctx.deps.config.ADMIN_REQUIRE_2FA || !!user?.twoFactorEnabled)
}

/** Throws the HTTP refusal for `level` (401 visitor, 403 member or non-admin). */
export async function requireAccess(ctx: Ctx, level: AccessLevel): Promise<void> {
  const decision = decideAccess(level, await ctx.viewer())
  if (decision === 'sign-in') throw new AppError('UNAUTHORIZED', genericMessages.authenticationRequired)
  if (decision === 'admin-only') throw new AppError('FORBIDDEN', genericMessages.adminRequired)
  if (decision === 'premium') throw new AppError('FORBIDDEN', genericMessages.subscriptionRequired)
  if (level === 'admin' && ctx.deps.config.ADMIN_REQUIRE_2FA && !ctx.session?.user.twoFactorEnabled) {
    throw new AppError('FORBIDDEN', accountMessages.twoFactorRequiredForAdmins)
  }
}

export function requireUser(ctx: Ctx): AuthUser {
  if (!ctx.session) throw new AppError('UNAUTHORIZED', genericMessages.authenticationRequired)
  return ctx.session.user
}

export function requireAdmin(ctx: Ctx): AuthUser {
  const user = requireUser(ctx)
  if (!isAdminUser(user)) throw new AppError('FORBIDDEN', genericMessages.adminRequired)
  return user
}
