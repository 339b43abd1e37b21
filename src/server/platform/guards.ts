import { AppError } from '#server/platform/app-error.ts'
import type { AuthSession, AuthUser, Ctx, Deps } from '#server/platform/context.ts'
import { anonymousViewer, decideAccess, type AccessLevel, type Viewer } from '#shared/access.ts'
import { accountMessages } from '#shared/accounts/schemas.ts'
import { genericMessages } from '#shared/errors.ts'

/**
 * The account holds the admin role: what the interface shows (an author's badge,
 * the admin menu) and what lifts the subscription requirement. It is not a
 * permission: acting as an admin goes through `actsAsAdmin` / `requireAdmin`.
 */
export function isAdminUser(user: Pick<AuthUser, 'role'> | null | undefined): boolean {
  return user?.role === 'admin'
}

/**
 * Subscribed as the product counts it, wherever it asks (the access table, the
 * session's user): admins always (spec 000 §6), members while a subscription of
 * theirs gives access (platform/subscriptions.ts, read through the cache).
 */
export async function countsAsSubscribed(deps: Deps, user: Pick<AuthUser, 'id' | 'role'>): Promise<boolean> {
  return isAdminUser(user) || deps.subscriptionCache.get(user.id)
}

/** Who the session's holder is for the access table. */
export async function viewerOf(deps: Deps, session: AuthSession | null): Promise<Viewer> {
  if (!session) return anonymousViewer
  return {
    signedIn: true,
    isAdmin: isAdminUser(session.user),
    subscribed: await countsAsSubscribed(deps, session.user),
  }
}

/**
 * Admins must have two-factor on: ADMIN_REQUIRE_2FA, or the admins' own setting
 * (spec 002 §3 Security require2FA, issue 22), as last read (every API request
 * reads the settings before its checks).
 */
export function adminsNeedTwoFactor(deps: Pick<Deps, 'config' | 'settings'>): boolean {
  return deps.config.ADMIN_REQUIRE_2FA || deps.settings.current().security.require2FA
}

/**
 * THE admin check (ARCHITECTURE.md rule 13): the session's holder may act as an
 * admin now, an admin account with two-factor on when ADMIN_REQUIRE_2FA or the
 * platform setting says so (adminsNeedTwoFactor).
 * The admin area, moderation, and admin powers inside member areas (another
 * member's resume, a closed job) all ask this, never the role alone.
 */
export function actsAsAdmin(ctx: Ctx): boolean {
  return adminRefusal(ctx) === undefined
}

/** actsAsAdmin for a session read apart from the request's (the live stream re-reads its own once a minute). */
export function userActsAsAdmin(deps: Deps, user: AuthSession['user']): boolean {
  return isAdminUser(user) && (!adminsNeedTwoFactor(deps) || Boolean(user.twoFactorEnabled))
}

function adminRefusal(ctx: Ctx): AppError | undefined {
  const user = ctx.session?.user
  if (!user) return new AppError('UNAUTHORIZED', genericMessages.authenticationRequired)
  if (!isAdminUser(user)) return new AppError('FORBIDDEN', genericMessages.adminRequired)
  if (adminsNeedTwoFactor(ctx.deps) && !user.twoFactorEnabled)
    return new AppError('FORBIDDEN', accountMessages.twoFactorRequiredForAdmins)
  return undefined
}

/** Throws the HTTP refusal for `level` (401 visitor, 403 member or non-admin). */
export async function requireAccess(ctx: Ctx, level: AccessLevel): Promise<void> {
  if (level === 'admin') {
    requireAdmin(ctx)
    return
  }
  const decision = decideAccess(level, await ctx.viewer())
  if (decision === 'sign-in') throw new AppError('UNAUTHORIZED', genericMessages.authenticationRequired)
  if (decision === 'admin-only') throw new AppError('FORBIDDEN', genericMessages.adminRequired)
  if (decision === 'premium') throw new AppError('FORBIDDEN', genericMessages.subscriptionRequired)
}

export function requireUser(ctx: Ctx): AuthUser {
  if (!ctx.session) throw new AppError('UNAUTHORIZED', genericMessages.authenticationRequired)
  return ctx.session.user
}

/**
 * THE e-mail verification check (decision 014): the session's holder has opened
 * the link sent to their address (or signed up with Google, which vouches for it).
 * Unverified members read; paying, posting, commenting and applying ask this.
 * Writes read the session from the database (decision 012), so a member who has
 * just verified passes at once.
 */
export function requireVerified(ctx: Ctx): AuthUser {
  const user = requireUser(ctx)
  if (!user.emailVerified) throw new AppError('FORBIDDEN', accountMessages.emailNotVerified)
  return user
}

/** The session's holder, when they may act as an admin now (`actsAsAdmin`); the refusal otherwise. */
export function requireAdmin(ctx: Ctx): AuthUser {
  const refusal = adminRefusal(ctx)
  if (refusal) throw refusal
  return ctx.session!.user
}
