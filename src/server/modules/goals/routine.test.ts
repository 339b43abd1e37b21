import { and, count, eq, isNotNull } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { auditLog } from '#server/db/schema/audit.ts'
import { routineDays, routineTasks, routineTimeBlocks } from '#server/db/schema/goals.ts'
import { userProfiles } from '#server/db/schema/profile.ts'
import { errorOf } from '#server/testing/errors.ts'
import { createTestApp, type TestApp, type TestClient } from '#server/testing/harness.ts'
import { genericMessages } from '#shared/errors.ts'
import { addDays, localDay } from '#shared/goals/calendar.ts'
import { maxTasksPerDay, maxTimeBlocksPerDay } from '#shared/goals/constants.ts'
import { libraryContentFor } from '#shared/goals/library.ts'
import { routineMessages } from '#shared/goals/messages.ts'
import type { DailyContentView, RoutineCalendar, RoutineDayView, RoutineSettings } from '#shared/goals/schemas.ts'
import * as queries from './queries.ts'

// The daily routine and its calendar, persisted per member and per day (issue 21;
// spec 001 §2 Daily routine page, Routine calendar page, §3 Routine data, §4
// Evening reflection, §9 Calendar grid): the member's own day in their zone, made
// once on first open with the schedule and unfinished tasks carried over, edits to
// their own rows only, completion and streaks, settings, and the admins' content of
// a day. Earlier days are seeded through the queries, as the days before would have
// left them. On PostgreSQL the tests look at their own members' rows only.

type Member = TestClient & { member: { id: string; email: string } }

const unknownId = '00000000-0000-4000-8000-000000000000'

