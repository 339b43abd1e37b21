import { readFileSync } from 'node:fs'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import PgBoss from 'pg-boss'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { migrationsFolder, openDatabase, withTransaction, type Database } from '#server/db/client.ts'
import { createJobQueue, defineJob, type AnyJobKind, type Queue, type Schedule } from '#server/platform/queue.ts'
import { createTestApp, type TestApp } from '#server/testing/harness.ts'

// The job queue itself (issue 14; docs/decisions/021): the schema drizzle installs,
// jobs that join their transaction, and, on PostgreSQL, several instances sharing
// one database.

let t: TestApp
const queues: Queue[] = []

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  for (const queue of queues) await queue.stop()
  await t?.close()
})

/** A queue of its own over `database`, with test job kinds, started like the app's. */
async function startQueue(
  database: Database,
  jobs: AnyJobKind[],
  schedules: Schedule[] = [],
  cronCheckSeconds?: number,
): Promise<Queue> {
  const queue = createJobQueue({ database, logger: t.deps.logger, jobs, schedules, cronCheckSeconds })
  queues.push(queue)
  await queue.start(t.deps)
  return queue
}

async function rows<Row>(database: Database, query: ReturnType<typeof sql>): Promise<Row[]> {
  return ((await database.db.execute(query)) as unknown as { rows: Row[] }).rows
}

/** The statements of a SQL text, whitespace and drizzle's breakpoints aside. */
function statementsOf(text: string): string[] {
  return text
    .replace(/^--.*$/gm, '')
    .split(/;\s*(?:--> statement-breakpoint)?\s*(?=[A-Z])/)
    .map((statement) => statement.replace(/\s+/g, ' ').replace(/;\s*$/, '').trim())
    .filter(Boolean)
}

test("the committed migration is pg-boss's own schema, installed once: a start only checks its version", async () => {
  const construction = PgBoss.getConstructionPlans()
  const inner = construction.slice(construction.indexOf('::bigint\n  );') + 13, construction.lastIndexOf('COMMIT;'))
  const migration = readFileSync(path.join(migrationsFolder, '0006_background_jobs.sql'), 'utf8')
  expect(statementsOf(migration)).toEqual(statementsOf(inner))
  const [version] = await rows<{ version: number }>(t.database, sql`select version from pgboss.version`)
  expect(Number(version!.version)).toBe(24)
})

test('a job queued in a transaction that rolls back never exists; one queued in a transaction that commits runs once', async () => {
  const runs: string[] = []
  const echo = defineJob<{ label: string }>({
    name: 'test-echo',
    async run({ label }) {
      runs.push(label)
    },
  })
  const queue = await startQueue(t.database, [echo])

  await expect(
    withTransaction(t.db, async (tx) => {
      await queue.enqueue(echo, { label: 'rolled back' }, { tx })
      throw new Error('the change fails')
    }),
  ).rejects.toThrow('the change fails')
  await withTransaction(t.db, async (tx) => {
    await queue.enqueue(echo, { label: 'committed' }, { tx })
  })

  await expect.poll(() => runs, { timeout: 15_000 }).toEqual(['committed'])
  await t.jobsSettled(['test-echo'])
  const stored = await rows<{ label: string; state: string }>(
    t.database,
    sql`select data->>'label' as label, state::text as state from pgboss.job where name = 'test-echo'`,
  )
  expect(stored).toEqual([{ label: 'committed', state: 'completed' }])
  expect(runs).toEqual(['committed'])
})

test('a failing job is retried and, past its retries, kept as failed with its error', async () => {
  let attempts = 0
  const flaky = defineJob<Record<string, never>>({
    name: 'test-flaky',
    retryLimit: 1,
    retryDelaySeconds: 1,
    retryBackoff: false,
    async run() {
      attempts++
      throw new Error(`attempt ${attempts} failed`)
    },
  })
  const queue = createJobQueue({ database: t.database, logger: t.deps.logger, jobs: [flaky], pollSeconds: 0.5 })
  queues.push(queue)
  await queue.start(t.deps)
  const id = await queue.enqueue(flaky, {})
  await t.jobsSettled(['test-flaky'])
  const [job] = await rows<{ state: string; retryCount: number; message: string }>(
    t.database,
    sql`select state::text as state, retry_count as "retryCount", output->>'message' as message from pgboss.job where id = ${id}::uuid`,
  )
  expect(job).toEqual({ state: 'failed', retryCount: 1, message: 'attempt 2 failed' })
  expect(attempts).toBe(2)
})

