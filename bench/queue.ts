// The job queue (issue 14; docs/decisions/021): enqueue-to-done latency and
// throughput of pg-boss through platform/queue.ts, in this process, on a fresh
// PGlite and on a scratch database of the PostgreSQL at DATABASE_URL (or
// postgres://postgres@127.0.0.1:5432/test). A job here does nothing, so the figures
// are the queue's own cost; the floor they are compared with is the sequential
// one-row SELECT of the same database from the same process.
//
//   npx tsx bench/queue.ts                              # PGlite, then PostgreSQL when one answers
//   BENCH_ENGINES=pglite npx tsx bench/queue.ts         # one engine
//   BENCH_QUEUE_JOBS=5000 BENCH_QUEUE_PRODUCERS=20 npx tsx bench/queue.ts
import { sql } from 'drizzle-orm'
import type { Database } from '#server/db/client.ts'
import type { Deps } from '#server/platform/context.ts'
import { createLogger } from '#server/platform/logger.ts'
import { sendMailJob } from '#server/platform/mail-queue.ts'
import { createJobQueue, defineJob, prepareJobQueues } from '#server/platform/queue.ts'
import {
  defaultPostgresUrl,
  openBenchDatabase,
  postgresAnswers,
  printBudgets,
  runIfMain,
  type BudgetRow,
  type Engine,
} from './support.ts'

const settings = {
  /** jobs of the throughput run */
  jobs: Number(process.env.BENCH_QUEUE_JOBS ?? 2000),
  /** concurrent producers of the throughput run (requests queueing jobs at once) */
  producers: Number(process.env.BENCH_QUEUE_PRODUCERS ?? 10),
  /** jobs of the latency run, queued one after the other's completion */
  latencyJobs: Number(process.env.BENCH_QUEUE_LATENCY_JOBS ?? 200),
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN
const ms = (value: number) => `${value.toFixed(1)} ms`

/** Sequential one-row SELECTs a second from this process: the round trip every job pays several times. */
async function selectFloor(database: Database): Promise<number> {
  const until = performance.now() + 2000
  let count = 0
  while (performance.now() < until) {
    await database.db.execute(sql`select 1`)
    count++
  }
  return count / 2
}

export async function queueBench(engine: Engine): Promise<BudgetRow[]> {
  const { database, drop } = await openBenchDatabase(engine, 10)
  const done = new Map<number, number[]>()
  // the kind as the product's mail job runs: fetched five at a time
  const benchJob = defineJob<{ n: number; queuedAt: number }>({
    name: 'bench-job',
    batchSize: sendMailJob.batchSize,
    async run({ n, queuedAt }) {
      done.set(n, [...(done.get(n) ?? []), performance.now() - queuedAt])
    },
  })
  await prepareJobQueues(database, [benchJob])
  const queue = createJobQueue({ database, logger: createLogger('silent'), jobs: [benchJob] })
  // the bench job reads nothing of the app
  await queue.start({} as Deps)
  const waitFor = async (count: number) => {
    while (done.size < count) await new Promise((resolve) => setTimeout(resolve, 1))
  }
  try {
    const floor = await selectFloor(database)

    // latency: one job at a time on an idle queue (woken by the enqueue's NOTIFY)
    for (let n = 0; n < settings.latencyJobs; n++) {
      await queue.enqueue(benchJob, { n, queuedAt: performance.now() })
      await waitFor(n + 1)
    }
    const idle = [...done.values()].map((runs) => runs[0]!).sort((a, b) => a - b)

    // throughput: producers queue as fast as they can while the worker drains
    done.clear()
    const started = performance.now()
    let next = 0
    let enqueuedAt = 0
    await Promise.all(
      Array.from({ length: settings.producers }, async () => {
        while (next < settings.jobs) {
          const n = next++
          await queue.enqueue(benchJob, { n, queuedAt: performance.now() })
        }
        enqueuedAt = performance.now()
      }),
    )
    const enqueueSeconds = (enqueuedAt - started) / 1000
    await waitFor(settings.jobs)
    const seconds = (performance.now() - started) / 1000
    const loaded = [...done.values()].map((runs) => runs[0]!).sort((a, b) => a - b)
    const once = [...done.values()].every((runs) => runs.length === 1) && done.size === settings.jobs

    const throughput = settings.jobs / seconds
    console.log(`\njob queue, ${engine.kind}, one instance, jobs fetched ${benchJob.batchSize} at a time`)
    console.log(`one-row SELECT, sequential                   ${Math.round(floor)} round trips/s`)
    console.log(
      `enqueue-to-done, idle queue (${settings.latencyJobs} jobs)        p50 ${ms(percentile(idle, 50))}  p99 ${ms(percentile(idle, 99))}`,
    )
    console.log(
      `enqueue, ${settings.producers} producers                          ${Math.round(settings.jobs / enqueueSeconds)} jobs/s`,
    )
    console.log(
      `enqueue-to-done, ${settings.jobs} jobs from ${settings.producers} producers   ${Math.round(throughput)} jobs/s (x${(throughput / floor).toFixed(2)} of SELECT)  p50 ${ms(percentile(loaded, 50))}  p99 ${ms(percentile(loaded, 99))}`,
    )
    return [
      {
        engine: engine.kind,
        budget: 'job queue: every job runs exactly once (figures for the record)',
        figure: `${Math.round(throughput)} jobs/s, p99 ${ms(percentile(loaded, 99))} loaded, p99 ${ms(percentile(idle, 99))} idle`,
        pass: once,
      },
    ]
  } finally {
    await queue.stop()
    await drop()
  }
}

runIfMain(import.meta.url, async () => {
  const wanted = (process.env.BENCH_ENGINES || 'pglite,postgres').split(',').map((name) => name.trim())
  const postgresUrl = process.env.DATABASE_URL ?? defaultPostgresUrl
  const rows: BudgetRow[] = []
  if (wanted.includes('pglite')) rows.push(...(await queueBench({ kind: 'pglite' })))
  if (wanted.includes('postgres')) {
    if (await postgresAnswers(postgresUrl)) rows.push(...(await queueBench({ kind: 'postgres', url: postgresUrl })))
    else console.log(`postgres: no PostgreSQL answers at ${postgresUrl.replace(/\/\/[^@]*@/, '//')}, skipped`)
  }
  printBudgets(rows)
  if (rows.some((row) => !row.pass)) process.exitCode = 1
})
