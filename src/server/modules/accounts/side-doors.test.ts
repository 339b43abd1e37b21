import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { eq } from 'drizzle-orm'
import { authenticator } from 'otplib'
import { user as authUser } from '#server/db/schema/auth.ts'
import { userProfiles } from '#server/db/schema/profile.ts'
import { errorOf } from '#server/testing/errors.ts'
import { startGoogleStandIn } from '#server/testing/google-stand-in.ts'
import { createTestApp, type TestApp, type TestClient } from '#server/testing/harness.ts'
import { startSmtpServer } from '#server/testing/smtp.ts'
import { accountMessages } from '#shared/accounts/schemas.ts'
import { passwordResetMailLimit, signInLockout } from '#shared/constants.ts'

// Issue 11, "close the side doors": every way into an account obeys the same
// lockout, limits and rules, and better-auth's own endpoints are ours to expose
// or not (decision 012).

let t: TestApp
let smtp: Awaited<ReturnType<typeof startSmtpServer>>
let google: Awaited<ReturnType<typeof startGoogleStandIn>>

beforeAll(async () => {
  smtp = await startSmtpServer()
  google = await startGoogleStandIn()
  t = await createTestApp({
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(smtp.port),
    SMTP_IGNORE_TLS: 'true',
    ...google.env,
  })
})
afterAll(async () => {
  await t?.close()
  await smtp?.close()
  await google?.stop()
})

/** Ten wrong passwords on our sign-in: the address is locked (spec 000 §4). */
async function lockOut(email: string) {
  for (let attempt = 0; attempt < signInLockout.maxFailedAttempts; attempt++) {
    // each attempt from its own client: the per-IP limit is not what is tested here
    await t.client().post('/api/accounts/sign-in', { email, password: 'Wrong-Password-1' })
  }
  const locked = await t.client().post('/api/accounts/sign-in', { email, password: 'Wrong-Password-1' })
  expect(locked.status).toBe(429)
}

/** Google sign-in as a browser does it: our start, the provider's redirect, better-auth's callback. */
async function signInWithGoogle(client: TestClient, callbackURL = '/prestige-club') {
  const started = await client.post('/api/accounts/google', { callbackURL })
  expect(started.status).toBe(200)
  const { url } = (await started.json()) as { url: string }
  const atProvider = await fetch(url, { redirect: 'manual' })
  const backToUs = new URL(atProvider.headers.get('location')!)
  const callback = await client.get(`${backToUs.pathname}${backToUs.search}`)
  return { status: callback.status, location: callback.headers.get('location') ?? '' }
}

async function sessionEmail(client: TestClient) {
  const body = (await (await client.get('/api/accounts/session')).json()) as { user: { email: string } | null }
  return body.user?.email ?? null
}

describe("better-auth's own endpoints", () => {
  test('every better-auth endpoint but the Google callback answers 404, whoever asks', async () => {
    const admin = await t.signedIn({ admin: true })
    const member = await t.signedIn()
    const endpoints = Object.values(
      t.deps.auth.api as Record<string, { path?: string; options?: { method?: string | string[] } }>,
    )
      .filter((endpoint) => typeof endpoint.path === 'string' && endpoint.path.startsWith('/'))
      .map((endpoint) => ({ path: `/api/auth${endpoint.path}`, methods: [endpoint.options?.method ?? 'GET'].flat() }))
    // the endpoints that opened the side doors are among those walked
    for (const known of [
      '/sign-in/email',
      '/sign-up/email',
      '/request-password-reset',
      '/update-user',
      '/get-session',
      '/list-sessions',
      '/sign-in/oauth2',
    ]) {
      expect(endpoints.map((endpoint) => endpoint.path)).toContain(`/api/auth${known}`)
    }
    const exposed = `/api/auth/oauth2/callback/google`
    const answers: string[] = []
    for (const { path, methods } of endpoints) {
      if (path.replace(':providerId', 'google') === exposed) continue
      for (const method of methods.filter((m) => m !== '*')) {
        for (const client of [t.client(), member, admin]) {
          const concrete = path.replace(/:(\w+)/g, 'google')
          const response = await client.request(
            method,
            concrete,
            method === 'GET' ? undefined : { email: member.member.email, password: 'aaaaaaaa', name: 'x' },
          )
          if (response.status !== 404) answers.push(`${method} ${concrete} -> ${response.status}`)
        }
      }
    }
    expect(answers).toEqual([])
  })

  test("the admin plugin's powers (impersonation, setting a password, reading session tokens) are not reachable", async () => {
    const admin = await t.signedIn({ admin: true })
    const victim = await t.signedIn()
    for (const [path, body] of [
      ['/api/auth/admin/list-users', undefined],
      ['/api/auth/admin/impersonate-user', { userId: victim.member.id }],
      ['/api/auth/admin/set-user-password', { userId: victim.member.id, newPassword: 'Taken-Over-1' }],
      ['/api/auth/admin/list-user-sessions', { userId: victim.member.id }],
      ['/api/auth/admin/set-role', { userId: victim.member.id, role: 'admin' }],
    ] as const) {
      const response = body ? await admin.post(path, body) : await admin.get(path)
      expect(response.status, path).toBe(404)
    }
    expect(t.deps.auth.api).not.toHaveProperty('impersonateUser')
    expect(t.deps.auth.api).not.toHaveProperty('setUserPassword')
    expect(
      (await t.client().post('/api/accounts/sign-in', { email: victim.member.email, password: victim.member.password }))
        .status,
    ).toBe(200)
  })
})

