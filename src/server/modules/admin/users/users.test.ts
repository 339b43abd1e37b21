import { and, eq, inArray, like, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { userImports } from '#server/db/schema/admin.ts'
import { auditLog } from '#server/db/schema/audit.ts'
import { user } from '#server/db/schema/auth.ts'
import { userSubscriptions } from '#server/db/schema/billing.ts'
import { posts } from '#server/db/schema/community.ts'
import { jobApplications } from '#server/db/schema/jobs.ts'
import { userProfiles } from '#server/db/schema/profile.ts'
import { resumeReviews } from '#server/db/schema/resumes.ts'
import { insertComment, insertPost, setLike } from '#server/modules/community/queries.ts'
import { avatarKey } from '#server/modules/profile/service.ts'
import type { Ctx } from '#server/platform/context.ts'
import type { LiveMessage } from '#shared/live.ts'
import { errorOf } from '#server/testing/errors.ts'
import { createTestApp, type TestApp, type TestClient } from '#server/testing/harness.ts'
import { startSmtpServer } from '#server/testing/smtp.ts'
import { startStripeStandIn, stripeSubscription } from '#server/testing/stripe-stand-in.ts'
import {
  adminCommentMessages,
  adminUserMessages,
  importedUsers,
  missingRequiredColumns,
  userImportFailureMessages,
  userImportMessages,
  type AdminCommentView,
  type AdminUserDetails,
  type AdminUserPage,
  type AdminUserRow,
  type UserImportPreview,
  type UserImportView,
} from '#shared/admin/users.ts'
import { genericMessages } from '#shared/errors.ts'
import { runUserImport } from './import.ts'
import { deleteUserAccount, planUserDeletion, setAdmin } from './service.ts'

// Admin user management through the API (issue 22; spec 002 §2 User management, §4,
// §5, §6, §7, §8): the table and its search, details, the admin flag, comments,
// add user, delete (files, Stripe, community counters), the CSV import with its
// report and invitations, the streamed export. The invitation link itself is
// tested in modules/accounts/invitations.test.ts. Each test reads its own users
// (a marker in their names or addresses), never the whole table.

let t: TestApp
let smtp: Awaited<ReturnType<typeof startSmtpServer>>
let stripe: Awaited<ReturnType<typeof startStripeStandIn>>
let admin: TestClient & { member: { id: string; email: string } }
let member: TestClient & { member: { id: string; email: string } }

beforeAll(async () => {
  smtp = await startSmtpServer()
  stripe = await startStripeStandIn()
  t = await createTestApp({
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(smtp.port),
    SMTP_IGNORE_TLS: 'true',
    ...stripe.env,
  })
  admin = await t.signedIn({ admin: true, firstName: 'Ada', lastName: 'Admin' })
  member = await t.signedIn()
})
afterAll(async () => {
  await t?.close()
  await smtp?.close()
  await stripe?.close()
})

const mark = () => `m${Math.random().toString(36).slice(2, 8)}`
const json = async <T>(response: Response) => (await response.json()) as T

/** Users made straight in the database (fast): `count` of them, their names carrying `marker`. */
async function insertUsers(
  marker: string,
  count: number,
  overrides: (index: number) => Partial<{ first: string; last: string }> = () => ({}),
) {
  const base = Date.now()
  const rows = Array.from({ length: count }, (_, index) => ({
    id: crypto.randomUUID(),
    email: `${marker}-${index}@example.com`,
    first: `First${index}`,
    last: `Last ${marker}`,
    createdAt: new Date(base - index * 1000),
    ...overrides(index),
  }))
  for (let start = 0; start < rows.length; start += 500) {
    const chunk = rows.slice(start, start + 500)
    await t.db.insert(user).values(
      chunk.map((row) => ({
        id: row.id,
        name: `${row.first} ${row.last}`,
        email: row.email,
        createdAt: row.createdAt,
      })),
    )
    await t.db
      .insert(userProfiles)
      .values(chunk.map((row) => ({ id: row.id, firstName: row.first, lastName: row.last, location: 'Toronto' })))
  }
  return rows
}

describe('who may manage users', () => {
  test('every admin user endpoint refuses members (403) and visitors (401)', async () => {
    const id = member.member.id
    const calls: Array<[string, string, unknown?]> = [
      ['GET', '/api/admin/users'],
      ['POST', '/api/admin/users', { email: 'x@example.com', firstName: 'X', lastName: 'Y' }],
      ['GET', '/api/admin/users/export.csv'],
      ['POST', '/api/admin/users/import', { uploadId: crypto.randomUUID() }],
      ['GET', `/api/admin/users/imports/${crypto.randomUUID()}`],
      ['GET', `/api/admin/users/${id}`],
      ['PUT', `/api/admin/users/${id}/admin`, { isAdmin: true }],
      ['POST', `/api/admin/users/${id}/invitation`, {}],
      ['GET', `/api/admin/users/${id}/comments`],
      ['POST', `/api/admin/users/${id}/comments`, { content: 'hello' }],
      ['DELETE', `/api/admin/users/${id}`],
    ]
    const form = new FormData()
    form.set('file', new File(['email,first_name,last_name\n'], 'users.csv', { type: 'text/csv' }))
    const visitor = t.client()
    for (const [method, path, body] of calls) {
      const asMember = await member.request(method, path, body)
      expect(asMember.status, `member ${method} ${path}`).toBe(403)
      expect((await errorOf(asMember)).message).toBe(genericMessages.adminRequired)
      expect((await visitor.request(method, path, body)).status, `visitor ${method} ${path}`).toBe(401)
    }
    expect((await member.post('/api/admin/users/import/preview', form)).status).toBe(403)
    expect((await visitor.post('/api/admin/users/import/preview', form)).status).toBe(401)
    // the member is still a member, and still there
    const [row] = await t.db.select({ role: user.role }).from(user).where(eq(user.id, id))
    expect(row?.role).toBe('user')
  })
})

describe('the users table', () => {
  test('search matches e-mail, first or last name in any case; pages of 25 newest first with the total', async () => {
    const marker = mark()
    const made = await insertUsers(marker, 30)
    const first = await json<AdminUserPage>(await admin.get(`/api/admin/users?q=${marker.toUpperCase()}`))
    expect(first.total).toBe(30)
    expect(first.users).toHaveLength(25)
    expect(first.users.map((row) => row.email)).toEqual(made.slice(0, 25).map((row) => row.email))
    expect(first.nextCursor).toBeTruthy()
    const second = await json<AdminUserPage>(
      await admin.get(`/api/admin/users?q=${marker}&cursor=${encodeURIComponent(first.nextCursor!)}`),
    )
    expect(second.users.map((row) => row.email)).toEqual(made.slice(25).map((row) => row.email))
    expect(second.nextCursor).toBeNull()
    expect(second.total).toBe(30)

    // one row as the table shows it
    expect(first.users[0]).toMatchObject({
      name: `First0 Last ${marker}`,
      isAdmin: false,
      location: 'Toronto',
      loginCount: 0,
      lastLoginAt: null,
      subscribed: false,
      // made straight in the database: no password, no Google, as an invited user before the link
      invitationPending: true,
    } satisfies Partial<AdminUserRow>)

    // by first name with its case changed, by the address, and the full name as one
    const byFirst = await json<AdminUserPage>(
      await admin.get(`/api/admin/users?q=${encodeURIComponent(`first7 last ${marker}`)}`),
    )
    expect(byFirst.users.map((row) => row.email)).toEqual([made[7]!.email])
    const byEmail = await json<AdminUserPage>(await admin.get(`/api/admin/users?q=${marker}-12@EXAMPLE`))
    expect(byEmail.users.map((row) => row.email)).toEqual([made[12]!.email])
    // LIKE's wildcards are taken literally
    const wildcard = await json<AdminUserPage>(await admin.get(`/api/admin/users?q=${marker}%25-1_`))
    expect(wildcard.total).toBe(0)
    // the sign-in tracking of a real sign-in, and the admin badge
    const me = await json<AdminUserPage>(
      await admin.get(`/api/admin/users?q=${encodeURIComponent(admin.member.email)}`),
    )
    expect(me.users[0]).toMatchObject({ isAdmin: true, name: 'Ada Admin', loginCount: 1, invitationPending: false })
    expect(me.users[0]!.lastIpAddress).toBe(admin.ip)
    expect(me.users[0]!.lastLoginAt).not.toBeNull()
  })

  test('a page token the server did not write is refused (400)', async () => {
    for (const cursor of [
      'not-a-cursor',
      Buffer.from('{"at":"2026-13-45 99:00:00+00","id":"x"}').toString('base64url'),
    ]) {
      expect((await admin.get(`/api/admin/users?cursor=${cursor}`)).status).toBe(400)
    }
  })

  test('details show the profile, the sign-in tracking, the subscription and what the user has; an unknown user is 404', async () => {
    const subscriber = await t.signedIn({ subscribed: true, firstName: 'Sue', lastName: 'Scriber', location: 'London' })
    const [post] = [await insertPost(t.db, { userId: subscriber.member.id, content: 'Hello' })]
    await insertComment(t.db, post.id, subscriber.member.id, 'A comment')
    const response = await admin.get(`/api/admin/users/${subscriber.member.id}`)
    expect(response.status).toBe(200)
    const details = await json<AdminUserDetails>(response)
    expect(details).toMatchObject({
      id: subscriber.member.id,
      email: subscriber.member.email,
      firstName: 'Sue',
      lastName: 'Scriber',
      location: 'London',
      isAdmin: false,
      subscribed: true,
      loginCount: 1,
      emailVerified: true,
      counts: { posts: 1, comments: 1, applications: 0, resumeReviews: 0 },
      subscription: { planId: 'full-access', status: 'active', billedByStripe: false },
      invitation: null,
    })
    expect((await admin.get(`/api/admin/users/${crypto.randomUUID()}`)).status).toBe(404)
    expect((await admin.get('/api/admin/users/not%20an%20id')).status).toBe(404)
  })
})

describe('the admin flag', () => {
  test('an admin makes a member an admin and back, audited; never their own', async () => {
    const other = await t.signedIn()
    const promoted = await admin.put(`/api/admin/users/${other.member.id}/admin`, { isAdmin: true })
    expect(promoted.status).toBe(200)
    expect(await json<AdminUserRow>(promoted)).toMatchObject({ id: other.member.id, isAdmin: true })
    const demoted = await admin.put(`/api/admin/users/${other.member.id}/admin`, { isAdmin: false })
    expect(await json<AdminUserRow>(demoted)).toMatchObject({ isAdmin: false })
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.role'), eq(auditLog.objectId, other.member.id)))
      .orderBy(auditLog.createdAt)
    expect(entries.map((entry) => entry.after)).toEqual([{ role: 'admin' }, { role: 'user' }])
    expect(entries[0]!.actorEmail).toBe(admin.member.email)

    const own = await admin.put(`/api/admin/users/${admin.member.id}/admin`, { isAdmin: false })
    expect(own.status).toBe(409)
    expect((await errorOf(own)).message).toBe(adminUserMessages.cannotChangeOwnRole)
    expect((await admin.put(`/api/admin/users/${crypto.randomUUID()}/admin`, { isAdmin: true })).status).toBe(404)
  })
})

describe('the last admin', () => {
  // an app of its own: the only admins in its database are the two made here
  let solo: TestApp
  beforeAll(async () => {
    solo = await createTestApp()
  })
  afterAll(async () => solo?.close())

  /** `who`'s session as it was read before another request took their role away. */
  const staleAdminCtx = (app: TestApp, who: { id: string; email: string }) =>
    ({
      deps: app.deps,
      requestId: `stale-${who.id}`,
      ip: '127.0.0.1',
      headers: new Headers(),
      session: { user: { id: who.id, email: who.email, name: 'Stale', role: 'admin', twoFactorEnabled: false } },
      logger: app.deps.logger,
      viewer: async () => ({ signedIn: true, subscribed: true, isAdmin: true }),
    }) as unknown as Ctx

  test('two admins demoting each other at once leave one admin', async () => {
    const a = await solo.signedIn({ admin: true })
    const b = await solo.signedIn({ admin: true })
    const answers = await Promise.all([
      a.put(`/api/admin/users/${b.member.id}/admin`, { isAdmin: false }),
      b.put(`/api/admin/users/${a.member.id}/admin`, { isAdmin: false }),
    ])
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, expect.any(Number)])
    expect([403, 409]).toContain(answers.map((answer) => answer.status).find((status) => status !== 200))
    expect(await solo.db.$count(user, eq(user.role, 'admin'))).toBe(1)
  })

  test('the last admin cannot be demoted or deleted, even by a session read before it became the last', async () => {
    const a = await solo.signedIn({ admin: true })
    const b = await solo.signedIn({ admin: true })
    // every other admin of this database goes, so a and b are the two left
    await solo.db.execute(
      sql`update "user" set role = 'user' where role = 'admin' and id not in (${a.member.id}, ${b.member.id})`,
    )
    expect((await a.put(`/api/admin/users/${b.member.id}/admin`, { isAdmin: false })).status).toBe(200)
    // b's request was checked as an admin's; under the lock, a is the last admin
    const stale = staleAdminCtx(solo, b.member)
    await expect(setAdmin(stale, a.member.id, { isAdmin: false })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: adminUserMessages.lastAdmin,
    })
    await expect(
      deleteUserAccount(stale, { userId: a.member.id, email: a.member.email, stripeSubscriptionIds: [] }),
    ).rejects.toMatchObject({ code: 'CONFLICT', message: adminUserMessages.lastAdmin })
    await expect(planUserDeletion(stale, a.member.id)).rejects.toMatchObject({ message: adminUserMessages.lastAdmin })
    // and the last admin cannot remove themselves either
    const own = await a.delete(`/api/admin/users/${a.member.id}`)
    expect(own.status).toBe(409)
    expect((await errorOf(own)).message).toBe(adminUserMessages.cannotDeleteSelf)
    const [row] = await solo.db.select({ role: user.role }).from(user).where(eq(user.id, a.member.id))
    expect(row?.role).toBe('admin')
  })
})

