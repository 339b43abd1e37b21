import type { Ctx, Deps } from '#server/platform/context.ts'
import { isAdminUser, requireAdmin } from '#server/platform/guards.ts'
import { dashboardWeekDays, recentUsersShown, type DashboardFigures, type RecentUser } from '#shared/admin/dashboard.ts'
import { displayName } from '#shared/profile/names.ts'
import * as queries from './queries.ts'

const dayMs = 86_400_000

/**
 * How long one reading of the figures answers every admin of this instance. The
 * figures are the same for every admin, and on PGlite a reading holds the one
 * connection (and the event loop) for some 20-30 ms at 100,000 members: admins
 * opening /admin within a few seconds of each other share one (bench/admin.ts).
 * Tests that count their own rows set 0.
 */
export const figuresReuse = { maxAgeMs: 5_000 }

type Reading = { figures: Promise<DashboardFigures>; startedAt: number; settled: boolean }
const readings = new WeakMap<Deps, Reading>()

/**
 * /admin's figures (issue 22): one statement, each figure one indexed aggregate (or
 * one timed pass for the exact counts), read afresh when the last reading is older
 * than `figuresReuse.maxAgeMs`; a reading still running is always shared. The answer
 * says when it was read (`asOf`).
 */
export async function getDashboardFigures(ctx: Ctx): Promise<DashboardFigures> {
  requireAdmin(ctx)
  const { deps } = ctx
  const last = readings.get(deps)
  if (last && (!last.settled || Date.now() - last.startedAt < figuresReuse.maxAgeMs)) return last.figures
  const reading: Reading = { figures: readFigures(deps), startedAt: Date.now(), settled: false }
  readings.set(deps, reading)
  reading.figures.then(
    () => void (reading.settled = true),
    // a failed reading is never reused
    () => void (readings.get(deps) === reading && readings.delete(deps)),
  )
  return reading.figures
}

async function readFigures(deps: Deps): Promise<DashboardFigures> {
  const now = new Date()
  const since = new Date(now.getTime() - dashboardWeekDays * dayMs)
  const row = await queries.readFigures(deps.db, now, since)
  return {
    members: Number(row.members),
    subscribers: Number(row.subscribers),
    mrrCents: Number(row.mrrCents),
    signUpsThisWeek: Number(row.signUpsThisWeek),
    openReviews: Number(row.openReviews),
    applicationsThisWeek: Number(row.applicationsThisWeek),
    asOf: now.toISOString(),
  }
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString())

/** spec 002 §2 Recent Users: the 5 newest accounts with their sign-in tracking. */
export async function listRecentUsers(ctx: Ctx): Promise<RecentUser[]> {
  requireAdmin(ctx)
  const rows = await queries.listRecentUsers(ctx.deps.db, recentUsersShown)
  return rows.map((row) => ({
    id: row.id,
    name: displayName(row.firstName, row.lastName, row.accountName || row.email),
    email: row.email,
    avatarUrl: row.avatarUrl ?? null,
    isAdmin: isAdminUser(row),
    lastLoginAt: iso(row.lastLoginAt),
    lastIpAddress: row.lastIpAddress ?? null,
    loginCount: row.loginCount ?? 0,
    joinedAt: iso(row.createdAt)!,
  }))
}
