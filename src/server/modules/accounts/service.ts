import { APIError } from 'better-auth/api'
import { hashPassword } from 'better-auth/crypto'
import QRCode from 'qrcode'
import { withTransaction } from '#server/db/client.ts'
import { AppError, sqlState } from '#server/platform/app-error.ts'
import { googleEnabled, googleProviderId } from '#server/platform/auth.ts'
import type { AuthUser, Ctx, Deps } from '#server/platform/context.ts'
import { countsAsSubscribed, isAdminUser, requireUser } from '#server/platform/guards.ts'
import { forgetMember, memberCacheOf } from '#server/platform/member-cache.ts'
import { retryAfter } from '#server/platform/rate-limit.ts'
import {
  accountMessages,
  type GoogleSignInInput,
  type ChangePasswordInput,
  type ForgotPasswordInput,
  type PasswordConfirmInput,
  type ResetPasswordInput,
  type SessionUser,
  type SignInInput,
  type SignInResponse,
  type SignUpInput,
  type TwoFactorCodeInput,
  type VerifyEmailInput,
} from '#shared/accounts/schemas.ts'
import { signInLockout } from '#shared/constants.ts'
import * as queries from './queries.ts'
import { verificationMailJob } from './jobs.ts'
import { hashVerificationToken } from './verification-mail.ts'
import { splitAccountName } from '#shared/profile/names.ts'

/** A service answer plus the cookies better-auth set, for the route to pass on. */
export type WithCookies<T> = { result: T; cookies: Headers }

function apiErrorCode(error: unknown): string | undefined {
  return error instanceof APIError ? (error.body as { code?: string } | undefined)?.code : undefined
}

type SessionFacts = Awaited<ReturnType<typeof queries.findSessionFacts>>

/**
 * The database's part of the session answer, kept with the member cache: every
 * page load asks for the session, and a query per call held the route to a quarter
 * of the SELECT route (issue 23). Every write of one of these facts calls
 * `forgetMember` (the profile's name and picture, an admin's role change, two-factor,
 * e-mail verification); other instances let their copy age out (member-cache.ts).
 */
function sessionFactsOf(ctx: Ctx, user: AuthUser): Promise<SessionFacts> {
  return memberCacheOf(ctx.deps).remember(user.id, 'session', async () => {
    const facts = await queries.findSessionFacts(ctx.deps.db, user.id)
    if (!facts || facts.profileId !== null) return facts
    // spec 000 §3: a profile is created on first load when missing
    const { firstName, lastName } = splitAccountName(user.name)
    await queries.ensureProfile(ctx.deps.db, user.id, firstName, lastName)
    return queries.findSessionFacts(ctx.deps.db, user.id)
  })
}

export async function toSessionUser(ctx: Ctx, user: AuthUser): Promise<SessionUser> {
  const facts = await sessionFactsOf(ctx, user)
  // Admin while both the account and the session's copy say so: a demotion shows at
  // once, a promotion when the session's copy has it, as the admin pages read it.
  const isAdmin = isAdminUser(user) && (!facts || facts.role === 'admin')
  // built field by field (decision 011)
  return {
    id: user.id,
    email: user.email,
    firstName: facts?.firstName ?? '',
    lastName: facts?.lastName ?? '',
    isAdmin,
    subscribed: await countsAsSubscribed(ctx.deps, { id: user.id, role: isAdmin ? 'admin' : 'user' }),
    twoFactorEnabled: Boolean(facts ? facts.twoFactorEnabled : user.twoFactorEnabled),
    emailVerified: Boolean(facts ? facts.emailVerified : user.emailVerified),
    avatarUrl: facts?.avatarUrl ?? null,
    memberSince: new Date(user.createdAt).toISOString(),
  }
}

export async function getSessionUser(ctx: Ctx): Promise<SessionUser | null> {
  return ctx.session ? toSessionUser(ctx, ctx.session.user) : null
}

function limitSignInAttempts(ctx: Ctx): Promise<void> {
  return ctx.deps.signInLimiter.enforce(ctx.ip, accountMessages.tooManyAttempts)
}

