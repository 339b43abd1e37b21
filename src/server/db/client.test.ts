import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { sql } from 'drizzle-orm'
import { openDatabase, type Database } from '#server/db/client.ts'
import { openTestDatabase } from '#server/testing/test-database.ts'

describe.runIf(process.env.TEST_DB_KIND === 'postgres')('the PostgreSQL pool', () => {
  let owner: Database
  let database: Database
  const lost: Error[] = []

  beforeAll(async () => {
    owner = await openTestDatabase()
    database = await openDatabase({
      kind: 'postgres',
      url: owner.url!,
      poolSize: 1,
      onIdleConnectionLost: (error) => lost.push(error),
    })
  })
  afterAll(async () => {
    await database?.close()
    await owner?.close()
  })

  test('survives the server ending an idle connection, and opens a new one', async () => {
    const backendPid = async () =>
      (await database.pool!.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid
    const pid = await backendPid()
    // what a restart or failover does to every idle connection
    await owner.pool!.query('select pg_terminate_backend($1)', [pid])
    await expect.poll(() => lost.length).toBe(1)
    expect((lost[0] as Error & { code?: string }).code).toBe('57P01')

    expect(await backendPid()).not.toBe(pid)
  })

  test('survives the server ending a connection in the middle of a transaction: the transaction fails, the pool goes on', async () => {
    let pid = 0
    const transaction = database.db.transaction(async (tx) => {
      pid = ((await tx.execute(sql`select pg_backend_pid() as pid`)) as unknown as { rows: { pid: number }[] }).rows[0]!
        .pid
      await owner.pool!.query('select pg_terminate_backend($1)', [pid])
      await tx.execute(sql`select 1`)
    })
    await expect(transaction).rejects.toThrow()
    const next = (await database.pool!.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid
    expect(next).not.toBe(pid)
  })
})
