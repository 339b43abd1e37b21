import { fork } from 'node:child_process'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import autocannon from 'autocannon'
import pg from 'pg'
import { migrateDatabase, openDatabase, type Database } from '#server/db/client.ts'
import { sessionCookieCacheSeconds } from '#shared/constants.ts'
import { benchMember, benchPassword } from './seed.ts'
import type { ServerMessage, ServerReady } from './server.ts'

// What every benchmark shares (issue 13, section 6; docs/decisions/016):
// - the server under test runs in a process of its own (bench/server.ts), on a
//   fresh PGlite or on a scratch database of the PostgreSQL at DATABASE_URL;
// - the load (autocannon) comes from this process, as a browser sends it: every
//   request carries `Accept-Encoding: gzip, deflate, br` and the session cookies,
//   and each connection keeps the cookies the server sets (the refreshed session
//   cookie cache) for its following requests;
// - every figure is a ratio against the one-row SELECT route of the same server,
//   measured in the same run.

export const settings = {
  seconds: Number(process.env.BENCH_SECONDS ?? 10),
  connections: Number(process.env.BENCH_CONNECTIONS ?? 50),
  warmupSeconds: Number(process.env.BENCH_WARMUP_SECONDS ?? 2),
}

export const browserAcceptEncoding = 'gzip, deflate, br'
export const defaultPostgresUrl = 'postgres://postgres@127.0.0.1:5432/test'

export type Engine = { kind: 'pglite' } | { kind: 'postgres'; url: string }

/** The engine of a single bench script: PostgreSQL when DATABASE_URL is set, else PGlite. */
export function engineFromEnv(): Engine {
  return process.env.DATABASE_URL ? { kind: 'postgres', url: process.env.DATABASE_URL } : { kind: 'pglite' }
}

/** Whether a PostgreSQL answers at `url` (within 2 s). */
export async function postgresAnswers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 })
  try {
    await client.connect()
    await client.query('select 1')
    return true
  } catch {
    return false
  } finally {
    await client.end().catch(() => {})
  }
}

/** A database of this run's own on the PostgreSQL of `url`, dropped by the returned function. */
export async function scratchDatabase(url: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `prestige_bench_${process.pid}_${Date.now()}`
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  await admin.query(`create database ${name}`)
  await admin.end()
  const scratch = new URL(url)
  scratch.pathname = `/${name}`
  return {
    url: scratch.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: url })
      await client.connect()
      await client.query(`drop database if exists ${name} with (force)`)
      await client.end()
    },
  }
}

/** A migrated database of the bench's own in this process: in memory on PGlite, a scratch one on PostgreSQL. */
export async function openBenchDatabase(
  engine: Engine,
  poolSize: number,
): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (engine.kind === 'pglite') {
    const database = await openDatabase({ kind: 'pglite' })
    await migrateDatabase(database)
    return { database, drop: () => database.close() }
  }
  const scratch = await scratchDatabase(engine.url)
  const database = await openDatabase({ kind: 'postgres', url: scratch.url, poolSize })
  await migrateDatabase(database)
  return {
    database,
    drop: async () => {
      await database.close()
      await scratch.drop()
    },
  }
}

export type BenchServer = Omit<ServerReady, 'type'> & {
  /** Signs `email` in through the real endpoint (with the Origin of decision 012); a new cookie jar. */
  signIn(email?: string): Promise<Session>
  close(): Promise<void>
}

/**
 * Starts bench/server.ts in a child process on `engine`, seeded with `seed`
 * (feed: 100,000 posts; jobs: 100,000 jobs; courses: 10,000 courses; events:
 * 10,000 events; layoffs: the admin only, bench/layoffs.ts imports through the API;
 * chat: `options.chat` members and coaches, signed in (bench/chat.ts);
 * members: 100,000 members and the admin (bench/admin.ts, BENCH_MEMBERS);
 * BENCH_POSTS, BENCH_JOBS, BENCH_COURSES, BENCH_EVENTS), and waits
 * until it listens.
 */
