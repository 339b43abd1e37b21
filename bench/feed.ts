// Community feed at scale (issue 4; ARCHITECTURE.md budget: at least 50 % of the
// requests per second of a one-row SELECT route on the same database, p99 under
// 100 ms, 50 connections, 100,000 posts, signed in). The server (bench/server.ts)
// prints EXPLAIN of the page query, which must walk the (created_at, id) index.
//
// Loads: the first page and page 52 (the same pages for every member: answered from
// the feed cache after the first), and never-seen pages (every request a cursor no
// one asked for before, so every one reaches the database).
//
//   npx tsx bench/feed.ts                                                       # PGlite
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/feed.ts  # PostgreSQL
import { encodeCursor } from '#server/platform/paging.ts'
import { feedPageSize, type FeedAnswer } from '#shared/community/schemas.ts'
import { postSpacingSeconds } from './seed.ts'
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

/** A feed cursor at `at` (platform/paging.ts), the timestamp in PostgreSQL's text form. */
function feedCursor(at: number) {
  const timestamp = new Date(at).toISOString().replace('T', ' ').replace('Z', '+00')
  return encodeCursor({ at: timestamp, id: 'ffffffff-ffff-ffff-ffff-ffffffffffff' })
}

export async function feedBench(server: BenchServer): Promise<BudgetRow[]> {
  if (!server.posts) throw new Error('the server was not seeded with posts')
  const session = await server.signIn()
  const firstAnswer = await browserGet(`${server.baseUrl}/api/community/posts`, session)
  // as a browser gets it: gzipped (the shared posts compressed once, docs/decisions/034)
  if (firstAnswer.headers.get('content-encoding') !== 'gzip') throw new Error('the feed was not gzipped for a browser')
  const first = (await firstAnswer.json()) as FeedAnswer
  if (first.posts.length !== feedPageSize) throw new Error('the feed did not answer a full page')
  // a page deep in the feed, as infinite scroll reaches it
  let cursor = first.nextCursor
  for (let i = 0; i < 50; i++)
    cursor = (
      (await (await browserGet(`${server.baseUrl}/api/community/posts?cursor=${cursor}`, session)).json()) as FeedAnswer
    ).nextCursor!

  const select = await measureSelect(server, session)
  const firstPage = await measure(
    'GET /api/community/posts (first page)',
    server.baseUrl,
    { paths: ['/api/community/posts'] },
    session,
  )
  const deep = await measure(
    'GET /api/community/posts (page 52)',
    server.baseUrl,
    { paths: [`/api/community/posts?cursor=${cursor}`] },
    session,
  )
  // a different millisecond every request, anywhere in the seeded span: never the same page twice
  const span = (server.posts - 100) * postSpacingSeconds * 1000
  let turn = 0
  const fresh = await measure(
    'GET /api/community/posts?cursor= (never seen)',
    server.baseUrl,
    {
      next: () => `/api/community/posts?cursor=${feedCursor(server.seededAt - 60_000 - ((turn++ * 7_919_001) % span))}`,
    },
    session,
  )

  console.log(
    `\nfeed, ${server.kind}, ${server.posts} posts, ${settings.connections} connections, ${settings.seconds} s each`,
  )
  for (const m of [select, firstPage, deep, fresh]) console.log(formatMeasurement(m, select))
  return [
    ratioBudget(server.kind, 'feed, first page (cached)', firstPage, select, 0.5, 100),
    ratioBudget(server.kind, 'feed, page 52 (cached)', deep, select, 0.5, 100),
    ratioBudget(server.kind, 'feed, never-seen pages', fresh, select, 0.5, 100),
    cookieBudget(server.kind, 'feed bench', session, [firstPage, deep, fresh]),
  ]
}

runIfMain(import.meta.url, async () => {
  const server = await startBenchServer(engineFromEnv(), { seed: ['feed'] })
  try {
    printPlans(server.plans)
    const rows = await feedBench(server)
    printBudgets([...planBudget(server.kind, server.plans), ...rows])
  } finally {
    await server.close()
  }
})
