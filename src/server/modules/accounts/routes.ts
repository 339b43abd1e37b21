import { Hono, type Context } from 'hono'
import type { AppEnv } from '#server/platform/context.ts'
import { validate } from '#server/platform/validation.ts'
import {
  ChangePasswordInput,
  ForgotPasswordInput,
  GoogleSignInInput,
  PasswordConfirmInput,
  ResetPasswordInput,
  SignInInput,
  SignUpInput,
  TwoFactorCodeInput,
  VerifyEmailInput,
} from '#shared/accounts/schemas.ts'
import { AcceptInvitationInput } from '#shared/admin/users.ts'
import * as accounts from './service.ts'
import { acceptInvitation } from './invitations.ts'

/** better-auth answers with Set-Cookie headers; pass them to the browser unchanged. */
function passCookies(c: Context<AppEnv>, headers: Headers) {
  for (const cookie of headers.getSetCookie()) c.header('Set-Cookie', cookie, { append: true })
}

export const accountRoutes = new Hono<AppEnv>()
  .get('/session', async (c) => c.json({ user: await accounts.getSessionUser(c.var.ctx) }))
  .get('/providers', async (c) => c.json(await accounts.authProviders(c.var.ctx)))
  .post('/sign-up', validate('json', SignUpInput), async (c) => {
    const { result, cookies } = await accounts.signUp(c.var.ctx, c.req.valid('json'))
    passCookies(c, cookies)
    return c.json({ user: result }, 201)
  })
  .post('/sign-in', validate('json', SignInInput), async (c) => {
    const { result, cookies } = await accounts.signIn(c.var.ctx, c.req.valid('json'))
    passCookies(c, cookies)
    return c.json(result)
  })
  .post('/admin-sign-in', validate('json', SignInInput), async (c) => {
    const { result, cookies } = await accounts.signIn(c.var.ctx, c.req.valid('json'), { adminOnly: true })
    passCookies(c, cookies)
    return c.json(result)
  })
  .post('/google', validate('json', GoogleSignInInput), async (c) => {
    const { result, cookies } = await accounts.startGoogleSignIn(c.var.ctx, c.req.valid('json'))
    passCookies(c, cookies)
    return c.json(result)
  })
  .post('/two-factor/verify', validate('json', TwoFactorCodeInput), async (c) => {
    const { result, cookies } = await accounts.verifyTwoFactorSignIn(c.var.ctx, c.req.valid('json'))
    passCookies(c, cookies)
    return c.json({ user: result })
  })
  .post('/sign-out', async (c) => {
    passCookies(c, await accounts.signOut(c.var.ctx))
    return c.body(null, 204)
  })
  .post('/forgot-password', validate('json', ForgotPasswordInput), async (c) =>
    c.json(await accounts.requestPasswordReset(c.var.ctx, c.req.valid('json'))),
  )
  .post('/reset-password', validate('json', ResetPasswordInput), async (c) =>
    c.json(await accounts.resetPassword(c.var.ctx, c.req.valid('json'))),
  )
  .post('/verify-email', validate('json', VerifyEmailInput), async (c) => {
    const { result, cookies } = await accounts.verifyEmail(c.var.ctx, c.req.valid('json'))
    passCookies(c, cookies)
    return c.json(result)
  })
  .post('/verify-email/resend', async (c) => c.json(await accounts.resendVerification(c.var.ctx)))
  .post('/security/two-factor/enable', validate('json', PasswordConfirmInput), async (c) =>
    c.json(await accounts.enableTwoFactor(c.var.ctx, c.req.valid('json'))),
  )
  .post('/security/two-factor/confirm', validate('json', TwoFactorCodeInput), async (c) => {
    const { result, cookies } = await accounts.confirmTwoFactor(c.var.ctx, c.req.valid('json'))
    passCookies(c, cookies)
    return c.json({ user: result })
  })
  .post('/security/two-factor/disable', validate('json', PasswordConfirmInput), async (c) => {
    const { result, cookies } = await accounts.disableTwoFactor(c.var.ctx, c.req.valid('json'))
    passCookies(c, cookies)
    return c.json({ user: result })
  })
  .post('/security/password', validate('json', ChangePasswordInput), async (c) => {
    const { result, cookies } = await accounts.changePassword(c.var.ctx, c.req.valid('json'))
    passCookies(c, cookies)
    return c.json(result)
  })
  .post('/security/sessions/revoke-others', async (c) => {
    await accounts.revokeOtherSessions(c.var.ctx)
    return c.body(null, 204)
  })
  // an invitation's set-password link (issue 22): public, the link is the proof
  .post('/invitations/accept', validate('json', AcceptInvitationInput), async (c) => {
    const { result, cookies } = await acceptInvitation(c.var.ctx, c.req.valid('json'))
    passCookies(c, cookies)
    return c.json(result)
  })
