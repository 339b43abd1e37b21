// The server under test, in a process of its own (started by bench/support.ts with
// `node --import tsx`, never run by hand): the real app on a fresh database, seeded
// as the parent asks, plus a bare route doing one one-row SELECT on the same
// database, the floor every figure is a ratio of (ARCHITECTURE.md, performance
// budgets). Its environment:
//
//   BENCH_DATABASE_URL   a PostgreSQL database made for this run (empty: in-memory PGlite)
//   BENCH_SEED           comma list: feed (BENCH_POSTS posts), jobs (BENCH_JOBS jobs),
//                        courses (BENCH_COURSES courses), events (BENCH_EVENTS events,
//                        with the admin and the registration race's members)
//                        layoffs (the admin only: bench/layoffs.ts imports through the API)
//                        chat (BENCH_CHAT_MEMBERS members and BENCH_CHAT_COACHES admins, signed in)
//                        members (BENCH_MEMBERS members with their subscriptions, applications
//                        and reviews, and the admin: bench/admin.ts)
//   BENCH_FANS           extra members fan0@bench.local ... (live-fanout)
//
// It tells the parent over IPC when it listens ({ type: 'ready', ... }) and stops on
// { type: 'stop' } or when the parent goes.
import { serve, type ServerType } from '@hono/node-server'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Hono } from 'hono'
import { sql } from 'drizzle-orm'
import { loadConfig } from '#server/config.ts'
import { createApp, createDeps } from '#server/app.ts'
import { migrateDatabase, openDatabase } from '#server/db/client.ts'
import { seedBaseData } from '#server/seed/base-data.ts'
import { createLogger } from '#server/platform/logger.ts'
import {
  coursePlans,
  eventPlans,
  feedPlans,
  jobPlans,
  mintSessions,
  seedChatParties,
  seedCourses,
  seedEvents,
  seedJobs,
  seedLayoffAdmin,
  seedMembers,
  seedPosts,
  type ChatParty,
  type Plan,
} from './seed.ts'
import { freePort } from '#server/testing/free-port.ts'
import { adminPlans, seedAdminMembers } from './admin-seed.ts'

export type ServerReady = {
  type: 'ready'
  kind: 'pglite' | 'postgres'
  baseUrl: string
  baselineUrl: string
  /** Milliseconds since the epoch when the posts were seeded (their created_at counts back from it). */
  seededAt: number
  posts: number
  jobs: number
  courses: number
  events: number
  /** the event of the registration race (50 seats, no registrations yet); null without events */
  raceEventId: string | null
  /** the Cookie header of each racer (racerEmail(i)), signed in (bench/events.ts) */
  racers: string[]
  /** bench/chat.ts's members and coaches with their sessions; null without the chat seed */
  chat: { members: ChatParty[]; coaches: ChatParty[] } | null
  plans: Plan[]
}
export type ServerMessage = ServerReady | { type: 'failed'; message: string }

const authSecret = 'bench-secret-bench-secret-bench-secret-0'

const send = (message: ServerMessage) =>
  new Promise<void>((resolve) => (process.send ? process.send(message, () => resolve()) : resolve()))

