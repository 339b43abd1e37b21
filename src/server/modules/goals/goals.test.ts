import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { careerGoals } from '#server/db/schema/goals.ts'
import { userProfiles } from '#server/db/schema/profile.ts'
import { errorOf } from '#server/testing/errors.ts'
import { createTestApp, type TestApp, type TestClient } from '#server/testing/harness.ts'
import { genericMessages } from '#shared/errors.ts'
import { addDays, localDay } from '#shared/goals/calendar.ts'
import { maxActiveGoals } from '#shared/goals/constants.ts'
import { goalMessages, routineMessages } from '#shared/goals/messages.ts'
import type { GoalView } from '#shared/goals/schemas.ts'
import { activeGoalsOf } from './service.ts'

// Career goals (issue 21; spec 001 §3 Career goal, §4, §5 Career goal, §7 Career
// goals, §8 Metrics and goals, §9 Goal progress and types): the member's own, with
// the target date checked against the member's today in their own zone. On
// PostgreSQL the tests look at their own members' rows only.

type Member = TestClient & { member: { id: string; email: string } }

describe('career goals', () => {
  let t: TestApp

  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(async () => {
    await t?.close()
  })

  const member = () => t.signedIn() as Promise<Member>
  const patch = (client: TestClient, goalId: string, json: unknown, query = '') =>
    client.request('PATCH', `/api/goals/${goalId}${query}`, json)

  async function create(client: TestClient, json: object, query = '') {
    const response = await client.post(`/api/goals${query}`, json)
    return { response, body: (await response.clone().json()) as { goal: GoalView } }
  }

  async function list(client: TestClient, status?: string) {
    const response = await client.get(`/api/goals${status ? `?status=${status}` : ''}`)
    expect(response.status).toBe(200)
    return ((await response.json()) as { goals: GoalView[] }).goals
  }

  async function setZone(client: Member, zone: string) {
    await t.db.update(userProfiles).set({ timeZone: zone }).where(eq(userProfiles.id, client.member.id))
  }

  test('a visitor must sign in to see or add goals', async () => {
    const visitor = t.client()
    for (const response of [
      await visitor.get('/api/goals'),
      await visitor.post('/api/goals', { title: 'Lead a team', type: 'leadership' }),
      await visitor.request('PATCH', '/api/goals/00000000-0000-4000-8000-000000000000', { progress: 5 }),
    ]) {
      expect(response.status).toBe(401)
      expect((await errorOf(response)).message).toBe(genericMessages.authenticationRequired)
    }
  })

  test('a new goal is active with progress 0, and the list shows active goals newest first', async () => {
    const me = await member()
    expect(await list(me)).toEqual([])
    const first = await create(me, { title: 'Become a staff engineer', type: 'promotion' })
    expect(first.response.status).toBe(201)
    expect(first.body.goal).toMatchObject({
      title: 'Become a staff engineer',
      type: 'promotion',
      targetDate: null,
      status: 'active',
      progress: 0,
      closedAt: null,
    })
    const second = await create(me, { title: '  Land a remote role  ', type: 'remote', targetDate: '2099-06-30' })
    expect(second.response.status).toBe(201)
    expect(second.body.goal).toMatchObject({ title: 'Land a remote role', targetDate: '2099-06-30' })
    expect((await list(me)).map((goal) => goal.id)).toEqual([second.body.goal.id, first.body.goal.id])
    // the composing modules (recommendations, the dashboard) read the same list
    expect((await activeGoalsOf(t.db, me.member.id)).map((goal) => goal.id)).toEqual([
      second.body.goal.id,
      first.body.goal.id,
    ])
  })

  test("spec 001 §5: type and title are required ('Please fill in all required fields')", async () => {
    const me = await member()
    for (const json of [{ type: 'promotion' }, { title: '   ', type: 'promotion' }, { title: 'Lead' }, {}]) {
      const { response } = await create(me, json)
      expect(response.status).toBe(400)
      expect((await errorOf(response)).message).toBe(goalMessages.requiredFields)
    }
    const badType = await create(me, { title: 'Lead', type: 'astronaut' })
    expect(badType.response.status).toBe(400)
    const tooLong = await create(me, { title: 'x'.repeat(201), type: 'promotion' })
    expect((await errorOf(tooLong.response)).message).toBe(goalMessages.titleTooLong)
    const notADate = await create(me, { title: 'Lead', type: 'leadership', targetDate: '2099-02-30' })
    expect(notADate.response.status).toBe(400)
    expect((await errorOf(notADate.response)).fields).toEqual({ targetDate: routineMessages.invalidDay })
    expect(await list(me)).toEqual([])
  })

  test("the target date may not be before the member's today, in the member's own time zone", async () => {
    // Kiritimati (UTC+14) is always one or two dates ahead of Pago Pago (UTC-11)
    const kiritimati = await member()
    const pagoPago = await member()
    await setZone(kiritimati, 'Pacific/Kiritimati')
    await setZone(pagoPago, 'Pacific/Pago_Pago')
    const pagoToday = localDay(new Date(), 'Pacific/Pago_Pago')
    const kiriToday = localDay(new Date(), 'Pacific/Kiritimati')
    expect(kiriToday > pagoToday).toBe(true)

    const refused = await create(kiritimati, { title: 'Ship the portfolio', type: 'transition', targetDate: pagoToday })
    expect(refused.response.status).toBe(400)
    const error = await errorOf(refused.response)
    expect(error.message).toBe(goalMessages.targetDateInPast)
    expect(error.fields).toEqual({ targetDate: goalMessages.targetDateInPast })

    const sameDateElsewhere = await create(pagoPago, {
      title: 'Ship the portfolio',
      type: 'transition',
      targetDate: pagoToday,
    })
    expect(sameDateElsewhere.response.status).toBe(201)
    // today itself is allowed ("not before today")
    expect(
      (await create(kiritimati, { title: 'Today', type: 'transition', targetDate: kiriToday })).response.status,
    ).toBe(201)
    expect(
      (await create(kiritimati, { title: 'Yesterday', type: 'transition', targetDate: addDays(kiriToday, -1) }))
        .response.status,
    ).toBe(400)
  })

  test("without a zone on the profile, the browser's decides today and is kept; an unknown one leaves UTC", async () => {
    const me = await member()
    const zoneOf = async () =>
      (await t.db.select().from(userProfiles).where(eq(userProfiles.id, me.member.id)))[0]!.timeZone
    const kiriToday = localDay(new Date(), 'Pacific/Kiritimati')
    const unknown = await create(me, { title: 'A', type: 'remote', targetDate: kiriToday }, '?tz=Mars%2FOlympus')
    expect(unknown.response.status).toBe(201) // Kiritimati's today is never before UTC's
    expect(await zoneOf()).toBeNull()

    // yesterday in Kiritimati is UTC's today or yesterday; in Kiritimati it is past
    const past = addDays(kiriToday, -1)
    const refused = await create(me, { title: 'B', type: 'remote', targetDate: past }, '?tz=Pacific/Kiritimati')
    expect(refused.response.status).toBe(400)
    expect((await errorOf(refused.response)).message).toBe(goalMessages.targetDateInPast)

    expect((await create(me, { title: 'C', type: 'remote' }, '?tz=pacific/kiritimati')).response.status).toBe(201)
    expect(await zoneOf()).toBe('Pacific/Kiritimati') // kept under its canonical name
    // a later browser zone does not replace the member's
    expect((await create(me, { title: 'D', type: 'remote' }, '?tz=Europe/Paris')).response.status).toBe(201)
    expect(await zoneOf()).toBe('Pacific/Kiritimati')
    expect((await create(me, { title: 'E', type: 'remote', targetDate: past })).response.status).toBe(400)
  })

  test('spec 001 §9: progress moves 0-100 in steps of 5, saved; the database refuses any other value too', async () => {
    const me = await member()
    const { body } = await create(me, { title: 'Lead the platform team', type: 'leadership' })
    const moved = await patch(me, body.goal.id, { progress: 35 })
    expect(moved.status).toBe(200)
    expect(((await moved.json()) as { goal: GoalView }).goal.progress).toBe(35)
    expect((await list(me))[0]!.progress).toBe(35)
    for (const progress of [37, -5, 105, 12.5, '40']) {
      const refused = await patch(me, body.goal.id, { progress })
      expect(refused.status).toBe(400)
      expect((await errorOf(refused)).message).toBe(goalMessages.invalidProgress)
    }
    expect((await patch(me, body.goal.id, { progress: 100 })).status).toBe(200)
    expect((await patch(me, body.goal.id, { progress: 0 })).status).toBe(200)
    await expect(
      t.db.update(careerGoals).set({ progress: 37 }).where(eq(careerGoals.id, body.goal.id)),
    ).rejects.toThrow()
  })

  test('achieved and archived goals leave the active list with a closing time; reopening clears it', async () => {
    const me = await member()
    const a = (await create(me, { title: 'Get promoted', type: 'promotion' })).body.goal
    const b = (await create(me, { title: 'Start consulting', type: 'consulting' })).body.goal
    const achieved = await patch(me, a.id, { status: 'achieved', progress: 100 })
    expect(achieved.status).toBe(200)
    const goal = ((await achieved.json()) as { goal: GoalView }).goal
    expect(goal).toMatchObject({ status: 'achieved', progress: 100 })
    expect(Date.parse(goal.closedAt!)).toBeGreaterThan(Date.now() - 60_000)
    expect((await patch(me, b.id, { status: 'archived' })).status).toBe(200)

    expect(await list(me)).toEqual([])
    expect((await list(me, 'achieved')).map((g) => g.id)).toEqual([a.id])
    expect((await list(me, 'archived')).map((g) => g.id)).toEqual([b.id])
    expect((await me.get('/api/goals?status=deleted')).status).toBe(400)

    const reopened = ((await (await patch(me, b.id, { status: 'active' })).json()) as { goal: GoalView }).goal
    expect(reopened).toMatchObject({ status: 'active', closedAt: null })
    expect((await list(me)).map((g) => g.id)).toEqual([b.id])
  })

  test('editing a goal keeps a passed target date it already had, but a new date may not be in the past', async () => {
    const me = await member()
    const goal = (await create(me, { title: 'Finish the certificate', type: 'transition' })).body.goal
    await t.db.update(careerGoals).set({ targetDate: '2020-01-01' }).where(eq(careerGoals.id, goal.id))
    const kept = await patch(me, goal.id, { title: 'Finish the AWS certificate', targetDate: '2020-01-01' })
    expect(kept.status).toBe(200)
    expect(((await kept.json()) as { goal: GoalView }).goal).toMatchObject({
      title: 'Finish the AWS certificate',
      targetDate: '2020-01-01',
    })
    const moved = await patch(me, goal.id, { targetDate: '2021-01-01' })
    expect(moved.status).toBe(400)
    expect((await errorOf(moved)).message).toBe(goalMessages.targetDateInPast)
    expect((await patch(me, goal.id, { targetDate: null })).status).toBe(200)
  })

  test(`a member has at most ${maxActiveGoals} active goals; reopening one past the limit is refused too`, async () => {
    const me = await member()
    const created = await Promise.all(
      Array.from({ length: maxActiveGoals + 2 }, (_, index) =>
        me.post('/api/goals', { title: `Goal ${index + 1}`, type: 'promotion' }),
      ),
    )
    const statuses = created.map((response) => response.status).sort()
    expect(statuses.filter((status) => status === 201)).toHaveLength(maxActiveGoals)
    expect(statuses.filter((status) => status === 409)).toHaveLength(2)
    const refused = created.find((response) => response.status === 409)!
    expect((await errorOf(refused)).message).toBe(goalMessages.tooMany)

    const goals = await list(me)
    expect(goals).toHaveLength(maxActiveGoals)
    expect((await patch(me, goals[0]!.id, { status: 'archived' })).status).toBe(200)
    expect((await me.post('/api/goals', { title: 'One more', type: 'remote' })).status).toBe(201)
    const reopen = await patch(me, goals[0]!.id, { status: 'active' })
    expect(reopen.status).toBe(409)
    expect((await errorOf(reopen)).message).toBe(goalMessages.tooMany)
  })

  test("another member's goal, a missing one and a malformed id are all simply not found", async () => {
    const owner = await member()
    const other = await member()
    const admin = await t.signedIn({ admin: true })
    const goal = (await create(owner, { title: 'Private plan', type: 'transition' })).body.goal
    for (const [client, id] of [
      [other, goal.id],
      [admin, goal.id],
      [owner, '00000000-0000-4000-8000-000000000000'],
      [owner, 'not-an-id'],
      [owner, "1' or '1'='1"],
    ] as const) {
      const response = await patch(client, encodeURIComponent(id), { progress: 50 })
      expect(response.status).toBe(404)
      expect((await errorOf(response)).message).toBe(goalMessages.notFound)
    }
    expect(await list(other)).toEqual([])
    const [row] = await t.db
      .select()
      .from(careerGoals)
      .where(and(eq(careerGoals.id, goal.id), eq(careerGoals.userId, owner.member.id)))
    expect(row!.progress).toBe(0)
  })
})