export async function startBenchServer(
  engine: Engine,
  options: {
    seed?: Array<'feed' | 'jobs' | 'courses' | 'events' | 'layoffs' | 'chat' | 'members'>
    fans?: number
    /** with the chat seed: how many members and coaches (admins) */
    chat?: { members: number; coaches: number }
  } = {},
): Promise<BenchServer> {
  const scratch = engine.kind === 'postgres' ? await scratchDatabase(engine.url) : undefined
  // BENCH_CPU_PROFILE=<directory>: the server writes a V8 CPU profile of its whole run
  // there as it stops (open it in Chrome's DevTools), to see where a request's time goes
  const profileDir = process.env.BENCH_CPU_PROFILE
  const child = fork(path.join(import.meta.dirname, 'server.ts'), [], {
    execArgv: ['--import', 'tsx', ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [])],
    env: {
      ...process.env,
      BENCH_DATABASE_URL: scratch?.url ?? '',
      BENCH_SEED: (options.seed ?? []).join(','),
      BENCH_FANS: String(options.fans ?? 0),
      ...(options.chat
        ? { BENCH_CHAT_MEMBERS: String(options.chat.members), BENCH_CHAT_COACHES: String(options.chat.coaches) }
        : {}),
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  let ready: ServerReady
  try {
    ready = await new Promise<ServerReady>((resolve, reject) => {
      child.once('exit', (code) => reject(new Error(`the bench server exited (${code}) before it listened`)))
      child.on('message', (message: ServerMessage) => {
        if (message.type === 'ready') resolve(message)
        else reject(new Error(`the bench server failed: ${message.message}`))
      })
    })
  } catch (error) {
    child.kill()
    await exited
    await scratch?.drop()
    throw error
  }
  const { type: _type, ...info } = ready
  return {
    ...info,
    signIn: (email = benchMember) => signIn(info.baseUrl, email),
    async close() {
      if (child.exitCode === null) child.send({ type: 'stop' })
      const force = setTimeout(() => child.kill('SIGKILL'), 15_000)
      await exited
      clearTimeout(force)
      await scratch?.drop()
    },
  }
}

// ---- cookies, as a browser keeps them -----------------------------------------

/** A browser's cookie jar for one member; each load connection starts from a copy of it and writes back what it receives. */
export type Session = { cookies: Map<string, string>; signedInAt: number }

/** Stores one Set-Cookie header value in `jar` (a removal when it expires at once). */
export function storeCookie(jar: Map<string, string>, setCookie: string) {
  const [pair = '', ...attributes] = setCookie.split(';')
  const at = pair.indexOf('=')
  if (at < 1) return
  const name = pair.slice(0, at).trim()
  const value = pair.slice(at + 1).trim()
  const expired = attributes.some((attribute) => /^\s*max-age\s*=\s*(0|-\d+)\s*$/i.test(attribute))
  if (expired || value === '') jar.delete(name)
  else jar.set(name, value)
}

export const cookieHeader = (jar: Map<string, string>) => [...jar].map(([name, value]) => `${name}=${value}`).join('; ')

async function signIn(baseUrl: string, email: string): Promise<Session> {
  const response = await fetch(`${baseUrl}/api/accounts/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl, 'accept-encoding': browserAcceptEncoding },
    body: JSON.stringify({ email, password: benchPassword }),
  })
  if (!response.ok) throw new Error(`sign-in failed: ${response.status}`)
  const cookies = new Map<string, string>()
  for (const value of response.headers.getSetCookie()) storeCookie(cookies, value)
  return { cookies, signedInAt: Date.now() }
}

/** A GET as a browser sends it; keeps what the server sets in `session`. */
export async function browserGet(url: string, session?: Session): Promise<Response> {
  const response = await fetch(url, {
    headers: {
      'accept-encoding': browserAcceptEncoding,
      ...(session ? { cookie: cookieHeader(session.cookies) } : {}),
    },
  })
  if (session) for (const value of response.headers.getSetCookie()) storeCookie(session.cookies, value)
  return response
}

// ---- load ----------------------------------------------------------------------

export type Measurement = {
  title: string
  /** requests per second (autocannon's average over the run) */
  rps: number
  p50: number
  p99: number
  responses: number
  errors: number
  non2xx: number
  /** responses that carried Set-Cookie: with the cookie jars kept, a few per connection per cookie-cache period */
  setCookies: number
  /** for never-seen loads, how many distinct requests were made */
  distinct?: number
}

type ParserClient = {
  opts: { headers: Record<string, string> }
  on(event: 'headers', listener: (response: { headers: string[] }) => void): void
}
const jarKey = Symbol('cookie jar')
type JarCarrier = { [jarKey]?: { cookies: Map<string, string>; header: string } }

export type Target =
  /** these paths, cycled by every connection (popular, cached answers) */
  | { paths: string[] }
  /** a new path for every request (never-seen answers) */
  | { next: () => string }

/**
 * Loads `origin` with `target` for `seconds` from this process: 50 connections,
 * browser headers, and per connection a cookie jar started from `session` that
 * keeps every Set-Cookie for the connection's following requests (and hands it
 * back to `session` for the next run).
 */
export async function measure(
  title: string,
  origin: string,
  target: Target,
  session?: Session,
  seconds = settings.seconds,
): Promise<Measurement> {
  let setCookies = 0
  let distinct = 0
  // Every request has a setupRequest, so autocannon builds each one anew, and each takes
  // the cookie header of its connection's jar. autocannon merges the connection's
  // `opts.headers` into every request it builds and writes only string-keyed entries
  // out, so the jar rides there under a symbol (a plain `cookie` entry would be frozen
  // into the request at its first build).
  const withCookies = (request: autocannon.Request): autocannon.Request => {
    const jar = (request.headers as JarCarrier | undefined)?.[jarKey]
    return jar ? { ...request, headers: { ...request.headers, cookie: jar.header } } : request
  }
  const requests: autocannon.Request[] =
    'paths' in target
      ? target.paths.map((path) => ({ method: 'GET', path, setupRequest: withCookies }))
      : [
          {
            method: 'GET',
            setupRequest: (request: autocannon.Request) => (
              distinct++,
              { ...withCookies(request), path: target.next() }
            ),
          },
        ]
  const result = await autocannon({
    title,
    url: origin,
    connections: settings.connections,
    duration: seconds,
    headers: {
      'accept-encoding': browserAcceptEncoding,
      ...(session ? { cookie: cookieHeader(session.cookies) } : {}),
    },
    requests,
    setupClient(client) {
      if (!session) return
      // autocannon emits 'headers' with its HTTP parser's record (raw name, value pairs; not as typed)
      const connection = client as unknown as ParserClient
      const jar = { cookies: new Map(session.cookies), header: cookieHeader(session.cookies) }
      ;(connection.opts.headers as JarCarrier)[jarKey] = jar
      connection.on('headers', (response) => {
        let changed = false
        for (let i = 0; i < response.headers.length; i += 2) {
          if (response.headers[i]!.toLowerCase() !== 'set-cookie') continue
          storeCookie(jar.cookies, response.headers[i + 1]!)
          changed = true
        }
        if (!changed) return
        setCookies++
        jar.header = cookieHeader(jar.cookies)
        session.cookies = new Map(jar.cookies)
      })
    },
  })
  return {
    title,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    responses: result.requests.total,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    setCookies,
    ...('next' in target ? { distinct } : {}),
  }
}

/** The floor of every ratio: the one-row SELECT route, after a short warm-up, with the same headers and cookies. */
export async function measureSelect(server: BenchServer, session: Session): Promise<Measurement> {
  const url = new URL(server.baselineUrl)
  const target = { paths: [url.pathname] }
  if (settings.warmupSeconds > 0) await measure('warm-up', url.origin, target, session, settings.warmupSeconds)
  return measure('one-row SELECT', url.origin, target, session)
}

export function formatMeasurement(m: Measurement, select?: Measurement): string {
  const ratio = select ? `  x${(m.rps / select.rps).toFixed(2)} of SELECT` : ''
  const distinct = m.distinct === undefined ? '' : `, ${m.distinct} distinct`
  const problems = m.errors || m.non2xx ? `, errors ${m.errors}, non-2xx ${m.non2xx}` : ''
  return `${m.title.padEnd(46)} ${Math.round(m.rps).toString().padStart(6)} req/s  p50 ${String(m.p50).padStart(4)} ms  p99 ${String(m.p99).padStart(4)} ms${ratio}  (Set-Cookie ${m.setCookies}/${m.responses}${distinct}${problems})`
}

// ---- budgets -------------------------------------------------------------------

export type BudgetRow = { engine: string; budget: string; figure: string; pass: boolean }

/** ARCHITECTURE.md: at least `minRatio` of the SELECT's requests per second and, if given, p99 under `maxP99` ms; no errors. */
export function ratioBudget(
  engine: string,
  budget: string,
  m: Measurement,
  select: Measurement,
  minRatio: number,
  maxP99?: number,
): BudgetRow {
  const ratio = m.rps / select.rps
  const clean = m.errors === 0 && m.non2xx === 0
  const pass = ratio >= minRatio && (maxP99 === undefined || m.p99 < maxP99) && clean
  const goal = `>= ${minRatio.toFixed(2)}${maxP99 === undefined ? '' : `, p99 < ${maxP99} ms`}`
  const figure = `${ratio.toFixed(2)}${maxP99 === undefined ? '' : `, p99 ${m.p99} ms`} (goal ${goal})${clean ? '' : `, ${m.errors} errors, ${m.non2xx} non-2xx`}`
  return { engine, budget, figure, pass }
}

/**
 * The refreshed session cookie is kept: across `runs` (each `settings.seconds`
 * long) at most one refresh per connection per cookie-cache period, against one
 * per request once the cache period is over if the cookies were not kept. Only
 * proven when the session outlived the period.
 */
export function cookieBudget(engine: string, label: string, session: Session, runs: Measurement[]): BudgetRow {
  const setCookies = runs.reduce((sum, run) => sum + run.setCookies, 0)
  const responses = runs.reduce((sum, run) => sum + run.responses, 0)
  const ageSeconds = Math.round((Date.now() - session.signedInAt) / 1000)
  const bound = runs.reduce(
    (sum) => sum + settings.connections * (Math.ceil(settings.seconds / sessionCookieCacheSeconds) + 1),
    0,
  )
  const outlived = ageSeconds > sessionCookieCacheSeconds
  return {
    engine,
    budget: `${label}: refreshed cookie kept, no full lookups after ${sessionCookieCacheSeconds} s`,
    figure: `Set-Cookie on ${setCookies} of ${responses} responses (bound ${bound}), session ${ageSeconds} s old${outlived ? '' : ' (cache period not reached)'}`,
    pass: setCookies <= bound && outlived,
  }
}

export function planBudget(engine: string, plans: ServerReady['plans']): BudgetRow[] {
  return plans.map((plan) => ({
    engine,
    budget: `EXPLAIN ${plan.label}`,
    figure: plan.indexed ? 'index used' : 'NOT indexed',
    pass: plan.indexed,
  }))
}

export function printPlans(plans: ServerReady['plans']) {
  for (const plan of plans)
    console.log(`EXPLAIN ${plan.label}: ${plan.indexed ? 'yes' : 'NO'}\n${plan.text.replace(/^/gm, '    ')}`)
}

export function printBudgets(rows: BudgetRow[]) {
  const width = Math.max(...rows.map((row) => row.budget.length))
  console.log(`\nBudgets (ARCHITECTURE.md), ${settings.connections} connections, ${settings.seconds} s per measurement`)
  for (const row of rows)
    console.log(`${row.pass ? 'PASS' : 'FAIL'}  ${row.engine.padEnd(8)}  ${row.budget.padEnd(width)}  ${row.figure}`)
  const failed = rows.filter((row) => !row.pass).length
  console.log(failed ? `${failed} of ${rows.length} budgets FAIL` : `all ${rows.length} budgets PASS`)
}

/** Runs `main` when this module is the script node was started with (not when the suite imports it). */
export function runIfMain(moduleUrl: string, main: () => Promise<void>) {
  if (process.argv[1] && pathToFileURL(path.resolve(process.argv[1])).href === moduleUrl) {
    main().catch((error: unknown) => {
      console.error(error)
      process.exit(1)
    })
  }
}