/**
 * Two-step registration (spec 000 §2, §4, §5): the auth user, its credential, its
 * profile and the welcome mail with the verification link (decision 014), queued
 * as a job (decision 021), in one transaction. The address stays unverified until
 * that link is opened.
 */
export async function signUp(ctx: Ctx, input: SignUpInput): Promise<WithCookies<SessionUser>> {
  await limitSignInAttempts(ctx)
  // the admins' minimum length (spec 002 §5, issue 22), before the transaction (it may read the settings)
  await ctx.deps.settings.checkPasswordLength(input.password)
  const { db } = ctx.deps
  if (await queries.findUserByEmail(db, input.email)) throw new AppError('CONFLICT', accountMessages.accountExists)
  const passwordHash = await hashPassword(input.password)
  const id = crypto.randomUUID()
  try {
    await withTransaction(db, async (tx) => {
      await queries.insertMemberWithProfile(tx, {
        id,
        email: input.email,
        passwordHash,
        firstName: input.firstName,
        lastName: input.lastName,
        role: 'user',
        emailVerified: false,
        location: input.city,
        experienceLevel: input.experienceLevel,
        industries: input.industries,
      })
      await ctx.deps.queue.enqueue(
        verificationMailJob,
        { userId: id, email: input.email, firstName: input.firstName, kind: 'welcome' },
        { tx },
      )
    })
  } catch (error) {
    if (sqlState(error) === '23505') throw new AppError('CONFLICT', accountMessages.accountExists)
    throw error
  }
  const { headers, response } = await ctx.deps.auth.api.signInEmail({
    body: { email: input.email, password: input.password },
    headers: ctx.headers,
    returnHeaders: true,
  })
  if (!('user' in response)) throw new AppError('INTERNAL', accountMessages.accountCreateFailed)
  await queries.recordSuccessfulSignIn(db, response.user.id, ctx.ip)
  return { result: await toSessionUser(ctx, response.user as AuthUser), cookies: headers }
}

/**
 * Opens a verification link (decision 014): the token works once, within its
 * lifetime, for the address it was sent to. It needs no session (the mail may be
 * opened in another browser); when the link's owner is signed in here, their
 * session cookie is renewed so the page shows them verified at once.
 */
export async function verifyEmail(ctx: Ctx, input: VerifyEmailInput): Promise<WithCookies<{ message: string }>> {
  await limitSignInAttempts(ctx)
  // a refused token is spent too: the transaction commits either way, and the refusal comes after it
  const verified = await withTransaction(ctx.deps.db, async (tx) => {
    const target = await queries.consumeEmailVerificationToken(tx, hashVerificationToken(input.token))
    if (!target || !(await queries.verifyEmailOf(tx, target))) return undefined
    await queries.deleteEmailVerificationTokens(tx, target)
    return target
  })
  if (!verified) throw new AppError('VALIDATION', accountMessages.verificationLinkInvalid)
  forgetMember(ctx.deps, verified.userId)
  const signedInHere = ctx.session?.user.id === verified.userId
  const cookies = signedInHere
    ? (
        await ctx.deps.auth.api.getSession({
          headers: ctx.headers,
          query: { disableCookieCache: true },
          returnHeaders: true,
        })
      ).headers
    : new Headers()
  return { result: { message: accountMessages.emailVerified }, cookies }
}

/**
 * A new verification link for the signed-in member, at most a few an hour per
 * address whichever IP asks (like reset mails, decision 012).
 */
export async function resendVerification(ctx: Ctx): Promise<{ message: string }> {
  const user = requireUser(ctx)
  if (user.emailVerified) return { message: accountMessages.alreadyVerified }
  await ctx.deps.verificationMailLimiter.enforce(user.email, accountMessages.tooManyAttempts)
  const profile = await queries.findProfile(ctx.deps.db, user.id)
  try {
    await ctx.deps.queue.enqueue(verificationMailJob, {
      userId: user.id,
      email: user.email,
      firstName: profile?.firstName ?? '',
      kind: 'again',
    })
  } catch (error) {
    ctx.logger.error({ err: error, userId: user.id }, 'verification mail failed')
    throw new AppError('INTERNAL', accountMessages.verificationSendFailed)
  }
  return { message: accountMessages.verificationSent }
}