describe('the admins’ comments', () => {
  test('a blank or over-long comment is refused; the thread is oldest first with its authors', async () => {
    const subject = await t.signedIn()
    const path = `/api/admin/users/${subject.member.id}/comments`
    expect(await json<{ comments: AdminCommentView[] }>(await admin.get(path))).toEqual({ comments: [] })
    const blank = await admin.post(path, { content: '   ' })
    expect(blank.status).toBe(400)
    expect((await errorOf(blank)).message).toBe(adminCommentMessages.blank)
    const long = await admin.post(path, { content: 'x'.repeat(2001) })
    expect((await errorOf(long)).message).toBe(adminCommentMessages.tooLong)
    expect((await admin.post(path, { content: 'x'.repeat(2000) })).status).toBe(201)
    const second = await admin.post(path, { content: '  Called them about the renewal  ' })
    expect(second.status).toBe(201)
    expect(await json<AdminCommentView>(second)).toMatchObject({
      content: 'Called them about the renewal',
      author: { id: admin.member.id, name: 'Ada Admin' },
    })
    const thread = await json<{ comments: AdminCommentView[] }>(await admin.get(path))
    expect(thread.comments.map((comment) => comment.content.length)).toEqual([2000, 29])
    expect((await admin.get(`/api/admin/users/${crypto.randomUUID()}/comments`)).status).toBe(404)
  })
})

