// The API benchmark suite (`npm run bench`): the session check, the feed, the
// job board, the course lists and the events (lists, then the registration race)
// on PGlite, then on PostgreSQL when one answers at DATABASE_URL (or
// postgres://postgres@127.0.0.1:5432/test; a scratch database is created and
// dropped), each engine on one server process seeded with 100,000 posts, 100,000
// jobs, 10,000 courses and 10,000 events; then the job queue on each engine
// (bench/queue.ts), and the layoff import and tracker on a server of their own
// (bench/layoffs.ts). Prints every measurement, then the budgets of ARCHITECTURE.md
// as ratios, PASS or FAIL; exits 1 when a budget fails.
//
//   npm run bench
//   BENCH_SECONDS=3 BENCH_POSTS=10000 BENCH_JOBS=10000 npm run bench   # a quick look (BENCH_COURSES, BENCH_EVENTS too)
//   BENCH_ENGINES=postgres npm run bench                                # one engine
import { coursesBench } from './courses.ts'
import { eventsBench } from './events.ts'
import { feedBench } from './feed.ts'
import { jobsBench } from './jobs.ts'
import { layoffsBench } from './layoffs.ts'
import { queueBench } from './queue.ts'
import { sessionBench } from './session-check.ts'
import {
  defaultPostgresUrl,
  planBudget,
  postgresAnswers,
  printBudgets,
  printPlans,
  settings,
  startBenchServer,
  type BudgetRow,
  type Engine,
} from './support.ts'

async function main() {
  const started = performance.now()
  const wanted = (process.env.BENCH_ENGINES || 'pglite,postgres').split(',').map((name) => name.trim())
  const unknown = wanted.filter((name) => name !== 'pglite' && name !== 'postgres')
  if (unknown.length) throw new Error(`BENCH_ENGINES: unknown engine ${unknown.join(', ')} (pglite, postgres)`)
  const postgresUrl = process.env.DATABASE_URL ?? defaultPostgresUrl
  const engines: Engine[] = []
  const skipped: string[] = []
  if (wanted.includes('pglite')) engines.push({ kind: 'pglite' })
  if (wanted.includes('postgres')) {
    if (await postgresAnswers(postgresUrl)) engines.push({ kind: 'postgres', url: postgresUrl })
    else skipped.push(`postgres: no PostgreSQL answers at ${postgresUrl.replace(/\/\/[^@]*@/, '//')}, skipped`)
  }
  // a run that measured nothing must not read as a pass
  if (engines.length === 0) throw new Error(`No engine to bench: ${skipped.join('; ')}`)
  console.log(
    `API benches on ${engines.map((engine) => engine.kind).join(' and ')}: ${settings.connections} connections, ${settings.seconds} s per measurement, load from this process (pid ${process.pid}), server in its own`,
  )

  const rows: BudgetRow[] = []
  for (const engine of engines) {
    console.log(`\n=== ${engine.kind} ===`)
    const server = await startBenchServer(engine, { seed: ['feed', 'jobs', 'courses', 'events'] })
    try {
      printPlans(server.plans)
      rows.push(...planBudget(server.kind, server.plans))
      rows.push(...(await sessionBench(server)))
      rows.push(...(await feedBench(server)))
      rows.push(...(await jobsBench(server)))
      rows.push(...(await coursesBench(server)))
      // last: its registration race writes
      rows.push(...(await eventsBench(server)))
    } finally {
      await server.close()
    }
    // in this process, on a database of its own, with the server gone
    rows.push(...(await queueBench(engine)))
    // a server of its own: the 100,000-row layoff import, its raw INSERT floor, EXPLAIN, the tracker's loads
    rows.push(...(await layoffsBench(engine)))
  }
  printBudgets(rows)
  for (const line of skipped) console.log(line)
  console.log(`suite took ${Math.round((performance.now() - started) / 1000)} s`)
  if (rows.some((row) => !row.pass)) process.exitCode = 1
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
