// The admin dashboard at 100,000 members (issue 22: "the dashboard figures come from
// one query each with an index, not from loading tables into memory; at 100,000
// members /admin opens in under a second").
//
// Per engine, on a server of its own (bench/server.ts, BENCH_SEED=members: 100,000
// members, one in ten subscribed, 20,000 applications, 2,000 resume reviews; the
// server prints the EXPLAIN of every figure, which must not scan its table):
// 1. cold: right after the server starts, the API calls of GET /admin at once, as
//    the page sends them (session, figures, recent users, recent reviews, upcoming
//    events), each timed and the whole until the last answer; then the first page
//    of the users table and a search, once each (GET /admin/users);
// 2. warm: autocannon on the figures, the recent users, the users table's first page
//    and a search, signed in as the admin, against the one-row SELECT route.
//
//   npx tsx bench/admin.ts                                  # PGlite, then PostgreSQL when one answers
//   BENCH_ENGINES=postgres npx tsx bench/admin.ts           # one engine
//   BENCH_MEMBERS=20000 BENCH_SECONDS=3 npx tsx bench/admin.ts   # a quick look
import { memberSearchWord } from './admin-seed.ts'
import { executionMs } from './explain.ts'
import { benchAdmin } from './seed.ts'
import {
  browserGet,
  defaultPostgresUrl,
  formatMeasurement,
  measure,
  measureSelect,
  postgresAnswers,
  printBudgets,
  printPlans,
  ratioBudget,
  runIfMain,
  settings,
  startBenchServer,
  type BenchServer,
  type BudgetRow,
  type Engine,
  type Measurement,
  type Session,
} from './support.ts'

/** what bench/server.ts seeds (BENCH_MEMBERS) */
const memberCount = Number(process.env.BENCH_MEMBERS ?? 100_000)
/** issue 22's goal: /admin opens in under a second at 100,000 members */
const openGoalMs = 1000

/** The API calls /admin sends when it opens (its cards load side by side). */
const adminPageCalls = {
  session: '/api/accounts/session',
  figures: '/api/admin/dashboard/figures',
  recentUsers: '/api/admin/dashboard/recent-users',
  recentReviews: '/api/admin/resume-reviews/recent',
  upcomingEvents: '/api/admin/events/upcoming',
}
const usersPage = '/api/admin/users'
const usersSearch = `/api/admin/users?q=${memberSearchWord}`

type Timed = { path: string; ms: number; status: number; bytes: number }

async function timedGet(server: BenchServer, path: string, session: Session): Promise<Timed> {
  const started = performance.now()
  const response = await browserGet(`${server.baseUrl}${path}`, session)
  const body = await response.arrayBuffer()
  return { path, ms: performance.now() - started, status: response.status, bytes: body.byteLength }
}

const ms = (value: number) => `${value.toFixed(0)} ms`

/** The EXPLAIN ANALYZE of each figure: an index walked, or one timed pass for an exact count. */
function planRows(server: BenchServer): BudgetRow[] {
  return server.plans.map((plan) => {
    const timed = plan.label.includes('one pass')
    const time = `${executionMs(plan.text).toFixed(1)} ms`
    return {
      engine: server.kind,
      budget: `EXPLAIN ANALYZE ${plan.label}`,
      figure: timed ? time : `${plan.indexed ? 'index used' : 'NOT indexed'}, ${time}`,
      pass: plan.indexed,
    }
  })
}