describe('add user', () => {
  test('makes the account without a password and mails the invitation; an existing e-mail is 409', async () => {
    const email = `${mark()}-added@example.com`
    const created = await admin.post('/api/admin/users', {
      email: email.toUpperCase(),
      firstName: 'Nia',
      lastName: 'New',
      isAdmin: false,
    })
    expect(created.status).toBe(201)
    const row = await json<AdminUserRow>(created)
    expect(row).toMatchObject({ email, name: 'Nia New', isAdmin: false, invitationPending: true, loginCount: 0 })
    const mail = await smtp.waitFor(email, /invited/)
    expect(mail.text).toContain('/accept-invitation?token=')
    expect(mail.text).toContain('Hi Nia,')

    const again = await admin.post('/api/admin/users', { email, firstName: 'Nia', lastName: 'Again' })
    expect(again.status).toBe(409)
    expect((await errorOf(again)).message).toBe(adminUserMessages.emailExists)
    const bad = await admin.post('/api/admin/users', { email: 'not-an-address', firstName: 'A', lastName: 'B' })
    expect((await errorOf(bad)).message).toBe(adminUserMessages.invalidEmail)
    const unnamed = await admin.post('/api/admin/users', {
      email: `${mark()}@example.com`,
      firstName: ' ',
      lastName: 'B',
    })
    expect((await errorOf(unnamed)).message).toBe(adminUserMessages.firstNameRequired)

    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.create'), eq(auditLog.objectId, row.id)))
    expect(audit?.after).toMatchObject({ email, role: 'user' })
  })

  test('an admin account can be made the same way', async () => {
    const email = `${mark()}-coach@example.com`
    const created = await admin.post('/api/admin/users', { email, firstName: 'Cal', lastName: 'Coach', isAdmin: true })
    expect(await json<AdminUserRow>(created)).toMatchObject({ isAdmin: true })
    expect((await smtp.waitFor(email, /invited/)).text).toContain('administrator account')
  })
})

