import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { eq, sql } from 'drizzle-orm'
import { authenticator } from 'otplib'
import { createTestApp, type TestApp } from '#server/testing/harness.ts'
import { startSmtpServer } from '#server/testing/smtp.ts'
import { errorOf } from '#server/testing/errors.ts'
import { signInAttempts } from '#server/db/schema/accounts.ts'
import { userProfiles } from '#server/db/schema/profile.ts'
import { createMember } from '#server/modules/accounts/members.ts'
import { accountMessages } from '#shared/accounts/schemas.ts'
import { passwordResetTokenMinutes } from '#shared/constants.ts'

let t: TestApp
let smtp: Awaited<ReturnType<typeof startSmtpServer>>

beforeAll(async () => {
  smtp = await startSmtpServer()
  t = await createTestApp({ SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port), SMTP_IGNORE_TLS: 'true' })
})
afterAll(async () => {
  await t?.close()
  await smtp?.close()
})

const validSignUp = (email: string) => ({
  firstName: 'Ada',
  lastName: 'Lovelace',
  email,
  password: 'Analytical1',
  confirmPassword: 'Analytical1',
  city: 'London',
  experienceLevel: 'Senior Level',
  industries: ['Technology', 'Education'],
})

describe('sign-up', () => {
  test('a visitor signs up through both steps, is signed in, and has a profile with the sign-up fields', async () => {
    const client = t.client()
    const response = await client.post('/api/accounts/sign-up', validSignUp('Ada@Example.com'))
    expect(response.status).toBe(201)
    const { user } = (await response.json()) as {
      user: { id: string; email: string; firstName: string; subscribed: boolean }
    }
    expect(user).toMatchObject({ email: 'ada@example.com', firstName: 'Ada', subscribed: false })

    const session = (await (await client.get('/api/accounts/session')).json()) as { user: { id: string } }
    expect(session.user.id).toBe(user.id)

    const profile = await t.db.query.userProfiles.findFirst({ where: eq(userProfiles.id, user.id) })
    expect(profile).toMatchObject({
      firstName: 'Ada',
      lastName: 'Lovelace',
      location: 'London',
      experienceLevel: 'Senior Level',
      industries: ['Technology', 'Education'],
    })
  })

  test('an e-mail that already has an account is refused with the spec message', async () => {
    await t.client().post('/api/accounts/sign-up', validSignUp('twice@example.com'))
    const response = await t.client().post('/api/accounts/sign-up', validSignUp('TWICE@example.com'))
    expect(response.status).toBe(409)
    expect((await errorOf(response)).message).toBe(accountMessages.accountExists)
  })

  test.each([
    ['a missing first name', { firstName: '' }, accountMessages.allFieldsRequired],
    ['a missing last name', { lastName: '  ' }, accountMessages.allFieldsRequired],
    ['an invalid e-mail', { email: 'not-an-email' }, accountMessages.invalidEmail],
    ['a short password', { password: 'Ab1', confirmPassword: 'Ab1' }, accountMessages.passwordTooShort],
    [
      'a password without uppercase',
      { password: 'lowercase1', confirmPassword: 'lowercase1' },
      accountMessages.passwordNeedsUppercase,
    ],
    [
      'a password without lowercase',
      { password: 'UPPERCASE1', confirmPassword: 'UPPERCASE1' },
      accountMessages.passwordNeedsLowercase,
    ],
    [
      'a password without a number',
      { password: 'NoNumbersHere', confirmPassword: 'NoNumbersHere' },
      accountMessages.passwordNeedsNumber,
    ],
    ['a confirmation that differs', { confirmPassword: 'Analytical2' }, accountMessages.passwordsDoNotMatch],
    ['a city not in the list', { city: 'Atlantis' }, accountMessages.cityRequired],
    ['an unknown experience level', { experienceLevel: 'Wizard' }, accountMessages.experienceRequired],
    ['no industry', { industries: [] }, accountMessages.industriesRequired],
  ])('the server refuses %s with its message and stores nothing', async (_name, change, message) => {
    const email = `refused-${Math.random().toString(36).slice(2)}@example.com`
    const response = await t.client().post('/api/accounts/sign-up', { ...validSignUp(email), ...change })
    expect(response.status).toBe(400)
    expect((await errorOf(response)).message).toBe(message)
    const signIn = await t.client().post('/api/accounts/sign-in', { email, password: 'Analytical1' })
    expect(signIn.status).toBe(401)
  })
})