/**
 * Email and password sign-in with the server-side lockout of spec 000 §4: ten
 * failures lock the address for fifteen minutes, whatever the browser keeps.
 * With `adminOnly` (the Admin Login dialog) only admins pass, and every other
 * refusal reads 'Invalid credentials' (spec 000 §5).
 */
export async function signIn(
  ctx: Ctx,
  input: SignInInput,
  options: { adminOnly?: boolean } = {},
): Promise<WithCookies<SignInResponse>> {
  await limitSignInAttempts(ctx)
  const { db } = ctx.deps
  const invalid = options.adminOnly ? accountMessages.adminInvalidCredentials : accountMessages.invalidCredentials
  const now = new Date()

  const attempt = await queries.findSignInAttempt(db, input.email)
  if (attempt?.lockedUntil) {
    if (attempt.lockedUntil > now) throw lockedError(attempt.lockedUntil, now)
    await queries.clearSignInAttempts(db, input.email) // an expired lockout clears the count
  }

  if (options.adminOnly) {
    const candidate = await queries.findUserByEmail(db, input.email)
    if (!candidate || candidate.role !== 'admin') throw new AppError('UNAUTHORIZED', invalid)
  }

  let outcome: Awaited<ReturnType<typeof signInWithPassword>>
  try {
    outcome = await signInWithPassword(ctx, input)
  } catch (error) {
    const code = apiErrorCode(error)
    if (code === 'INVALID_EMAIL_OR_PASSWORD' || code === 'CREDENTIAL_ACCOUNT_NOT_FOUND' || code === 'USER_NOT_FOUND') {
      const lockUntil = new Date(now.getTime() + signInLockout.lockMinutes * 60_000)
      const failure = await queries.recordFailedSignIn(db, input.email, signInLockout.maxFailedAttempts, lockUntil)
      if (failure.lockedUntil && failure.lockedUntil > now) throw lockedError(failure.lockedUntil, now)
      throw new AppError('UNAUTHORIZED', invalid)
    }
    if (code === 'ACCOUNT_LOCKED') throw new AppError('RATE_LIMITED', (error as APIError).message)
    if (error instanceof APIError && error.statusCode === 403)
      throw new AppError('FORBIDDEN', accountMessages.unableToSignIn)
    throw error
  }

  await queries.clearSignInAttempts(db, input.email)
  const { headers, response } = outcome
  if ('twoFactorRedirect' in response && response.twoFactorRedirect) {
    return { result: { twoFactorRequired: true }, cookies: headers }
  }
  const user = (response as unknown as { user: AuthUser }).user
  await queries.recordSuccessfulSignIn(db, user.id, ctx.ip)
  return { result: { twoFactorRequired: false, user: await toSessionUser(ctx, user) }, cookies: headers }
}

function signInWithPassword(ctx: Ctx, input: SignInInput) {
  return ctx.deps.auth.api.signInEmail({
    body: { email: input.email, password: input.password, rememberMe: input.rememberMe ?? true },
    headers: ctx.headers,
    returnHeaders: true,
  })
}

function lockedError(lockedUntil: Date, now: Date) {
  const minutes = Math.max(1, Math.ceil((lockedUntil.getTime() - now.getTime()) / 60_000))
  return new AppError(
    'RATE_LIMITED',
    accountMessages.accountLocked(minutes),
    undefined,
    retryAfter((lockedUntil.getTime() - now.getTime()) / 1000),
  )
}

/** Second step of a sign-in for members with two-factor on: the TOTP code (or a backup code). */
export async function verifyTwoFactorSignIn(ctx: Ctx, input: TwoFactorCodeInput): Promise<WithCookies<SessionUser>> {
  await limitSignInAttempts(ctx)
  try {
    const { headers, response } = await ctx.deps.auth.api.verifyTOTP({
      body: { code: input.code, trustDevice: input.trustDevice ?? false },
      headers: ctx.headers,
      returnHeaders: true,
    })
    const user = (response as unknown as { user: AuthUser }).user
    await queries.recordSuccessfulSignIn(ctx.deps.db, user.id, ctx.ip)
    return { result: await toSessionUser(ctx, user), cookies: headers }
  } catch (error) {
    if (error instanceof APIError) throw twoFactorRefusal(error)
    throw error
  }
}

