// Session check cost (ARCHITECTURE.md budget: "a session check costs no database
// round trip on most requests"). Serves the real app and, beside it, a route doing
// one one-row SELECT on the same database, and loads both with autocannon.
//
//   npx tsx bench/session-check.ts            # PGlite
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/session-check.ts
import autocannon from 'autocannon'
import { createMember } from '#server/modules/accounts/members.ts'
import { formatRun, startBenchApp } from './support.ts'

const duration = Number(process.env.BENCH_SECONDS ?? 10)
const connections = 50

async function main() {
  const bench = await startBenchApp()
  const email = `bench-${Date.now()}@example.com`
  await createMember(bench.database.db, { email, password: 'Bench-Pass-2026', firstName: 'Ben', lastName: 'Ch', subscribedDays: 30 })
  const cookie = await bench.signIn(email, 'Bench-Pass-2026')

  const run = (title: string, target: string, headers: Record<string, string> = {}) =>
    autocannon({ title, url: target, connections, duration, headers })

  const select = await run('one-row SELECT', bench.baselineUrl)
  const session = await run('GET /api/accounts/session (signed in)', `${bench.baseUrl}/api/accounts/session`, { cookie })
  // a member-only path with no handler: the session check and access decision alone, answered 404
  const guard = await run('session check + access guard only', `${bench.baseUrl}/api/accounts/security/none`, { cookie })
  const health = await run('GET /healthz (no database)', `${bench.baseUrl}/healthz`)

  console.log(`database: ${bench.database.kind}, ${connections} connections, ${duration} s each`)
  for (const result of [select, session, guard, health]) console.log(formatRun(result))
  console.log(`session endpoint / one-row SELECT: ${(session.requests.average / select.requests.average).toFixed(2)}`)
  console.log(`session check alone / one-row SELECT: ${(guard.requests.average / select.requests.average).toFixed(2)}`)

  await bench.close()
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