describe('delete a user', () => {
  /** A member with a bit of everything: files in storage, a Stripe subscription, posts, a comment and a like elsewhere. */
  async function memberWithEverything(subscriptionId: string) {
    const victim = await t.signedIn({ firstName: 'Gone', lastName: 'Soon' })
    const id = victim.member.id
    const { storage } = t.deps
    const file = (key: string) =>
      storage.put(key, new TextEncoder().encode(key), { contentType: 'application/pdf', visibility: 'private' })
    const keys = {
      avatar: avatarKey(id),
      media: `community/${crypto.randomUUID()}.png`,
      resume: `resume-reviews/${crypto.randomUUID()}.pdf`,
      application: `applications/${crypto.randomUUID()}.pdf`,
    }
    for (const key of Object.values(keys)) await file(key)
    await insertPost(t.db, { userId: id, content: 'with media', mediaKey: keys.media, mediaType: 'image' })
    await t.db
      .insert(resumeReviews)
      .values({ userId: id, email: victim.member.email, fileKey: keys.resume, fileBytes: 10 })
    await t.db.insert(jobApplications).values({
      userId: id,
      jobTitle: 'Analyst',
      company: 'Co',
      firstName: 'Gone',
      lastName: 'Soon',
      email: victim.member.email,
      phone: '+1 617 555 0100',
      coverLetter: 'Hi',
      resumeKey: keys.application,
      resumeFileName: 'resume.pdf',
    })
    const now = new Date()
    await t.db.insert(userSubscriptions).values({
      userId: id,
      planId: 'full-access',
      status: 'active',
      currentPeriodStart: now,
      currentPeriodEnd: new Date(now.getTime() + 30 * 86_400_000),
      stripeSubscriptionId: subscriptionId,
      stripeCustomerId: `cus_${subscriptionId}`,
    })
    stripe.setSubscription(
      stripeSubscription({
        id: subscriptionId,
        customer: `cus_${subscriptionId}`,
        userId: id,
        status: 'active',
        periodStart: now,
        periodEnd: new Date(now.getTime() + 30 * 86_400_000),
      }),
    )
    return { victim, keys }
  }

  test('cancels their Stripe subscription, deletes the account and its files, and keeps other posts’ counters right', async () => {
    const subscriptionId = `sub_del_${mark()}`
    const { victim, keys } = await memberWithEverything(subscriptionId)
    const author = await t.signedIn()
    const othersPost = await insertPost(t.db, { userId: author.member.id, content: 'Someone else’s post' })
    await insertComment(t.db, othersPost.id, author.member.id, 'The author’s own comment')
    await insertComment(t.db, othersPost.id, victim.member.id, 'The victim’s comment')
    await insertComment(t.db, othersPost.id, victim.member.id, 'And another')
    await setLike(t.db, othersPost.id, victim.member.id, true)
    await setLike(t.db, othersPost.id, author.member.id, true)
    const heard: LiveMessage[] = []
    const unsubscribe = t.deps.realtime.subscribe({ message: (message) => heard.push(message), closed: () => {} })

    const deleted = await admin.delete(`/api/admin/users/${victim.member.id}`)
    expect(deleted.status).toBe(204)

    expect(stripe.subscription(subscriptionId)?.status).toBe('canceled')
    expect(stripe.requests.some((r) => r.method === 'DELETE' && r.path === `/v1/subscriptions/${subscriptionId}`)).toBe(
      true,
    )
    expect(await t.db.select().from(user).where(eq(user.id, victim.member.id))).toEqual([])
    for (const key of Object.values(keys)) expect(await t.deps.storage.get(key), key).toBeUndefined()
    // their posts and comments went with them (decision 031); the counters of others' posts follow
    expect(await t.db.select().from(posts).where(eq(posts.userId, victim.member.id))).toEqual([])
    const [counted] = await t.db.select().from(posts).where(eq(posts.id, othersPost.id))
    expect(counted).toMatchObject({ commentCount: 1, likeCount: 1 })
    // the victim's session no longer works
    expect((await victim.request('POST', '/api/accounts/security/sessions/revoke-others')).status).toBe(401)
    // the audit keeps who was deleted, by whom
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.delete'), eq(auditLog.objectId, victim.member.id)))
    expect(audit).toMatchObject({ actorEmail: admin.member.email, before: { email: victim.member.email } })
    // feeds hear the comment counts (once the commit's NOTIFY comes back)
    await vi.waitFor(() =>
      expect(
        heard.some(
          (message) =>
            message.topic === 'community' && message.type === 'comment.deleted' && message.data.commentCount === 1,
        ),
      ).toBe(true),
    )
    unsubscribe()

    expect((await admin.delete(`/api/admin/users/${victim.member.id}`)).status).toBe(404)
  })

  test('when Stripe cannot cancel, nothing is deleted', async () => {
    const subscriptionId = `sub_keep_${mark()}`
    const { victim, keys } = await memberWithEverything(subscriptionId)
    stripe.failWith(500)
    try {
      const refused = await admin.delete(`/api/admin/users/${victim.member.id}`)
      expect(refused.status).toBe(500)
      expect((await errorOf(refused)).message).toBe(adminUserMessages.subscriptionCancelFailed)
    } finally {
      stripe.failWith(null)
    }
    expect(await t.db.select({ id: user.id }).from(user).where(eq(user.id, victim.member.id))).toHaveLength(1)
    expect(await t.deps.storage.get(keys.resume)).toBeDefined()
  })

  test('an admin never deletes their own account', async () => {
    const own = await admin.delete(`/api/admin/users/${admin.member.id}`)
    expect(own.status).toBe(409)
    expect((await errorOf(own)).message).toBe(adminUserMessages.cannotDeleteSelf)
  })
})

