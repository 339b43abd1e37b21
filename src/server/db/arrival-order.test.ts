import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { sql } from 'drizzle-orm'
import { openDatabase, type Database } from '#server/db/client.ts'
import { openTestDatabase } from '#server/testing/test-database.ts'
import { inArrivalOrder } from './arrival-order.ts'

// PGlite's statements take turns by their request's arrival, and the event loop
// turns between two of them (db/arrival-order.ts, docs/decisions/040).
describe.skipIf(process.env.TEST_DB_KIND === 'postgres')('statements on PGlite in arrival order', () => {
  let database: Database
  beforeAll(async () => {
    database = await openTestDatabase()
  })
  afterAll(async () => {
    await database?.close()
  })

  const select = (label: string, done: string[]) =>
    database.db.execute(sql`select ${label}::text as label`).then(() => void done.push(label))

  test("an earlier request's later statements go before a later request's first", async () => {
    const done: string[] = []
    // a background statement holds the connection while both requests arrive
    const holding = select('background', done)
    const first = inArrivalOrder(async () => {
      await select('first 1', done)
      await select('first 2', done)
      await select('first 3', done)
    })
    const second = inArrivalOrder(() => select('second 1', done))
    await Promise.all([holding, first, second])
    // PGlite's own lock, first come first served, gave: first 1, second 1, first 2, first 3
    expect(done).toEqual(['background', 'first 1', 'first 2', 'first 3', 'second 1'])
  })

  test("work a request leaves running (its timer) takes its place when it asks, not its request's", async () => {
    const done: string[] = []
    // a transaction holds the connection while the others ask for it
    let openGate = () => {}
    const gate = new Promise<void>((resolve) => (openGate = resolve))
    const holding = database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`)
      await gate
      done.push('background')
    })
    let release = () => {}
    const asked = new Promise<void>((resolve) => (release = resolve))
    let timer: Promise<void> | undefined
    // the first request starts its timer and answers; the timer asks only later
    await inArrivalOrder(async () => {
      timer = asked.then(() => select("first's timer", done))
    })
    const second = inArrivalOrder(() => select('second', done))
    release()
    await new Promise((resolve) => setImmediate(resolve))
    openGate()
    await Promise.all([holding, second, timer])
    // in the first request's place it would have gone before the second request
    expect(done).toEqual(['background', 'second', "first's timer"])
  })

  test('the event loop turns between two statements, so a request meanwhile is read', async () => {
    const done: string[] = []
    const statements = Array.from({ length: 5 }, (_, i) => select(`statement ${i + 1}`, done))
    setImmediate(() => done.push('event loop'))
    await Promise.all(statements)
    // PGlite's own lock handed the connection on in microtasks: all five, then the event loop
    expect(done.indexOf('event loop')).toBeGreaterThan(0)
    expect(done.indexOf('event loop')).toBeLessThan(4)
  })

  test('a failed statement and a transaction keep the line moving', async () => {
    const failing = database.db.execute(sql`select 1 / 0`)
    const transaction = database.db.transaction(async (tx) => {
      const result = (await tx.execute(sql`select 2 as two`)) as unknown as { rows: Array<{ two: number }> }
      return result.rows[0]!.two
    })
    const after = database.db.execute(sql`select 3 as three`) as unknown as Promise<{ rows: Array<{ three: number }> }>
    await expect(failing).rejects.toThrow()
    await expect(transaction).resolves.toBe(2)
    expect((await after).rows[0]!.three).toBe(3)
  })
})

// A PostgreSQL pool hands its connections out by arrival too: here one connection,
// so the order is the order of the statements (db/arrival-order.ts, decision 040).
describe.skipIf(process.env.TEST_DB_KIND !== 'postgres')('a PostgreSQL pool in arrival order', () => {
  let database: Database
  let oneConnection: Database
  beforeAll(async () => {
    database = await openTestDatabase()
    oneConnection = await openDatabase({ kind: 'postgres', url: database.url!, poolSize: 1 })
  })
  afterAll(async () => {
    await oneConnection?.close()
    await database?.close()
  })

  const select = (label: string, done: string[], seconds = 0) =>
    oneConnection.db
      .execute(sql`select ${label}::text as label, pg_sleep(${seconds})`)
      .then(() => void done.push(label))

  test("an earlier request's later statements go before a later request's first; the waiting are counted", async () => {
    const done: string[] = []
    // a slow background statement holds the connection while both requests arrive
    const holding = select('background', done, 0.2)
    const first = inArrivalOrder(async () => {
      await select('first 1', done)
      await select('first 2', done)
      await select('first 3', done)
    })
    const second = inArrivalOrder(() => select('second 1', done))
    await expect.poll(() => oneConnection.poolWaiting!()).toBe(2)
    await Promise.all([holding, first, second])
    // the pool's own queue, first come first served, gave: first 1, second 1, first 2, first 3
    expect(done).toEqual(['background', 'first 1', 'first 2', 'first 3', 'second 1'])
    expect(oneConnection.poolWaiting!()).toBe(0)
  })

  test('a transaction holds its turn until it ends, committed or rolled back, and the line moves on', async () => {
    const done: string[] = []
    const committed = oneConnection.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_sleep(0.1)`)
      done.push('committed')
    })
    const waiting = select('after the transactions', done)
    const rolledBack = oneConnection.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`)
      throw new Error('rolled back')
    })
    await expect(rolledBack).rejects.toThrow('rolled back')
    await Promise.all([committed, waiting])
    // the statement waited for the first transaction, whose turn came before it
    expect(done).toEqual(['committed', 'after the transactions'])
    await expect(select('still moving', done)).resolves.toBeUndefined()
  })

  test("a failed statement gives up its turn, and a request's leftover work takes a new place", async () => {
    const done: string[] = []
    const holding = select('background', done, 0.2)
    const failing = oneConnection.db.execute(sql`select 1 / 0`)
    let release = () => {}
    const asked = new Promise<void>((resolve) => (release = resolve))
    let timer: Promise<void> | undefined
    await inArrivalOrder(async () => {
      timer = asked.then(() => select("first's timer", done))
    })
    const second = inArrivalOrder(() => select('second', done))
    // the failing statement and the second request wait behind the slow one
    await expect.poll(() => oneConnection.poolWaiting!()).toBe(2)
    release()
    await expect(failing).rejects.toThrow()
    await Promise.all([holding, second, timer])
    expect(done).toEqual(['background', 'second', "first's timer"])
    expect(oneConnection.poolWaiting!()).toBe(0)
  })
})
