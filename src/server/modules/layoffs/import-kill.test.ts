import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import PgBoss from 'pg-boss'
import { afterAll, describe, expect, test } from 'vitest'
import type { Database } from '#server/db/client.ts'
import { createMember } from '#server/modules/accounts/members.ts'
import { freePort } from '#server/testing/free-port.ts'
import { startServer, stopped } from '#server/testing/server-process.ts'
import { openTestDatabase } from '#server/testing/test-database.ts'
import type { LayoffImportPreview, LayoffImportView } from '#shared/layoffs/schemas.ts'

// Issue 19: "kill -9 of the server in the middle of an import of 100,000 rows leaves
// zero rows of that import" (docs/decisions/028: one transaction; a killed run never
// committed, pg-boss expires its job and the retry starts from zero). The real server
// (src/server/main.ts) runs as a child process on PostgreSQL; an admin uploads a
// 100,000-row file and starts the import; once the live stream reports progress
// (processed > 0 and < total: the job is writing, mid-way) the process gets SIGKILL.
// The database then holds no record and no change row of that import, and the import
// is still 'running' (nothing of the run committed). A new server process then runs
// the retry: the import ends done with all its records, or failed with none; never half.
//
// pg-boss gives a job left active by a dead process back after its expiry (600 s for
// this job) at its next maintenance (every 120 s). The test does not wait that long:
// it moves the job's start 601 s back (the only thing it fakes) and runs pg-boss's own
// maintenance every second from this process; the retry is then the new server's.

const rowCount = 100_000
const companies = 5000

/** 100,000 rows, each its own notice (company, state, date), in a WARN office's columns. */
function killCsv(): string {
  const lines = ['Company,State,Layoff Date,Number of Workers,Closure/Layoff,Notes']
  const states = ['OH', 'TX', 'CA', 'NY', 'FL']
  for (let i = 0; i < rowCount; i++) {
    const day = new Date(Date.UTC(2016, 0, 1) + Math.floor(i / companies) * 86_400_000)
    const date = `${day.getUTCMonth() + 1}/${day.getUTCDate()}/${day.getUTCFullYear()}`
    lines.push(
      `Killproof Works ${i % companies},${states[i % states.length]},${date},"${(1 + (i % 1900)).toLocaleString('en-US')}",${i % 4 ? 'Layoff' : 'Closure'},"Site ${i}, line two"`,
    )
  }
  return `${lines.join('\r\n')}\r\n`
}

type Payload = { control?: string; type?: string; data?: { importId?: string; processed?: number; total?: number; status?: string } } // prettier-ignore

/** The live stream as a browser's EventSource reads it; `next` waits (up to a deadline) for a matching message. */
async function openStream(baseUrl: string, cookie: string) {
  const response = await fetch(`${baseUrl}/api/live`, { headers: { cookie, accept: 'text/event-stream' } })
  if (response.status !== 200 || !response.body) throw new Error(`event stream refused: ${response.status}`)
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader()
  const received: Payload[] = []
  let wake = () => {}
  let ended = false
  void (async () => {
    let buffer = ''
    try {
      for (;;) {
        const { value, done } = await reader.read()
        if (done) break
        buffer += value
        let boundary: number
        while ((boundary = buffer.indexOf('\n\n')) >= 0) {
          const data = buffer
            .slice(0, boundary)
            .split('\n')
            .filter((line) => line.startsWith('data:'))
            .map((line) => line.slice(5).trimStart())
          buffer = buffer.slice(boundary + 2)
          if (data.length) received.push(JSON.parse(data.join('\n')) as Payload)
        }
        wake()
      }
    } catch {
      // cancelled, or the server was killed
    } finally {
      ended = true
      wake()
    }
  })()
  return {
    async next(predicate: (message: Payload) => boolean, timeoutMs: number): Promise<Payload> {
      const deadline = Date.now() + timeoutMs
      for (;;) {
        const found = received.find(predicate)
        if (found) return found
        if (ended) throw new Error(`the stream ended; received: ${JSON.stringify(received.slice(-5))}`)
        const left = deadline - Date.now()
        if (left <= 0) throw new Error(`nothing matching within ${timeoutMs} ms; last: ${JSON.stringify(received.slice(-5))}`) // prettier-ignore
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left)
          wake = () => {
            clearTimeout(timer)
            resolve()
          }
        })
      }
    },
    close: () => reader.cancel().catch(() => {}),
  }
}

