import type { z } from 'zod'
import { withTransaction, type Db } from '#server/db/client.ts'
import { AppError } from '#server/platform/app-error.ts'
import { recordAudit } from '#server/platform/audit.ts'
import type { Ctx } from '#server/platform/context.ts'
import { requireAccess, requireAdmin, requireUser, requireVerified } from '#server/platform/guards.ts'
import { addDays, addMonths, canonicalTimeZone, isValidDay } from '#shared/goals/calendar.ts'
import { maxTasksPerDay, maxTimeBlocksPerDay } from '#shared/goals/constants.ts'
import { routineMessages } from '#shared/goals/messages.ts'
import type {
  CalendarQuery,
  ChallengeInput,
  DailyContentInput,
  DailyContentView,
  ReflectionInput,
  RoutineCalendar,
  RoutineDayView,
  RoutineReflection,
  RoutineSettings,
  RoutineSettingsInput,
  TaskInput,
  TaskUpdate,
  TimeBlockInput,
  TimeBlockUpdate,
} from '#shared/goals/schemas.ts'
import { proficiencyBarPercent, type ProficiencyLevel } from '#shared/profile/skills.ts'
import { memberToday } from './member-day.ts'
import * as queries from './queries.ts'
import { contentSnapshot, toDailyContentView, toTaskView, toTimeBlockView } from './views.ts'

// The daily routine and its calendar (issue 21; spec 001 §2 Daily routine page,
// Routine calendar page, §3 Routine data, §4 Evening reflection, §9 Calendar grid).
// Everything is persisted per member and per day, the day being the member's own
// (member-day.ts). A member's rows are theirs alone: anyone else's, an admin's
// included, read as missing (404).

/**
 * The schedule of a member's very first day: a starting point they edit (and each
 * later day starts from their latest own schedule, so their edits carry forward).
 */
const starterSchedule: ReadonlyArray<{ time: string; activity: string }> = [
  { time: '08:00', activity: 'Review your career goals' },
  { time: '09:00', activity: 'Deep work on your focus skill' },
  { time: '12:30', activity: 'Learn: one lesson or article' },
  { time: '16:00', activity: 'Reach out to one contact' },
  { time: '18:00', activity: 'Evening reflection' },
]

const blockNotFound = () => new AppError('NOT_FOUND', routineMessages.blockNotFound)
const taskNotFound = () => new AppError('NOT_FOUND', routineMessages.taskNotFound)

async function member(ctx: Ctx) {
  await requireAccess(ctx, 'member')
  return requireUser(ctx)
}

/**
 * The member's first open of `day` makes it: the time blocks of their latest
 * earlier day that has some (pending again), or the starter schedule; and the
 * unfinished tasks of their latest earlier day, carried over as new rows. Two
 * requests opening the day at once make one day: the second waits on the member's
 * lock and finds the day made.
 */
async function ensureDay(tx: Db, userId: string, day: string): Promise<void> {
  if (await queries.findDay(tx, userId, day)) return
  await queries.lockMember(tx, 'routine', userId)
  if (!(await queries.insertDayIfAbsent(tx, userId, day))) return
  const blocksFrom = await queries.latestDayWithBlocksBefore(tx, userId, day)
  const blocks = blocksFrom
    ? (await queries.listBlocks(tx, userId, blocksFrom)).map(({ time, activity }) => ({ time, activity }))
    : starterSchedule
  await queries.insertBlocks(tx, userId, day, [...blocks])
  const previous = await queries.latestDayBefore(tx, userId, day)
  if (previous) {
    const unfinished = await queries.unfinishedTasks(tx, userId, previous)
    await queries.appendTasks(
      tx,
      userId,
      day,
      unfinished.map((task) => task.title),
    )
  }
}

/** The focus skill's progress: the bar of the profile's assessed level (spec 001 §9), 0 once it is no longer assessed. */
async function focusSkillOf(tx: Db, userId: string, daysStreak: number): Promise<RoutineDayView['focusSkill']> {
  const settings = await queries.findSettings(tx, userId)
  if (!settings?.focusSkill) return null
  const level = await queries.findSkillLevel(tx, userId, settings.focusSkill)
  const progress = level ? (proficiencyBarPercent[level as ProficiencyLevel] ?? 0) : 0
  return { skill: settings.focusSkill, progress, daysStreak }
}

async function dayView(tx: Db, userId: string, timeZone: string, today: string): Promise<RoutineDayView> {
  const day = await queries.findDay(tx, userId, today)
  const blocks = await queries.listBlocks(tx, userId, today)
  const tasks = await queries.listTasks(tx, userId, today)
  const content = toDailyContentView(today, await queries.findDailyContent(tx, today))
  const streak = await queries.streakOf(tx, userId, today)
  const reflection = (day?.reflection as RoutineReflection | null | undefined) ?? null
  const challengeCompleted = day?.challengeCompleted ?? false
  return {
    day: today,
    timeZone,
    focusSkill: await focusSkillOf(tx, userId, streak.current),
    challenge: { ...content.challenge, completed: challengeCompleted },
    quote: content.quote,
    coachTip: content.coachTip,
    timeBlocks: blocks.map(toTimeBlockView),
    tasks: tasks.map(toTaskView),
    reflection: { completed: reflection !== null, answers: reflection ? [...reflection.answers] : null },
    completed: day?.completedAt != null,
    streak,
  }
}

