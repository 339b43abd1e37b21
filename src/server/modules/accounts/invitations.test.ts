import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { accountInvitations } from '#server/db/schema/admin.ts'
import { userProfiles } from '#server/db/schema/profile.ts'
import { errorOf } from '#server/testing/errors.ts'
import { createTestApp, type TestApp, type TestClient } from '#server/testing/harness.ts'
import { startSmtpServer, type ReceivedMail } from '#server/testing/smtp.ts'
import { adminUserMessages, invitationMessages, type AdminUserDetails, type AdminUserRow } from '#shared/admin/users.ts'
import { accountMessages, type SessionUser } from '#shared/accounts/schemas.ts'
import { hashInvitationToken as adminHash } from '#server/modules/admin/users/mails.ts'
import { hashInvitationToken } from './invitations.ts'

// The invitation's set-password link (issue 22; docs/decisions/031): an admin adds a
// user, the mail reaches the local SMTP server, the link sets a password once (under
// the shared rules), verifies the address, signs the user in and counts the sign-in;
// an expired or replaced link is refused.

let t: TestApp
let smtp: Awaited<ReturnType<typeof startSmtpServer>>
let admin: TestClient

beforeAll(async () => {
  smtp = await startSmtpServer()
  t = await createTestApp({ SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port), SMTP_IGNORE_TLS: 'true' })
  admin = await t.signedIn({ admin: true })
})
afterAll(async () => {
  await t?.close()
  await smtp?.close()
})

const mark = () => `i${Math.random().toString(36).slice(2, 8)}`

/** The `count`-th invitation mail to `address` (waiting for it), and its link's token. */
async function invitation(address: string, count = 1): Promise<{ mail: ReceivedMail; token: string }> {
  const deadline = Date.now() + 10_000
  for (;;) {
    const mails = smtp.received.filter((mail) => mail.to.includes(address) && /invited/.test(mail.subject))
    if (mails.length >= count) {
      const mail = mails[count - 1]!
      const link = /(\S+\/accept-invitation\?token=(\S+))/.exec(mail.text)!
      expect(link[1]!.startsWith('http://localhost:3000/accept-invitation?token=')).toBe(true)
      return { mail, token: decodeURIComponent(link[2]!) }
    }
    if (Date.now() > deadline) throw new Error(`no invitation number ${count} to ${address}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

async function addUser(firstName = 'Ivy') {
  const email = `${mark()}@example.com`
  const created = await admin.post('/api/admin/users', { email, firstName, lastName: 'Invited' })
  expect(created.status).toBe(201)
  return { email, id: ((await created.json()) as AdminUserRow).id }
}

const password = 'Brand-New-Pass-1'

describe('accepting an invitation', () => {
  test('sets the password once, verifies the address, signs the user in and counts the sign-in', async () => {
    const { email, id } = await addUser()
    const { token } = await invitation(email)
    expect(token).toMatch(/^[\w-]{43}$/)
    // only the token's hash is kept, the same hash on both sides
    expect(hashInvitationToken(token)).toBe(adminHash(token))
    const [stored] = await t.db.select().from(accountInvitations).where(eq(accountInvitations.userId, id))
    expect(stored!.tokenHash).toBe(hashInvitationToken(token))
    expect(stored!.tokenHash).not.toContain(token)

    const visitor = t.client()
    const accepted = await visitor.post('/api/accounts/invitations/accept', {
      token,
      password,
      confirmPassword: password,
    })
    expect(accepted.status).toBe(200)
    const body = (await accepted.json()) as { user: SessionUser; message: string }
    expect(body).toMatchObject({ message: invitationMessages.accepted, user: { id, email, emailVerified: true } })
    // signed in by the answer's cookies
    const session = (await (await visitor.get('/api/accounts/session')).json()) as { user: SessionUser | null }
    expect(session.user).toMatchObject({ id, firstName: 'Ivy' })
    // counted like any sign-in (spec 002 §3: last login, IP, login count)
    const [profile] = await t.db.select().from(userProfiles).where(eq(userProfiles.id, id))
    expect(profile).toMatchObject({ loginCount: 1, lastIpAddress: visitor.ip })
    expect(profile!.lastLoginAt).not.toBeNull()
    const details = (await (await admin.get(`/api/admin/users/${id}`)).json()) as AdminUserDetails
    expect(details.invitationPending).toBe(false)
    expect(details.invitation?.acceptedAt).not.toBeNull()

    // the link works once
    const again = await t.client().post('/api/accounts/invitations/accept', { token, password: 'Another-Pass-2' })
    expect(again.status).toBe(400)
    expect((await errorOf(again)).message).toBe(invitationMessages.invalid)
    // and the password is the user's from now on
    expect((await t.client().post('/api/accounts/sign-in', { email, password })).status).toBe(200)
    // nothing to invite them to any more
    const resend = await admin.post(`/api/admin/users/${id}/invitation`)
    expect(resend.status).toBe(409)
    expect((await errorOf(resend)).message).toBe(adminUserMessages.alreadyActive)
  })

  test('a password that breaks the shared rules is refused, and the link still works', async () => {
    const { email } = await addUser()
    const { token } = await invitation(email)
    const weak = await t.client().post('/api/accounts/invitations/accept', { token, password: 'short' })
    expect(weak.status).toBe(400)
    expect((await errorOf(weak)).message).toBe(accountMessages.passwordTooShort)
    const mismatch = await t.client().post('/api/accounts/invitations/accept', {
      token,
      password,
      confirmPassword: 'Something-Else-1',
    })
    expect((await errorOf(mismatch)).message).toBe(accountMessages.passwordsDoNotMatch)
    expect((await t.client().post('/api/accounts/invitations/accept', { token, password })).status).toBe(200)
  })

  test('an unknown or expired link is refused with what to do', async () => {
    const unknown = await t.client().post('/api/accounts/invitations/accept', { token: 'x'.repeat(43), password })
    expect(unknown.status).toBe(400)
    expect((await errorOf(unknown)).message).toBe(invitationMessages.invalid)

    const { email, id } = await addUser()
    const { token } = await invitation(email)
    // seven days later
    await t.db
      .update(accountInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(accountInvitations.userId, id))
    const expired = await t.client().post('/api/accounts/invitations/accept', { token, password })
    expect(expired.status).toBe(400)
    expect((await errorOf(expired)).message).toBe(invitationMessages.expired)
    // a new one from the admin works
    expect((await admin.post(`/api/admin/users/${id}/invitation`)).status).toBe(202)
    const renewed = await invitation(email, 2)
    expect((await t.client().post('/api/accounts/invitations/accept', { token: renewed.token, password })).status).toBe(
      200,
    )
  })

  test('a resent invitation replaces the old link at once', async () => {
    const { email, id } = await addUser()
    const first = await invitation(email)
    const resent = await admin.post(`/api/admin/users/${id}/invitation`)
    expect(resent.status).toBe(202)
    expect(await resent.json()).toEqual({ message: adminUserMessages.invitationSent })
    // before the new mail has even gone, the old link no longer works
    const old = await t.client().post('/api/accounts/invitations/accept', { token: first.token, password })
    expect(old.status).toBe(400)
    const second = await invitation(email, 2)
    expect(second.token).not.toBe(first.token)
    expect((await t.client().post('/api/accounts/invitations/accept', { token: second.token, password })).status).toBe(
      200,
    )
    expect((await admin.post(`/api/admin/users/${crypto.randomUUID()}/invitation`)).status).toBe(404)
  })
})
