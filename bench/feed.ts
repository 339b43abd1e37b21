// Community feed at scale (issue 4; ARCHITECTURE.md budget: at least 50 % of the
// requests per second of a one-row SELECT route on the same database, p99 under
// 100 ms, 50 connections, 100,000 posts, signed in). Also prints EXPLAIN of the
// page query, which must walk the (created_at, id) index, not sort the table.
// autocannon runs in this process, beside the server, for both routes alike.
//
//   npx tsx bench/feed.ts                                                       # PGlite
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/feed.ts  # PostgreSQL
import autocannon from 'autocannon'
import { sql } from 'drizzle-orm'
import { createMember } from '#server/modules/accounts/members.ts'
import { listFeedPage } from '#server/modules/community/queries.ts'
import { feedPageSize } from '#shared/community/schemas.ts'
import { formatRun, startBenchApp } from './support.ts'

const duration = Number(process.env.BENCH_SECONDS ?? 10)
const connections = 50
const postCount = Number(process.env.BENCH_POSTS ?? 100_000)

async function main() {
  const bench = await startBenchApp()
  const { db } = bench.database
  const authors = await Promise.all(
    Array.from({ length: 20 }, (_, i) => createMember(db, { email: `author${i}@bench.local`, password: 'Bench-Pass-2026', firstName: `Author`, lastName: `${i}`, subscribedDays: 30 })),
  )
  const reader = await createMember(db, { email: 'reader@bench.local', password: 'Bench-Pass-2026', firstName: 'Rea', lastName: 'Der', subscribedDays: 30 })

  const seeding = performance.now()
  const authorIds = sql.raw(`array[${authors.map((a) => `'${a.id}'`).join(',')}]`)
  await db.execute(sql`
    insert into posts (user_id, content, like_count, comment_count, created_at)
    select (${authorIds})[1 + g % ${authors.length}], 'Benchmark post number ' || g || ': what I learned this week about negotiating an offer.',
           g % 7, g % 3, now() - make_interval(secs => g * 37)
    from generate_series(1, ${postCount}) g`)
  // the reader has liked every tenth post, so "liked by me" is really looked up
  await db.execute(sql`insert into post_likes (post_id, user_id) select id, ${reader.id} from posts where like_count = 3`)
  await db.execute(sql`analyze`)
  console.log(`seeded ${postCount} posts in ${Math.round(performance.now() - seeding)} ms (${bench.database.kind})`)

  const query = listFeedPage(db, feedPageSize + 1).toSQL()
  const plan = (await bench.database.db.execute(sql.raw(`explain ${query.sql.replace(/\$(\d+)/g, (_, n) => {
    const value = query.params[Number(n) - 1]
    return typeof value === 'number' ? String(value) : `'${String(value)}'`
  })}`))) as unknown as { rows: Array<Record<string, string>> }
  const planText = plan.rows.map((row) => Object.values(row)[0]).join('\n')
  console.log(`EXPLAIN feed page:\n${planText}`)
  console.log(planText.includes('posts_feed_order_idx') ? 'the feed walks posts_feed_order_idx' : 'WARNING: the feed does not use posts_feed_order_idx')

  const cookie = await bench.signIn('reader@bench.local', 'Bench-Pass-2026')
  const first = (await (await fetch(`${bench.baseUrl}/api/community/posts`, { headers: { cookie } })).json()) as { posts: unknown[]; nextCursor: string }
  if (first.posts.length !== feedPageSize) throw new Error('the feed did not answer a full page')
  // a page deep in the feed, as infinite scroll reaches it
  let cursor = first.nextCursor
  for (let i = 0; i < 50; i++) cursor = ((await (await fetch(`${bench.baseUrl}/api/community/posts?cursor=${cursor}`, { headers: { cookie } })).json()) as { nextCursor: string }).nextCursor

  const run = (title: string, url: string, headers: Record<string, string> = {}) => autocannon({ title, url, connections, duration, headers })
  const select = await run('one-row SELECT', bench.baselineUrl)
  const feed = await run('GET /api/community/posts (first page)', `${bench.baseUrl}/api/community/posts`, { cookie })
  const deep = await run('GET /api/community/posts (page 52)', `${bench.baseUrl}/api/community/posts?cursor=${cursor}`, { cookie })

  console.log(`database: ${bench.database.kind}, ${postCount} posts, ${connections} connections, ${duration} s each`)
  for (const result of [select, feed, deep]) console.log(formatRun(result))
  console.log(`feed first page / one-row SELECT: ${(feed.requests.average / select.requests.average).toFixed(2)} (goal >= 0.5), p99 ${feed.latency.p99} ms (goal < 100)`)
  console.log(`feed page 52 / one-row SELECT: ${(deep.requests.average / select.requests.average).toFixed(2)}, p99 ${deep.latency.p99} ms`)
  await bench.close()
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