describe('sign-in', () => {
  test('a member signs in and out', async () => {
    const member = await t.signedIn()
    expect(((await (await member.get('/api/accounts/session')).json()) as { user: unknown }).user).not.toBeNull()
    expect((await member.post('/api/accounts/sign-out')).status).toBe(204)
    expect(((await (await member.get('/api/accounts/session')).json()) as { user: unknown }).user).toBeNull()
  })

  test('a wrong password and an unknown e-mail get the same answer', async () => {
    const { email } = await createMember(t.db, {
      email: 'known@example.com',
      password: 'Known-Pass-1',
      firstName: 'K',
      lastName: 'N',
    })
    const wrong = await t.client().post('/api/accounts/sign-in', { email, password: 'Wrong-Pass-1' })
    const unknown = await t
      .client()
      .post('/api/accounts/sign-in', { email: 'nobody@example.com', password: 'Wrong-Pass-1' })
    expect(wrong.status).toBe(401)
    expect(unknown.status).toBe(401)
    expect((await errorOf(wrong)).message).toBe(accountMessages.invalidCredentials)
    expect((await errorOf(unknown)).message).toBe(accountMessages.invalidCredentials)
  })

  test('an empty form is refused with the spec message', async () => {
    const response = await t.client().post('/api/accounts/sign-in', { email: '', password: '' })
    expect(response.status).toBe(400)
    expect((await errorOf(response)).message).toBe(accountMessages.credentialsRequired)
  })

  test('ten failures lock the account for 15 minutes on the server, whatever the browser keeps', async () => {
    const { email } = await createMember(t.db, {
      email: 'locked@example.com',
      password: 'Right-Pass-1',
      firstName: 'L',
      lastName: 'K',
    })
    for (let attempt = 1; attempt <= 9; attempt++) {
      const response = await t.client().post('/api/accounts/sign-in', { email, password: `Wrong-${attempt}` })
      expect(response.status).toBe(401)
    }
    const tenth = await t.client().post('/api/accounts/sign-in', { email, password: 'Wrong-10' })
    expect(tenth.status).toBe(429)
    expect((await errorOf(tenth)).message).toBe('Account locked. Please try again in 15 minutes.')

    // a fresh client (no cookies, another address) with the right password is still refused
    const fresh = await t.client().post('/api/accounts/sign-in', { email, password: 'Right-Pass-1' })
    expect(fresh.status).toBe(429)
    expect((await errorOf(fresh)).message).toMatch(/^Account locked\. Please try again in \d+ minutes\.$/)

    // once the lock has expired the right password works and clears the count
    await t.db
      .update(signInAttempts)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(signInAttempts.email, email))
    const after = await t.client().post('/api/accounts/sign-in', { email, password: 'Right-Pass-1' })
    expect(after.status).toBe(200)
    expect(await t.db.query.signInAttempts.findFirst({ where: eq(signInAttempts.email, email) })).toBeUndefined()
  })

  test('a success clears the failure count', async () => {
    const { email } = await createMember(t.db, {
      email: 'clears@example.com',
      password: 'Right-Pass-1',
      firstName: 'C',
      lastName: 'L',
    })
    for (let attempt = 0; attempt < 5; attempt++)
      await t.client().post('/api/accounts/sign-in', { email, password: 'Wrong-Pass-1' })
    expect((await t.client().post('/api/accounts/sign-in', { email, password: 'Right-Pass-1' })).status).toBe(200)
    for (let attempt = 0; attempt < 9; attempt++) {
      expect((await t.client().post('/api/accounts/sign-in', { email, password: 'Wrong-Pass-1' })).status).toBe(401)
    }
  })

  test('one address sending too many sign-in requests gets 429 with the spec message', async () => {
    const client = t.client()
    let last: Response | undefined
    for (let attempt = 0; attempt < 31; attempt++) {
      last = await client.post('/api/accounts/sign-in', {
        email: `flood${attempt}@example.com`,
        password: 'Wrong-Pass-1',
      })
    }
    expect(last!.status).toBe(429)
    expect((await errorOf(last!)).message).toBe(accountMessages.tooManyAttempts)
  })
})