/** The member's today, opened (made on first open) and shown whole. `browserZone`: see member-day.ts. */
export async function getToday(ctx: Ctx, browserZone?: string): Promise<RoutineDayView> {
  const viewer = await member(ctx)
  return withTransaction(ctx.deps.db, async (tx) => {
    const { timeZone, today } = await memberToday(tx, viewer.id, browserZone)
    await ensureDay(tx, viewer.id, today)
    return dayView(tx, viewer.id, timeZone, today)
  })
}

/**
 * A change to the member's routine, under their lock, then today whole (the page
 * refreshes from one answer). Today is made first if this is its first request.
 */
async function changeRoutine(
  ctx: Ctx,
  browserZone: string | undefined,
  change: (tx: Db, userId: string, today: string) => Promise<void>,
): Promise<RoutineDayView> {
  const viewer = await member(ctx)
  return withTransaction(ctx.deps.db, async (tx) => {
    const { timeZone, today } = await memberToday(tx, viewer.id, browserZone)
    await queries.lockMember(tx, 'routine', viewer.id)
    await ensureDay(tx, viewer.id, today)
    await change(tx, viewer.id, today)
    return dayView(tx, viewer.id, timeZone, today)
  })
}

/** Today's challenge done or not; the day is completed while it is done and the reflection saved. */
export function setChallenge(ctx: Ctx, input: z.output<typeof ChallengeInput>, browserZone?: string) {
  return changeRoutine(ctx, browserZone, (tx, userId, today) =>
    queries.setChallengeCompleted(tx, userId, today, input.completed),
  )
}

/** spec 001 §4 Evening reflection: the three answers, saved (again) for today. */
export function saveReflection(ctx: Ctx, input: ReflectionInput, browserZone?: string) {
  return changeRoutine(ctx, browserZone, (tx, userId, today) =>
    queries.setReflection(tx, userId, today, { answers: input.answers }),
  )
}

export function addTimeBlock(ctx: Ctx, input: z.output<typeof TimeBlockInput>, browserZone?: string) {
  return changeRoutine(ctx, browserZone, async (tx, userId, today) => {
    if ((await queries.countBlocks(tx, userId, today)) >= maxTimeBlocksPerDay)
      throw new AppError('CONFLICT', routineMessages.tooManyBlocks)
    await queries.insertBlocks(tx, userId, today, [{ time: input.time, activity: input.activity }])
  })
}

/** One of the member's own time blocks, of any day (a past day's too); anyone else's is not found. */
export function updateTimeBlock(ctx: Ctx, blockId: string, input: z.output<typeof TimeBlockUpdate>) {
  return changeRoutine(ctx, undefined, async (tx, userId) => {
    const set: Parameters<typeof queries.updateBlock>[3] = {}
    if (input.time !== undefined) set.time = input.time
    if (input.activity !== undefined) set.activity = input.activity
    if (input.status !== undefined) set.status = input.status
    if (!(await queries.updateBlock(tx, userId, blockId, set))) throw blockNotFound()
  })
}

export function deleteTimeBlock(ctx: Ctx, blockId: string) {
  return changeRoutine(ctx, undefined, async (tx, userId) => {
    if (!(await queries.deleteBlock(tx, userId, blockId))) throw blockNotFound()
  })
}

export function addTask(ctx: Ctx, input: z.output<typeof TaskInput>, browserZone?: string) {
  return changeRoutine(ctx, browserZone, async (tx, userId, today) => {
    if ((await queries.countTasks(tx, userId, today)) >= maxTasksPerDay)
      throw new AppError('CONFLICT', routineMessages.tooManyTasks)
    await queries.appendTasks(tx, userId, today, [input.title])
  })
}

/** One of the member's own tasks, of any day; anyone else's is not found. */
export function updateTask(ctx: Ctx, taskId: string, input: z.output<typeof TaskUpdate>) {
  return changeRoutine(ctx, undefined, async (tx, userId) => {
    const set: Parameters<typeof queries.updateTask>[3] = {}
    if (input.title !== undefined) set.title = input.title
    if (input.completed !== undefined) set.completed = input.completed
    if (!(await queries.updateTask(tx, userId, taskId, set))) throw taskNotFound()
  })
}

export function deleteTask(ctx: Ctx, taskId: string) {
  return changeRoutine(ctx, undefined, async (tx, userId) => {
    if (!(await queries.deleteTask(tx, userId, taskId))) throw taskNotFound()
  })
}

// ---------- the calendar ----------

/**
 * spec 001 §2 Routine calendar page: the days of `month` (the member's current one
 * by default) they completed, their today, and their streaks over all their days.
 */
