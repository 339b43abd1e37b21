// Course lists at scale (issue 15; ARCHITECTURE.md budget: at least 50 % of the
// requests per second of a one-row SELECT route on the same database, p99 under
// 100 ms; 50 connections, 10,000 courses, signed in as a subscriber). The server
// (bench/server.ts) prints EXPLAIN of the browse and marketplace queries, which
// must walk one of the members' partial indexes (courses_listed_*) or the trigram
// indexes, never a sequential scan of courses.
//
// The lists are the same for every member and kept 30 s per instance
// (platform/list-cache.ts), the member's saved marks read apart: so a load of one
// path is mostly answered from memory, as the many members asking the same few
// filters are. The EXPLAIN plans check the query a miss runs. Loads: browse's
// first page; its level, duration and category filters; a search for a word in many
// courses and for one in few; a page 5,000 courses deep (keyset cursor); and the
// marketplace (subscribers), first page and three filters at once.
//
//   npx tsx bench/courses.ts                                                       # PGlite
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/courses.ts  # PostgreSQL
import type { CategoryView, CoursePage } from '#shared/courses/schemas.ts'
import { coursePageSize } from '#shared/courses/constants.ts'
import { courseSearchWords } from './seed.ts'
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
  type Session,
} from './support.ts'

/** Pages of `coursePageSize` walked from the first to reach the deep page (5,000 courses in). */
const deepPages = 5000 / coursePageSize

async function getPage(server: BenchServer, path: string, session: Session): Promise<CoursePage> {
  const response = await browserGet(`${server.baseUrl}${path}`, session)
  if (!response.ok) throw new Error(`${path}: ${response.status}`)
  return (await response.json()) as CoursePage
}

export async function coursesBench(server: BenchServer): Promise<BudgetRow[]> {
  if (!server.courses) throw new Error('the server was not seeded with courses')
  const session = await server.signIn()
  const categories = (await (await browserGet(`${server.baseUrl}/api/courses/categories`, session)).json()) as {
    categories: CategoryView[]
  }
  const category = categories.categories[0]!.id

  const paths = {
    first: '/api/courses',
    level: '/api/courses?level=Advanced',
    duration: '/api/courses?duration=5-10',
    category: `/api/courses?category=${category}`,
    common: `/api/courses?q=${courseSearchWords.common}`,
    rare: `/api/courses?q=${courseSearchWords.rare}`,
    market: '/api/courses/marketplace',
    marketFiltered: `/api/courses/marketplace?level=Intermediate&duration=20-40&category=${category}`,
  }
  // every list answers a full page (the filters match), as a browser would see it
  for (const path of Object.values(paths)) {
    const page = await getPage(server, path, session)
    if (page.courses.length !== coursePageSize) throw new Error(`${path} answered ${page.courses.length} courses`)
  }
  // the page 5,000 courses deep, as infinite scroll reaches it
  let cursor = (await getPage(server, paths.first, session)).nextCursor!
  for (let i = 1; i < deepPages; i++)
    cursor = (await getPage(server, `${paths.first}?cursor=${cursor}`, session)).nextCursor!
  const deep = `${paths.first}?cursor=${cursor}`

  const select = await measureSelect(server, session)
  const load = (title: string, path: string) => measure(title, server.baseUrl, { paths: [path] }, session)
  const runs: Array<[budget: string, m: Measurement]> = [
    ['browse, first page', await load('GET /api/courses (first page)', paths.first)],
    ['browse, level filter', await load('GET /api/courses?level=Advanced', paths.level)],
    ['browse, duration filter', await load('GET /api/courses?duration=5-10', paths.duration)],
    ['browse, category filter', await load('GET /api/courses?category=', paths.category)],
    [
      `browse, search "${courseSearchWords.common}" (many)`,
      await load(`GET /api/courses?q=${courseSearchWords.common}`, paths.common),
    ],
    [
      `browse, search "${courseSearchWords.rare}" (few)`,
      await load(`GET /api/courses?q=${courseSearchWords.rare}`, paths.rare),
    ],
    ['browse, page 5,000 courses deep', await load(`GET /api/courses?cursor= (page ${deepPages + 1})`, deep)],
    ['marketplace, first page', await load('GET /api/courses/marketplace (first page)', paths.market)],
    [
      'marketplace, level + duration + category',
      await load('GET /api/courses/marketplace (3 filters)', paths.marketFiltered),
    ],
  ]

  console.log(
    `\ncourses, ${server.kind}, ${server.courses} courses (lists kept 30 s per instance, saved marks per member), ${settings.connections} connections, ${settings.seconds} s each`,
  )
  for (const m of [select, ...runs.map(([, m]) => m)]) console.log(formatMeasurement(m, select))
  return [
    ...runs.map(([budget, m]) => ratioBudget(server.kind, budget, m, select, 0.5, 100)),
    cookieBudget(
      server.kind,
      'courses bench',
      session,
      runs.map(([, m]) => m),
    ),
  ]
}

runIfMain(import.meta.url, async () => {
  const server = await startBenchServer(engineFromEnv(), { seed: ['courses'] })
  try {
    printPlans(server.plans)
    const rows = await coursesBench(server)
    printBudgets([...planBudget(server.kind, server.plans), ...rows])
  } finally {
    await server.close()
  }
})