// ARCHITECTURE.md: any number of app instances on one PostgreSQL.
describe.runIf(process.env.TEST_DB_KIND === 'postgres')('two instances on one PostgreSQL', () => {
  let second: Database
  beforeAll(async () => {
    second = await openDatabase({ kind: 'postgres', url: t.database.url!, poolSize: 2 })
  })
  afterAll(async () => {
    for (const queue of queues.splice(0)) await queue.stop()
    await second?.close()
  })

  test('100 jobs queued on one instance run exactly 100 times between the two', async () => {
    const runs = new Map<number, string[]>()
    const counted = (instance: string) =>
      defineJob<{ n: number }>({
        name: 'test-counted',
        batchSize: 5,
        async run({ n }) {
          runs.set(n, [...(runs.get(n) ?? []), instance])
        },
      })
    // each instance declares its own copy of the kind, as two processes would
    const kindA = counted('a')
    const queueA = await startQueue(t.database, [kindA])
    await startQueue(second, [counted('b')])

    await Promise.all(Array.from({ length: 100 }, (_, n) => queueA.enqueue(kindA, { n })))
    await expect.poll(() => runs.size, { timeout: 20_000 }).toBe(100)
    await t.jobsSettled(['test-counted'])
    const counts = [...runs.values()].map((instances) => instances.length)
    expect(counts.every((count) => count === 1)).toBe(true)
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(100)
    // both were woken by the enqueues' NOTIFY and shared the work (about half each here)
    const byInstance = [...runs.values()].flat()
    expect(new Set(byInstance)).toEqual(new Set(['a', 'b']))
    const [stored] = await rows<{ completed: number }>(
      t.database,
      sql`select count(*)::int as completed from pgboss.job where name = 'test-counted' and state = 'completed'`,
    )
    expect(stored!.completed).toBe(100)
  })

  test('a cron schedule fires once per tick, however many instances check it', async () => {
    const runs: number[] = []
    const tick = () =>
      defineJob<Record<string, never>>({
        name: 'test-tick',
        async run() {
          runs.push(Date.now())
        },
      })
    // both instances look at the schedules every second (pg-boss's own default is 30 s)
    const [kindA, kindB] = [tick(), tick()]
    await startQueue(t.database, [kindA], [{ job: kindA, cron: '* * * * *' }], 1)
    await startQueue(second, [kindB], [{ job: kindB, cron: '* * * * *' }], 1)

    // every check of the current minute would fire it; wait for several checks
    const checks = new Set<string>()
    await expect
      .poll(
        async () => {
          const [row] = await rows<{ cronOn: string }>(
            t.database,
            sql`select cron_on::text as "cronOn" from pgboss.version`,
          )
          if (row?.cronOn) checks.add(row.cronOn)
          return checks.size
        },
        { timeout: 20_000, interval: 200 },
      )
      .toBeGreaterThanOrEqual(5)
    await expect.poll(() => runs.length, { timeout: 15_000 }).toBeGreaterThan(0)
    // no new tick from here on; what was fired runs
    await t.db.execute(sql`delete from pgboss.schedule where name = 'test-tick'`)
    await expect
      .poll(
        async () =>
          (
            await rows<{ pending: number }>(
              t.database,
              sql`select count(*)::int as pending from pgboss.job
                  where state < 'completed' and (name = 'test-tick' or (name = '__pgboss__send-it' and singleton_key = 'test-tick'))`,
            )
          )[0]!.pending,
        { timeout: 15_000 },
      )
      .toBe(0)
    // pg-boss's hand-off job is unique per schedule and minute: one per tick
    const [ticks] = await rows<{ ticks: number }>(
      t.database,
      sql`select count(distinct singleton_on)::int as ticks from pgboss.job where name = '__pgboss__send-it' and singleton_key = 'test-tick'`,
    )
    expect(ticks!.ticks).toBeGreaterThanOrEqual(1)
    expect(runs.length).toBe(ticks!.ticks)
    expect(checks.size).toBeGreaterThan(ticks!.ticks)
  })
})
