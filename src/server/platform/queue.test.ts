import { readFileSync } from 'node:fs'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import PgBoss from 'pg-boss'
import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createDeps } from '#server/app.ts'
import { migrationsFolder, openDatabase, withTransaction, type Database } from '#server/db/client.ts'
import {
  createJobQueue,
  defineJob,
  runDeadlineMs,
  sqlRunnerOf,
  type AnyJobKind,
  type Queue,
  type QueueTuning,
  type Schedule,
} from '#server/platform/queue.ts'
import { createTestApp, type TestApp } from '#server/testing/harness.ts'
import { openTestDatabase } from '#server/testing/test-database.ts'

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
  tuning: QueueTuning = {},
): Promise<Queue> {
  const queue = createJobQueue({ database, logger: t.deps.logger, jobs, schedules, cronCheckSeconds, ...tuning })
  queues.push(queue)
  await queue.start(t.deps)
  return queue
}

async function rows<Row>(database: Database, query: ReturnType<typeof sql>): Promise<Row[]> {
  return ((await database.db.execute(query)) as unknown as { rows: Row[] }).rows
}

/** pg-boss's state of each job of `kind`, by its data's label. */
async function statesOf(kind: string): Promise<Record<string, string>> {
  const found = await rows<{ label: string; state: string }>(
    t.database,
    sql`select data->>'label' as label, state::text as state from pgboss.job where name = ${kind}`,
  )
  return Object.fromEntries(found.map((row) => [row.label, row.state]))
}

/** A promise with its resolve, for a job that runs until the test lets it end. */
function gate() {
  let open = () => {}
  const opened = new Promise<void>((resolve) => (open = resolve))
  return { opened, open }
}

/** A logger whose lines the test reads. */
function capturingLogger() {
  const lines: Array<{ msg: string; level: number; job?: string }> = []
  const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) })
  return { logger, lines }
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

test("a failing statement in pg-boss's 'BEGIN; ...; COMMIT;' maintenance rolls back and leaves the connection usable", async () => {
  const runner = sqlRunnerOf(t.db)
  await t.db.execute(sql`create table maintenance_test (n int)`)
  await runner.executeSql('BEGIN; SET LOCAL lock_timeout = 1000; INSERT INTO maintenance_test VALUES (1); COMMIT;', [])
  await expect(
    runner.executeSql(
      '\n    BEGIN;\n    INSERT INTO maintenance_test VALUES (2);\n    SELECT 1 / 0;\n    COMMIT;\n  ',
      [],
    ),
  ).rejects.toThrow(/division by zero/)
  // the next query of the app works (PGlite is one connection: it would say the transaction is aborted)
  const stored = await rows<{ n: number }>(t.database, sql`select n from maintenance_test order by n`)
  expect(stored).toEqual([{ n: 1 }])
})

test('a job is completed as soon as it has run, while a slower one of its batch still runs', async () => {
  const slow = gate()
  const paired = defineJob<{ label: string }>({
    name: 'test-paired',
    batchSize: 2,
    async run({ label }) {
      if (label === 'slow') await slow.opened
    },
  })
  // queued by an instance that runs no job, before the worker starts: its first fetch takes both, in one batch
  const producer = await startQueue(t.database, [paired], [], undefined, { work: false })
  await producer.enqueue(paired, { label: 'slow' })
  await producer.enqueue(paired, { label: 'quick' })
  await startQueue(t.database, [paired])
  try {
    await expect
      .poll(() => statesOf('test-paired'), { timeout: 15_000 })
      .toEqual({ slow: 'active', quick: 'completed' })
  } finally {
    slow.open()
  }
  await t.jobsSettled(['test-paired'])
  expect(await statesOf('test-paired')).toEqual({ slow: 'completed', quick: 'completed' })
})

test('a job that ends after its queue stopped is still recorded as completed, and a stopped queue still takes new jobs', async () => {
  const running = gate()
  const lasting = defineJob<{ label: string }>({
    name: 'test-lasting',
    async run({ label }) {
      if (label === 'during the stop') await running.opened
    },
  })
  const queue = createJobQueue({ database: t.database, logger: t.deps.logger, jobs: [lasting], stopTimeoutMs: 100 })
  queues.push(queue)
  await queue.start(t.deps)
  await queue.enqueue(lasting, { label: 'during the stop' })
  await expect.poll(() => statesOf('test-lasting'), { timeout: 15_000 }).toEqual({ 'during the stop': 'active' })
  // stop() gives up waiting, then stops pg-boss (on PostgreSQL, closes its pool)
  await queue.stop()
  running.open()
  await expect.poll(() => statesOf('test-lasting'), { timeout: 15_000 }).toEqual({ 'during the stop': 'completed' })
  // a request still answering during a shutdown queues its job through the app's database
  expect(await queue.enqueue(lasting, { label: 'after the stop' })).toMatch(/^[0-9a-f-]{36}$/)
  expect(await statesOf('test-lasting')).toEqual({ 'during the stop': 'completed', 'after the stop': 'created' })
})

