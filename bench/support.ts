import { serve, type ServerType } from '@hono/node-server'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer, type AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Hono } from 'hono'
import { sql } from 'drizzle-orm'
import { loadConfig } from '#server/config.ts'
import { createApp, createDeps } from '#server/app.ts'
import { migrateDatabase, openDatabase, type Database } from '#server/db/client.ts'
import { seedBaseData } from '#server/seed/base-data.ts'
import { createLogger } from '#server/platform/logger.ts'

// What the API benchmarks share: the real app on a fresh database (PGlite, or the
// PostgreSQL of DATABASE_URL), served on a real port, with the one-row SELECT route
// that every figure is a ratio of (ARCHITECTURE.md, performance budgets).

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, () => {
      const { port } = probe.address() as AddressInfo
      probe.close(() => resolve(port))
    })
  })
}

/** A fresh schema: on PostgreSQL the benchmark works in a database of its own, dropped at the end. */
async function openBenchDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const url = process.env.DATABASE_URL
  if (!url) {
    const database = await openDatabase({ kind: 'pglite' })
    return { database, drop: async () => {} }
  }
  const name = `prestige_bench_${process.pid}`
  const admin = await openDatabase({ kind: 'postgres', url, poolSize: 1 })
  await admin.db.execute(sql.raw(`create database ${name}`))
  const benchUrl = new URL(url)
  benchUrl.pathname = `/${name}`
  const database = await openDatabase({ kind: 'postgres', url: benchUrl.toString(), poolSize: 10 })
  return {
    database,
    drop: async () => {
      await admin.db.execute(sql.raw(`drop database if exists ${name} with (force)`))
      await admin.close()
    },
  }
}

export async function startBenchApp() {
  const { database, drop } = await openBenchDatabase()
  await migrateDatabase(database)
  // as at start (main.ts): the plans exist on every deployment
  await seedBaseData(database.db)
  const dataDir = await mkdtemp(path.join(tmpdir(), 'prestige-bench-'))
  const port = await freePort()
  const baseUrl = `http://localhost:${port}`
  const config = loadConfig({ NODE_ENV: 'production', AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-0', APP_URL: baseUrl, LOG_LEVEL: 'silent', DATA_DIR: dataDir })
  const deps = await createDeps({ config, database, logger: createLogger('silent'), secret: config.AUTH_SECRET! })
  const app = createApp(deps)
  const baseline = new Hono().get('/select-one', async (c) => {
    const result = (await database.db.execute(sql`select id, email from "user" limit 1`)) as unknown as { rows: unknown[] }
    return c.json(result.rows[0] ?? null)
  })
  const baselinePort = await freePort()
  const servers: ServerType[] = [serve({ fetch: app.fetch, port }), serve({ fetch: baseline.fetch, port: baselinePort })]

  return {
    database,
    deps,
    baseUrl,
    baselineUrl: `http://localhost:${baselinePort}/select-one`,
    /** Signs in through the real endpoint; the session cookie for autocannon's headers. */
    async signIn(email: string, password: string): Promise<string> {
      const response = await fetch(`${baseUrl}/api/accounts/sign-in`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: baseUrl },
        body: JSON.stringify({ email, password }),
      })
      if (!response.ok) throw new Error(`sign-in failed: ${response.status}`)
      return response.headers.getSetCookie().map((cookie) => cookie.split(';')[0]).join('; ')
    },
    async close() {
      for (const server of servers) {
        ;(server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.()
        server.close()
      }
      // requests still in flight when the load stopped finish before the database goes
      await new Promise((resolve) => setTimeout(resolve, 500))
      await deps.close()
      await database.close()
      await drop()
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}

export function formatRun(result: { title?: string; requests: { average: number }; latency: { p99: number }; errors: number; non2xx: number }) {
  return `${(result.title ?? '').padEnd(44)} ${Math.round(result.requests.average).toString().padStart(6)} req/s  p99 ${result.latency.p99} ms  errors ${result.errors}, non-2xx ${result.non2xx}`
}
