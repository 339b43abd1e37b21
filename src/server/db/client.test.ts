import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { sql } from 'drizzle-orm'
import { openDatabase, prepareNewPgliteDatabase, withTransaction, type Database } from '#server/db/client.ts'
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

  test('a transaction whose BEGIN fails gives its connection back: the next transaction runs', async () => {
    // the pool's one connection left inside a failed transaction: its BEGIN then fails
    const client = await database.pool!.connect()
    const pid = (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid
    await client.query('begin')
    await client.query('select 1/0').catch(() => {})
    client.release()
    await expect(withTransaction(database.db, async (tx) => tx.execute(sql`select 1`))).rejects.toThrow()
    // drizzle alone never released it: with a pool of one, this waited for good. The
    // connection was closed, not handed out again in its failed transaction.
    const next = await withTransaction(database.db, async (tx) =>
      (tx.execute(sql`select pg_backend_pid() as pid`) as unknown as Promise<{ rows: Array<{ pid: number }> }>).then(
        (result) => result.rows[0]!.pid,
      ),
    )
    expect(next).not.toBe(pid)

    // a transaction whose own work failed was rolled back: its connection is kept
    const failed = database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`)
      throw new Error('the work failed')
    })
    await expect(failed).rejects.toThrow('the work failed')
    expect((await database.pool!.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid).toBe(next)
  })
})

describe.skipIf(process.env.TEST_DB_KIND === 'postgres')('a new embedded database', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'prestige-new-db-'))
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

  test('is made whole under another name: a creation stopped half-way leaves nothing a start takes for a database', async () => {
    // what a start stopped during initdb left: a partial cluster beside an empty db/
    mkdirSync(path.join(dataDir, 'db.partial'), { recursive: true })
    writeFileSync(path.join(dataDir, 'db.partial', 'PG_VERSION'), '17\n')
    mkdirSync(path.join(dataDir, 'db'))
    const database = await openDatabase({ kind: 'pglite', dataDir })
    try {
      expect(((await database.db.execute(sql`select 1 as one`)) as unknown as { rows: unknown[] }).rows).toHaveLength(1)
    } finally {
      await database.close()
    }
    expect(existsSync(path.join(dataDir, 'db', 'PG_VERSION'))).toBe(true)
    expect(existsSync(path.join(dataDir, 'db.partial'))).toBe(false)
  })

  test('prepared in one go is named db/ only once filled: a failed fill leaves none, a later one is whole', async () => {
    const other = mkdtempSync(path.join(tmpdir(), 'prestige-prepared-db-'))
    const rows = (result: unknown) => (result as { rows: Array<{ note: string }> }).rows
    try {
      // the seed stopped half-way: a table made, a row written, then the failure
      const failed = prepareNewPgliteDatabase(other, async (database) => {
        await database.db.execute(sql`create table notes (note text)`)
        await database.db.execute(sql`insert into notes values ('half-way')`)
        throw new Error('seed stopped')
      })
      await expect(failed).rejects.toThrow('seed stopped')
      expect(existsSync(path.join(other, 'db'))).toBe(false)

      const filled = await prepareNewPgliteDatabase(other, async (database) => {
        await database.db.execute(sql`create table notes (note text)`)
        await database.db.execute(sql`insert into notes values ('whole')`)
        return 'filled'
      })
      expect(filled).toBe('filled')
      expect(existsSync(path.join(other, 'db.partial'))).toBe(false)
      // once made, it is not made again
      expect(await prepareNewPgliteDatabase(other, async () => 'again')).toBeNull()
      const database = await openDatabase({ kind: 'pglite', dataDir: other })
      try {
        expect(rows(await database.db.execute(sql`select note from notes`))).toEqual([{ note: 'whole' }])
      } finally {
        await database.close()
      }
    } finally {
      rmSync(other, { recursive: true, force: true })
    }
  })

  test('is not made over a db/ that holds files but no database', async () => {
    const other = mkdtempSync(path.join(tmpdir(), 'prestige-not-a-db-'))
    try {
      mkdirSync(path.join(other, 'db'))
      writeFileSync(path.join(other, 'db', 'notes.txt'), 'not a database')
      await expect(openDatabase({ kind: 'pglite', dataDir: other })).rejects.toThrow(/holds files but no database/)
      expect(existsSync(path.join(other, 'db', 'notes.txt'))).toBe(true)
    } finally {
      rmSync(other, { recursive: true, force: true })
    }
  })
})
