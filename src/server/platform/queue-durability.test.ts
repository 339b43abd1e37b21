import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, describe, expect, test } from 'vitest'
import type { Database } from '#server/db/client.ts'
import { createMember } from '#server/modules/accounts/members.ts'
import { freePort } from '#server/testing/free-port.ts'
import { startServer, stopped } from '#server/testing/server-process.ts'
import { startSmtpServer } from '#server/testing/smtp.ts'
import { openTestDatabase } from '#server/testing/test-database.ts'

// Issue 14: a mail whose request committed is not lost when the process dies before
// sending it. The real server (src/server/main.ts) runs as a child process on
// PostgreSQL, its mail server down; it is killed with SIGKILL (nothing of it runs
// after that), and a new server process sends the mail.

describe.runIf(process.env.TEST_DB_KIND === 'postgres')('a queued mail and a killed process', () => {
  const cleanups: Array<() => Promise<unknown>> = []
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {})
  })

  test('a mail queued by a request is sent after kill -9 and a restart', { timeout: 120_000 }, async () => {
    const database: Database = await openTestDatabase()
    cleanups.push(() => database.close())
    const dataDir = await mkdtemp(path.join(tmpdir(), 'prestige-kill-'))
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }))
    await createMember(database.db, {
      email: 'night.admin@example.com',
      password: 'Night-Admin-1',
      firstName: 'Night',
      lastName: 'Admin',
      admin: true,
    })
    const [port, smtpPort] = [await freePort(), await freePort()]
    const baseUrl = `http://localhost:${port}`
    const env = {
      NODE_ENV: 'test',
      DATABASE_URL: database.url!,
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: baseUrl,
      DATA_DIR: dataDir,
      AUTH_SECRET: 'kill-test-secret-kill-test-secret-0123',
      LOG_LEVEL: 'error',
      // nothing listens here while the first process runs
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(smtpPort),
      SMTP_IGNORE_TLS: 'true',
    }
    const mailJob = async () => {
      const result = (await database.db.execute(
        sql`select state::text as state from pgboss.job where name = 'send-mail'`,
      )) as unknown as { rows: Array<{ state: string }> }
      return result.rows.map((row) => row.state)
    }

    const first = await startServer(env)
    cleanups.push(() => stopped(first, 'SIGKILL'))
    const response = await fetch(`${baseUrl}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseUrl },
      body: JSON.stringify({
        name: 'Kay Killed',
        email: 'kay@example.com',
        subject: 'After the crash',
        message: 'Still there?',
      }),
    })
    expect(response.status).toBe(201)
    // the first try met the closed port; the job waits for its retry
    await expect.poll(mailJob, { timeout: 20_000 }).toEqual(['retry'])
    await stopped(first, 'SIGKILL')
    expect(first.signalCode).toBe('SIGKILL')

    const smtp = await startSmtpServer({ port: smtpPort })
    cleanups.push(() => smtp.close())
    const second = await startServer(env)
    cleanups.push(() => stopped(second, 'SIGTERM'))
    const mail = await smtp.waitFor('night.admin@example.com', /Contact message: After the crash/, 60_000)
    expect(mail.text).toContain('Still there?')
    await expect.poll(mailJob, { timeout: 10_000 }).toEqual(['completed'])
    expect(smtp.received).toHaveLength(1)
    await stopped(second, 'SIGTERM')
    expect(second.exitCode).toBe(0)
  })
})
