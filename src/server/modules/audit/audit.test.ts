import { count, eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest'
import { withTransaction } from '#server/db/client.ts'
import { auditLog } from '#server/db/schema/audit.ts'
import { businessRequests } from '#server/db/schema/business.ts'
import { contactSubmissions } from '#server/db/schema/contact.ts'
import { jobs } from '#server/db/schema/jobs.ts'
import { plans } from '#server/db/schema/billing.ts'
import { ensureDefaultPlans } from '#server/modules/billing/queries.ts'
import { insertComment, insertPost } from '#server/modules/community/queries.ts'
import { insertApplication } from '#server/modules/jobs/applications/queries.ts'
import { recordAudit } from '#server/platform/audit.ts'
import type { Ctx } from '#server/platform/context.ts'
import { errorOf } from '#server/testing/errors.ts'
import { solidPng } from '#server/testing/files.ts'
import { createTestApp, type TestApp, type TestClient } from '#server/testing/harness.ts'
import { createJob } from '#server/testing/jobs.ts'
import { auditMessages } from '#shared/audit/messages.ts'
import { auditPageSize, type AuditPage } from '#shared/audit/schemas.ts'
import { defaultJobTrends } from '#shared/community/schemas.ts'
import { invalidCursorMessage } from '#shared/common/fields.ts'
import { genericMessages } from '#shared/errors.ts'
import type { AdminJob, JobInput } from '#shared/jobs/schemas.ts'

type Admin = TestClient & { member: { id: string; email: string } }

const jobForm = (overrides: Partial<JobInput> = {}): JobInput => ({
  title: 'Audit Analyst',
  company: 'Ledger & Co',
  location: 'Ottawa, ON',
  salary: '$90,000',
  type: 'Full-time',
  description: 'Keep the books honest.',
  technicalSkills: ['SQL'],
  softSkills: ['Teamwork'],
  requirements: ['Two years of audits'],
  ...overrides,
})

const logoForm = () => {
  const form = new FormData()
  form.set('logo', new File([new Uint8Array(solidPng(40, 40))], 'logo.png', { type: 'image/png' }))
  return form
}

let requestCounter = 0
const newRequestId = () => `audit-test-${++requestCounter}-${Math.random().toString(36).slice(2, 10)}`

describe('the audit log of administrative writes', () => {
  let t: TestApp
  let admin: Admin

  beforeAll(async () => {
    t = await createTestApp()
    await ensureDefaultPlans(t.db)
    admin = await t.signedIn({ admin: true, email: 'auditor.ada@example.com', firstName: 'Ada' })
  })
  afterAll(async () => t?.close())
  afterEach(() => {
    vi.restoreAllMocks()
  })

  const auditRows = async () => (await t.db.select({ n: count() }).from(auditLog))[0]!.n

  /**
   * `method path` as the admin, under a request id of its own: the answer, and the
   * one audit row the write left (the log grew by exactly one row, with that id).
   */
  async function audited(method: string, path: string, body?: unknown, client: Admin = admin) {
    const requestId = newRequestId()
    const rowsBefore = await auditRows()
    const response = await client.request(method, path, body, { 'x-request-id': requestId })
    expect(response.status, `${method} ${path}`).toBeLessThan(300)
    const rows = await t.db.select().from(auditLog).where(eq(auditLog.requestId, requestId))
    expect(rows).toHaveLength(1)
    expect(await auditRows()).toBe(rowsBefore + 1)
    const entry = rows[0]!
    expect(entry).toMatchObject({ actorId: client.member.id, actorEmail: client.member.email, requestId })
    return { response, entry }
  }

  test('an admin edit of a plan leaves one entry with only the fields that changed', async () => {
    const [plan] = await t.db.select().from(plans).where(eq(plans.id, 'full-access'))
    const change = {
      name: 'Full Access Plus',
      description: plan!.description,
      priceCents: plan!.priceCents + 500,
      features: plan!.features,
      stripePriceId: '',
      isActive: true,
    }
    const { entry } = await audited('PUT', '/api/admin/plans/full-access', change)
    expect(entry).toMatchObject({ action: 'plan.update', objectType: 'plan', objectId: 'full-access' })
    expect(entry.before).toEqual({ name: plan!.name, priceCents: plan!.priceCents })
    expect(entry.after).toEqual({ name: 'Full Access Plus', priceCents: plan!.priceCents + 500 })
  })

  test('saving the trends panel leaves one entry with the lists that changed', async () => {
    const trends = { ...defaultJobTrends, trendingSkills: ['Rust', 'Zig'] }
    const { entry } = await audited('PUT', '/api/community/trends', trends)
    expect(entry).toMatchObject({ action: 'trends.update', objectType: 'settings', objectId: 'job_trends' })
    expect(entry.before).toEqual({ trendingSkills: defaultJobTrends.trendingSkills })
    expect(entry.after).toEqual({ trendingSkills: ['Rust', 'Zig'] })
  })

  test('creating, editing, closing, reopening, a logo set and removed, and deleting a job leave one entry each', async () => {
    const created = await audited('POST', '/api/admin/jobs', jobForm())
    const job = (await created.response.json()) as AdminJob
    expect(created.entry).toMatchObject({ action: 'job.create', objectType: 'job', objectId: job.id, before: null })
    expect(created.entry.after).toMatchObject({
      title: 'Audit Analyst',
      company: 'Ledger & Co',
      status: 'active',
      technicalSkills: ['SQL'],
      remote: false,
    })
    // nothing empty on a new job, and no storage key under a key-like name
    expect(created.entry.after).not.toHaveProperty('contactEmail')
    expect(created.entry.after).not.toHaveProperty('logo')

    const edited = await audited('PUT', `/api/admin/jobs/${job.id}`, jobForm({ title: 'Senior Audit Analyst' }))
    expect(edited.entry).toMatchObject({
      action: 'job.update',
      objectId: job.id,
      before: { title: 'Audit Analyst' },
      after: { title: 'Senior Audit Analyst' },
    })

    const closed = await audited('PATCH', `/api/admin/jobs/${job.id}/status`, { status: 'closed' })
    expect(closed.entry).toMatchObject({
      action: 'job.close',
      objectId: job.id,
      before: { status: 'active' },
      after: { status: 'closed' },
    })
    const reopened = await audited('PATCH', `/api/admin/jobs/${job.id}/status`, { status: 'active' })
    expect(reopened.entry).toMatchObject({
      action: 'job.reopen',
      before: { status: 'closed' },
      after: { status: 'active' },
    })

    const logo = await audited('POST', `/api/admin/jobs/${job.id}/logo`, logoForm())
    const [stored] = await t.db.select({ logoKey: jobs.logoKey }).from(jobs).where(eq(jobs.id, job.id))
    expect(logo.entry).toMatchObject({
      action: 'job.logo.set',
      before: { logo: null },
      after: { logo: stored!.logoKey },
    })
    const removed = await audited('DELETE', `/api/admin/jobs/${job.id}/logo`)
    expect(removed.entry).toMatchObject({
      action: 'job.logo.remove',
      before: { logo: stored!.logoKey },
      after: { logo: null },
    })

    const deleted = await audited('DELETE', `/api/admin/jobs/${job.id}`)
    expect(deleted.entry).toMatchObject({ action: 'job.delete', objectId: job.id, after: null })
    expect(deleted.entry.before).toMatchObject({ title: 'Senior Audit Analyst', status: 'active' })

    // the log tells the story of the job, newest first
    const page = (await (await admin.get(`/api/admin/audit?actor=auditor.ada`)).json()) as AuditPage
    expect(page.entries.filter((entry) => entry.objectId === job.id).map((entry) => entry.action)).toEqual([
      'job.delete',
      'job.logo.remove',
      'job.logo.set',
      'job.reopen',
      'job.close',
      'job.update',
      'job.create',
    ])
    expect(page.entries.find((entry) => entry.action === 'job.update' && entry.objectId === job.id)).toMatchObject({
      actor: { id: admin.member.id, email: admin.member.email },
      objectType: 'job',
      changes: [{ field: 'title', before: 'Audit Analyst', after: 'Senior Audit Analyst' }],
    })
  })

  test('a refused job write leaves no entry', async () => {
    const job = await createJob(t.db, { title: 'Has Applicants' })
    const member = await t.signedIn({ subscribed: true })
    await insertApplication(t.db, {
      jobId: job.id,
      userId: member.member.id,
      jobTitle: job.title,
      company: job.company,
      firstName: 'Sam',
      lastName: 'Seeker',
      email: 'sam@example.com',
      phone: '+1 555 0100 100',
      coverLetter: 'Hello',
      resumeKey: 'resumes/none.pdf',
      resumeFileName: 'resume.pdf',
    })
    const rowsBefore = await auditRows()
    expect((await admin.delete(`/api/admin/jobs/${job.id}`)).status).toBe(409)
    expect((await admin.request('PUT', `/api/admin/jobs/00000000-0000-4000-8000-000000000000`, jobForm())).status).toBe(
      404,
    )
    expect(await auditRows()).toBe(rowsBefore)
  })

  test('moving an application on leaves one entry with its old and new status', async () => {
    const job = await createJob(t.db, { title: 'Moved Along' })
    const member = await t.signedIn({ subscribed: true })
    const application = await insertApplication(t.db, {
      jobId: job.id,
      userId: member.member.id,
      jobTitle: job.title,
      company: job.company,
      firstName: 'Mo',
      lastName: 'Ved',
      email: 'mo@example.com',
      phone: '+1 555 0100 101',
      coverLetter: 'Hello',
      resumeKey: 'resumes/none.pdf',
      resumeFileName: 'resume.pdf',
    })
    const { entry } = await audited('PATCH', `/api/admin/jobs/applications/${application.id}`, { status: 'reviewed' })
    expect(entry).toMatchObject({
      action: 'application.status',
      objectType: 'application',
      objectId: application.id,
      before: { status: 'submitted' },
      after: { status: 'reviewed' },
    })
  })

  test('changing the status of a contact message and of a business request leaves one entry each', async () => {
    const [message] = await t.db
      .insert(contactSubmissions)
      .values({ name: 'Cara', email: 'cara@example.com', subject: 'Hi', message: 'Hello there' })
      .returning()
    const [request] = await t.db
      .insert(businessRequests)
      .values({
        businessName: 'Corner Bakery',
        industry: 'retail',
        requiredSkills: ['seo'],
        supportNeeded: 'More visitors',
        email: 'owner@bakery.example',
        phone: '555 1234 567',
      })
      .returning()
    const contact = await audited('PATCH', `/api/admin/inbox/contact/${message!.id}`, { status: 'in_progress' })
    expect(contact.entry).toMatchObject({
      action: 'inbox.status',
      objectType: 'contact_submission',
      objectId: message!.id,
      before: { status: 'new' },
      after: { status: 'in_progress' },
    })
    const business = await audited('PATCH', `/api/admin/inbox/business/${request!.id}`, { status: 'matched' })
    expect(business.entry).toMatchObject({
      action: 'inbox.status',
      objectType: 'business_request',
      objectId: request!.id,
      before: { status: 'new' },
      after: { status: 'matched' },
    })
  })

  test("an admin removing someone else's post or comment is audited; authors removing their own are not", async () => {
    const author = await t.signedIn({ subscribed: true })
    const post = await insertPost(t.db, { userId: author.member.id, content: 'Buy cheap watches here' })
    const comment = await insertComment(t.db, post.id, author.member.id, 'Really cheap')
    const removedComment = await audited('DELETE', `/api/community/comments/${comment!.id}`)
    expect(removedComment.entry).toMatchObject({
      action: 'comment.delete',
      objectType: 'comment',
      objectId: comment!.id,
      before: { authorId: author.member.id, postId: post.id, content: 'Really cheap' },
      after: null,
    })
    const removedPost = await audited('DELETE', `/api/community/posts/${post.id}`)
    expect(removedPost.entry).toMatchObject({
      action: 'post.delete',
      objectType: 'post',
      objectId: post.id,
      before: { authorId: author.member.id, content: 'Buy cheap watches here' },
      after: null,
    })

    const rowsBefore = await auditRows()
    const own = await insertPost(t.db, { userId: author.member.id, content: 'My own words' })
    const ownComment = await insertComment(t.db, own.id, author.member.id, 'My own comment')
    expect((await author.delete(`/api/community/comments/${ownComment!.id}`)).status).toBe(204)
    expect((await author.delete(`/api/community/posts/${own.id}`)).status).toBe(204)
    const adminsOwn = await insertPost(t.db, { userId: admin.member.id, content: 'An admin post' })
    expect((await admin.delete(`/api/community/posts/${adminsOwn.id}`)).status).toBe(204)
    expect(await auditRows()).toBe(rowsBefore)
  })

  test('a write that fails after its change rolls back with its entry: neither the change nor the entry stays', async () => {
    const job = await createJob(t.db, { title: 'Stays As It Was' })
    const rowsBefore = await auditRows()
    // the live announcement is the last step of a job write's transaction, after the audit row
    vi.spyOn(t.deps.realtime, 'publish').mockRejectedValueOnce(new Error('announcement failed'))
    const failed = await admin.request('PUT', `/api/admin/jobs/${job.id}`, jobForm({ title: 'Never Saved' }))
    expect(failed.status).toBe(500)
    const [after] = await t.db.select({ title: jobs.title }).from(jobs).where(eq(jobs.id, job.id))
    expect(after!.title).toBe('Stays As It Was')

    vi.spyOn(t.deps.realtime, 'publish').mockRejectedValueOnce(new Error('announcement failed'))
    const trends = await admin.request('PUT', '/api/community/trends', { ...defaultJobTrends, emergingRoles: ['Gone'] })
    expect(trends.status).toBe(500)
    const stored = (await (await admin.get('/api/community/trends')).json()) as typeof defaultJobTrends
    expect(stored.emergingRoles).not.toContain('Gone')

    expect(await auditRows()).toBe(rowsBefore)
  })

  test('an entry whose own insert fails takes the change down with it', async () => {
    const [message] = await t.db
      .insert(contactSubmissions)
      .values({ name: 'Rolf', email: 'rolf@example.com', subject: 'Back', message: 'Roll me back' })
      .returning()
    const rowsBefore = await auditRows()
    // a constraint the audit row breaks, inside the status change's transaction
    await t.db.execute(
      `alter table audit_log add constraint audit_test_refuses check (object_id <> '${message!.id}') not valid`,
    )
    try {
      const failed = await admin.request('PATCH', `/api/admin/inbox/contact/${message!.id}`, { status: 'done' })
      expect(failed.status).toBe(500)
    } finally {
      await t.db.execute('alter table audit_log drop constraint audit_test_refuses')
    }
    const [after] = await t.db.select().from(contactSubmissions).where(eq(contactSubmissions.id, message!.id))
    expect(after!.status).toBe('new')
    expect(await auditRows()).toBe(rowsBefore)
  })

  test('secrets are never written, at any depth, nor fields the caller marks', async () => {
    const ctx = {
      requestId: 'secret-test-request',
      session: { user: { id: admin.member.id, email: admin.member.email } },
    } as unknown as Ctx
    await withTransaction(t.db, (tx) =>
      recordAudit(tx, ctx, {
        action: 'plan.update',
        objectType: 'plan',
        objectId: 'secret-test',
        before: {
          name: 'Old',
          password: 'hunter2',
          passwordHash: 'scrypt$abc',
          apiKey: 'sk_live_1',
          settings: { smtpPassword: 'p', webhookSecret: 'whsec_1', host: 'mail.example.com' },
          pin: '1234',
        },
        after: {
          name: 'New',
          password: 'hunter3',
          passwordHash: 'scrypt$def',
          apiKey: 'sk_live_2',
          accessToken: 'tok',
          settings: { smtpPassword: 'q', webhookSecret: 'whsec_2', host: 'smtp.example.com' },
          pin: '5678',
        },
        secret: ['pin'],
      }),
    )
    const [row] = await t.db.select().from(auditLog).where(eq(auditLog.objectId, 'secret-test'))
    expect(row).toMatchObject({
      before: { name: 'Old', settings: { host: 'mail.example.com' } },
      after: { name: 'New', settings: { host: 'smtp.example.com' } },
      requestId: 'secret-test-request',
    })
    const text = JSON.stringify([row!.before, row!.after])
    for (const secret of ['hunter', 'scrypt', 'sk_live', 'tok', 'whsec', '1234', '5678', '"p"', '"q"'])
      expect(text).not.toContain(secret)
    // and nothing secret-like in any entry the writes above left
    for (const entry of await t.db.select().from(auditLog))
      expect(JSON.stringify([entry.before, entry.after])).not.toMatch(/"[^"]*(password|hash|token|secret|key)[^"]*":/i)
  })

  test('members are refused the log and visitors must sign in', async () => {
    const visitor = await t.client().get('/api/admin/audit')
    expect(visitor.status).toBe(401)
    expect((await errorOf(visitor)).message).toBe(genericMessages.authenticationRequired)
    const member = await t.signedIn({ subscribed: true })
    const refused = await member.get('/api/admin/audit')
    expect(refused.status).toBe(403)
    expect((await errorOf(refused)).message).toBe(genericMessages.adminRequired)
  })
})

describe('reading the audit log', () => {
  let t: TestApp
  let admin: TestClient
  const days = ['2026-03-01', '2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05']

  beforeAll(async () => {
    t = await createTestApp()
    admin = await t.signedIn({ admin: true })
    // 120 entries over five days, two actors, two actions; a day's first and last instants included
    const rows: Array<typeof auditLog.$inferInsert> = []
    for (let index = 0; index < 120; index++) {
      const day = days[index % days.length]!
      const time =
        index % 24 === 0
          ? '00:00:00.000'
          : index % 24 === 1
            ? '23:59:59.999'
            : `12:${String(index % 60).padStart(2, '0')}:00.000`
      rows.push({
        actorId: index % 2 ? 'bob-id' : 'ada-id',
        actorEmail: index % 2 ? 'bob@audit.example' : 'ada_100%@audit.example',
        action: index % 3 ? 'job.update' : 'plan.update',
        objectType: 'job',
        objectId: `object-${index}`,
        before: { title: `Title ${index}` },
        after: { title: `Title ${index + 1}` },
        requestId: `request-${index}`,
        createdAt: new Date(`${day}T${time}Z`),
      })
    }
    await t.db.insert(auditLog).values(rows)
  })
  afterAll(async () => t?.close())

  async function page(query: string) {
    const response = await admin.get(`/api/admin/audit${query}`)
    expect(response.status, query).toBe(200)
    return (await response.json()) as AuditPage
  }

  async function allPages(query: string) {
    const entries: AuditPage['entries'] = []
    let cursor: string | null = null
    let pages = 0
    do {
      const separator = query ? '&' : '?'
      const next: AuditPage = await page(cursor ? `${query}${separator}cursor=${cursor}` : query)
      entries.push(...next.entries)
      cursor = next.nextCursor
      pages++
    } while (cursor)
    return { entries, pages }
  }

  const newestFirst = (entries: AuditPage['entries']) =>
    entries.every((entry, index) => index === 0 || entries[index - 1]!.createdAt >= entry.createdAt)

  test('pages of 50, newest first, each entry once', async () => {
    const first = await page('')
    expect(first.entries).toHaveLength(auditPageSize)
    expect(first.nextCursor).not.toBeNull()
    expect(first.entries[0]).toMatchObject({
      createdAt: '2026-03-05T23:59:59.999Z',
      changes: [{ field: 'title' }],
    })
    const { entries, pages } = await allPages('')
    expect(pages).toBe(3)
    expect(entries).toHaveLength(120)
    expect(new Set(entries.map((entry) => entry.id)).size).toBe(120)
    expect(newestFirst(entries)).toBe(true)
  })

  test('filters by action, by part of the actor e-mail (literally, any case) and by days, inclusive, in UTC', async () => {
    const plansOnly = await allPages('?action=plan.update')
    expect(plansOnly.entries).toHaveLength(40)
    expect(plansOnly.entries.every((entry) => entry.action === 'plan.update')).toBe(true)

    const bob = await allPages('?actor=BOB@')
    expect(bob.entries).toHaveLength(60)
    expect(bob.entries.every((entry) => entry.actor.email === 'bob@audit.example')).toBe(true)
    // % and _ are letters here, not wildcards
    expect((await allPages('?actor=_100%25')).entries).toHaveLength(60)
    expect((await page('?actor=b%25b')).entries).toHaveLength(0)

    const oneDay = await allPages('?from=2026-03-02&to=2026-03-02')
    expect(oneDay.entries).toHaveLength(24)
    expect(oneDay.entries.every((entry) => entry.createdAt.startsWith('2026-03-02'))).toBe(true)
    // a day's first and last instants are inside it
    expect(oneDay.entries.map((entry) => entry.createdAt)).toEqual(
      expect.arrayContaining(['2026-03-02T00:00:00.000Z', '2026-03-02T23:59:59.999Z']),
    )
    expect((await allPages('?from=2026-03-04')).entries).toHaveLength(48)
    expect((await allPages('?to=2026-03-01')).entries).toHaveLength(24)

    const combined = await allPages('?action=job.update&actor=ada&from=2026-03-01&to=2026-03-03')
    expect(combined.entries.length).toBeGreaterThan(0)
    expect(
      combined.entries.every(
        (entry) =>
          entry.action === 'job.update' && entry.actor.email?.startsWith('ada') && entry.createdAt < '2026-03-04',
      ),
    ).toBe(true)
    expect(newestFirst(combined.entries)).toBe(true)
    expect((await page('?from=2027-01-01')).entries).toEqual([])
  })

  test('bad filters are refused with a clear message', async () => {
    const refused = async (query: string) => {
      const response = await admin.get(`/api/admin/audit${query}`)
      expect(response.status, query).toBe(400)
      return (await errorOf(response)).message
    }
    expect(await refused('?action=user.teleport')).toBe(auditMessages.unknownAction)
    expect(await refused('?from=2026-13-01')).toBe(auditMessages.invalidFrom)
    expect(await refused('?from=yesterday')).toBe(auditMessages.invalidFrom)
    expect(await refused('?to=2026-02-30')).toBe(auditMessages.invalidTo)
    expect(await refused('?from=2026-03-05&to=2026-03-01')).toBe(auditMessages.datesOutOfOrder)
    expect(await refused(`?actor=${'a'.repeat(300)}`)).toBe(auditMessages.actorTooLong)
    expect(await refused('?cursor=not-a-cursor')).toBe(invalidCursorMessage)
  })
})
