// Session check cost (ARCHITECTURE.md budget: "a session check costs no database
// round trip on most requests"). Serves the real app and, beside it, a route doing
// one one-row SELECT on the same database, and loads both with autocannon.
//
//   npx tsx bench/session-check.ts            # PGlite
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/session-check.ts
import autocannon from 'autocannon'
import { Hono } from 'hono'
import { serve } from '@hono/node-server'
import { sql } from 'drizzle-orm'
import { loadConfig } from '#server/config.ts'
import { createApp, createDeps } from '#server/app.ts'
import { migrateDatabase, openDatabase } from '#server/db/client.ts'
import { createMember } from '#server/modules/accounts/members.ts'
import { createLogger } from '#server/platform/logger.ts'

const duration = Number(process.env.BENCH_SECONDS ?? 10)
const connections = 50

async function main() {
  const url = process.env.DATABASE_URL
  const database = url ? await openDatabase({ kind: 'postgres', url, poolSize: 10 }) : await openDatabase({ kind: 'pglite' })
  await migrateDatabase(database)
  const config = loadConfig({ NODE_ENV: 'production', AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-0', APP_URL: 'http://localhost:3901', LOG_LEVEL: 'silent' })
  const deps = await createDeps({ config, database, logger: createLogger('silent'), secret: config.AUTH_SECRET! })
  const app = createApp(deps)
  const email = `bench-${Date.now()}@example.com`
  await createMember(database.db, { email, password: 'Bench-Pass-2026', firstName: 'Ben', lastName: 'Ch', subscribedDays: 30 })

  const baseline = new Hono().get('/select-one', async (c) => {
    const result = (await database.db.execute(sql`select id, email from "user" limit 1`)) as unknown as { rows: unknown[] }
    return c.json(result.rows[0] ?? null)
  })
  const servers = [serve({ fetch: app.fetch, port: 3901 }), serve({ fetch: baseline.fetch, port: 3902 })]

  const signIn = await fetch('http://localhost:3901/api/accounts/sign-in', {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: 'http://localhost:3901' },
    body: JSON.stringify({ email, password: 'Bench-Pass-2026' }),
  })
  const cookie = signIn.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ')

  const run = (title: string, target: string, headers: Record<string, string> = {}) =>
    autocannon({ title, url: target, connections, duration, headers })

  const select = await run('one-row SELECT', 'http://localhost:3902/select-one')
  const session = await run('GET /api/accounts/session (signed in)', 'http://localhost:3901/api/accounts/session', { cookie })
  // a member-only path with no handler: the session check and access decision alone, answered 404
  const guard = await run('session check + access guard only', 'http://localhost:3901/api/accounts/security/none', { cookie })
  const health = await run('GET /healthz (no database)', 'http://localhost:3901/healthz')

  console.log(`database: ${database.kind}, ${connections} connections, ${duration} s each`)
  for (const result of [select, session, guard, health]) {
    console.log(`${(result.title ?? '').padEnd(42)} ${Math.round(result.requests.average).toString().padStart(6)} req/s  p99 ${result.latency.p99} ms  errors ${result.errors}, non-2xx ${result.non2xx}`)
  }
  console.log(`session endpoint / one-row SELECT: ${(session.requests.average / select.requests.average).toFixed(2)}`)
  console.log(`session check alone / one-row SELECT: ${(guard.requests.average / select.requests.average).toFixed(2)}`)

  for (const server of servers) server.close()
  await deps.close()
  await database.close()
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