describe('admin login', () => {
  test('only admins pass the admin login; a member gets Invalid credentials and no session', async () => {
    const { email } = await createMember(t.db, {
      email: 'plain@example.com',
      password: 'Member-Pass-1',
      firstName: 'P',
      lastName: 'M',
    })
    const client = t.client()
    const refused = await client.post('/api/accounts/admin-sign-in', { email, password: 'Member-Pass-1' })
    expect(refused.status).toBe(401)
    expect((await errorOf(refused)).message).toBe(accountMessages.adminInvalidCredentials)
    expect(((await (await client.get('/api/accounts/session')).json()) as { user: unknown }).user).toBeNull()

    const admin = await createMember(t.db, {
      email: 'boss@example.com',
      password: 'Admin-Pass-1',
      firstName: 'B',
      lastName: 'A',
      admin: true,
    })
    const wrong = await t.client().post('/api/accounts/admin-sign-in', { email: admin.email, password: 'Wrong-Pass-1' })
    expect((await errorOf(wrong)).message).toBe(accountMessages.adminInvalidCredentials)
    const accepted = await client.post('/api/accounts/admin-sign-in', { email: admin.email, password: 'Admin-Pass-1' })
    expect(accepted.status).toBe(200)
    expect(((await accepted.json()) as { user: { isAdmin: boolean } }).user.isAdmin).toBe(true)
  })
})

describe('password reset', () => {
  test('a reset link arrives by SMTP, sets a new password once and signs out every other session', async () => {
    const member = await t.signedIn({ email: 'forgetful@example.com' })
    const response = await t.client().post('/api/accounts/forgot-password', { email: 'Forgetful@example.com' })
    expect(response.status).toBe(200)
    expect(((await response.json()) as { message: string }).message).toBe(accountMessages.resetSent)

    const mail = await smtp.waitFor('forgetful@example.com', /reset/i)
    const token = /reset-password\?token=([\w%-]+)/.exec(mail.text)?.[1]
    expect(token).toBeTruthy()

    const reset = await t.client().post('/api/accounts/reset-password', {
      token: decodeURIComponent(token!),
      password: 'Brand-New-Pass-2',
      confirmPassword: 'Brand-New-Pass-2',
    })
    expect(reset.status).toBe(200)
    // revoked in the database; the short-lived cookie cache is dropped to see it at once
    member.cookies.delete('better-auth.session_data')
    expect(((await (await member.get('/api/accounts/session')).json()) as { user: unknown }).user).toBeNull()

    const again = await t.client().post('/api/accounts/reset-password', {
      token: decodeURIComponent(token!),
      password: 'Another-Pass-3',
      confirmPassword: 'Another-Pass-3',
    })
    expect(again.status).toBe(400)
    expect((await errorOf(again)).message).toBe(accountMessages.resetLinkInvalid)

    expect(
      (await t.client().post('/api/accounts/sign-in', { email: 'forgetful@example.com', password: 'Brand-New-Pass-2' }))
        .status,
    ).toBe(200)
  })

  test('the reset mail is queued with the expiry of its link: a mail still waiting after that is not sent', async () => {
    await t.signedIn({ email: 'expiring@example.com' })
    const before = Date.now()
    expect((await t.client().post('/api/accounts/forgot-password', { email: 'expiring@example.com' })).status).toBe(200)
    const after = Date.now()
    const queued = (await t.db.execute(
      sql`select data->>'validUntil' as "validUntil" from pgboss.job
          where name = 'send-mail' and data->>'to' = 'expiring@example.com'`,
    )) as unknown as { rows: Array<{ validUntil: string }> }
    expect(queued.rows).toHaveLength(1)
    const validUntil = Date.parse(queued.rows[0]!.validUntil)
    expect(validUntil).toBeGreaterThanOrEqual(before + passwordResetTokenMinutes * 60_000)
    expect(validUntil).toBeLessThanOrEqual(after + passwordResetTokenMinutes * 60_000)
  })

  test('an unknown address gets the same answer and no mail', async () => {
    const response = await t.client().post('/api/accounts/forgot-password', { email: 'ghost@example.com' })
    expect(response.status).toBe(200)
    // every mail queued so far has been sent: one to the ghost would be here
    await t.jobsSettled(['send-mail'])
    expect(smtp.received.some((m) => m.to.includes('ghost@example.com'))).toBe(false)
  })

  test('an invalid e-mail and a weak new password are refused with their messages', async () => {
    const bad = await t.client().post('/api/accounts/forgot-password', { email: 'nope' })
    expect((await errorOf(bad)).message).toBe(accountMessages.invalidEmail)
    const weak = await t
      .client()
      .post('/api/accounts/reset-password', { token: 'x', password: 'weak', confirmPassword: 'weak' })
    expect((await errorOf(weak)).message).toBe(accountMessages.passwordTooShort)
  })
})