test('a run is given up a few seconds before pg-boss would expire its job', () => {
  expect(runDeadlineMs({ expireInSeconds: 180 })).toBe(175_000)
  expect(runDeadlineMs({ expireInSeconds: 300 })).toBe(295_000)
  // short limits keep half of their time
  expect(runDeadlineMs({ expireInSeconds: 6 })).toBe(3_000)
})

test('a worker that cannot fetch its jobs says so once, and again when it can', async () => {
  const database = await openTestDatabase()
  const { logger, lines } = capturingLogger()
  const runs: string[] = []
  const echo = defineJob<{ label: string }>({
    name: 'test-echo',
    async run({ label }) {
      runs.push(label)
    },
  })
  const queue = createJobQueue({ database, logger, jobs: [echo], pollSeconds: 0.5 })
  try {
    await queue.start(t.deps)
    // the jobs' table gone, as in an outage: every fetch fails
    await database.db.execute(sql`alter table pgboss.job rename to job_away`)
    await expect
      .poll(() => lines.filter((line) => line.job === 'test-echo' && /not fetched/.test(line.msg)).length, {
        timeout: 10_000,
      })
      .toBe(1)
    await database.db.execute(sql`alter table pgboss.job_away rename to job`)
    await queue.enqueue(echo, { label: 'after the outage' })
    await expect.poll(() => runs, { timeout: 10_000 }).toEqual(['after the outage'])
    expect(lines.filter((line) => line.job === 'test-echo').map((line) => line.msg)).toEqual([
      'jobs not fetched: the queue will look again',
      'jobs fetched again',
    ])
  } finally {
    await queue.stop()
    await database.close()
  }
})

test('a start that finds the job schema at another version fails and leaves no connection or listener open', async () => {
  const database = await openTestDatabase()
  try {
    await database.db.execute(sql`update pgboss.version set version = 23`)
    await expect(
      createDeps({
        config: t.deps.config,
        database,
        logger: t.deps.logger,
        secret: 'start-test-secret-0123456789abcdef',
      }),
    ).rejects.toThrow(/requires migrations/)
    if (database.kind === 'postgres') {
      const [url] = [new URL(database.url!)]
      const others = () =>
        rows<{ open: number }>(
          database,
          sql`select count(*)::int as open from pg_stat_activity
              where datname = ${url.pathname.slice(1)} and pid <> pg_backend_pid()
                and (application_name = 'prestige-jobs' or query ilike 'listen %')`,
        ).then(([row]) => row!.open)
      await expect.poll(others, { timeout: 5_000 }).toBe(0)
    }
  } finally {
    await database.close()
  }
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

  test('100 jobs queued on one instance run exactly 100 times between the two, and both take a share', async () => {
    const runs = new Map<number, string[]>()
    // A job waits until both instances have one in hand: the instance that fetched
    // first holds its batch (and fetches no more) until the other has fetched too,
    // so each certainly runs some, however slow the machine (the other looks at the
    // latest at its next poll).
    const started = new Set<string>()
    const both = gate()
    const counted = (instance: string) =>
      defineJob<{ n: number }>({
        name: 'test-counted',
        batchSize: 5,
        async run({ n }) {
          runs.set(n, [...(runs.get(n) ?? []), instance])
          started.add(instance)
          if (started.size === 2) both.open()
          await both.opened
        },
      })
    // each instance declares its own copy of the kind, as two processes would
    const kindA = counted('a')
    const queueA = await startQueue(t.database, [kindA])
    await startQueue(second, [counted('b')])

    try {
      await Promise.all(Array.from({ length: 100 }, (_, n) => queueA.enqueue(kindA, { n })))
      await expect.poll(() => runs.size, { timeout: 20_000 }).toBe(100)
    } finally {
      both.open()
    }
    await t.jobsSettled(['test-counted'])
    const counts = [...runs.values()].map((instances) => instances.length)
    expect(counts.every((count) => count === 1)).toBe(true)
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(100)
    expect(started).toEqual(new Set(['a', 'b']))
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
