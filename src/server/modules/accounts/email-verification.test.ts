import { readFile } from 'node:fs/promises'
import { and, eq, like } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { user as authUser, verification } from '#server/db/schema/auth.ts'
import { ensureDefaultPlans } from '#server/modules/billing/queries.ts'
import { insertPost } from '#server/modules/community/queries.ts'
import { createJob } from '#server/testing/jobs.ts'
import { errorOf } from '#server/testing/errors.ts'
import { fixturePath } from '#server/testing/files.ts'
import { startGoogleStandIn } from '#server/testing/google-stand-in.ts'
import { createTestApp, testBaseUrl, type TestApp, type TestClient } from '#server/testing/harness.ts'
import { startSmtpServer, type ReceivedMail } from '#server/testing/smtp.ts'
import { verificationMailLimit } from '#shared/accounts/constants.ts'
import { accountMessages, type SessionUser } from '#shared/accounts/schemas.ts'
import { genericMessages } from '#shared/errors.ts'

// Issue 12, item 4: e-mail verification (decision 014). Sign-up mails a link that
// works once and expires; until it is opened the member reads but does not post,
// comment or apply; Google vouches for its own addresses.

let t: TestApp
let smtp: Awaited<ReturnType<typeof startSmtpServer>>
let google: Awaited<ReturnType<typeof startGoogleStandIn>>
let resume: Buffer

beforeAll(async () => {
  smtp = await startSmtpServer()
  google = await startGoogleStandIn()
  resume = await readFile(fixturePath('resumes', 'awesome_cv_example_resume.pdf'))
  t = await createTestApp({
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(smtp.port),
    SMTP_IGNORE_TLS: 'true',
    ...google.env,
  })
  await ensureDefaultPlans(t.db)
})
afterAll(async () => {
  await t?.close()
  await smtp?.close()
  await google?.stop()
})

let signUpCounter = 0

/** A visitor signs up through the real endpoint; the client keeps the new session. */
async function signUp(email = `verify-${++signUpCounter}-${Math.random().toString(36).slice(2, 8)}@example.com`) {
  const client = t.client()
  const response = await client.post('/api/accounts/sign-up', {
    firstName: 'Vera',
    lastName: 'Fied',
    email,
    password: 'Verified-Pass-1',
    confirmPassword: 'Verified-Pass-1',
    city: 'London',
    experienceLevel: 'Senior Level',
    industries: ['Technology'],
  })
  expect(response.status).toBe(201)
  return { client, email, user: ((await response.json()) as { user: SessionUser }).user }
}

const linkPattern = new RegExp(`${testBaseUrl.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/verify-email\\?token=([\\w%-]+)`)

function tokenOf(mail: ReceivedMail): string {
  const token = linkPattern.exec(mail.text)?.[1]
  expect(token, mail.text).toBeTruthy()
  return decodeURIComponent(token!)
}

const mailsTo = (email: string, subject: RegExp) =>
  smtp.received.filter((mail) => mail.to.includes(email) && subject.test(mail.subject))

async function sessionUser(client: TestClient) {
  return ((await (await client.get('/api/accounts/session')).json()) as { user: SessionUser | null }).user
}

async function storedVerified(email: string) {
  return (await t.db.query.user.findFirst({ where: eq(authUser.email, email) }))?.emailVerified
}

describe('the verification mail', () => {
  test('sign-up mails a welcome with a verification link, and the new member is signed in but not verified', async () => {
    const { client, email, user } = await signUp()
    expect(user.emailVerified).toBe(false)
    expect((await sessionUser(client))?.emailVerified).toBe(false)

    const mail = await smtp.waitFor(email, /welcome/i)
    expect(mail.subject).toBe('Welcome to Prestige Labs: please verify your email address')
    expect(mail.text).toContain('Hi Vera,')
    expect(mail.text).toContain('expires in 24 hours')
    expect(tokenOf(mail)).toMatch(/^[\w-]{40,}$/)
    // the token is kept hashed: the table does not hold the link's secret
    const rows = await t.db
      .select()
      .from(verification)
      .where(like(verification.value, `${user.id}:%`))
    expect(rows).toHaveLength(1)
    expect(rows[0]!.identifier).not.toContain(tokenOf(mail))
  })

  test('the link verifies the signed-in member once: the session says so at once, and the same link is then refused', async () => {
    const { client, email } = await signUp()
    const token = tokenOf(await smtp.waitFor(email, /welcome/i))

    const opened = await client.post('/api/accounts/verify-email', { token })
    expect(opened.status).toBe(200)
    expect(await opened.json()).toEqual({ message: accountMessages.emailVerified })
    // the renewed session cookie says verified: no wait for the cookie cache to run out
    expect((await sessionUser(client))?.emailVerified).toBe(true)
    expect(await storedVerified(email)).toBe(true)

    const again = await client.post('/api/accounts/verify-email', { token })
    expect(again.status).toBe(400)
    expect((await errorOf(again)).message).toBe(accountMessages.verificationLinkInvalid)
  })

  test('the link works in another browser, without a session', async () => {
    const { email } = await signUp()
    const token = tokenOf(await smtp.waitFor(email, /welcome/i))
    const elsewhere = t.client()
    expect((await elsewhere.post('/api/accounts/verify-email', { token })).status).toBe(200)
    expect(await sessionUser(elsewhere)).toBeNull()
    expect(await storedVerified(email)).toBe(true)
  })

  test('an expired link and a made-up one are refused and verify nothing', async () => {
    const { client, email, user } = await signUp()
    const token = tokenOf(await smtp.waitFor(email, /welcome/i))
    await t.db
      .update(verification)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(like(verification.identifier, 'verify-email:%'), like(verification.value, `${user.id}:%`)))

    for (const candidate of [token, 'made-up-token', `${token.slice(0, -2)}xx`]) {
      const refused = await client.post('/api/accounts/verify-email', { token: candidate })
      expect(refused.status, candidate).toBe(400)
      expect((await errorOf(refused)).message).toBe(accountMessages.verificationLinkInvalid)
    }
    expect(await storedVerified(email)).toBe(false)
    expect((await sessionUser(client))?.emailVerified).toBe(false)
  })
})