describe('two-factor', () => {
  test('a member enrols TOTP, then signing in asks for the code', async () => {
    const member = await t.signedIn({ email: 'totp@example.com', password: 'Totp-Pass-1' })
    const wrongPassword = await member.post('/api/accounts/security/two-factor/enable', { password: 'nope' })
    expect(wrongPassword.status).toBe(400)

    const enabled = await member.post('/api/accounts/security/two-factor/enable', { password: 'Totp-Pass-1' })
    expect(enabled.status).toBe(200)
    const { totpURI, backupCodes, qrCodeDataUrl } = (await enabled.json()) as {
      totpURI: string
      backupCodes: string[]
      qrCodeDataUrl: string
    }
    expect(backupCodes.length).toBeGreaterThan(0)
    expect(qrCodeDataUrl).toMatch(/^data:image\/png;base64,/)
    const secret = new URL(totpURI).searchParams.get('secret')!

    const confirmed = await member.post('/api/accounts/security/two-factor/confirm', {
      code: authenticator.generate(secret),
    })
    expect(confirmed.status).toBe(200)
    expect(((await confirmed.json()) as { user: { twoFactorEnabled: boolean } }).user.twoFactorEnabled).toBe(true)

    const client = t.client()
    const first = await client.post('/api/accounts/sign-in', { email: 'totp@example.com', password: 'Totp-Pass-1' })
    expect(await first.json()).toEqual({ twoFactorRequired: true })
    expect(((await (await client.get('/api/accounts/session')).json()) as { user: unknown }).user).toBeNull()

    const wrong = await client.post('/api/accounts/two-factor/verify', { code: '000000' })
    expect(wrong.status).toBe(401)
    expect((await errorOf(wrong)).message).toBe(accountMessages.twoFactorCodeInvalid)

    const verified = await client.post('/api/accounts/two-factor/verify', { code: authenticator.generate(secret) })
    expect(verified.status).toBe(200)
    expect(((await (await client.get('/api/accounts/session')).json()) as { user: { email: string } }).user.email).toBe(
      'totp@example.com',
    )
  })

  test('a visitor cannot reach the security endpoints', async () => {
    const response = await t.client().post('/api/accounts/security/two-factor/enable', { password: 'x' })
    expect(response.status).toBe(401)
  })

  test('signing out other sessions ends them and keeps this one', async () => {
    const member = await t.signedIn({ email: 'two-devices@example.com', password: 'Devices-Pass-1' })
    const other = t.client()
    await other.post('/api/accounts/sign-in', { email: 'two-devices@example.com', password: 'Devices-Pass-1' })
    expect((await member.post('/api/accounts/security/sessions/revoke-others')).status).toBe(204)
    // the other device's cached session cookie is dropped so the check reaches the database
    other.cookies.delete('better-auth.session_data')
    expect(((await (await other.get('/api/accounts/session')).json()) as { user: unknown }).user).toBeNull()
    expect(((await (await member.get('/api/accounts/session')).json()) as { user: unknown }).user).not.toBeNull()
  })
})

describe('access and errors', () => {
  test('the development mailbox refuses visitors (401) and members (403) and opens for admins', async () => {
    expect((await t.client().get('/api/dev-mail')).status).toBe(401)
    const member = await t.signedIn({ subscribed: true })
    const refused = await member.get('/api/dev-mail')
    expect(refused.status).toBe(403)
    expect((await errorOf(refused)).message).toBe('Admin access required')
    const admin = await t.signedIn({ admin: true })
    expect((await admin.get('/api/dev-mail')).status).toBe(200)
  })

  test('unknown API paths answer 404 JSON with a request id', async () => {
    const response = await t.client().get('/api/does-not-exist')
    expect(response.status).toBe(404)
    const error = await errorOf(response)
    expect(error.code).toBe('NOT_FOUND')
    expect(response.headers.get('x-request-id')).toBeTruthy()
  })

  test('API answers vary by Accept-Encoding; a small one goes plain even to a client that takes gzip', async () => {
    const plain = await t.client().get('/api/does-not-exist')
    expect(plain.headers.get('vary')).toBe('Accept-Encoding')
    expect(plain.headers.get('content-encoding')).toBeNull()
    // compressing a few hundred bytes costs more than it saves (platform/compress.ts)
    const small = await t.client().request('GET', '/api/does-not-exist', undefined, { 'accept-encoding': 'gzip' })
    expect(small.headers.get('vary')).toBe('Accept-Encoding')
    expect(small.headers.get('content-encoding')).toBeNull()
    expect(((await small.json()) as { error: { code: string } }).error.code).toBe('NOT_FOUND')
  })

  test('health and readiness answer', async () => {
    expect((await t.client().get('/healthz')).status).toBe(200)
    expect(await (await t.client().get('/readyz')).json()).toEqual({ status: 'ready' })
  })

  test('responses carry a content security policy limited to our origin and Stripe', async () => {
    const csp = (await t.client().get('/healthz')).headers.get('content-security-policy') ?? ''
    expect(csp).toContain("default-src 'self'")
    expect(csp).toContain('https://js.stripe.com')
    expect(csp).toContain("frame-ancestors 'none'")
  })
})