export async function getCalendar(ctx: Ctx, query: z.output<typeof CalendarQuery>): Promise<RoutineCalendar> {
  const viewer = await member(ctx)
  const month = query.month
  if (month !== undefined && !isValidDay(`${month}-01`))
    throw new AppError('VALIDATION', routineMessages.invalidMonth, { month: routineMessages.invalidMonth })
  return withTransaction(ctx.deps.db, async (tx) => {
    const { today } = await memberToday(tx, viewer.id, query.tz)
    const shown = month ?? today.slice(0, 7)
    const last = addDays(`${addMonths(shown, 1)}-01`, -1)
    return {
      month: shown,
      today,
      completedDays: await queries.completedDaysBetween(tx, viewer.id, `${shown}-01`, last),
      streak: await queries.streakOf(tx, viewer.id, today),
    }
  })
}

// ---------- the member's routine settings ----------

async function settingsOf(db: Db, userId: string): Promise<RoutineSettings> {
  const settings = await queries.findSettings(db, userId)
  return {
    focusSkill: settings?.focusSkill ?? null,
    nudgeEmail: settings?.nudgeEmail ?? false,
    timeZone: await queries.findTimeZone(db, userId),
  }
}

export async function getSettings(ctx: Ctx): Promise<RoutineSettings> {
  const viewer = await member(ctx)
  return settingsOf(ctx.deps.db, viewer.id)
}

/**
 * The focus skill (one of the profile's skills, or none), the daily nudge e-mail
 * and the member's time zone. The nudge goes to the account's address, so turning
 * it on asks for a verified one (decision 014): no one signs a stranger's inbox up
 * for daily mail.
 */
export async function updateSettings(ctx: Ctx, input: z.output<typeof RoutineSettingsInput>): Promise<RoutineSettings> {
  const viewer = await member(ctx)
  // null forgets the member's zone: the browser's is taken again on their next visit
  const timeZone = input.timeZone ? canonicalTimeZone(input.timeZone) : input.timeZone
  if (input.timeZone && !timeZone)
    throw new AppError('VALIDATION', routineMessages.invalidTimeZone, { timeZone: routineMessages.invalidTimeZone })
  const focusSkill = input.focusSkill === undefined ? undefined : input.focusSkill || null
  if (input.nudgeEmail) requireVerified(ctx)
  return withTransaction(ctx.deps.db, async (tx) => {
    if (focusSkill && !(await queries.findSkillLevel(tx, viewer.id, focusSkill)))
      throw new AppError('VALIDATION', routineMessages.unknownSkill, { focusSkill: routineMessages.unknownSkill })
    if (timeZone !== undefined) await queries.setTimeZone(tx, viewer.id, timeZone)
    if (focusSkill !== undefined || input.nudgeEmail !== undefined)
      await queries.upsertSettings(tx, viewer.id, {
        ...(focusSkill !== undefined ? { focusSkill } : {}),
        ...(input.nudgeEmail !== undefined ? { nudgeEmail: input.nudgeEmail } : {}),
      })
    return settingsOf(tx, viewer.id)
  })
}

// ---------- the day's content (admins) ----------

function checkDay(day: string) {
  if (!isValidDay(day))
    throw new AppError('VALIDATION', routineMessages.invalidDay, { day: routineMessages.invalidDay })
}

/** What members see on `day`: the admin's quote, tip and challenge, or the built-in rotation's. */
export async function getDailyContent(ctx: Ctx, day: string): Promise<DailyContentView> {
  requireAdmin(ctx)
  checkDay(day)
  return toDailyContentView(day, await queries.findDailyContent(ctx.deps.db, day))
}

/** An admin sets the quote, tip and challenge of `day` (audited). */
export async function setDailyContent(ctx: Ctx, day: string, input: DailyContentInput): Promise<DailyContentView> {
  const admin = requireAdmin(ctx)
  checkDay(day)
  return withTransaction(ctx.deps.db, async (tx) => {
    const before = await queries.findDailyContent(tx, day)
    const row = await queries.upsertDailyContent(tx, { day, ...input, updatedBy: admin.id })
    await recordAudit(tx, ctx, {
      action: 'routine_content.set',
      objectType: 'routine_content',
      objectId: day,
      before: contentSnapshot(before),
      after: contentSnapshot(row),
    })
    return toDailyContentView(day, row)
  })
}

/** An admin gives `day` back to the built-in rotation (audited when there was something to remove). */
export async function resetDailyContent(ctx: Ctx, day: string): Promise<DailyContentView> {
  requireAdmin(ctx)
  checkDay(day)
  return withTransaction(ctx.deps.db, async (tx) => {
    const removed = await queries.deleteDailyContent(tx, day)
    if (removed)
      await recordAudit(tx, ctx, {
        action: 'routine_content.reset',
        objectType: 'routine_content',
        objectId: day,
        before: contentSnapshot(removed),
      })
    return toDailyContentView(day, undefined)
  })
}
