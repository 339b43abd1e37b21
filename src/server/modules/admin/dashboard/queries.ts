import { desc, eq, sql, type SQL } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { user } from '#server/db/schema/auth.ts'
import { plans, userSubscriptions } from '#server/db/schema/billing.ts'
import { jobApplications } from '#server/db/schema/jobs.ts'
import { userProfiles } from '#server/db/schema/profile.ts'
import { resumeReviews } from '#server/db/schema/resumes.ts'

// The admin dashboard's figures (issue 22: "one query each with an index, not from
// loading tables into memory"). Each figure is one aggregate the database answers
// from an index; the six run as scalar subqueries of ONE statement, so the card
// costs one round trip and every figure is read from the same snapshot.

const at = (moment: Date) => sql`${moment.toISOString()}::timestamptz`

/**
 * A subscription that gives access at `now`, as platform/subscriptions.ts's
 * givesAccessAt says (status active or trialing, the period not over), written
 * without its coalesce so that an index on (status, current_period_end) can serve it.
 */
const givesAccess = (now: Date) =>
  sql`${userSubscriptions.status} in ('active', 'trialing') and ${userSubscriptions.currentPeriodEnd} > ${at(now)}`

/** Each figure's own query; `since` is the start of "this week", `now` the moment of the figures. */
export function figureQueries(now: Date, since: Date): Record<string, SQL> {
  return {
    // every account; an index-only scan where the visibility map allows it
    members: sql`select count(*)::int from ${user}`,
    subscribers: sql`select count(distinct ${userSubscriptions.userId})::int from ${userSubscriptions} where ${givesAccess(now)}`,
    // paid only: trialing (the promo's free month) brings no revenue yet; a yearly price counts a twelfth
    mrrCents: sql`select coalesce(round(sum(case when ${plans.interval} = 'year' then ${plans.priceCents} / 12.0 else ${plans.priceCents} end)), 0)::int
      from ${userSubscriptions} join ${plans} on ${plans.id} = ${userSubscriptions.planId}
      where ${userSubscriptions.status} = 'active' and ${userSubscriptions.currentPeriodEnd} > ${at(now)}`,
    // user_created_idx
    signUpsThisWeek: sql`select count(*)::int from ${user} where ${user.createdAt} >= ${at(since)}`,
    openReviews: sql`select count(*)::int from ${resumeReviews} where ${resumeReviews.status} in ('pending', 'in_review')`,
    // job_applications_created_idx
    applicationsThisWeek: sql`select count(*)::int from ${jobApplications} where ${jobApplications.createdAt} >= ${at(since)}`,
  }
}

export type FigureRow = {
  members: number
  subscribers: number
  mrrCents: number
  signUpsThisWeek: number
  openReviews: number
  applicationsThisWeek: number
}

/** The one statement of all figures (the bench EXPLAINs it too). */
export function figuresStatement(now: Date, since: Date): SQL {
  const columns = Object.entries(figureQueries(now, since)).map(
    ([name, query]) => sql`(${query}) as ${sql.identifier(name)}`,
  )
  return sql`select ${sql.join(columns, sql`, `)}`
}

export async function readFigures(db: Db, now: Date, since: Date): Promise<FigureRow> {
  const result = (await db.execute(figuresStatement(now, since))) as unknown as { rows: FigureRow[] }
  return result.rows[0]!
}

/** The newest accounts first (user_created_idx), with their profile's name, avatar and sign-in tracking. */
export function listRecentUsers(db: Db, limit: number) {
  return (
    db
      .select({
        id: user.id,
        accountName: user.name,
        email: user.email,
        role: user.role,
        createdAt: user.createdAt,
        firstName: userProfiles.firstName,
        lastName: userProfiles.lastName,
        avatarUrl: userProfiles.avatarUrl,
        lastLoginAt: userProfiles.lastLoginAt,
        lastIpAddress: userProfiles.lastIpAddress,
        loginCount: userProfiles.loginCount,
      })
      .from(user)
      .leftJoin(userProfiles, eq(userProfiles.id, user.id))
      // user_created_idx (created_at, id) scanned backwards
      .orderBy(desc(user.createdAt), desc(user.id))
      .limit(limit)
  )
}
