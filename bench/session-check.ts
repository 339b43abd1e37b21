// Session check cost (ARCHITECTURE.md budgets: "a session check costs no database
// round trip on most requests"; GET /api/accounts/session at least 80 % of the
// one-row SELECT route). Loads, from this process, the server of bench/server.ts:
// the SELECT route, the session endpoint, a member-only path with no handler (the
// session check and access decision alone, answered 404) and /healthz.
//
//   npx tsx bench/session-check.ts                                                       # PGlite
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/session-check.ts  # PostgreSQL
import {
  cookieBudget,
  engineFromEnv,
  formatMeasurement,
  measure,
  measureSelect,
  printBudgets,
  ratioBudget,
  runIfMain,
  settings,
  startBenchServer,
  type BenchServer,
  type BudgetRow,
} from './support.ts'

const measuredPaths = ['/api/accounts/session', '/api/accounts/security/none', '/healthz']

export async function sessionBench(server: BenchServer): Promise<BudgetRow[]> {
  const session = await server.signIn()
  // The app's code warmed before any figure: a cold server answered the route measured
  // first (the session's) at half its later rate on PostgreSQL, and every figure is a
  // ratio of the SELECT measured just before it.
  await measure('warm-up', server.baseUrl, { paths: measuredPaths }, session)
  const select = await measureSelect(server, session)
  const check = await measure(
    'GET /api/accounts/session (signed in)',
    server.baseUrl,
    { paths: ['/api/accounts/session'] },
    session,
  )
  const guard = await measure(
    'session check + access guard only (404)',
    server.baseUrl,
    { paths: ['/api/accounts/security/none'] },
    session,
  )
  const health = await measure('GET /healthz (no database)', server.baseUrl, { paths: ['/healthz'] }, session)

  console.log(`\nsession check, ${server.kind}, ${settings.connections} connections, ${settings.seconds} s each`)
  for (const m of [select, check, guard, health]) console.log(formatMeasurement(m, select))
  return [
    ratioBudget(server.kind, 'GET /api/accounts/session', check, select, 0.8),
    cookieBudget(server.kind, 'session bench', session, [check, guard]),
  ]
}

runIfMain(import.meta.url, async () => {
  const server = await startBenchServer(engineFromEnv())
  try {
    printBudgets(await sessionBench(server))
  } finally {
    await server.close()
  }
})