describe('asking for a new link', () => {
  test(`a member gets at most ${verificationMailLimit.maxRequests} new links an hour per address, whichever address asks; any of them verifies, and then the others are spent`, async () => {
    const { client, email } = await signUp()
    await smtp.waitFor(email, /welcome/i)
    for (let request = 0; request < verificationMailLimit.maxRequests; request++) {
      const response = await client.post('/api/accounts/verify-email/resend')
      expect(response.status).toBe(200)
      expect(await response.json()).toEqual({ message: accountMessages.verificationSent })
    }
    const refused = await client.post('/api/accounts/verify-email/resend')
    expect(refused.status).toBe(429)
    expect((await errorOf(refused)).message).toBe(accountMessages.tooManyAttempts)
    // the window opened at the first request, seconds ago on a busy machine
    const retryAfter = Number(refused.headers.get('retry-after'))
    expect(retryAfter).toBeLessThanOrEqual(verificationMailLimit.windowSeconds)
    expect(retryAfter).toBeGreaterThan(verificationMailLimit.windowSeconds - 60)

    // the same account signed in from another address is still refused: the limit is the inbox's
    const otherDevice = t.client()
    expect((await otherDevice.post('/api/accounts/sign-in', { email, password: 'Verified-Pass-1' })).status).toBe(200)
    expect((await otherDevice.post('/api/accounts/verify-email/resend')).status).toBe(429)

    // the mails go through the job queue (decision 021)
    await expect
      .poll(() => mailsTo(email, /^Verify your Prestige Labs email address$/).length, { timeout: 15_000 })
      .toBe(verificationMailLimit.maxRequests)
    const sent = mailsTo(email, /^Verify your/)
    expect((await client.post('/api/accounts/verify-email', { token: tokenOf(sent.at(-1)!) })).status).toBe(200)
    // once the address is verified, the other links it was sent are spent
    expect((await client.post('/api/accounts/verify-email', { token: tokenOf(sent[0]!) })).status).toBe(400)
  })

  test('a verified member is told so and gets no mail; a visitor is asked to sign in', async () => {
    const member = await t.signedIn()
    const response = await member.post('/api/accounts/verify-email/resend')
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ message: accountMessages.alreadyVerified })
    await t.jobsSettled(['verification-mail'])
    expect(mailsTo(member.member.email, /verify/i)).toEqual([])

    const visitor = await t.client().post('/api/accounts/verify-email/resend')
    expect(visitor.status).toBe(401)
    expect((await errorOf(visitor)).message).toBe(genericMessages.authenticationRequired)
  })
})

