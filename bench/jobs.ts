// Job search at scale (issue 5; ARCHITECTURE.md budget: at least 50 % of the
// requests per second of a one-row SELECT route on the same database, p99 under
// 100 ms, a never-seen search p99 under 150 ms on PostgreSQL and 500 ms on PGlite;
// 50 connections, 100,000 jobs, signed in). The server (bench/server.ts) prints
// EXPLAIN of the board and search queries, which must use jobs_board_order_idx,
// jobs_search_idx and jobs_location_search_idx, never a sequential scan of jobs.
//
// Loads: the board's first page; popular searches (the same few searches from many
// members, as on a real board: answered from the shared result cache after the
// first); and never-seen searches, every request a search no one made before, so
// every one reaches the database (docs/decisions/009).
//
//   npx tsx bench/jobs.ts                                                       # PGlite
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/jobs.ts  # PostgreSQL
import { jobTypes } from '#shared/jobs/schemas.ts'
import { jobCities } from './seed.ts'
import {
  browserGet,
  cookieBudget,
  engineFromEnv,
  formatMeasurement,
  measure,
  measureSelect,
  planBudget,
  printBudgets,
  printPlans,
  ratioBudget,
  runIfMain,
  settings,
  startBenchServer,
  type BenchServer,
  type BudgetRow,
} from './support.ts'

const popular = ['engineer', 'data analyst', 'product manager', 'kubernetes', 'remote react', 'designer']
const words = [
  'engineer',
  'analyst',
  'manager',
  'developer',
  'designer',
  'kubernetes',
  'python',
  'sql',
  'sales',
  'security',
  'cloud',
  'data',
]
const cityNames = jobCities.map((city) => encodeURIComponent(city.split(',')[0]!))
const typeNames = jobTypes.map((type) => encodeURIComponent(type))

/** The n-th search of words x city x type x remote x posted: 10,800 combinations, more than the cache (500) holds. */
function neverSeenSearch(n: number) {
  const city = cityNames[n % cityNames.length]!
  let rest = Math.floor(n / cityNames.length)
  const type = typeNames[rest % typeNames.length]!
  rest = Math.floor(rest / typeNames.length)
  const word = words[rest % words.length]!
  rest = Math.floor(rest / words.length)
  const remote = rest % 2 === 1 ? '&remote=true' : ''
  const posted = ['', '&posted=30', '&posted=7'][Math.floor(rest / 2) % 3]
  return `/api/jobs?q=${word}&location=${city}&type=${type}${remote}${posted}`
}

export async function jobsBench(server: BenchServer): Promise<BudgetRow[]> {
  if (!server.jobs) throw new Error('the server was not seeded with jobs')
  const session = await server.signIn()
  const check = await browserGet(`${server.baseUrl}/api/jobs?q=engineer`, session)
  const body = (await check.json()) as { jobs: unknown[] }
  if (!check.ok || body.jobs.length === 0) throw new Error(`the search did not answer jobs: ${check.status}`)

  const select = await measureSelect(server, session)
  const board = await measure('GET /api/jobs (board, first page)', server.baseUrl, { paths: ['/api/jobs'] }, session)
  const cached = await measure(
    'GET /api/jobs?q= (6 popular searches)',
    server.baseUrl,
    { paths: popular.map((q) => `/api/jobs?q=${encodeURIComponent(q)}`) },
    session,
  )
  let turn = 0
  const fresh = await measure(
    'GET /api/jobs?q=&location=&type= (never seen)',
    server.baseUrl,
    { next: () => neverSeenSearch(turn++) },
    session,
  )

  console.log(
    `\njobs, ${server.kind}, ${server.jobs} jobs, ${settings.connections} connections, ${settings.seconds} s each`,
  )
  for (const m of [select, board, cached, fresh]) console.log(formatMeasurement(m, select))
  return [
    ratioBudget(server.kind, 'job board, first page (cached)', board, select, 0.5, 100),
    ratioBudget(server.kind, 'job search, popular (cached)', cached, select, 0.5, 100),
    ratioBudget(server.kind, 'job search, never-seen', fresh, select, 0.5, server.kind === 'postgres' ? 150 : 500),
    cookieBudget(server.kind, 'jobs bench', session, [board, cached, fresh]),
  ]
}

runIfMain(import.meta.url, async () => {
  const server = await startBenchServer(engineFromEnv(), { seed: ['jobs'] })
  try {
    printPlans(server.plans)
    const rows = await jobsBench(server)
    printBudgets([...planBudget(server.kind, server.plans), ...rows])
  } finally {
    await server.close()
  }
})
