// Job search at scale (issue 5; ARCHITECTURE.md budget: at least 50 % of the
// requests per second of a one-row SELECT route on the same database, p99 under
// 100 ms, a never-seen search p99 under 150 ms on PostgreSQL and 500 ms on PGlite;
// 50 connections, 100,000 jobs, signed in). The server (bench/server.ts) prints
// EXPLAIN of the board and search queries, which must use jobs_board_order_idx,
// jobs_search_idx and jobs_location_filters_idx, never a sequential scan of jobs.
//
// Loads: the board's first page; popular searches (the same few searches from many
// members, as on a real board: answered from the shared result cache after the
// first); and never-seen searches, every request a search no one made before, so
// every one reaches the database (docs/decisions/009).
//
//   npx tsx bench/jobs.ts                                                       # PGlite
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/jobs.ts  # PostgreSQL
//   npx tsx bench/jobs.ts --never-seen      # the SELECT route and never-seen searches only
import { jobTypes, type JobBoardAnswer } from '#shared/jobs/schemas.ts'
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
  type Measurement,
} from './support.ts'

const popular = ['engineer', 'data analyst', 'product manager', 'kubernetes', 'remote react', 'designer']
// never-seen searches: common, middling, rare and misspelled words; the seeded
// cities, cities no job names and misspelled ones; every filter alone and combined
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
  'senior data',
  'xylophone',
  'enginer',
  'kubernetis',
]
const cityNames = [
  ...jobCities.map((city) => city.split(',')[0]!),
  'Zurich',
  'Lagos',
  'Oslo',
  'Chicagoo',
  'Seatle',
  'New Yrok',
]
const typeNames = ['', ...jobTypes]
const postedNames = ['', '1', '7', '30']

/** Every search of (word or none) x (city or none) x type x remote x posted: 30,192, the empty one (the board) among them. */
const searchCount = (words.length + 1) * (cityNames.length + 1) * typeNames.length * 2 * postedNames.length

/**
 * The n-th never-seen search: n runs through every combination but the empty one
 * (number 0) once, in an order that changes every filter from one request to the
 * next (n times a prime that shares no factor with 30,191), so a run of fewer
 * requests never asks the same search twice and mixes every shape: words alone,
 * a city alone, the filters alone, and all of them together.
 */
function neverSeenSearch(n: number) {
  let rest = 1 + ((n * 7919) % (searchCount - 1))
  const pick = <T>(options: readonly T[]) => {
    const chosen = options[rest % options.length]!
    rest = Math.floor(rest / options.length)
    return chosen
  }
  const word = pick(['', ...words])
  const city = pick(['', ...cityNames])
  const type = pick(typeNames)
  const remote = pick([false, true])
  const posted = pick(postedNames)
  const query = [
    word && `q=${encodeURIComponent(word)}`,
    city && `location=${encodeURIComponent(city)}`,
    type && `type=${encodeURIComponent(type)}`,
    remote && 'remote=true',
    posted && `posted=${posted}`,
  ]
  return `/api/jobs?${query.filter(Boolean).join('&')}`
}

export async function jobsBench(server: BenchServer, { neverSeenOnly = false } = {}): Promise<BudgetRow[]> {
  if (!server.jobs) throw new Error('the server was not seeded with jobs')
  const session = await server.signIn()
  const check = await browserGet(`${server.baseUrl}/api/jobs?q=engineer`, session)
  const body = (await check.json()) as JobBoardAnswer
  if (!check.ok || body.jobs.length === 0) throw new Error(`the search did not answer jobs: ${check.status}`)
  // as a browser gets it: gzipped (the shared cards compressed once, docs/decisions/034)
  if (check.headers.get('content-encoding') !== 'gzip') throw new Error('the board was not gzipped for a browser')

  const select = await measureSelect(server, session)
  let turn = 0
  const neverSeen = () =>
    measure(
      'GET /api/jobs?q=&location=&type= (never seen)',
      server.baseUrl,
      { next: () => neverSeenSearch(turn++) },
      session,
    )
  const neverSeenBudget = (fresh: Measurement) =>
    ratioBudget(server.kind, 'job search, never-seen', fresh, select, 0.5, server.kind === 'postgres' ? 150 : 500)
  const heading = `\njobs, ${server.kind}, ${server.jobs} jobs, ${settings.connections} connections, ${settings.seconds} s each`
  if (neverSeenOnly) {
    const fresh = await neverSeen()
    console.log(heading)
    for (const m of [select, fresh]) console.log(formatMeasurement(m, select))
    return [neverSeenBudget(fresh)]
  }
  const board = await measure('GET /api/jobs (board, first page)', server.baseUrl, { paths: ['/api/jobs'] }, session)
  const cached = await measure(
    'GET /api/jobs?q= (6 popular searches)',
    server.baseUrl,
    { paths: popular.map((q) => `/api/jobs?q=${encodeURIComponent(q)}`) },
    session,
  )
  const fresh = await neverSeen()

  console.log(heading)
  for (const m of [select, board, cached, fresh]) console.log(formatMeasurement(m, select))
  return [
    ratioBudget(server.kind, 'job board, first page (cached)', board, select, 0.5, 100),
    ratioBudget(server.kind, 'job search, popular (cached)', cached, select, 0.5, 100),
    neverSeenBudget(fresh),
    cookieBudget(server.kind, 'jobs bench', session, [board, cached, fresh]),
  ]
}

runIfMain(import.meta.url, async () => {
  const neverSeenOnly = process.argv.includes('--never-seen')
  const server = await startBenchServer(engineFromEnv(), { seed: ['jobs'] })
  try {
    if (!neverSeenOnly) printPlans(server.plans)
    const rows = await jobsBench(server, { neverSeenOnly })
    printBudgets([...(neverSeenOnly ? [] : planBudget(server.kind, server.plans)), ...rows])
  } finally {
    await server.close()
  }
})