export async function adminBench(server: BenchServer): Promise<BudgetRow[]> {
  const session = await server.signIn(benchAdmin)
  const rows: BudgetRow[] = []

  // 1. cold: the first time anyone asks
  const pageStarted = performance.now()
  const pageCalls = await Promise.all(Object.values(adminPageCalls).map((path) => timedGet(server, path, session)))
  const pageMs = performance.now() - pageStarted
  console.log(`\nadmin, ${server.kind}: GET /admin's API calls, cold, at once`)
  for (const call of pageCalls) console.log(`  ${call.path.padEnd(40)} ${ms(call.ms).padStart(8)}  ${call.status}`)
  console.log(`  ${'all of them'.padEnd(40)} ${ms(pageMs).padStart(8)}`)
  const failed = pageCalls.filter((call) => call.status !== 200)
  rows.push({
    engine: server.kind,
    budget: `/admin's API calls, cold, at once, under ${openGoalMs} ms`,
    figure: `${ms(pageMs)}${failed.length ? `, failed: ${failed.map((call) => `${call.path} ${call.status}`).join(', ')}` : ''}`,
    pass: pageMs < openGoalMs && failed.length === 0,
  })

  const usersFirst = await timedGet(server, usersPage, session)
  const usersBuilt = usersFirst.status !== 404
  if (usersBuilt) {
    const searchFirst = await timedGet(server, usersSearch, session)
    console.log(`GET /admin/users's calls, cold, one at a time`)
    for (const call of [usersFirst, searchFirst])
      console.log(`  ${call.path.padEnd(40)} ${ms(call.ms).padStart(8)}  ${call.status}`)
    for (const call of [usersFirst, searchFirst])
      rows.push({
        engine: server.kind,
        budget: `${call.path}, cold, under ${openGoalMs} ms`,
        figure: `${ms(call.ms)}${call.status === 200 ? '' : `, status ${call.status}`}`,
        pass: call.ms < openGoalMs && call.status === 200,
      })
  } else {
    console.log(`${usersPage} answers 404: the users table is not built yet, not measured`)
  }

  // 2. warm, under load
  const select = await measureSelect(server, session)
  const load = (title: string, path: string) => measure(title, server.baseUrl, { paths: [path] }, session)
  // what every request of the app pays before its handler (session, settings, access): the floor of the routes below
  const floor = await load('GET /api/accounts/session (the app floor)', adminPageCalls.session)
  const figures = await load('GET /api/admin/dashboard/figures', adminPageCalls.figures)
  const recent = await load('GET /api/admin/dashboard/recent-users', adminPageCalls.recentUsers)
  // the other cards of /admin (their areas' own routes), for comparison
  const others = [
    await load('GET /api/admin/resume-reviews/recent', adminPageCalls.recentReviews),
    await load('GET /api/admin/events/upcoming', adminPageCalls.upcomingEvents),
  ]
  const page = await measure(
    "GET /admin's 5 API calls, cycled",
    server.baseUrl,
    { paths: Object.values(adminPageCalls) },
    session,
  )
  const runs: Measurement[] = [figures, recent]
  const usersRuns: Measurement[] = []
  if (usersBuilt) {
    usersRuns.push(await load('GET /api/admin/users (first page)', usersPage))
    usersRuns.push(await load(`GET /api/admin/users?q=${memberSearchWord}`, usersSearch))
  }
  console.log(
    `\nadmin, ${server.kind}, ${memberCount.toLocaleString('en')} members, ${settings.connections} connections, ${settings.seconds} s each`,
  )
  for (const m of [select, floor, ...runs, ...others, page, ...usersRuns]) console.log(formatMeasurement(m, select))

  rows.push(
    // six aggregates over 100,000 members in one statement: not a one-row read, so no
    // ratio; the page must still open within the goal while 50 admins ask at once
    {
      engine: server.kind,
      budget: `figures under load, p99 under ${openGoalMs} ms`,
      figure: `p50 ${figures.p50} ms, p99 ${figures.p99} ms, x${(figures.rps / select.rps).toFixed(2)} of SELECT${figures.errors || figures.non2xx ? `, ${figures.errors} errors, ${figures.non2xx} non-2xx` : ''}`,
      pass: figures.p99 < openGoalMs && figures.errors === 0 && figures.non2xx === 0,
    },
    ratioBudget(server.kind, 'recent users', recent, select, 0.5, 100),
  )
  if (usersRuns.length) {
    rows.push(ratioBudget(server.kind, 'users table, first page', usersRuns[0]!, select, 0.5, 100))
    rows.push(
      ratioBudget(
        server.kind,
        `users table, search "${memberSearchWord}"`,
        usersRuns[1]!,
        select,
        0.5,
        server.kind === 'postgres' ? 150 : 500,
      ),
    )
  }
  return rows
}

runIfMain(import.meta.url, async () => {
  const wanted = (process.env.BENCH_ENGINES || 'pglite,postgres').split(',').map((name) => name.trim())
  const postgresUrl = process.env.DATABASE_URL ?? defaultPostgresUrl
  const engines: Engine[] = []
  if (wanted.includes('pglite')) engines.push({ kind: 'pglite' })
  if (wanted.includes('postgres')) {
    if (await postgresAnswers(postgresUrl)) engines.push({ kind: 'postgres', url: postgresUrl })
    else console.log(`postgres: no PostgreSQL answers at ${postgresUrl.replace(/\/\/[^@]*@/, '//')}, skipped`)
  }
  if (engines.length === 0) throw new Error('No engine to bench')
  const rows: BudgetRow[] = []
  for (const engine of engines) {
    console.log(`\n=== ${engine.kind} ===`)
    const server = await startBenchServer(engine, { seed: ['members'] })
    try {
      printPlans(server.plans)
      rows.push(...planRows(server))
      rows.push(...(await adminBench(server)))
    } finally {
      await server.close()
    }
  }
  printBudgets(rows)
  if (rows.some((row) => !row.pass)) process.exitCode = 1
})