describe('admins required to use two-factor', () => {
  test('with ADMIN_REQUIRE_2FA an admin without two-factor is refused in the admin area', async () => {
    const strict = await createTestApp({ ADMIN_REQUIRE_2FA: 'true' })
    try {
      const admin = await strict.signedIn({ admin: true })
      const response = await admin.get('/api/dev-mail')
      expect(response.status).toBe(403)
      expect((await errorOf(response)).message).toBe(accountMessages.twoFactorRequiredForAdmins)
    } finally {
      await strict.close()
    }
  })
})

describe('password change', () => {
  test('a member changes their password: the new one signs in, the old one no longer does, other sessions end', async () => {
    const member = await t.signedIn({ email: 'changer@example.com', password: 'Old-Pass-1' })
    const otherDevice = t.client()
    expect(
      (await otherDevice.post('/api/accounts/sign-in', { email: 'changer@example.com', password: 'Old-Pass-1' }))
        .status,
    ).toBe(200)

    const changed = await member.post('/api/accounts/security/password', {
      currentPassword: 'Old-Pass-1',
      newPassword: 'New-Pass-22',
      confirmPassword: 'New-Pass-22',
    })
    expect(changed.status).toBe(200)
    expect(await changed.json()).toEqual({ message: accountMessages.passwordUpdated })
    // this device stays signed in with its fresh cookie; the other one is signed out
    // (its cached session cookie dropped so the check reaches the database)
    otherDevice.cookies.delete('better-auth.session_data')
    expect(((await (await member.get('/api/accounts/session')).json()) as { user: unknown }).user).not.toBeNull()
    expect(((await (await otherDevice.get('/api/accounts/session')).json()) as { user: unknown }).user).toBeNull()

    expect(
      (await t.client().post('/api/accounts/sign-in', { email: 'changer@example.com', password: 'Old-Pass-1' })).status,
    ).toBe(401)
    expect(
      (await t.client().post('/api/accounts/sign-in', { email: 'changer@example.com', password: 'New-Pass-22' }))
        .status,
    ).toBe(200)
  })

  test('new passwords that differ, a weak new password and a wrong current password are refused with clear messages', async () => {
    const member = await t.signedIn({ email: 'careful@example.com', password: 'Careful-Pass-1' })
    const mismatch = await member.post('/api/accounts/security/password', {
      currentPassword: 'Careful-Pass-1',
      newPassword: 'New-Pass-22',
      confirmPassword: 'New-Pass-23',
    })
    expect(mismatch.status).toBe(400)
    expect((await errorOf(mismatch)).message).toBe(accountMessages.newPasswordsDoNotMatch)

    const weak = await member.post('/api/accounts/security/password', {
      currentPassword: 'Careful-Pass-1',
      newPassword: 'alllowercase1',
      confirmPassword: 'alllowercase1',
    })
    expect(weak.status).toBe(400)
    expect((await errorOf(weak)).message).toBe(accountMessages.passwordNeedsUppercase)

    const wrong = await member.post('/api/accounts/security/password', {
      currentPassword: 'Not-My-Pass-1',
      newPassword: 'New-Pass-22',
      confirmPassword: 'New-Pass-22',
    })
    expect(wrong.status).toBe(400)
    expect(await errorOf(wrong)).toMatchObject({
      message: accountMessages.currentPasswordIncorrect,
      fields: { currentPassword: accountMessages.currentPasswordIncorrect },
    })
    expect(
      (await t.client().post('/api/accounts/sign-in', { email: 'careful@example.com', password: 'Careful-Pass-1' }))
        .status,
    ).toBe(200)

    expect(
      (
        await t.client().post('/api/accounts/security/password', {
          currentPassword: 'x',
          newPassword: 'New-Pass-22',
          confirmPassword: 'New-Pass-22',
        })
      ).status,
    ).toBe(401)
  })
})