/**
 * better-auth's refusals of a second step, in our words: its account lockout
 * (the same ten failures and fifteen minutes as passwords) and the address
 * lockout of the session hook answer 429 like a locked password sign-in.
 */
function twoFactorRefusal(error: APIError): AppError {
  const code = apiErrorCode(error)
  if (code === 'ACCOUNT_LOCKED') return new AppError('RATE_LIMITED', error.message)
  if (code === 'ACCOUNT_TEMPORARILY_LOCKED')
    return new AppError('RATE_LIMITED', accountMessages.accountLocked(signInLockout.lockMinutes))
  if (code === 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE')
    return new AppError('UNAUTHORIZED', accountMessages.twoFactorSignInAgain)
  return new AppError('UNAUTHORIZED', accountMessages.twoFactorCodeInvalid)
}

/**
 * Google's callback is better-auth's own endpoint (app.ts): the sign-in it made is
 * counted here from the session cookie it sets, like every other way in (last
 * login, IP, count; issue 22). A callback that set no session (a refusal) counts nothing.
 */
export async function countGoogleSignIn(deps: Deps, response: Response, ip: string): Promise<void> {
  const cookie = response.headers
    .getSetCookie()
    .map((set) => set.split(';')[0]!)
    .join('; ')
  if (!cookie) return
  const found = await deps.auth.api.getSession({ headers: new Headers({ cookie }) }).catch(() => null)
  if (found) await queries.recordSuccessfulSignIn(deps.db, found.user.id, ip)
}

/**
 * Google sign-in starts here, under the per-IP limit, and returns Google's
 * address for the browser; Google sends the member back to better-auth's
 * callback, the one better-auth endpoint the product exposes (decision 012).
 */
export async function startGoogleSignIn(ctx: Ctx, input: GoogleSignInInput): Promise<WithCookies<{ url: string }>> {
  await limitSignInAttempts(ctx)
  if (!googleEnabled(ctx.deps.config)) throw new AppError('NOT_FOUND', accountMessages.googleFailed)
  // the admins turned social sign-in off (spec 002 §3 allowSocialLogin, issue 22)
  if (!(await ctx.deps.settings.read()).security.allowSocialLogin)
    throw new AppError('FORBIDDEN', accountMessages.socialSignInOff)
  const { headers, response } = await ctx.deps.auth.api.signInWithOAuth2({
    body: { providerId: googleProviderId, callbackURL: input.callbackURL, errorCallbackURL: '/login?error=google' },
    headers: ctx.headers,
    returnHeaders: true,
  })
  return { result: { url: response.url }, cookies: headers }
}

export async function signOut(ctx: Ctx): Promise<Headers> {
  const { headers } = await ctx.deps.auth.api.signOut({ headers: ctx.headers, returnHeaders: true })
  if (ctx.session) ctx.deps.subscriptionCache.forget(ctx.session.user.id)
  return headers
}

/**
 * Always answers the same, whether or not the address has an account (no account
 * discovery). Limited per IP and per address: whoever asks, one inbox gets at most
 * a few reset mails an hour.
 */
export async function requestPasswordReset(ctx: Ctx, input: ForgotPasswordInput): Promise<{ message: string }> {
  await limitSignInAttempts(ctx)
  await ctx.deps.resetMailLimiter.enforce(input.email, accountMessages.tooManyAttempts)
  await ctx.deps.auth.api.requestPasswordReset({
    body: { email: input.email, redirectTo: '/reset-password' },
    headers: ctx.headers,
  })
  return { message: accountMessages.resetSent }
}

/** Sets the new password from a single-use token; better-auth revokes every session of the user. */
export async function resetPassword(ctx: Ctx, input: ResetPasswordInput): Promise<{ message: string }> {
  await limitSignInAttempts(ctx)
  await ctx.deps.settings.checkPasswordLength(input.password)
  try {
    await ctx.deps.auth.api.resetPassword({
      body: { token: input.token, newPassword: input.password },
      headers: ctx.headers,
    })
  } catch (error) {
    if (error instanceof APIError) throw new AppError('VALIDATION', accountMessages.resetLinkInvalid)
    throw error
  }
  return { message: accountMessages.passwordUpdated }
}

/**
 * spec 001 §8 Password: the member changes their password knowing the current one.
 * Every other session ends (a stolen session does not outlive the change); this one
 * gets a fresh cookie, which the route passes on.
 */
export async function changePassword(ctx: Ctx, input: ChangePasswordInput): Promise<WithCookies<{ message: string }>> {
  requireUser(ctx)
  await ctx.deps.settings.checkPasswordLength(input.newPassword, 'newPassword')
  try {
    const { headers } = await ctx.deps.auth.api.changePassword({
      body: { currentPassword: input.currentPassword, newPassword: input.newPassword, revokeOtherSessions: true },
      headers: ctx.headers,
      returnHeaders: true,
    })
    return { result: { message: accountMessages.passwordUpdated }, cookies: headers }
  } catch (error) {
    if (
      error instanceof APIError &&
      (apiErrorCode(error) === 'INVALID_PASSWORD' || apiErrorCode(error) === 'CREDENTIAL_ACCOUNT_NOT_FOUND')
    ) {
      throw new AppError('VALIDATION', accountMessages.currentPasswordIncorrect, {
        currentPassword: accountMessages.currentPasswordIncorrect,
      })
    }
    if (error instanceof APIError) throw new AppError('VALIDATION', accountMessages.passwordUpdateFailed)
    throw error
  }
}

export async function enableTwoFactor(ctx: Ctx, input: PasswordConfirmInput) {
  requireUser(ctx)
  try {
    const result = await ctx.deps.auth.api.enableTwoFactor({ body: { password: input.password }, headers: ctx.headers })
    return {
      totpURI: result.totpURI,
      backupCodes: result.backupCodes,
      qrCodeDataUrl: await QRCode.toDataURL(result.totpURI),
    }
  } catch (error) {
    if (error instanceof APIError && apiErrorCode(error) === 'INVALID_PASSWORD') {
      throw new AppError('VALIDATION', accountMessages.incorrectPassword, {
        password: accountMessages.incorrectPassword,
      })
    }
    throw error
  }
}

/** Confirms enrolment with a first code. Turning two-factor on replaces the session: pass the new cookie on. */
export async function confirmTwoFactor(ctx: Ctx, input: TwoFactorCodeInput): Promise<WithCookies<SessionUser>> {
  requireUser(ctx)
  try {
    const { headers, response } = await ctx.deps.auth.api.verifyTOTP({
      body: { code: input.code },
      headers: ctx.headers,
      returnHeaders: true,
    })
    const user = (response as unknown as { user: AuthUser }).user
    forgetMember(ctx.deps, user.id)
    return { result: { ...(await toSessionUser(ctx, user)), twoFactorEnabled: true }, cookies: headers }
  } catch (error) {
    if (error instanceof APIError)
      throw new AppError('VALIDATION', accountMessages.twoFactorCodeInvalid, {
        code: accountMessages.twoFactorCodeInvalid,
      })
    throw error
  }
}

export async function disableTwoFactor(ctx: Ctx, input: PasswordConfirmInput): Promise<WithCookies<SessionUser>> {
  const user = requireUser(ctx)
  try {
    const { headers } = await ctx.deps.auth.api.disableTwoFactor({
      body: { password: input.password },
      headers: ctx.headers,
      returnHeaders: true,
    })
    forgetMember(ctx.deps, user.id)
    return { result: { ...(await toSessionUser(ctx, user)), twoFactorEnabled: false }, cookies: headers }
  } catch (error) {
    if (error instanceof APIError && apiErrorCode(error) === 'INVALID_PASSWORD') {
      throw new AppError('VALIDATION', accountMessages.incorrectPassword, {
        password: accountMessages.incorrectPassword,
      })
    }
    throw error
  }
}

export async function revokeOtherSessions(ctx: Ctx): Promise<void> {
  requireUser(ctx)
  await ctx.deps.auth.api.revokeOtherSessions({ headers: ctx.headers })
}

/** The sign-in buttons to show: Google when it is configured and the admins allow social sign-in (issue 22). */
export async function authProviders(ctx: Ctx) {
  return {
    google: googleEnabled(ctx.deps.config) && (await ctx.deps.settings.read()).security.allowSocialLogin,
  }
}