describe('the daily routine', () => {
  let t: TestApp

  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(async () => {
    await t?.close()
  })

  /** A member whose profile keeps `zone` (UTC unless told). */
  async function member(zone: string | null = 'UTC', spec = {}) {
    const client = (await t.signedIn(spec)) as Member
    await t.db.update(userProfiles).set({ timeZone: zone }).where(eq(userProfiles.id, client.member.id))
    return client
  }

  async function view(response: Response, status = 200) {
    if (response.status !== status) throw new Error(`${response.status} ${await response.text()}`)
    return (await response.json()) as RoutineDayView
  }
  const today = (client: TestClient, query = '') => client.get(`/api/routine/today${query}`).then((r) => view(r))
  const patch = (client: TestClient, path: string, json: unknown) => client.request('PATCH', path, json)

  /** An earlier day as the member would have left it. */
  async function seedDay(
    userId: string,
    day: string,
    parts: {
      blocks?: Array<{ time: string; activity: string; status?: 'pending' | 'completed' | 'skipped' }>
      tasks?: Array<{ title: string; completed?: boolean }>
      completed?: boolean
    } = {},
  ) {
    await queries.insertDayIfAbsent(t.db, userId, day)
    await queries.insertBlocks(t.db, userId, day, parts.blocks?.map(({ time, activity }) => ({ time, activity })) ?? [])
    for (const block of parts.blocks ?? []) {
      if (block.status && block.status !== 'pending')
        await t.db
          .update(routineTimeBlocks)
          .set({ status: block.status })
          .where(
            and(
              eq(routineTimeBlocks.userId, userId),
              eq(routineTimeBlocks.day, day),
              eq(routineTimeBlocks.time, block.time),
            ),
          )
    }
    await queries.appendTasks(t.db, userId, day, parts.tasks?.map((task) => task.title) ?? [])
    for (const task of parts.tasks ?? []) {
      if (task.completed)
        await t.db
          .update(routineTasks)
          .set({ completed: true })
          .where(and(eq(routineTasks.userId, userId), eq(routineTasks.day, day), eq(routineTasks.title, task.title)))
    }
    if (parts.completed) {
      await queries.setChallengeCompleted(t.db, userId, day, true)
      await queries.setReflection(t.db, userId, day, { answers: ['Shipped', 'Focus', 'Rest'] })
    }
  }

  test('a visitor must sign in for every part of the routine; a member is refused the admin content', async () => {
    const visitor = t.client()
    const calls: Array<[string, string, unknown?]> = [
      ['GET', '/api/routine/today'],
      ['PUT', '/api/routine/today/challenge', { completed: true }],
      ['PUT', '/api/routine/today/reflection', { answers: ['a', 'b', 'c'] }],
      ['POST', '/api/routine/today/blocks', { time: '09:00', activity: 'Focus' }],
      ['PATCH', `/api/routine/blocks/${unknownId}`, { status: 'completed' }],
      ['DELETE', `/api/routine/blocks/${unknownId}`],
      ['POST', '/api/routine/today/tasks', { title: 'Call Dana' }],
      ['PATCH', `/api/routine/tasks/${unknownId}`, { completed: true }],
      ['DELETE', `/api/routine/tasks/${unknownId}`],
      ['GET', '/api/routine/calendar'],
      ['GET', '/api/routine/settings'],
      ['PUT', '/api/routine/settings', { nudgeEmail: true }],
      ['GET', '/api/admin/routine/content/2026-03-10'],
    ]
    for (const [method, path, body] of calls) {
      const response = await visitor.request(method, path, body)
      expect(response.status, `${method} ${path}`).toBe(401)
      expect((await errorOf(response)).message).toBe(genericMessages.authenticationRequired)
    }
    const me = await member()
    const refused = await me.get('/api/admin/routine/content/2026-03-10')
    expect(refused.status).toBe(403)
    expect((await errorOf(refused)).message).toBe(genericMessages.adminRequired)
    expect((await me.put('/api/admin/routine/content/2026-03-10', {})).status).toBe(403)
  })

  test("a member's first day opens with the starter schedule, the day's content and no streak", async () => {
    const me = await member('Asia/Tokyo')
    const day = await today(me)
    const tokyoToday = localDay(new Date(), 'Asia/Tokyo')
    const library = libraryContentFor(tokyoToday)
    expect(day).toMatchObject({
      day: tokyoToday,
      timeZone: 'Asia/Tokyo',
      focusSkill: null,
      challenge: { ...library.challenge, completed: false },
      quote: library.quote,
      coachTip: library.coachTip,
      tasks: [],
      reflection: { completed: false, answers: null },
      completed: false,
      streak: { current: 0, longest: 0 },
    })
    expect(day.timeBlocks.map(({ time, activity, status }) => ({ time, activity, status }))).toEqual([
      { time: '08:00', activity: 'Review your career goals', status: 'pending' },
      { time: '09:00', activity: 'Deep work on your focus skill', status: 'pending' },
      { time: '12:30', activity: 'Learn: one lesson or article', status: 'pending' },
      { time: '16:00', activity: 'Reach out to one contact', status: 'pending' },
      { time: '18:00', activity: 'Evening reflection', status: 'pending' },
    ])
    // read again: the same day, not another
    expect((await today(me)).timeBlocks).toEqual(day.timeBlocks)
  })

  test("today is the member's day: the browser's zone while the profile has none, kept; an unknown one means UTC", async () => {
    const unknown = await member(null)
    expect((await today(unknown, '?tz=Nowhere%2FAtAll')).timeZone).toBe('UTC')
    const [still] = await t.db.select().from(userProfiles).where(eq(userProfiles.id, unknown.member.id))
    expect(still!.timeZone).toBeNull()

    const me = await member(null)
    const day = await today(me, '?tz=Pacific/Kiritimati')
    expect(day).toMatchObject({ timeZone: 'Pacific/Kiritimati', day: localDay(new Date(), 'Pacific/Kiritimati') })
    expect((await today(me, '?tz=Pacific/Pago_Pago')).timeZone).toBe('Pacific/Kiritimati') // the profile's wins
    expect((await today(me)).day).toBe(localDay(new Date(), 'Pacific/Kiritimati'))
  })

  test('two requests opening the same new day at once make one day, one schedule and one set of carried tasks', async () => {
    const me = await member()
    const todayUtc = localDay(new Date(), 'UTC')
    await seedDay(me.member.id, addDays(todayUtc, -1), {
      blocks: [{ time: '07:30', activity: 'Run' }],
      tasks: [{ title: 'Email the recruiter' }],
    })
    const [a, b, c] = await Promise.all([today(me), today(me), me.post('/api/routine/today/tasks', { title: 'New' })])
    expect(c.status).toBe(201)
    expect(a.timeBlocks.map((block) => block.id)).toEqual(b.timeBlocks.map((block) => block.id))
    const rows = async (table: typeof routineTimeBlocks | typeof routineTasks) =>
      (
        await t.db
          .select({ n: count() })
          .from(table)
          .where(and(eq(table.userId, me.member.id), eq(table.day, todayUtc)))
      )[0]!.n
    expect(await rows(routineTimeBlocks)).toBe(1)
    expect(await rows(routineTasks)).toBe(2) // the carried one and the new one
    const days = await t.db
      .select({ n: count() })
      .from(routineDays)
      .where(and(eq(routineDays.userId, me.member.id), eq(routineDays.day, todayUtc)))
    expect(days[0]!.n).toBe(1)
  })

  test("a new day starts from the member's latest own schedule (pending again) and carries over the unfinished tasks", async () => {
    const me = await member()
    const todayUtc = localDay(new Date(), 'UTC')
    // three days ago: a schedule; yesterday: opened, its blocks all deleted, with tasks
    await seedDay(me.member.id, addDays(todayUtc, -3), {
      blocks: [
        { time: '06:45', activity: 'Read industry news', status: 'completed' },
        { time: '10:00', activity: 'Portfolio work', status: 'skipped' },
      ],
      tasks: [{ title: 'Old unfinished task' }],
    })
    await seedDay(me.member.id, addDays(todayUtc, -1), {
      tasks: [
        { title: 'Send the portfolio to Dana' },
        { title: 'Book a mock interview', completed: true },
        { title: 'Update the resume summary' },
      ],
    })
    const day = await today(me)
    expect(day.timeBlocks.map(({ time, activity, status }) => ({ time, activity, status }))).toEqual([
      { time: '06:45', activity: 'Read industry news', status: 'pending' },
      { time: '10:00', activity: 'Portfolio work', status: 'pending' },
    ])
    // only the latest earlier day's unfinished tasks, in their order, as new rows
    expect(day.tasks.map(({ title, completed }) => ({ title, completed }))).toEqual([
      { title: 'Send the portfolio to Dana', completed: false },
      { title: 'Update the resume summary', completed: false },
    ])
    const yesterdays = await queries.listTasks(t.db, me.member.id, addDays(todayUtc, -1))
    expect(yesterdays.map((task) => task.id)).not.toContain(day.tasks[0]!.id)
  })

  test('members add, edit, complete, skip and delete their own time blocks; each answer is the whole day', async () => {
    const me = await member()
    await today(me)
    const added = await view(await me.post('/api/routine/today/blocks', { time: '07:15', activity: ' Stretch ' }), 201)
    const block = added.timeBlocks.find((candidate) => candidate.time === '07:15')!
    expect(block).toMatchObject({ activity: 'Stretch', status: 'pending' })
    expect(added.timeBlocks[0]!.id).toBe(block.id) // in time order

    const done = await view(await patch(me, `/api/routine/blocks/${block.id}`, { status: 'completed' }))
    expect(done.timeBlocks.find((candidate) => candidate.id === block.id)!.status).toBe('completed')
    const moved = await view(await patch(me, `/api/routine/blocks/${block.id}`, { time: '19:00', status: 'skipped' }))
    expect(moved.timeBlocks.at(-1)).toMatchObject({ id: block.id, time: '19:00', status: 'skipped' })

    for (const [json, message] of [
      [{ time: '25:00', activity: 'Late' }, routineMessages.invalidTime],
      [{ time: '9:00', activity: 'Early' }, routineMessages.invalidTime],
      [{ time: '09:00', activity: '  ' }, routineMessages.activityRequired],
      [{ time: '09:00', activity: 'x'.repeat(201) }, routineMessages.textTooLong],
    ] as const) {
      const refused = await me.post('/api/routine/today/blocks', json)
      expect(refused.status).toBe(400)
      expect((await errorOf(refused)).message).toBe(message)
    }
    const badStatus = await patch(me, `/api/routine/blocks/${block.id}`, { status: 'done' })
    expect((await errorOf(badStatus)).message).toBe(routineMessages.invalidStatus)

    const removed = await view(await me.delete(`/api/routine/blocks/${block.id}`))
    expect(removed.timeBlocks.map((candidate) => candidate.id)).not.toContain(block.id)
    const again = await me.delete(`/api/routine/blocks/${block.id}`)
    expect(again.status).toBe(404)
    expect((await errorOf(again)).message).toBe(routineMessages.blockNotFound)
  })

  test(`a day holds at most ${maxTimeBlocksPerDay} time blocks and ${maxTasksPerDay} tasks`, async () => {
    const me = await member()
    const start = await today(me)
    for (let index = start.timeBlocks.length; index < maxTimeBlocksPerDay; index++)
      await view(await me.post('/api/routine/today/blocks', { time: '20:00', activity: `Block ${index}` }), 201)
    const blocks = await me.post('/api/routine/today/blocks', { time: '21:00', activity: 'One too many' })
    expect(blocks.status).toBe(409)
    expect((await errorOf(blocks)).message).toBe(routineMessages.tooManyBlocks)

    const tasks = await Promise.all(
      Array.from({ length: maxTasksPerDay + 2 }, (_, index) =>
        me.post('/api/routine/today/tasks', { title: `Task ${index}` }),
      ),
    )
    expect(tasks.filter((response) => response.status === 201)).toHaveLength(maxTasksPerDay)
    const refused = tasks.filter((response) => response.status === 409)
    expect(refused).toHaveLength(2)
    expect((await errorOf(refused[0]!)).message).toBe(routineMessages.tooManyTasks)
    expect((await today(me)).tasks).toHaveLength(maxTasksPerDay)
  })

  test('members add, rename, complete and delete their own priority tasks', async () => {
    const me = await member()
    await today(me)
    const first = await view(await me.post('/api/routine/today/tasks', { title: 'Call Dana' }), 201)
    const second = await view(await me.post('/api/routine/today/tasks', { title: 'Draft the cover letter' }), 201)
    expect(second.tasks.map((task) => task.title)).toEqual(['Call Dana', 'Draft the cover letter'])
    const taskId = first.tasks[0]!.id
    const done = await view(
      await patch(me, `/api/routine/tasks/${taskId}`, { completed: true, title: 'Call Dana back' }),
    )
    expect(done.tasks[0]).toEqual({ id: taskId, title: 'Call Dana back', completed: true })
    const blank = await me.post('/api/routine/today/tasks', { title: ' ' })
    expect((await errorOf(blank)).message).toBe(routineMessages.taskRequired)
    const removed = await view(await me.delete(`/api/routine/tasks/${taskId}`))
    expect(removed.tasks.map((task) => task.title)).toEqual(['Draft the cover letter'])
  })

  test("another member's blocks and tasks, of any day, are not found; the owner may still edit a past day's", async () => {
    const owner = await member()
    const other = await member()
    const admin = await t.signedIn({ admin: true })
    const yesterday = addDays(localDay(new Date(), 'UTC'), -1)
    await seedDay(owner.member.id, yesterday, {
      blocks: [{ time: '08:00', activity: 'Yesterday block' }],
      tasks: [{ title: 'Yesterday task' }],
    })
    const [block] = await queries.listBlocks(t.db, owner.member.id, yesterday)
    const [task] = await queries.listTasks(t.db, owner.member.id, yesterday)
    const calls: Array<[TestClient, string, string, unknown?, string?]> = []
    for (const client of [other, admin]) {
      calls.push(
        [client, 'PATCH', `/api/routine/blocks/${block!.id}`, { status: 'completed' }, routineMessages.blockNotFound],
        [client, 'DELETE', `/api/routine/blocks/${block!.id}`, undefined, routineMessages.blockNotFound],
        [client, 'PATCH', `/api/routine/tasks/${task!.id}`, { completed: true }, routineMessages.taskNotFound],
        [client, 'DELETE', `/api/routine/tasks/${task!.id}`, undefined, routineMessages.taskNotFound],
      )
    }
    calls.push(
      [owner, 'PATCH', '/api/routine/blocks/not-a-uuid', { status: 'completed' }, routineMessages.blockNotFound],
      [owner, 'DELETE', `/api/routine/tasks/${unknownId}`, undefined, routineMessages.taskNotFound],
      [owner, 'PATCH', "/api/routine/tasks/1'%20or%20'1'='1", { completed: true }, routineMessages.taskNotFound],
    )
    for (const [client, method, path, body, message] of calls) {
      const response = await client.request(method, path, body)
      expect(response.status, `${method} ${path}`).toBe(404)
      expect((await errorOf(response)).message).toBe(message)
    }
    expect((await queries.listBlocks(t.db, owner.member.id, yesterday))[0]!.status).toBe('pending')
    expect(await queries.listTasks(t.db, owner.member.id, yesterday)).toHaveLength(1)

    const edited = await view(await patch(owner, `/api/routine/blocks/${block!.id}`, { status: 'completed' }))
    expect(edited.day).toBe(localDay(new Date(), 'UTC')) // the answer is today's page
    expect((await queries.listBlocks(t.db, owner.member.id, yesterday))[0]!.status).toBe('completed')
  })

  test('a day is completed once its challenge is done and its reflection saved, and stops being so when undone', async () => {
    const me = await member()
    const todayUtc = localDay(new Date(), 'UTC')
    const completedAt = async () => (await queries.findDay(t.db, me.member.id, todayUtc))?.completedAt ?? null

    const challenged = await view(await me.put('/api/routine/today/challenge', { completed: true }))
    expect(challenged).toMatchObject({ challenge: { completed: true }, completed: false })
    expect(await completedAt()).toBeNull()

    for (const [answers, message] of [
      [['Good', 'Hard'], routineMessages.reflectionRequired],
      [['Good', ' ', 'Tomorrow'], routineMessages.reflectionRequired],
      [['Good', 'x'.repeat(2001), 'Tomorrow'], routineMessages.answerTooLong],
    ] as const) {
      const refused = await me.put('/api/routine/today/reflection', { answers })
      expect(refused.status).toBe(400)
      expect((await errorOf(refused)).message).toBe(message)
    }
    const answers = ['Finished the portfolio draft', 'Estimating took longer; I will timebox it', 'Send it to Dana']
    const reflected = await view(await me.put('/api/routine/today/reflection', { answers }))
    expect(reflected).toMatchObject({
      reflection: { completed: true, answers },
      completed: true,
      streak: { current: 1, longest: 1 },
    })
    const firstCompletion = await completedAt()
    expect(firstCompletion).not.toBeNull()
    // saving the reflection again keeps the completion's time
    await view(await me.put('/api/routine/today/reflection', { answers: ['a', 'b', 'c'] }))
    expect(await completedAt()).toEqual(firstCompletion)

    const undone = await view(await me.put('/api/routine/today/challenge', { completed: false }))
    expect(undone).toMatchObject({ completed: false, streak: { current: 0, longest: 0 } })
    expect(await completedAt()).toBeNull()
    expect((await view(await me.put('/api/routine/today/challenge', { completed: true }))).completed).toBe(true)
  })

  test('the calendar shows the days the member completed, today, and the current and longest streaks', async () => {
    const me = await member('Pacific/Kiritimati')
    const day = localDay(new Date(), 'Pacific/Kiritimati')
    const month = day.slice(0, 7)
    // a run of five days long ago, a gap, then the three days before today
    const longAgo = Array.from({ length: 5 }, (_, index) => addDays(day, -40 - index))
    const recent = [addDays(day, -3), addDays(day, -2), addDays(day, -1)]
    for (const completed of [...longAgo, ...recent]) await seedDay(me.member.id, completed, { completed: true })
    await seedDay(me.member.id, addDays(day, -5), {}) // opened, not completed
    await queries.insertDayIfAbsent(t.db, me.member.id, addDays(day, -6))
    await queries.setChallengeCompleted(t.db, me.member.id, addDays(day, -6), true) // challenge only

    const current = await me.get('/api/routine/calendar')
    expect(current.status).toBe(200)
    const calendar = (await current.json()) as RoutineCalendar
    expect(calendar).toEqual({
      month,
      today: day,
      completedDays: recent.filter((completed) => completed.startsWith(month)),
      streak: { current: 3, longest: 5 },
    })
    // today is still open: the streak counts to yesterday; completing today makes it 4
    await me.put('/api/routine/today/challenge', { completed: true })
    const done = await view(await me.put('/api/routine/today/reflection', { answers: ['a', 'b', 'c'] }))
    expect(done.streak).toEqual({ current: 4, longest: 5 })
    expect(done.focusSkill).toBeNull()

    const past = longAgo[0]!.slice(0, 7)
    const older = (await (await me.get(`/api/routine/calendar?month=${past}`)).json()) as RoutineCalendar
    expect(older.month).toBe(past)
    expect(older.completedDays).toEqual(longAgo.filter((completed) => completed.startsWith(past)).sort())
    expect(older.streak).toEqual({ current: 4, longest: 5 })

    for (const month of ['2026-13', '2026-1', 'march', '0000-01']) {
      const refused = await me.get(`/api/routine/calendar?month=${month}`)
      expect(refused.status, month).toBe(400)
      expect((await errorOf(refused)).message).toBe(routineMessages.invalidMonth)
    }
    // another member sees none of it
    const other = await member('Pacific/Kiritimati')
    expect(((await (await other.get('/api/routine/calendar')).json()) as RoutineCalendar).completedDays).toEqual([])
  })

  test('settings: a focus skill from the profile shows its progress and streak; the zone is checked and kept', async () => {
    const me = await member(null)
    expect(await (await me.get('/api/routine/settings')).json()).toEqual({
      focusSkill: null,
      nudgeEmail: false,
      timeZone: null,
    })
    const unknownSkill = await me.put('/api/routine/settings', { focusSkill: 'Python' })
    expect(unknownSkill.status).toBe(400)
    expect(await errorOf(unknownSkill)).toMatchObject({
      message: routineMessages.unknownSkill,
      fields: { focusSkill: routineMessages.unknownSkill },
    })
    expect(
      (await me.put('/api/profile/me/skills', { skills: [{ name: 'Python', level: 'intermediate' }] })).status,
    ).toBe(200)
    const saved = await me.put('/api/routine/settings', { focusSkill: 'Python', timeZone: 'europe/berlin' })
    expect(saved.status).toBe(200)
    expect((await saved.json()) as RoutineSettings).toEqual({
      focusSkill: 'Python',
      nudgeEmail: false,
      timeZone: 'Europe/Berlin',
    })
    await seedDay(me.member.id, addDays(localDay(new Date(), 'Europe/Berlin'), -1), { completed: true })
    const day = await today(me)
    expect(day.timeZone).toBe('Europe/Berlin')
    expect(day.focusSkill).toEqual({ skill: 'Python', progress: 50, daysStreak: 1 })

    const badZone = await me.put('/api/routine/settings', { timeZone: 'Mars/Olympus_Mons' })
    expect(badZone.status).toBe(400)
    expect((await errorOf(badZone)).fields).toEqual({ timeZone: routineMessages.invalidTimeZone })
    // null forgets the zone: the browser's is taken again
    const cleared = (await (
      await me.put('/api/routine/settings', { timeZone: null, focusSkill: null })
    ).json()) as RoutineSettings
    expect(cleared).toEqual({ focusSkill: null, nudgeEmail: false, timeZone: null })
    expect((await today(me, '?tz=Asia/Kolkata')).timeZone).toBe('Asia/Kolkata')
  })

  test('the daily nudge is opt-in, and only for a verified address', async () => {
    const me = await member()
    const on = await me.put('/api/routine/settings', { nudgeEmail: true })
    expect(((await on.json()) as RoutineSettings).nudgeEmail).toBe(true)
    expect(
      ((await (await me.put('/api/routine/settings', { nudgeEmail: false })).json()) as RoutineSettings).nudgeEmail,
    ).toBe(false)
    const unverified = await member('UTC', { emailVerified: false })
    const refused = await unverified.put('/api/routine/settings', { nudgeEmail: true })
    expect(refused.status).toBe(403)
    expect(((await (await unverified.get('/api/routine/settings')).json()) as RoutineSettings).nudgeEmail).toBe(false)
  })

  test("admins set a day's quote, tip and challenge (audited); members see it that day; reset gives the rotation back", async () => {
    const admin = await t.signedIn({ admin: true })
    const me = await member('UTC')
    const day = localDay(new Date(), 'UTC')
    const library = libraryContentFor(day)

    const before = (await (await admin.get(`/api/admin/routine/content/${day}`)).json()) as DailyContentView
    expect(before).toEqual({ day, ...library, custom: false })

    const content = {
      quoteText: 'Well done is better than well said.',
      quoteAuthor: 'Benjamin Franklin',
      coachTip: 'Ship one small thing before lunch.',
      challengeTitle: 'Publish a short post about your work',
      challengeDescription: 'Write 150 words on a problem you solved this week and share it with your network.',
      challengeMinutes: 20,
    }
    const saved = await admin.put(`/api/admin/routine/content/${day}`, content)
    expect(saved.status).toBe(200)
    expect((await saved.json()) as DailyContentView).toEqual({
      day,
      quote: { text: content.quoteText, author: content.quoteAuthor },
      coachTip: content.coachTip,
      challenge: { title: content.challengeTitle, description: content.challengeDescription, minutes: 20 },
      custom: true,
    })
    const seen = await today(me)
    expect(seen).toMatchObject({
      quote: { text: content.quoteText, author: content.quoteAuthor },
      coachTip: content.coachTip,
      challenge: { title: content.challengeTitle, minutes: 20, completed: false },
    })

    const reset = await admin.delete(`/api/admin/routine/content/${day}`)
    expect((await reset.json()) as DailyContentView).toEqual({ day, ...library, custom: false })
    expect((await today(me)).challenge.title).toBe(library.challenge.title)

    const audited = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.objectType, 'routine_content'), eq(auditLog.objectId, day), isNotNull(auditLog.actorId)))
    const mine = audited.filter((row) => row.actorEmail === (admin as Member).member.email)
    expect(mine.map((row) => row.action).sort()).toEqual(['routine_content.reset', 'routine_content.set'])
    expect(mine.find((row) => row.action === 'routine_content.set')!.after).toMatchObject({
      challengeTitle: content.challengeTitle,
    })

    for (const bad of ['2026-02-30', '2026-3-1', 'today']) {
      const refused = await admin.get(`/api/admin/routine/content/${bad}`)
      expect(refused.status, bad).toBe(400)
      expect((await errorOf(refused)).message).toBe(routineMessages.invalidDay)
    }
    const incomplete = await admin.put(`/api/admin/routine/content/${day}`, { ...content, challengeMinutes: 0 })
    expect(incomplete.status).toBe(400)
  })
})
