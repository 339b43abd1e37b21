import type { z } from 'zod'
import { withTransaction, type Db } from '#server/db/client.ts'
import { AppError } from '#server/platform/app-error.ts'
import type { Ctx } from '#server/platform/context.ts'
import { requireAccess, requireUser } from '#server/platform/guards.ts'
import { isValidDay } from '#shared/goals/calendar.ts'
import { maxActiveGoals } from '#shared/goals/constants.ts'
import { goalMessages, routineMessages } from '#shared/goals/messages.ts'
import type { GoalInput, GoalListQuery, GoalUpdate, GoalView } from '#shared/goals/schemas.ts'
import { memberToday } from './member-day.ts'
import * as queries from './queries.ts'
import { toGoalView } from './views.ts'

// Career goals (issue 21; spec 001 §3 Career goal, §4, §5 Career goal, §7 Career
// goals, §9 Goal progress and types). A goal is its owner's only: anyone else's,
// an admin's included, reads as missing (404).

/**
 * The longest list GET /api/goals answers: active goals are capped at
 * maxActiveGoals, achieved and archived ones grow with the years; the newest are
 * the ones a page shows.
 */
const goalListLimit = 200

const goalNotFound = () => new AppError('NOT_FOUND', goalMessages.notFound)

/**
 * A member's active goals, newest first: for the composing modules (recommendations,
 * the dashboard's card), which have already checked who asks.
 */
export async function activeGoalsOf(db: Db, userId: string): Promise<GoalView[]> {
  const rows = await queries.listGoals(db, userId, 'active', maxActiveGoals)
  return rows.map(toGoalView)
}

async function member(ctx: Ctx) {
  await requireAccess(ctx, 'member')
  return requireUser(ctx)
}

/** spec 001 §5: the target date is optional and not before the member's today (their own zone). */
function checkTargetDate(targetDate: string, today: string) {
  if (!isValidDay(targetDate))
    throw new AppError('VALIDATION', routineMessages.invalidDay, { targetDate: routineMessages.invalidDay })
  if (targetDate < today)
    throw new AppError('VALIDATION', goalMessages.targetDateInPast, { targetDate: goalMessages.targetDateInPast })
}

async function ensureRoomForActive(tx: Db, userId: string) {
  if ((await queries.countActiveGoals(tx, userId)) >= maxActiveGoals)
    throw new AppError('CONFLICT', goalMessages.tooMany)
}

/** spec 001 §7: the member's goals of one status (active by default), newest first. */
export async function listGoals(ctx: Ctx, query: z.output<typeof GoalListQuery>): Promise<{ goals: GoalView[] }> {
  const viewer = await member(ctx)
  const rows = await queries.listGoals(ctx.deps.db, viewer.id, query.status, goalListLimit)
  return { goals: rows.map(toGoalView) }
}

/** spec 001 §4, §5: a new goal is active with progress 0. `browserZone`: see member-day.ts. */
export async function createGoal(
  ctx: Ctx,
  input: z.output<typeof GoalInput>,
  browserZone?: string,
): Promise<{ goal: GoalView }> {
  const viewer = await member(ctx)
  return withTransaction(ctx.deps.db, async (tx) => {
    const { today } = await memberToday(tx, viewer.id, browserZone)
    if (input.targetDate) checkTargetDate(input.targetDate, today)
    await queries.lockMember(tx, 'goals', viewer.id)
    await ensureRoomForActive(tx, viewer.id)
    const row = await queries.insertGoal(tx, {
      userId: viewer.id,
      title: input.title,
      type: input.type,
      targetDate: input.targetDate ?? null,
      status: 'active',
      progress: 0,
    })
    return { goal: toGoalView(row) }
  })
}

/**
 * The goal's title, type, target date, progress (spec 001 §9: 0-100 in steps of 5)
 * or status: achieved and archived close it (closed_at), back to active reopens it.
 * A target date is checked against today only when it changes, so a goal whose date
 * has passed can still be edited otherwise.
 */
export async function updateGoal(
  ctx: Ctx,
  goalId: string,
  input: z.output<typeof GoalUpdate>,
  browserZone?: string,
): Promise<{ goal: GoalView }> {
  const viewer = await member(ctx)
  return withTransaction(ctx.deps.db, async (tx) => {
    await queries.lockMember(tx, 'goals', viewer.id)
    const goal = await queries.findGoal(tx, viewer.id, goalId)
    if (!goal) throw goalNotFound()
    const set: Parameters<typeof queries.updateGoal>[3] = {}
    if (input.title !== undefined) set.title = input.title
    if (input.type !== undefined) set.type = input.type
    if (input.progress !== undefined) set.progress = input.progress
    if (input.targetDate !== undefined && input.targetDate !== goal.targetDate) {
      if (input.targetDate !== null)
        checkTargetDate(input.targetDate, (await memberToday(tx, viewer.id, browserZone)).today)
      set.targetDate = input.targetDate
    }
    if (input.status !== undefined && input.status !== goal.status) {
      if (input.status === 'active') await ensureRoomForActive(tx, viewer.id)
      set.status = input.status
      set.closedAt = input.status === 'active' ? null : new Date()
    }
    const updated = await queries.updateGoal(tx, viewer.id, goalId, set)
    if (!updated) throw goalNotFound()
    return { goal: toGoalView(updated) }
  })
}