async function main() {
  const url = process.env.BENCH_DATABASE_URL
  const seed = new Set((process.env.BENCH_SEED ?? '').split(',').filter(Boolean))
  const postCount = seed.has('feed') ? Number(process.env.BENCH_POSTS ?? 100_000) : 0
  const jobCount = seed.has('jobs') ? Number(process.env.BENCH_JOBS ?? 100_000) : 0
  const courseCount = seed.has('courses') ? Number(process.env.BENCH_COURSES ?? 10_000) : 0
  const eventCount = seed.has('events') ? Number(process.env.BENCH_EVENTS ?? 10_000) : 0

  const database = url
    ? await openDatabase({ kind: 'postgres', url, poolSize: 10 })
    : await openDatabase({ kind: 'pglite' })
  await migrateDatabase(database)
  // as at start (main.ts): the plans exist on every deployment
  await seedBaseData(database.db)
  const { db } = database
  const member = await seedMembers(db, Number(process.env.BENCH_FANS ?? 0))
  const seededAt = Date.now()
  const plans: Plan[] = []
  if (postCount) {
    const started = performance.now()
    await seedPosts(db, postCount, member.id)
    console.log(`seeded ${postCount} posts in ${Math.round(performance.now() - started)} ms (${database.kind})`)
    plans.push(...(await feedPlans(db)))
  }
  if (jobCount) {
    const started = performance.now()
    await seedJobs(db, jobCount)
    console.log(`seeded ${jobCount} jobs in ${Math.round(performance.now() - started)} ms (${database.kind})`)
    plans.push(...(await jobPlans(database)))
  }
  if (courseCount) {
    const started = performance.now()
    await seedCourses(db, courseCount, member.id)
    console.log(`seeded ${courseCount} courses in ${Math.round(performance.now() - started)} ms (${database.kind})`)
    plans.push(...(await coursePlans(db)))
  }
  let raceEventId: string | null = null
  let racers: string[] = []
  if (eventCount) {
    const started = performance.now()
    const seeded = await seedEvents(db, eventCount, member.id)
    raceEventId = seeded.raceEventId
    racers = await mintSessions(db, seeded.racerIds, authSecret)
    console.log(`seeded ${eventCount} events in ${Math.round(performance.now() - started)} ms (${database.kind})`)
    plans.push(...(await eventPlans(db)))
  }

  if (seed.has('members')) {
    const count = Number(process.env.BENCH_MEMBERS ?? 100_000)
    const started = performance.now()
    await seedAdminMembers(db, count)
    console.log(`seeded ${count} members in ${Math.round(performance.now() - started)} ms (${database.kind})`)
    plans.push(...(await adminPlans(db)))
  }
  if ((seed.has('layoffs') || seed.has('members')) && !eventCount) await seedLayoffAdmin(db)
  const chat = seed.has('chat')
    ? await seedChatParties(
        db,
        Number(process.env.BENCH_CHAT_MEMBERS ?? 980),
        Number(process.env.BENCH_CHAT_COACHES ?? 20),
        authSecret,
      )
    : null

  const dataDir = await mkdtemp(path.join(tmpdir(), 'prestige-bench-'))
  const [port, baselinePort] = [await freePort(), await freePort()]
  const baseUrl = `http://localhost:${port}`
  const config = loadConfig({
    NODE_ENV: 'production',
    AUTH_SECRET: authSecret,
    APP_URL: baseUrl,
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
  })
  const deps = await createDeps({ config, database, logger: createLogger('silent'), secret: config.AUTH_SECRET! })
  const app = createApp(deps)
  const baseline = new Hono().get('/select-one', async (c) => {
    const result = (await db.execute(sql`select id, email from "user" limit 1`)) as unknown as { rows: unknown[] }
    return c.json(result.rows[0] ?? null)
  })
  const servers: ServerType[] = [
    serve({ fetch: app.fetch, port }),
    serve({ fetch: baseline.fetch, port: baselinePort }),
  ]

  let stopping = false
  const stop = async () => {
    if (stopping) return
    stopping = true
    for (const server of servers) {
      ;(server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.()
      server.close()
    }
    // requests still in flight when the load stopped finish before the database goes
    await new Promise((resolve) => setTimeout(resolve, 500))
    await deps.close()
    await database.close()
    await rm(dataDir, { recursive: true, force: true })
    process.exit(0)
  }
  process.on('message', (message: { type?: string }) => message.type === 'stop' && void stop())
  process.on('disconnect', () => void stop())
  process.on('SIGTERM', () => void stop())

  await send({
    type: 'ready',
    kind: database.kind,
    baseUrl,
    baselineUrl: `http://localhost:${baselinePort}/select-one`,
    seededAt,
    posts: postCount,
    jobs: jobCount,
    courses: courseCount,
    events: eventCount,
    raceEventId,
    racers,
    chat,
    plans,
  })
}

main().catch(async (error: unknown) => {
  console.error(error)
  await send({ type: 'failed', message: error instanceof Error ? error.message : String(error) })
  process.exit(1)
})