describe.runIf(process.env.TEST_DB_KIND === 'postgres')('kill -9 in the middle of a layoff import', () => {
  const cleanups: Array<() => Promise<unknown>> = []
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {})
  })

  test(
    'leaves zero rows of the import; the retry after a restart imports all of it',
    { timeout: 180_000 },
    async () => {
      const database: Database = await openTestDatabase()
      cleanups.push(() => database.close())
      const dataDir = await mkdtemp(path.join(tmpdir(), 'prestige-layoff-kill-'))
      cleanups.push(() => rm(dataDir, { recursive: true, force: true }))
      const password = 'Kill-Admin-19'
      await createMember(database.db, {
        email: 'kill.admin@example.com',
        password,
        firstName: 'Kill',
        lastName: 'Admin',
        admin: true,
      })
      const port = await freePort()
      const baseUrl = `http://localhost:${port}`
      const env = {
        NODE_ENV: 'test',
        DATABASE_URL: database.url!,
        PORT: String(port),
        HOST: '127.0.0.1',
        APP_URL: baseUrl,
        DATA_DIR: dataDir,
        AUTH_SECRET: 'layoff-kill-secret-layoff-kill-secret-01',
        LOG_LEVEL: 'error',
      }
      const count = async (table: 'layoff_records' | 'layoff_import_changes', importId: string) => {
        const result = (await database.db.execute(
          sql`select count(*)::int as n from ${sql.identifier(table)} where import_id = ${importId}`,
        )) as unknown as { rows: Array<{ n: number }> }
        return result.rows[0]!.n
      }
      const importRow = async (importId: string) => {
        const result = (await database.db.execute(
          sql`select status, imported, updated from layoff_imports where id = ${importId}`,
        )) as unknown as { rows: Array<{ status: string; imported: number; updated: number }> }
        return result.rows[0]!
      }

      const first = await startServer(env)
      cleanups.push(() => stopped(first, 'SIGKILL'))
      const signIn = await fetch(`${baseUrl}/api/accounts/sign-in`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: baseUrl },
        body: JSON.stringify({ email: 'kill.admin@example.com', password }),
      })
      expect(signIn.status).toBe(200)
      const cookie = signIn.headers
        .getSetCookie()
        .map((value) => value.split(';')[0])
        .join('; ')
      const post = (route: string, body: BodyInit, headers: Record<string, string> = {}) =>
        fetch(`${baseUrl}${route}`, { method: 'POST', headers: { cookie, origin: baseUrl, ...headers }, body })

      const stream = await openStream(baseUrl, cookie)
      cleanups.push(() => stream.close())
      await stream.next((message) => message.control === 'hello', 15_000)

      const form = new FormData()
      form.append('file', new Blob([killCsv()], { type: 'text/csv' }), 'warn-100k.csv')
      const previewed = await post('/api/admin/layoffs/imports/preview', form)
      expect(previewed.status).toBe(201)
      const preview = (await previewed.json()) as LayoffImportPreview
      expect(preview).toMatchObject({ totalRows: rowCount, problems: [] })
      const started = await post(
        '/api/admin/layoffs/imports',
        JSON.stringify({ uploadId: preview.uploadId, fileName: preview.fileName, mapping: preview.suggestedMapping }),
        { 'content-type': 'application/json' },
      )
      expect(started.status).toBe(202)
      const importId = ((await started.json()) as LayoffImportView).id

      // the job is writing its batches: the first progress past zero, far from the end
      const progress = await stream.next(
        (message) =>
          message.type === 'layoffs.import.progress' &&
          message.data?.importId === importId &&
          (message.data.processed ?? 0) > 0,
        60_000,
      )
      await stopped(first, 'SIGKILL')
      expect(first.signalCode).toBe('SIGKILL')
      const { processed = 0, total = 0 } = progress.data!
      expect(total).toBe(rowCount)
      expect(processed).toBeGreaterThan(0)
      expect(processed).toBeLessThan(total)

      // nothing of the run committed: no record, no before-value, and the import still 'running'
      expect(await count('layoff_records', importId)).toBe(0)
      expect(await count('layoff_import_changes', importId)).toBe(0)
      expect((await importRow(importId)).status).toBe('running')

      // a new process; the killed run's job comes back as pg-boss's expiry would give it back
      const second = await startServer(env)
      cleanups.push(() => stopped(second, 'SIGTERM'))
      const after = await openStream(baseUrl, cookie)
      cleanups.push(() => after.close())
      await after.next((message) => message.control === 'hello', 15_000)
      await database.db.execute(sql`
      update pgboss.job set started_on = started_on - interval '601 seconds'
      where name = 'layoff-import' and state = 'active' and data->>'importId' = ${importId}`)
      const maintenance = new PgBoss({
        connectionString: database.url!,
        max: 1,
        migrate: false,
        schedule: false,
        maintenanceIntervalSeconds: 1,
      })
      maintenance.on('error', () => {})
      await maintenance.start()
      cleanups.push(() => maintenance.stop({ graceful: false }))

      const finished = await after.next(
        (message) => message.type === 'layoffs.import.finished' && message.data?.importId === importId,
        120_000,
      )
      const row = await importRow(importId)
      const records = await count('layoff_records', importId)
      const changes = await count('layoff_import_changes', importId)
      if (finished.data?.status === 'done') {
        // the retry ran from zero: every row once, created, nothing half
        expect(row).toMatchObject({ status: 'done', imported: rowCount, updated: 0 })
        expect(records).toBe(rowCount)
        expect(changes).toBe(rowCount)
      } else {
        expect(row.status).toBe('failed')
        expect(records).toBe(0)
        expect(changes).toBe(0)
      }
      await stopped(second, 'SIGTERM')
      expect(second.exitCode).toBe(0)
    },
  )
})