describe('one lockout for every way in', () => {
  test('a locked account stays locked with the right password, and the old better-auth door is gone', async () => {
    const member = await t.signedIn()
    await lockOut(member.member.email)
    const right = await t
      .client()
      .post('/api/accounts/sign-in', { email: member.member.email, password: member.member.password })
    expect(right.status).toBe(429)
    expect((await errorOf(right)).message).toMatch(/^Account locked\. Please try again in \d+ minutes\.$/)
    const sideDoor = await t
      .client()
      .post('/api/auth/sign-in/email', { email: member.member.email, password: member.member.password })
    expect(sideDoor.status).toBe(404)
    expect(sideDoor.headers.getSetCookie()).toEqual([])
  })

  test('Google signs a member in, with a name cleaned like our own, and a locked address gets no session through Google', async () => {
    google.setUser({
      sub: 'g-side-1',
      email: 'grace.side@example.com',
      name: `<img src=x onerror=alert(1)> Grace ${'Hopper'.repeat(60)}`,
    })
    const visitor = t.client()
    const first = await signInWithGoogle(visitor)
    expect(first.status).toBe(302)
    expect(new URL(first.location, 'http://localhost').pathname).toBe('/prestige-club')
    expect(await sessionEmail(visitor)).toBe('grace.side@example.com')
    const created = await t.db.query.user.findFirst({ where: eq(authUser.email, 'grace.side@example.com') })
    expect(created?.name).not.toMatch(/[<>]/)
    expect(created!.name.length).toBeLessThanOrEqual(80)
    const profile = await t.db.query.userProfiles.findFirst({ where: eq(userProfiles.id, created!.id) })
    expect(profile?.firstName).toBe('img')
    // a way in like any other: counted for the admins' sign-in tracking (issue 22)
    expect(profile).toMatchObject({ loginCount: 1, lastIpAddress: visitor.ip })
    expect(profile?.lastLoginAt).toBeInstanceOf(Date)

    await t.deps.auth.api.signOut({
      headers: new Headers({ cookie: [...visitor.cookies].map(([k, v]) => `${k}=${v}`).join('; ') }),
    })
    await lockOut('grace.side@example.com')
    const again = t.client()
    const locked = await signInWithGoogle(again)
    expect(locked.status).toBe(302)
    expect(locked.location).toContain('/login?error=google')
    expect(await sessionEmail(again)).toBeNull()
  })

  test('Google sign-in returns only to our own pages', async () => {
    for (const callbackURL of ['https://evil.example/steal', '//evil.example', '/\\evil.example']) {
      const response = await t.client().post('/api/accounts/google', { callbackURL })
      expect(response.status, callbackURL).toBe(400)
    }
  })

  test('wrong two-factor codes lock the account like wrong passwords, and the right code then gets no session', async () => {
    const member = await t.signedIn()
    const enabled = (await (
      await member.post('/api/accounts/security/two-factor/enable', { password: member.member.password })
    ).json()) as { totpURI: string }
    const secret = new URL(enabled.totpURI).searchParams.get('secret')!
    expect(
      (await member.post('/api/accounts/security/two-factor/confirm', { code: authenticator.generate(secret) })).status,
    ).toBe(200)

    const rightCode = authenticator.generate(secret)
    const wrongCode = rightCode === '000000' ? '111111' : '000000'
    let client = t.client()
    let lockedAnswer: Response | undefined
    for (let attempt = 0; attempt < 3 * signInLockout.maxFailedAttempts && !lockedAnswer; attempt++) {
      if (!client.cookies.size) {
        const first = await client.post('/api/accounts/sign-in', {
          email: member.member.email,
          password: member.member.password,
        })
        expect(await first.json()).toEqual({ twoFactorRequired: true })
      }
      const answer = await client.post('/api/accounts/two-factor/verify', { code: wrongCode })
      if (answer.status === 429) lockedAnswer = answer
      else if ((await errorOf(answer)).message === accountMessages.twoFactorSignInAgain) client = t.client()
    }
    expect(lockedAnswer?.status).toBe(429)
    const fresh = t.client()
    await fresh.post('/api/accounts/sign-in', { email: member.member.email, password: member.member.password })
    const right = await fresh.post('/api/accounts/two-factor/verify', { code: authenticator.generate(secret) })
    expect(right.status).toBe(429)
    expect(await sessionEmail(fresh)).toBeNull()
  })

  test('sign-in with something that is not an e-mail address is a 400 with the spec message, not a failure counted', async () => {
    const response = await t.client().post('/api/accounts/sign-in', { email: '+1 555 0100', password: 'Anything-1' })
    expect(response.status).toBe(400)
    expect((await errorOf(response)).message).toBe(accountMessages.invalidEmail)
  })
})