describe('import users from CSV', () => {
  const csvForm = (content: string, name = 'users.csv') => {
    const form = new FormData()
    form.set('file', new File([content], name, { type: 'text/csv' }))
    return form
  }

  test('refuses what is no CSV of users: the name, a missing column, an empty file', async () => {
    const notCsv = await admin.post(
      '/api/admin/users/import/preview',
      csvForm('email,first_name,last_name\n', 'users.txt'),
    )
    expect((await errorOf(notCsv)).message).toBe(userImportMessages.notCsv)
    const missing = await admin.post('/api/admin/users/import/preview', csvForm('E-mail,First\na@example.com,A\n'))
    expect(missing.status).toBe(400)
    expect((await errorOf(missing)).message).toBe(missingRequiredColumns(['email', 'first_name', 'last_name']))
    const partly = await admin.post('/api/admin/users/import/preview', csvForm('EMAIL;First_Name\na@example.com;A\n'))
    expect((await errorOf(partly)).message).toBe('Missing required columns: last_name')
    const empty = await admin.post('/api/admin/users/import/preview', csvForm('email,first_name,last_name\n'))
    expect((await errorOf(empty)).message).toBe(userImportMessages.empty)
    const gone = await admin.post('/api/admin/users/import', { uploadId: crypto.randomUUID() })
    expect(gone.status).toBe(404)
  })

  test('imports the new users with invitations, reports the bad row, the existing e-mail and the repeat, with progress', async () => {
    const marker = mark()
    const lines = [
      'Email,First_Name,LAST_NAME,Company',
      `${marker}-ana@example.com,Ana,Álvarez,"Acme, Inc."`,
      `not-an-address,Bad,Row,Co`,
      `${member.member.email},Existing,Member,Co`,
      `${marker}-ben@example.com,Ben,Brown,Co`,
      `${marker}-ANA@example.com,Ana,Again,Co`,
      `${marker}-cy@example.com,Cy,,Co`,
      `${marker}-dee@example.com,Dee,Diaz,Co`,
    ]
    const previewed = await admin.post('/api/admin/users/import/preview', csvForm(`\uFEFF${lines.join('\r\n')}\r\n`))
    expect(previewed.status).toBe(201)
    const preview = await json<UserImportPreview>(previewed)
    expect(preview.header).toEqual(['Email', 'First_Name', 'LAST_NAME', 'Company'])
    expect(preview.previewRows).toHaveLength(5)
    expect(preview.previewRows[0]).toEqual([`${marker}-ana@example.com`, 'Ana', 'Álvarez', 'Acme, Inc.'])
    expect(preview.totalRows).toBe(7)

    const progress: LiveMessage[] = []
    const unsubscribe = t.deps.realtime.subscribe({
      message: (message) => message.topic === 'admin' && progress.push(message),
      closed: () => {},
    })
    const started = await admin.post('/api/admin/users/import', { uploadId: preview.uploadId, fileName: 'users.csv' })
    expect(started.status).toBe(202)
    const queued = await json<UserImportView>(started)
    expect(queued).toMatchObject({ status: 'queued', totalRows: 7, fileName: 'users.csv' })
    await t.jobsSettled(['user-import'])
    // the end reaches the streams once its commit's NOTIFY comes back
    await vi.waitFor(() => expect(progress.map((message) => message.type)).toContain('users.import.finished'))
    unsubscribe()

    const report = await json<UserImportView>(await admin.get(`/api/admin/users/imports/${queued.id}`))
    expect(report).toMatchObject({
      status: 'done',
      processed: 7,
      invited: 3,
      failed: 4,
      message: importedUsers(3, 4),
    })
    expect(report.message).toBe('Successfully imported 3 users (4 failed)')
    expect(report.failures).toEqual([
      { line: 3, email: 'not-an-address', reason: 'invalidEmail', message: userImportFailureMessages.invalidEmail },
      {
        line: 4,
        email: member.member.email,
        reason: 'existingEmail',
        message: userImportFailureMessages.existingEmail,
      },
      {
        line: 6,
        email: `${marker}-ana@example.com`,
        reason: 'duplicateInFile',
        message: userImportFailureMessages.duplicateInFile,
      },
      {
        line: 7,
        email: `${marker}-cy@example.com`,
        reason: 'missingLastName',
        message: userImportFailureMessages.missingLastName,
      },
    ])
    // the existing member is not duplicated nor changed
    const existing = await t.db.select().from(user).where(eq(user.email, member.member.email))
    expect(existing).toHaveLength(1)
    // the new users exist, as members, each invited by mail
    const made = await t.db
      .select({ email: user.email, role: user.role, first: userProfiles.firstName, last: userProfiles.lastName })
      .from(user)
      .innerJoin(userProfiles, eq(userProfiles.id, user.id))
      .where(
        inArray(user.email, [`${marker}-ana@example.com`, `${marker}-ben@example.com`, `${marker}-dee@example.com`]),
      )
    expect(made.map((row) => `${row.first} ${row.last} ${row.role}`).sort()).toEqual([
      'Ana Álvarez user',
      'Ben Brown user',
      'Dee Diaz user',
    ])
    for (const address of ['ana', 'ben', 'dee']) {
      const mail = await smtp.waitFor(`${marker}-${address}@example.com`, /invited/)
      expect(mail.text).toMatch(/\/accept-invitation\?token=[\w-]{43}/)
    }
    // progress to the admins, then the end with the spec's words
    const types = progress.map((message) => message.type)
    expect(types).toContain('users.import.progress')
    const finished = progress.find((message) => message.type === 'users.import.finished')
    expect(finished?.type === 'users.import.finished' && finished.data.message).toBe(importedUsers(3, 4))
    // the file held names and addresses: it is not kept
    expect(await t.deps.storage.get(`user-imports/${preview.uploadId}.csv`)).toBeUndefined()
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.import'), eq(auditLog.objectId, queued.id)))
    expect(audit).toMatchObject({ actorEmail: admin.member.email, after: { invited: 3, failed: 4, status: 'done' } })
  })

  test('a file of more than one batch is worked through in batches, its progress told to the admins', async () => {
    const marker = mark()
    const rows = Array.from({ length: 57 }, (_, index) =>
      // invalid rows make no account and no mail: the batches are what is under test
      index === 56 ? `${marker}-last@example.com,Last,Row` : `bad-${index},No,Mail`,
    )
    const preview = await json<UserImportPreview>(
      await admin.post('/api/admin/users/import/preview', csvForm(['email,first_name,last_name', ...rows].join('\n'))),
    )
    const progress: number[] = []
    const unsubscribe = t.deps.realtime.subscribe({
      message: (message) => {
        if (message.topic === 'admin' && message.type === 'users.import.progress') progress.push(message.data.processed)
      },
      closed: () => {},
    })
    const queued = await json<UserImportView>(
      await admin.post('/api/admin/users/import', { uploadId: preview.uploadId }),
    )
    await t.jobsSettled(['user-import'])
    // the last figure is always sent, whatever the pace of the others
    await vi.waitFor(() => expect(progress).toContain(57))
    unsubscribe()
    const report = await json<UserImportView>(await admin.get(`/api/admin/users/imports/${queued.id}`))
    expect(report).toMatchObject({ status: 'done', invited: 1, failed: 56, processed: 57 })
    expect(report.failures.at(-1)).toMatchObject({ line: 57, email: 'bad-55', reason: 'invalidEmail' })
    expect(Math.max(...progress)).toBe(57)
  })
  test('a run that died after a batch goes on from the first row not counted, repeating none', async () => {
    const marker = mark()
    const rows = Array.from({ length: 53 }, (_, index) =>
      index < 50 ? `bad-${index},No,Mail` : `${marker}-${index}@example.com,Row,${index}`,
    )
    const preview = await json<UserImportPreview>(
      await admin.post('/api/admin/users/import/preview', csvForm(['email,first_name,last_name', ...rows].join('\n'))),
    )
    // what a killed run left: its first batch counted, the import still running
    const [row] = await t.db
      .insert(userImports)
      .values({
        fileName: 'killed.csv',
        fileKey: `user-imports/${preview.uploadId}.csv`,
        uploadedBy: admin.member.id,
        status: 'running',
        totalRows: 53,
        processed: 50,
        failed: 50,
        failures: [{ line: 2, email: 'bad-0', reason: 'invalidEmail' }],
      })
      .returning()
    await runUserImport(t.deps, t.deps.logger, row!.id)
    const report = await json<UserImportView>(await admin.get(`/api/admin/users/imports/${row!.id}`))
    expect(report).toMatchObject({ status: 'done', processed: 53, invited: 3, failed: 50 })
    expect(await t.db.$count(user, like(user.email, `${marker}-%`))).toBe(3)
  })
})

