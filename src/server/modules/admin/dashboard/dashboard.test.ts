import { eq, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { user } from '#server/db/schema/auth.ts'
import { plans, userSubscriptions } from '#server/db/schema/billing.ts'
import { jobApplications } from '#server/db/schema/jobs.ts'
import { resumeReviews } from '#server/db/schema/resumes.ts'
import { createMember } from '#server/modules/accounts/members.ts'
import { ensureDefaultPlans } from '#server/modules/billing/queries.ts'
import { errorOf } from '#server/testing/errors.ts'
import { createTestApp, type TestApp, type TestClient } from '#server/testing/harness.ts'
import type { DashboardFigures, RecentUser } from '#shared/admin/dashboard.ts'
import { figuresReuse } from './service.ts'
import { genericMessages } from '#shared/errors.ts'

// The admin dashboard's figures and recent users (spec 002 §2; issue 22), on PGlite
// and on PostgreSQL. Other tests may write to the same database at the same time,
// so the figures are checked as the change this test's own rows make.

let t: TestApp
let admin: TestClient
const runId = Math.random().toString(36).slice(2, 8)
const dayMs = 86_400_000

beforeAll(async () => {
  t = await createTestApp()
  // as at start (main.ts): the plans whose prices make the monthly revenue
  await ensureDefaultPlans(t.db)
  admin = await t.signedIn({ admin: true, email: `dashboard.admin.${runId}@example.com` })
  // each reading afresh: the figures are checked as the change this test's rows make
  figuresReuse.maxAgeMs = 0
})
afterAll(async () => {
  await t?.close()
})

async function figures(): Promise<DashboardFigures> {
  const response = await admin.get('/api/admin/dashboard/figures')
  expect(response.status).toBe(200)
  return (await response.json()) as DashboardFigures
}

const member = (name: string) =>
  createMember(t.db, {
    email: `${name}.${runId}@example.com`,
    password: 'Correct-Horse-9',
    firstName: name[0]!.toUpperCase() + name.slice(1),
    lastName: 'Dashboard',
  })

describe('the admin dashboard API', () => {
  test('visitors are asked to sign in and members are refused', async () => {
    const member = await t.signedIn({ subscribed: true })
    for (const path of ['/api/admin/dashboard/figures', '/api/admin/dashboard/recent-users']) {
      const visitor = await t.client().get(path)
      expect(visitor.status).toBe(401)
      expect((await errorOf(visitor)).message).toBe(genericMessages.authenticationRequired)
      const refused = await member.get(path)
      expect(refused.status).toBe(403)
      expect((await errorOf(refused)).message).toBe(genericMessages.adminRequired)
    }
  })

  test('the figures count members, subscribers, monthly revenue, sign-ups, open reviews and applications of this week', async () => {
    const before = await figures()
    const eightDaysAgo = new Date(Date.now() - 8 * dayMs)
    const inAMonth = new Date(Date.now() + 30 * dayMs)

    // five new members this week, one who joined before it
    const paying = await createMember(t.db, {
      email: `paying.${runId}@example.com`,
      password: 'Correct-Horse-9',
      firstName: 'Paying',
      lastName: 'Dashboard',
      subscribedDays: 30,
    })
    const trialing = await member('trialing')
    const lapsed = await member('lapsed')
    const yearly = await member('yearly')
    const cancelled = await member('cancelled')
    const veteran = await member('veteran')
    await t.db.update(user).set({ createdAt: eightDaysAgo }).where(eq(user.id, veteran.id))

    // the promo's free month gives access but no revenue; a lapsed or cancelled one neither;
    // a yearly plan of $120.00 brings $10.00 a month
    const yearlyPlan = `dashboard-yearly-${runId}`
    await t.db
      .insert(plans)
      .values({ id: yearlyPlan, name: 'Yearly test plan', priceCents: 12_000, interval: 'year', isActive: false })
    await t.db.insert(userSubscriptions).values([
      { userId: trialing.id, planId: 'full-access', status: 'trialing', currentPeriodEnd: inAMonth },
      { userId: lapsed.id, planId: 'full-access', status: 'active', currentPeriodEnd: new Date(Date.now() - dayMs) },
      { userId: yearly.id, planId: yearlyPlan, status: 'active', currentPeriodEnd: inAMonth },
      { userId: cancelled.id, planId: 'full-access', status: 'canceled', currentPeriodEnd: inAMonth },
    ])

    // two reviews still open, one done
    await t.db.insert(resumeReviews).values(
      (['pending', 'in_review', 'reviewed'] as const).map((status) => ({
        userId: paying.id,
        email: paying.email,
        fileKey: `resumes/dashboard-${runId}-${status}.pdf`,
        fileBytes: 1000,
        status,
      })),
    )
    // one application this week, one from before it
    const application = (userId: string, createdAt: Date) => ({
      userId,
      jobTitle: 'Dashboard Analyst',
      company: 'Figures Inc.',
      firstName: 'Paying',
      lastName: 'Dashboard',
      email: paying.email,
      phone: '+1 555 0100',
      coverLetter: 'I count things.',
      resumeKey: `applications/dashboard-${runId}-${userId}.pdf`,
      resumeFileName: 'resume.pdf',
      createdAt,
    })
    await t.db
      .insert(jobApplications)
      .values([application(paying.id, new Date()), application(trialing.id, eightDaysAgo)])

    const after = await figures()
    expect({
      members: after.members - before.members,
      subscribers: after.subscribers - before.subscribers,
      mrrCents: after.mrrCents - before.mrrCents,
      signUpsThisWeek: after.signUpsThisWeek - before.signUpsThisWeek,
      openReviews: after.openReviews - before.openReviews,
      applicationsThisWeek: after.applicationsThisWeek - before.applicationsThisWeek,
    }).toEqual({
      members: 6,
      subscribers: 3,
      mrrCents: 3999 + 1000,
      signUpsThisWeek: 5,
      openReviews: 2,
      applicationsThisWeek: 1,
    })
    expect(Math.abs(new Date(after.asOf).getTime() - Date.now())).toBeLessThan(60_000)

    // a review scored is no longer open
    await t.db
      .update(resumeReviews)
      .set({ status: 'reviewed' })
      .where(inArray(resumeReviews.fileKey, [`resumes/dashboard-${runId}-pending.pdf`]))
    expect((await figures()).openReviews - after.openReviews).toBe(-1)
  })

  test('admins opening the dashboard within seconds of each other share one reading of the figures', async () => {
    figuresReuse.maxAgeMs = 60_000
    try {
      const first = await figures()
      await member('latecomer')
      const second = await figures()
      // the same reading, told by when it was made; a member who joined meanwhile counts at the next one
      expect(second).toEqual(first)
      figuresReuse.maxAgeMs = 0
      const third = await figures()
      expect(third.members).toBe(first.members + 1)
      expect(new Date(third.asOf).getTime()).toBeGreaterThan(new Date(first.asOf).getTime())
    } finally {
      figuresReuse.maxAgeMs = 0
    }
  })

  test('the recent users are the five newest accounts with their avatar, sign-in tracking and role', async () => {
    const names = ['one', 'two', 'three', 'four', 'five', 'six']
    const created = []
    for (const name of names) created.push(await member(`recent-${name}`))
    // newer than anything another test writes meanwhile: 'six' newest
    for (const [index, account] of created.entries())
      await t.db
        .update(user)
        .set({ createdAt: sql`now() + make_interval(hours => 1, secs => ${index})` })
        .where(eq(user.id, account.id))
    await t.db.update(user).set({ role: 'admin' }).where(eq(user.id, created[4]!.id))

    // 'six' signs in once, from its own address
    const client = t.client()
    const signIn = await client.post('/api/accounts/sign-in', { email: created[5]!.email, password: 'Correct-Horse-9' })
    expect(signIn.status).toBe(200)

    const response = await admin.get('/api/admin/dashboard/recent-users')
    expect(response.status).toBe(200)
    const recent = (await response.json()) as RecentUser[]
    expect(recent.map((entry) => entry.id)).toEqual(
      created
        .slice(1)
        .reverse()
        .map((account) => account.id),
    )
    const [newest, admin5] = recent
    expect(newest).toMatchObject({
      name: 'Recent-six Dashboard',
      email: created[5]!.email,
      avatarUrl: null,
      isAdmin: false,
      lastIpAddress: client.ip,
      loginCount: 1,
    })
    expect(Math.abs(new Date(newest!.lastLoginAt!).getTime() - Date.now())).toBeLessThan(60_000)
    expect(admin5).toMatchObject({ isAdmin: true, lastLoginAt: null, lastIpAddress: null, loginCount: 0 })
    expect(new Date(admin5!.joinedAt).getTime()).toBeGreaterThan(Date.now())
  })
})
