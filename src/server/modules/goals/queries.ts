import { and, asc, count, desc, eq, gte, inArray, isNotNull, isNull, lt, lte, sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { user } from '#server/db/schema/auth.ts'
import {
  careerGoals,
  routineDailyContent,
  routineDays,
  routineSettings,
  routineTasks,
  routineTimeBlocks,
} from '#server/db/schema/goals.ts'
import { userProfiles, userSkillAssessments } from '#server/db/schema/profile.ts'
import type { GoalStatus } from '#shared/goals/constants.ts'
import type { RoutineReflection, Streak } from '#shared/goals/schemas.ts'

// Goals and routines are private (ARCHITECTURE.md rule 3): every read and write of a
// member's rows is scoped by the owner's id, so someone else's row reads exactly like
// a missing one. Days are 'YYYY-MM-DD' strings in the member's own zone.

export type GoalRow = typeof careerGoals.$inferSelect
export type DayRow = typeof routineDays.$inferSelect
export type TimeBlockRow = typeof routineTimeBlocks.$inferSelect
export type TaskRow = typeof routineTasks.$inferSelect
export type DailyContentRow = typeof routineDailyContent.$inferSelect
export type SettingsRow = typeof routineSettings.$inferSelect

type Rows<T> = { rows: T[] }

/**
 * Inside a transaction: the member's goals or routine writes take turns (two tabs
 * opening the day at once, two adds racing for the last place under a limit).
 */
export async function lockMember(tx: Db, area: 'goals' | 'routine', userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`${area}:${userId}`}, 0))`)
}

// ---------- the member's time zone (user_profiles.time_zone) ----------

export async function findTimeZone(db: Db, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ timeZone: userProfiles.timeZone })
    .from(userProfiles)
    .where(eq(userProfiles.id, userId))
  return row?.timeZone ?? null
}

/** Keeps `zone` as the member's unless they already have one; the zone they end up with. */
export async function adoptTimeZone(tx: Db, userId: string, zone: string): Promise<string> {
  await tx
    .insert(userProfiles)
    .values({ id: userId, timeZone: zone })
    .onConflictDoUpdate({ target: userProfiles.id, set: { timeZone: zone }, where: isNull(userProfiles.timeZone) })
  return (await findTimeZone(tx, userId)) ?? zone
}

/** The member's zone; null forgets it. */
export async function setTimeZone(tx: Db, userId: string, zone: string | null): Promise<void> {
  await tx
    .insert(userProfiles)
    .values({ id: userId, timeZone: zone })
    .onConflictDoUpdate({ target: userProfiles.id, set: { timeZone: zone, updatedAt: new Date() } })
}

// ---------- career goals ----------

/** A member's goals of one status, newest first (career_goals_user_idx), at most `limit`. */
export async function listGoals(db: Db, userId: string, status: GoalStatus, limit: number): Promise<GoalRow[]> {
  return db
    .select()
    .from(careerGoals)
    .where(and(eq(careerGoals.userId, userId), eq(careerGoals.status, status)))
    .orderBy(desc(careerGoals.createdAt), desc(careerGoals.id))
    .limit(limit)
}

export async function findGoal(db: Db, userId: string, goalId: string): Promise<GoalRow | undefined> {
  const [row] = await db
    .select()
    .from(careerGoals)
    .where(and(eq(careerGoals.id, goalId), eq(careerGoals.userId, userId)))
  return row
}

export async function countActiveGoals(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(careerGoals)
    .where(and(eq(careerGoals.userId, userId), eq(careerGoals.status, 'active')))
  return row?.n ?? 0
}

export async function insertGoal(tx: Db, values: typeof careerGoals.$inferInsert): Promise<GoalRow> {
  const [row] = await tx.insert(careerGoals).values(values).returning()
  return row!
}

export async function updateGoal(
  tx: Db,
  userId: string,
  goalId: string,
  set: Partial<typeof careerGoals.$inferInsert>,
): Promise<GoalRow | undefined> {
  const [row] = await tx
    .update(careerGoals)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(careerGoals.id, goalId), eq(careerGoals.userId, userId)))
    .returning()
  return row
}

// ---------- routine days ----------

export async function findDay(db: Db, userId: string, day: string): Promise<DayRow | undefined> {
  const [row] = await db
    .select()
    .from(routineDays)
    .where(and(eq(routineDays.userId, userId), eq(routineDays.day, day)))
  return row
}

/** Creates the member's day unless it exists: true when this call created it. */
export async function insertDayIfAbsent(tx: Db, userId: string, day: string): Promise<boolean> {
  const inserted = await tx
    .insert(routineDays)
    .values({ userId, day })
    .onConflictDoNothing()
    .returning({ day: routineDays.day })
  return inserted.length > 0
}

/** The member's latest day before `day` they opened (the primary key's order), if any. */
export async function latestDayBefore(db: Db, userId: string, day: string): Promise<string | undefined> {
  const [row] = await db
    .select({ day: routineDays.day })
    .from(routineDays)
    .where(and(eq(routineDays.userId, userId), lt(routineDays.day, day)))
    .orderBy(desc(routineDays.day))
    .limit(1)
  return row?.day
}

/** The member's latest day before `day` that has time blocks (routine_time_blocks_day_idx), if any. */
export async function latestDayWithBlocksBefore(db: Db, userId: string, day: string): Promise<string | undefined> {
  const [row] = await db
    .select({ day: routineTimeBlocks.day })
    .from(routineTimeBlocks)
    .where(and(eq(routineTimeBlocks.userId, userId), lt(routineTimeBlocks.day, day)))
    .orderBy(desc(routineTimeBlocks.day))
    .limit(1)
  return row?.day
}

/**
 * Sets whether the day's challenge is done, and keeps `completed_at` in step: a
 * day is completed while its challenge is done and its reflection saved.
 */
export async function setChallengeCompleted(tx: Db, userId: string, day: string, completed: boolean) {
  await tx
    .update(routineDays)
    .set({
      challengeCompleted: completed,
      completedAt: sql`case when ${completed} and ${routineDays.reflection} is not null
        then coalesce(${routineDays.completedAt}, now()) else null end`,
      updatedAt: new Date(),
    })
    .where(and(eq(routineDays.userId, userId), eq(routineDays.day, day)))
}

/** Saves the day's reflection, and completes the day when its challenge is done. */
export async function setReflection(tx: Db, userId: string, day: string, reflection: RoutineReflection) {
  await tx
    .update(routineDays)
    .set({
      reflection,
      reflectedAt: new Date(),
      completedAt: sql`case when ${routineDays.challengeCompleted}
        then coalesce(${routineDays.completedAt}, now()) else null end`,
      updatedAt: new Date(),
    })
    .where(and(eq(routineDays.userId, userId), eq(routineDays.day, day)))
}

/** The days between `from` and `to` (inclusive) the member completed, ascending (routine_days_completed_idx). */
export async function completedDaysBetween(db: Db, userId: string, from: string, to: string): Promise<string[]> {
  const rows = await db
    .select({ day: routineDays.day })
    .from(routineDays)
    .where(
      and(
        eq(routineDays.userId, userId),
        isNotNull(routineDays.completedAt),
        gte(routineDays.day, from),
        lte(routineDays.day, to),
      ),
    )
    .orderBy(asc(routineDays.day))
  return rows.map((row) => row.day)
}

/**
 * The member's streaks (shared/goals/calendar.ts `streaks`, counted in the database):
 * consecutive completed days share `day - row_number()`, so each run is one group.
 * Only the dates of completed days are read, through the partial index, and two
 * numbers come back however long the member's history.
 */
export async function streakOf(db: Db, userId: string, today: string): Promise<Streak> {
  const result = (await db.execute(sql`
    with runs as (
      select max(day) as last, count(*)::int as length
      from (
        select ${routineDays.day} as day,
          ${routineDays.day} - (row_number() over (order by ${routineDays.day}))::int as run
        from ${routineDays}
        where ${routineDays.userId} = ${userId} and ${routineDays.completedAt} is not null
      ) completed
      group by run
    )
    select
      coalesce((select max(length) from runs), 0)::int as longest,
      coalesce((select length from runs where last in (${today}::date, ${today}::date - 1)
        order by last desc limit 1), 0)::int as current
  `)) as unknown as Rows<Streak>
  const row = result.rows[0]
  return { current: Number(row?.current ?? 0), longest: Number(row?.longest ?? 0) }
}

// ---------- time blocks ----------

export async function listBlocks(db: Db, userId: string, day: string): Promise<TimeBlockRow[]> {
  return db
    .select()
    .from(routineTimeBlocks)
    .where(and(eq(routineTimeBlocks.userId, userId), eq(routineTimeBlocks.day, day)))
    .orderBy(asc(routineTimeBlocks.time), asc(routineTimeBlocks.createdAt), asc(routineTimeBlocks.id))
}

export async function countBlocks(db: Db, userId: string, day: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(routineTimeBlocks)
    .where(and(eq(routineTimeBlocks.userId, userId), eq(routineTimeBlocks.day, day)))
  return row?.n ?? 0
}

export async function insertBlocks(
  tx: Db,
  userId: string,
  day: string,
  blocks: Array<{ time: string; activity: string }>,
): Promise<void> {
  if (blocks.length === 0) return
  await tx.insert(routineTimeBlocks).values(blocks.map((block) => ({ userId, day, ...block })))
}

export async function updateBlock(
  tx: Db,
  userId: string,
  blockId: string,
  set: Partial<Pick<TimeBlockRow, 'time' | 'activity' | 'status'>>,
): Promise<TimeBlockRow | undefined> {
  const where = and(eq(routineTimeBlocks.id, blockId), eq(routineTimeBlocks.userId, userId))
  if (Object.keys(set).length === 0) {
    const [row] = await tx.select().from(routineTimeBlocks).where(where)
    return row
  }
  const [row] = await tx.update(routineTimeBlocks).set(set).where(where).returning()
  return row
}

export async function deleteBlock(tx: Db, userId: string, blockId: string): Promise<boolean> {
  const deleted = await tx
    .delete(routineTimeBlocks)
    .where(and(eq(routineTimeBlocks.id, blockId), eq(routineTimeBlocks.userId, userId)))
    .returning({ id: routineTimeBlocks.id })
  return deleted.length > 0
}

// ---------- priority tasks ----------

export async function listTasks(db: Db, userId: string, day: string): Promise<TaskRow[]> {
  return db
    .select()
    .from(routineTasks)
    .where(and(eq(routineTasks.userId, userId), eq(routineTasks.day, day)))
    .orderBy(asc(routineTasks.position), asc(routineTasks.createdAt), asc(routineTasks.id))
}

export async function countTasks(db: Db, userId: string, day: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(routineTasks)
    .where(and(eq(routineTasks.userId, userId), eq(routineTasks.day, day)))
  return row?.n ?? 0
}

/** The day's unfinished tasks, in their order. */
export async function unfinishedTasks(db: Db, userId: string, day: string): Promise<TaskRow[]> {
  return db
    .select()
    .from(routineTasks)
    .where(and(eq(routineTasks.userId, userId), eq(routineTasks.day, day), eq(routineTasks.completed, false)))
    .orderBy(asc(routineTasks.position), asc(routineTasks.createdAt), asc(routineTasks.id))
}

/** New tasks at the end of the day's list, in the order given. */
export async function appendTasks(tx: Db, userId: string, day: string, titles: string[]): Promise<void> {
  if (titles.length === 0) return
  const [last] = await tx
    .select({ position: sql<number>`coalesce(max(${routineTasks.position}), -1)::int` })
    .from(routineTasks)
    .where(and(eq(routineTasks.userId, userId), eq(routineTasks.day, day)))
  const start = Number(last?.position ?? -1) + 1
  await tx.insert(routineTasks).values(titles.map((title, index) => ({ userId, day, title, position: start + index })))
}

export async function updateTask(
  tx: Db,
  userId: string,
  taskId: string,
  set: Partial<Pick<TaskRow, 'title' | 'completed'>>,
): Promise<TaskRow | undefined> {
  const where = and(eq(routineTasks.id, taskId), eq(routineTasks.userId, userId))
  if (Object.keys(set).length === 0) {
    const [row] = await tx.select().from(routineTasks).where(where)
    return row
  }
  const [row] = await tx.update(routineTasks).set(set).where(where).returning()
  return row
}

export async function deleteTask(tx: Db, userId: string, taskId: string): Promise<boolean> {
  const deleted = await tx
    .delete(routineTasks)
    .where(and(eq(routineTasks.id, taskId), eq(routineTasks.userId, userId)))
    .returning({ id: routineTasks.id })
  return deleted.length > 0
}

// ---------- the day's content (admins) ----------

export async function findDailyContent(db: Db, day: string): Promise<DailyContentRow | undefined> {
  const [row] = await db.select().from(routineDailyContent).where(eq(routineDailyContent.day, day))
  return row
}

export async function upsertDailyContent(
  tx: Db,
  values: Omit<typeof routineDailyContent.$inferInsert, 'updatedAt'>,
): Promise<DailyContentRow> {
  const { day: _day, ...set } = values
  const [row] = await tx
    .insert(routineDailyContent)
    .values(values)
    .onConflictDoUpdate({ target: routineDailyContent.day, set: { ...set, updatedAt: new Date() } })
    .returning()
  return row!
}

export async function deleteDailyContent(tx: Db, day: string): Promise<DailyContentRow | undefined> {
  const [row] = await tx.delete(routineDailyContent).where(eq(routineDailyContent.day, day)).returning()
  return row
}

// ---------- settings and skills ----------

export async function findSettings(db: Db, userId: string): Promise<SettingsRow | undefined> {
  const [row] = await db.select().from(routineSettings).where(eq(routineSettings.userId, userId))
  return row
}

export async function upsertSettings(
  tx: Db,
  userId: string,
  set: Partial<Pick<SettingsRow, 'focusSkill' | 'nudgeEmail'>>,
): Promise<void> {
  await tx
    .insert(routineSettings)
    .values({ userId, ...set })
    .onConflictDoUpdate({ target: routineSettings.userId, set: { ...set, updatedAt: new Date() } })
}

/** The member's assessed level of `skill`, or undefined when the profile does not list it. */
export async function findSkillLevel(db: Db, userId: string, skill: string): Promise<string | undefined> {
  const [row] = await db
    .select({ level: userSkillAssessments.proficiencyLevel })
    .from(userSkillAssessments)
    .where(and(eq(userSkillAssessments.userId, userId), eq(userSkillAssessments.skillName, skill)))
  return row?.level
}

// ---------- the daily nudge (jobs.ts) ----------

/** The time zones of the members who asked for the nudge (UTC for those without one). */
export async function nudgeTimeZones(db: Db): Promise<string[]> {
  const rows = await db
    .selectDistinct({ zone: sql<string>`coalesce(${userProfiles.timeZone}, 'UTC')` })
    .from(routineSettings)
    .leftJoin(userProfiles, eq(userProfiles.id, routineSettings.userId))
    .where(eq(routineSettings.nudgeEmail, true))
  return rows.map((row) => row.zone)
}

export type NudgeRecipient = { userId: string; email: string; firstName: string; accountName: string }

/**
 * Claims up to `limit` members of `zone` due their nudge for `today` (their own
 * date), by marking it sent: opted in, a verified address, not yet nudged for that
 * day. Claimed rows are locked, and a row another run holds is skipped, so two runs
 * at once (two instances, a retry) never claim one member twice for one day.
 */
export async function claimNudges(tx: Db, zone: string, today: string, limit: number): Promise<NudgeRecipient[]> {
  const claimed = (await tx.execute(sql`
    update ${routineSettings} set last_nudged_day = ${today}::date, updated_at = now()
    where ${routineSettings.userId} in (
      select s.user_id
      from ${routineSettings} s
      join ${user} u on u.id = s.user_id
      left join ${userProfiles} p on p.id = s.user_id
      where s.nudge_email and u.email_verified
        and coalesce(p.time_zone, 'UTC') = ${zone}
        and s.last_nudged_day is distinct from ${today}::date
      limit ${limit}
      for update of s skip locked
    )
    and ${routineSettings.lastNudgedDay} is distinct from ${today}::date
    returning ${routineSettings.userId} as "userId"
  `)) as unknown as Rows<{ userId: string }>
  if (claimed.rows.length === 0) return []
  const ids = claimed.rows.map((row) => row.userId)
  return tx
    .select({
      userId: user.id,
      email: user.email,
      firstName: sql<string>`coalesce(${userProfiles.firstName}, '')`,
      accountName: user.name,
    })
    .from(user)
    .leftJoin(userProfiles, eq(userProfiles.id, user.id))
    .where(inArray(user.id, ids))
}