describe('export users', () => {
  test('streams every user as CSV with a BOM, the spec’s columns, formulas made inert and accents kept', async () => {
    const marker = mark()
    await insertUsers(marker, 2_100, (index) =>
      index === 0
        ? { first: '=HYPERLINK("x")', last: `Évora ${marker}` }
        : index === 1
          ? { first: 'Zoë', last: 'Ångström' }
          : {},
    )
    const total = await t.db.$count(user)
    const response = await admin.get('/api/admin/users/export.csv')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="prestige-labs_users_\d{4}-\d\d-\d\d\.csv"$/,
    )
    // read as it comes: the rows arrive in several chunks, a page at a time
    const reader = response.body!.getReader()
    const chunks: Uint8Array[] = []
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      chunks.push(value)
    }
    expect(chunks.length).toBeGreaterThanOrEqual(3)
    const bytes = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0))
    let offset = 0
    for (const chunk of chunks) {
      bytes.set(chunk, offset)
      offset += chunk.length
    }
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const text = new TextDecoder().decode(bytes.slice(3))
    const lines = text.split('\r\n').filter(Boolean)
    expect(lines[0]).toBe(
      '"Email","First Name","Last Name","Admin Status","Career Level","Location","Created At","Last Updated"',
    )
    expect(lines).toHaveLength(total + 1)
    const hyperlink = lines.find((line) => line.startsWith(`"${marker}-0@example.com"`))!
    expect(hyperlink).toContain(`"'=HYPERLINK(""x"")","Évora ${marker}","No"`)
    expect(lines.find((line) => line.startsWith(`"${marker}-1@example.com"`))).toContain('"Zoë","Ångström","No"')
    expect(lines.find((line) => line.startsWith(`"${admin.member.email}"`))).toContain('"Ada","Admin","Yes"')
  })
})