describe('what an unverified member may do', () => {
  function applicationForm() {
    const form = new FormData()
    for (const [key, value] of Object.entries({
      firstName: 'Una',
      lastName: 'Verified',
      email: 'una@example.com',
      phone: '+44 20 7946 0958',
      coverLetter: 'Hello there.',
    })) {
      form.set(key, value)
    }
    form.set('resume', new File([new Uint8Array(resume)], 'resume.pdf', { type: 'application/pdf' }))
    return form
  }
  const postForm = (content: string) => {
    const form = new FormData()
    form.set('content', content)
    return form
  }

  test('reads, but posting, commenting and applying answer 403 "Please verify your email address" until the link is opened; then they pass', async () => {
    const author = await t.signedIn({ subscribed: true })
    const { id: postId } = await insertPost(t.db, { userId: author.member.id, content: 'Welcome, everyone' })
    const job = await createJob(t.db, { title: 'Verified Engineer', company: 'Babbage & Co', location: 'London' })
    const member = await t.signedIn({ subscribed: true, emailVerified: false })

    // reading is open
    expect((await member.get('/api/community/posts')).status).toBe(200)
    expect((await member.get(`/api/community/posts/${postId}/comments`)).status).toBe(200)
    expect((await member.get(`/api/jobs/${job.id}`)).status).toBe(200)
    expect((await member.get('/api/profile/me')).status).toBe(200)

    const attempts = {
      post: () => member.post('/api/community/posts', postForm('My first post')),
      comment: () => member.post(`/api/community/posts/${postId}/comments`, { content: 'Nice to meet you' }),
      apply: () => member.post(`/api/jobs/${job.id}/applications`, applicationForm()),
    }
    for (const [action, attempt] of Object.entries(attempts)) {
      const refused = await attempt()
      expect(refused.status, action).toBe(403)
      expect((await errorOf(refused)).message, action).toBe(accountMessages.emailNotVerified)
    }

    expect((await member.post('/api/accounts/verify-email/resend')).status).toBe(200)
    const token = tokenOf(await smtp.waitFor(member.member.email, /^Verify your/))
    expect((await member.post('/api/accounts/verify-email', { token })).status).toBe(200)

    for (const [action, attempt] of Object.entries(attempts)) {
      expect((await attempt()).status, action).toBe(201)
    }
  })

  test('cannot pay: starting a checkout answers 403 "Please verify your email address" until the link is opened', async () => {
    const member = await t.signedIn({ emailVerified: false })
    const refused = await member.post('/api/billing/checkout', { planId: 'full-access' })
    expect(refused.status).toBe(403)
    expect((await errorOf(refused)).message).toBe(accountMessages.emailNotVerified)

    expect((await member.post('/api/accounts/verify-email/resend')).status).toBe(200)
    const token = tokenOf(await smtp.waitFor(member.member.email, /^Verify your/))
    expect((await member.post('/api/accounts/verify-email', { token })).status).toBe(200)
    const started = await member.post('/api/billing/checkout', { planId: 'full-access' })
    expect(started.status).toBe(200)
    const checkoutId = ((await started.json()) as { url: string }).url.split('/').at(-1)!
    expect((await member.post(`/api/billing/test-checkout/${checkoutId}/complete`)).status).toBe(200)
    expect((await sessionUser(member))?.subscribed).toBe(true)
  })

  test('a member verified in another browser is let in at once: writes read the account, not the cached cookie', async () => {
    const member = await t.signedIn({ subscribed: true, emailVerified: false })
    // the session is read once, so the short-lived cookie cache holds "unverified"
    expect((await sessionUser(member))?.emailVerified).toBe(false)
    expect((await member.post('/api/accounts/verify-email/resend')).status).toBe(200)
    const token = tokenOf(await smtp.waitFor(member.member.email, /^Verify your/))
    expect((await t.client().post('/api/accounts/verify-email', { token })).status).toBe(200)
    expect((await member.post('/api/community/posts', postForm('Verified elsewhere'))).status).toBe(201)
  })
})

describe('Google sign-in', () => {
  async function signInWithGoogle(client: TestClient) {
    const started = await client.post('/api/accounts/google', { callbackURL: '/prestige-club' })
    expect(started.status).toBe(200)
    const { url } = (await started.json()) as { url: string }
    const atProvider = await fetch(url, { redirect: 'manual' })
    const backToUs = new URL(atProvider.headers.get('location')!)
    const callback = await client.get(`${backToUs.pathname}${backToUs.search}`)
    return callback.headers.get('location') ?? ''
  }

  test('an account made by Google counts as verified (Google vouches for the address) and gets no verification mail', async () => {
    google.setUser({ sub: 'g-verified-1', email: 'gina.google@example.com', name: 'Gina Google' })
    const client = t.client()
    expect(new URL(await signInWithGoogle(client), testBaseUrl).pathname).toBe('/prestige-club')
    expect(await sessionUser(client)).toMatchObject({ email: 'gina.google@example.com', emailVerified: true })
    expect(await storedVerified('gina.google@example.com')).toBe(true)
    await t.jobsSettled(['verification-mail'])
    expect(mailsTo('gina.google@example.com', /verify/i)).toEqual([])
  })

  test('Google does not sign anyone into an unverified password account of the same address', async () => {
    // someone registered the address without owning it: its owner signing in with Google must not join that account
    await t.signedIn({ email: 'squatted@example.com', emailVerified: false })
    google.setUser({ sub: 'g-owner-1', email: 'squatted@example.com', name: 'Real Owner' })
    const client = t.client()
    expect(await signInWithGoogle(client)).toContain('/login?error=google')
    expect(await sessionUser(client)).toBeNull()
    expect(await storedVerified('squatted@example.com')).toBe(false)
  })
})
