import { AppError } from '#server/platform/app-error.ts'
import type { Ctx } from '#server/platform/context.ts'
import { requireAdmin } from '#server/platform/guards.ts'
import {
  failuresShown,
  jobStates,
  queueAdminMessages,
  type FailedJob,
  type JobState,
  type QueueOverview,
} from '#shared/queue-admin/schemas.ts'
import * as queries from './queries.ts'

const noJobs = (): Record<JobState, number> => Object.fromEntries(jobStates.map((state) => [state, 0])) as never

/**
 * The error pg-boss kept as a failed job's output: the handler's Error (name,
 * message, stack), or its own `{ value: { message } }` for a job that ran too long.
 */
function errorOf(output: unknown): string {
  const value = output as { message?: unknown; value?: { message?: unknown } } | null
  const message = value?.message ?? value?.value?.message
  const text = typeof message === 'string' ? message : output ? JSON.stringify(output) : 'Unknown error'
  return text.length > 500 ? `${text.slice(0, 499)}…` : text
}

/** /admin/queue: every queue with its jobs by state, and the latest failures (issue 14). */
export async function getQueueOverview(ctx: Ctx): Promise<QueueOverview> {
  requireAdmin(ctx)
  const { db, queue } = ctx.deps
  const names = await queries.listQueueNames(db)
  const counts = new Map(names.map((name) => [name, noJobs()]))
  for (const row of await queries.countJobs(db)) {
    const byState = counts.get(row.name) ?? noJobs()
    if ((jobStates as readonly string[]).includes(row.state)) byState[row.state as JobState] = row.count
    counts.set(row.name, byState)
  }
  const failures: FailedJob[] = (await queries.listFailedJobs(db, failuresShown)).map((row) => ({
    id: row.id,
    queue: row.name,
    summary: queue.summary(row.name, row.data),
    error: errorOf(row.output),
    failedAt: new Date(row.completedOn).toISOString(),
    attempts: row.retryCount + 1,
  }))
  return {
    queues: [...counts]
      .map(([name, byState]) => ({ name, counts: byState }))
      .sort((a, b) => a.name.localeCompare(b.name)),
    failures,
  }
}

/** Gives a failed job one more run. */
export async function retryFailedJob(ctx: Ctx, jobId: string): Promise<{ message: string }> {
  requireAdmin(ctx)
  const { db, queue } = ctx.deps
  const name = await queries.findFailedJobQueue(db, jobId)
  if (!name || !(await queue.retry(name, jobId))) throw new AppError('NOT_FOUND', queueAdminMessages.jobNotFound)
  ctx.logger.info({ jobId, queue: name, by: ctx.session?.user.id }, 'failed job retried by an admin')
  return { message: queueAdminMessages.retried }
}
