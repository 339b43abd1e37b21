import { AsyncLocalStorage } from 'node:async_hooks'
import type { PGlite } from '@electric-sql/pglite'
import type pg from 'pg'

// PGlite runs every statement on this thread, start to end, and its own lock hands
// the connection to the next waiting statement at once, in a microtask: while
// statements wait, the event loop never turns, so no new request is even read.
// Requests were served in batches, each new one waiting out the batch before it and
// then its place in its own: under 50 connections of never-seen searches a request
// waited up to twice the batch (p99 520 ms where the mean was 270; docs/decisions/040).
//
// Here the statements take turns in the order their requests arrived: a request's
// second and third statements go before the statements of requests that came after
// it, and between two statements the event loop turns once, so requests that came
// meanwhile are read and take their place in line. Every request then waits about
// the same: the work queued ahead of it when it arrived.

// a request's place, held while its handling runs
type Arrival = { place: number; open: boolean }
const arrival = new AsyncLocalStorage<Arrival>()
let arrivals = 0

/**
 * Runs `work` (a request's handling) as one arrival: its statements keep this place
 * in line until `work` has settled. What the request leaves running after that (a
 * live stream's timer) takes its place when it asks: it would otherwise carry the
 * request's early place, ahead of every request since, for as long as it runs.
 */
export function inArrivalOrder<T>(work: () => T): T {
  const request: Arrival = { place: arrivals++, open: true }
  const close = () => void (request.open = false)
  const result = arrival.run(request, work)
  if (result instanceof Promise) result.then(close, close)
  else close()
  return result
}

type Turn = { place: number; start: () => void }

/**
 * A line of turns, `capacity` at a time, earliest place first: work inside a request
 * takes its request's place (`inArrivalOrder`), other work (a background job) the
 * place of the moment it asks. A finished turn hands its slot on through `later`,
 * which must let the finished turn's own continuation (microtasks) run first.
 */
function arrivalLine(capacity: number, later: (handOn: () => void) => void) {
  // waiting turns, earliest place first (a binary heap: hundreds may wait under load)
  const waiting: Turn[] = []
  let running = 0

  const push = (turn: Turn) => {
    waiting.push(turn)
    for (let i = waiting.length - 1; i > 0;) {
      const parent = (i - 1) >> 1
      if (waiting[parent]!.place <= turn.place) break
      waiting[i] = waiting[parent]!
      waiting[parent] = turn
      i = parent
    }
  }
  const pop = (): Turn | undefined => {
    const first = waiting[0]
    const last = waiting.pop()
    if (!first || !last || waiting.length === 0) return first
    waiting[0] = last
    for (let i = 0; ;) {
      const left = 2 * i + 1
      const right = left + 1
      let least = i
      if (left < waiting.length && waiting[left]!.place < waiting[least]!.place) least = left
      if (right < waiting.length && waiting[right]!.place < waiting[least]!.place) least = right
      if (least === i) break
      ;[waiting[i], waiting[least]] = [waiting[least]!, waiting[i]!]
      i = least
    }
    return first
  }
  // the next turn is chosen when it starts, not when the last one ends: by then the
  // request whose statement just ended has asked for its next one, in its early place
  const startNext = () => {
    const turn = pop()
    if (turn) turn.start()
    else running--
  }
  const handOn = () => later(startNext)

  /** Waits for a turn; the turn ends when the returned function is called (once). */
  const takeTurn = (): Promise<() => void> => {
    const request = arrival.getStore()
    const place = request?.open ? request.place : arrivals++
    return new Promise((resolve) => {
      const start = () => {
        let ended = false
        resolve(() => {
          if (ended) return
          ended = true
          handOn()
        })
      }
      if (running < capacity) {
        running++
        start()
      } else push({ place, start })
    })
  }
  const inTurn = async <T>(work: () => Promise<T>): Promise<T> => {
    const end = await takeTurn()
    try {
      return await work()
    } finally {
      end()
    }
  }
  return { takeTurn, inTurn, waitingCount: () => waiting.length }
}

/**
 * Makes `pglite`'s statements outside a transaction (`query`, `exec`) and its
 * transactions take turns by arrival, one at a time, the event loop turning between
 * two (setImmediate). Statements inside a transaction run in the transaction's turn,
 * through the transaction's own handle.
 */
export function takeTurnsInArrivalOrder(pglite: PGlite): void {
  const { inTurn } = arrivalLine(1, (handOn) => setImmediate(handOn))
  const query = pglite.query.bind(pglite)
  const exec = pglite.exec.bind(pglite)
  const transaction = pglite.transaction.bind(pglite)
  pglite.query = ((...args: Parameters<typeof query>) => inTurn(() => query(...args))) as typeof pglite.query
  pglite.exec = ((...args: Parameters<typeof exec>) => inTurn(() => exec(...args))) as typeof pglite.exec
  pglite.transaction = ((...args: Parameters<typeof transaction>) =>
    inTurn(() => transaction(...args))) as typeof pglite.transaction
}

/**
 * Makes a PostgreSQL pool hand its connections out by arrival instead of first come,
 * first served per statement: `pool.query` and `pool.connect` (a transaction, until
 * its client is released) take turns, as many at once as the pool has connections,
 * so the pool itself never queues. Under load a request of three statements then
 * waits for the work ahead of it once, not three times behind later requests'
 * statements (docs/decisions/040). The callback forms pass straight through.
 * Returns how many wait (the pool's own count of waiting clients stays 0).
 */
export function poolInArrivalOrder(pool: pg.Pool): () => number {
  // no turn of the event loop needed: each statement waits for the network anyway;
  // a tick lets the finished request ask for its next statement first
  const { takeTurn, inTurn, waitingCount } = arrivalLine(pool.options.max, (handOn) => process.nextTick(handOn))
  const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>
  const connect = pool.connect.bind(pool) as (...args: unknown[]) => Promise<pg.PoolClient>
  const withCallback = (args: unknown[]) => args.some((arg) => typeof arg === 'function')
  pool.query = ((...args: unknown[]) =>
    withCallback(args) ? query(...args) : inTurn(() => query(...args))) as typeof pool.query
  const connectInTurn = async () => {
    const end = await takeTurn()
    let client: pg.PoolClient
    try {
      client = await connect()
    } catch (error) {
      end()
      throw error
    }
    // a client is checked out again and again: its release is ours for this checkout only
    const release = client.release
    client.release = (...releaseArgs: Parameters<typeof release>) => {
      client.release = release
      end()
      return release.apply(client, releaseArgs)
    }
    return client
  }
  // not async itself: pg-pool's own query() calls the callback form and must see its throws
  pool.connect = ((...args: unknown[]) =>
    withCallback(args) ? connect(...args) : connectInTurn()) as typeof pool.connect
  return waitingCount
}