describe('limits on mail and sessions', () => {
  test('one address gets at most a few reset mails an hour, whichever addresses ask', async () => {
    const member = await t.signedIn()
    for (let request = 0; request < passwordResetMailLimit.maxRequests; request++) {
      expect((await t.client().post('/api/accounts/forgot-password', { email: member.member.email })).status).toBe(200)
    }
    const flood = await t.client().post('/api/accounts/forgot-password', { email: member.member.email })
    expect(flood.status).toBe(429)
    expect(flood.headers.get('retry-after')).toBe(String(passwordResetMailLimit.windowSeconds))
    // the mails go through the job queue (decision 021)
    await expect
      .poll(() => smtp.received.filter((mail) => mail.to.includes(member.member.email)).length, { timeout: 15_000 })
      .toBe(passwordResetMailLimit.maxRequests)
    await t.jobsSettled(['send-mail'])
    expect(smtp.received.filter((mail) => mail.to.includes(member.member.email))).toHaveLength(
      passwordResetMailLimit.maxRequests,
    )
  })

  test('a copied cookie pair stops writing the moment its owner signs out', async () => {
    const member = await t.signedIn()
    const thief = t.client()
    for (const [name, value] of member.cookies) thief.cookies.set(name, value)
    expect((await thief.request('PUT', '/api/profile/me/skills', { skills: [] })).status).not.toBe(401)
    expect((await member.post('/api/accounts/sign-out')).status).toBe(204)
    const write = await thief.request('PUT', '/api/profile/me/skills', { skills: [] })
    expect(write.status).toBe(401)
  })

  test('a copied cookie pair stops writing the moment its owner changes the password', async () => {
    const member = await t.signedIn()
    const thief = t.client()
    for (const [name, value] of member.cookies) thief.cookies.set(name, value)
    const changed = await member.post('/api/accounts/security/password', {
      currentPassword: member.member.password,
      newPassword: 'Fresh-Password-2',
      confirmPassword: 'Fresh-Password-2',
    })
    expect(changed.status).toBe(200)
    expect((await thief.request('PUT', '/api/profile/me/skills', { skills: [] })).status).toBe(401)
    expect((await member.request('PUT', '/api/profile/me/skills', { skills: [] })).status).not.toBe(401)
  })
})
