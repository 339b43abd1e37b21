import { sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'

// pg-boss's own tables (schema pgboss, drizzle migration 0006), read for the admin
// page; every change to a job goes through pg-boss (platform/queue.ts).

type Rows<Row> = { rows: Row[] }

/** pg-boss's internal queues (its cron hand-off) are not the product's. */
const productQueues = sql`not starts_with(name, '__pgboss__')`

export async function listQueueNames(db: Db): Promise<string[]> {
  const result = (await db.execute(
    sql`select name from pgboss.queue where ${productQueues} order by name`,
  )) as unknown as Rows<{ name: string }>
  return result.rows.map((row) => row.name)
}

export async function countJobs(db: Db): Promise<Array<{ name: string; state: string; count: number }>> {
  const result = (await db.execute(sql`
    select name, state::text as state, count(*)::int as count
    from pgboss.job where ${productQueues}
    group by name, state
  `)) as unknown as Rows<{ name: string; state: string; count: number }>
  return result.rows
}

export type FailedJobRow = {
  id: string
  name: string
  data: unknown
  output: unknown
  retryCount: number
  completedOn: Date | string
}

export async function listFailedJobs(db: Db, limit: number): Promise<FailedJobRow[]> {
  const result = (await db.execute(sql`
    select id, name, data, output, retry_count as "retryCount", completed_on as "completedOn"
    from pgboss.job
    where state = 'failed' and ${productQueues}
    order by completed_on desc, id
    limit ${limit}
  `)) as unknown as Rows<FailedJobRow>
  return result.rows
}

/** The queue of a failed job, or undefined when no job with this id is failed. */
export async function findFailedJobQueue(db: Db, id: string): Promise<string | undefined> {
  const result = (await db.execute(
    sql`select name from pgboss.job where id = ${id}::uuid and state = 'failed' and ${productQueues}`,
  )) as unknown as Rows<{ name: string }>
  return result.rows[0]?.name
}
