import { createHmac, randomBytes } from 'node:crypto'
import { hashPassword } from 'better-auth/crypto'
import { sql } from 'drizzle-orm'
import { loadConfig } from '#server/config.ts'
import { createApp, createDeps } from '#server/app.ts'
import { openDatabase, type Database } from '#server/db/client.ts'
import { session } from '#server/db/schema/auth.ts'
import { createMember, type MemberSpec } from '#server/modules/accounts/members.ts'
import { createLogger } from '#server/platform/logger.ts'
import type { QueueTuning } from '#server/platform/queue.ts'
import { openTestDatabase } from './test-database.ts'

export const testBaseUrl = 'http://localhost:3000'
const testSecret = 'test-secret-test-secret-test-secret-0123'

let ipCounter = 0

/** A browser-like client: keeps its cookies, sends our Origin, has an address of its own (per-IP limits). */
export class TestClient {
  readonly cookies = new Map<string, string>()
  constructor(
    private readonly app: { request: (path: string, init?: RequestInit) => Response | Promise<Response> },
    /** Its address; give another client's to be the same visitor on another instance. */
    readonly ip = `10.9.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`,
  ) {}

  async request(method: string, path: string, json?: unknown, headers: Record<string, string> = {}) {
    const response = await this.app.request(path, {
      method,
      headers: {
        origin: testBaseUrl,
        'x-forwarded-for': this.ip,
        ...(json === undefined || json instanceof FormData ? {} : { 'content-type': 'application/json' }),
        ...(this.cookies.size ? { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } : {}),
        ...headers,
      },
      // a FormData body goes as multipart (uploads); anything else as JSON
      body: json === undefined ? undefined : json instanceof FormData ? json : JSON.stringify(json),
    })
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';')
      const index = pair.indexOf('=')
      const name = pair.slice(0, index).trim()
      const value = pair.slice(index + 1).trim()
      const expired = attributes.some((a) => /max-age=0\b/i.test(a.trim())) || value === ''
      if (expired) this.cookies.delete(name)
      else this.cookies.set(name, value)
    }
    return response
  }

  get = (path: string) => this.request('GET', path)
  post = (path: string, json?: unknown) => this.request('POST', path, json ?? {})
  put = (path: string, json?: unknown) => this.request('PUT', path, json ?? {})
  delete = (path: string) => this.request('DELETE', path)
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>

/** Jobs created, waiting to be retried or running (pg-boss's own scheduling queue left out). */
async function pendingJobs(database: Database, kinds?: string[]): Promise<number> {
  const names =
    kinds &&
    sql.join(
      kinds.map((kind) => sql`${kind}`),
      sql`, `,
    )
  const result = (await database.db.execute(sql`
    select count(*)::int as pending from pgboss.job
    where state < 'completed' and not starts_with(name, '__pgboss__')
    ${names ? sql`and name in (${names})` : sql``}
  `)) as unknown as { rows: Array<{ pending: number }> }
  return result.rows[0]?.pending ?? 0
}

/** The real app on a database of its own, driven in-process through app.request. */
export async function createTestApp(env: Record<string, string> = {}, options: { queue?: QueueTuning } = {}) {
  const database: Database = await openTestDatabase()
  const config = loadConfig({
    NODE_ENV: 'test',
    APP_URL: testBaseUrl,
    TRUST_PROXY: 'true',
    LOG_LEVEL: 'silent',
    DATA_DIR: '.tmp/test-data',
    ...env,
  })
  const logger = createLogger(config.LOG_LEVEL)
  const deps = await createDeps({
    config,
    database,
    logger,
    secret: testSecret,
    queue: options.queue,
  })
  const app = createApp(deps)
  let memberCounter = 0
  return {
    app,
    deps,
    db: database.db,
    database,
    client: () => new TestClient(app),
    /**
     * Resolves once no job of `kinds` (every kind when none is given) waits or runs:
     * what a request queued has been sent, so a mail that did not come never will.
     */
    async jobsSettled(kinds?: string[], timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs
      for (;;) {
        const pending = await pendingJobs(database, kinds)
        if (pending === 0) return
        if (Date.now() > deadline) throw new Error(`${pending} jobs still waiting or running`)
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
    },
    /** A member created by the shared factory and signed in through the real endpoint. */
    async signedIn(spec: Partial<MemberSpec> & { subscribed?: boolean } = {}) {
      const email = spec.email ?? `member${++memberCounter}-${Math.random().toString(36).slice(2, 8)}@example.com`
      const password = spec.password ?? 'Correct-Horse-9'
      const member = await createMember(database.db, {
        firstName: 'Test',
        lastName: 'Member',
        ...spec,
        email,
        password,
        subscribedDays: spec.subscribed ? 30 : spec.subscribedDays,
      })
      const client = new TestClient(app)
      const response = await client.post('/api/accounts/sign-in', { email, password })
      if (response.status !== 200) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`)
      return Object.assign(client, { member: { ...member, password } })
    },
    /**
     * `count` members signed in at once (a race of hundreds of members): one password
     * hash for all, and each session written as better-auth writes one, its cookie
     * signed as better-auth signs it (HMAC-SHA256 of the token with the app's secret),
     * instead of `count` sign-ins of ~50 ms of hashing each. The app reads these
     * sessions through its own session check, as any other.
     */
    async signedInMany(count: number, spec: Partial<MemberSpec> & { subscribed?: boolean } = {}) {
      const password = 'Correct-Horse-9'
      const passwordHash = await hashPassword(password)
      const clients = []
      for (let index = 0; index < count; index++) {
        const email = `crowd${++memberCounter}-${Math.random().toString(36).slice(2, 8)}@example.com`
        const member = await createMember(database.db, {
          firstName: 'Crowd',
          lastName: `Member ${index + 1}`,
          ...spec,
          email,
          password,
          passwordHash,
          subscribedDays: spec.subscribed ? 30 : spec.subscribedDays,
        })
        const token = randomBytes(24).toString('base64url')
        await database.db.insert(session).values({
          id: crypto.randomUUID(),
          token,
          userId: member.id,
          expiresAt: new Date(Date.now() + 86_400_000),
        })
        const signature = createHmac('sha256', testSecret).update(token).digest('base64')
        const client = new TestClient(app)
        client.cookies.set('better-auth.session_token', encodeURIComponent(`${token}.${signature}`))
        clients.push(Object.assign(client, { member: { ...member, password } }))
      }
      return clients
    },
    /**
     * Another instance of the app on this same PostgreSQL database (PostgreSQL
     * only: PGlite is one process's), as a second server behind a balancer.
     */
    async secondInstance() {
      if (!database.url) throw new Error('a second instance needs PostgreSQL')
      const databaseB = await openDatabase({ kind: 'postgres', url: database.url, poolSize: 2 })
      const depsB = await createDeps({ config, database: databaseB, logger, secret: testSecret })
      const appB = createApp(depsB)
      return {
        app: appB,
        deps: depsB,
        client: (ip?: string) => new TestClient(appB, ip),
        close: async () => {
          await depsB.close()
          await databaseB.close()
        },
      }
    },
    close: async () => {
      await deps.close()
      await database.close()
    },
  }
}
