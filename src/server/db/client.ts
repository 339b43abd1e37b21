import {
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeSync,
  closeSync,
} from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { Worker } from 'node:worker_threads'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import * as schema from './schema/index.ts'
import { poolInArrivalOrder, takeTurnsInArrivalOrder } from './arrival-order.ts'

export type Schema = typeof schema
/** A database or a transaction: every query function takes this first (ARCHITECTURE.md rule 3). */
export type Db = PgDatabase<PgQueryResultHKT, Schema>

export type Database = {
  kind: 'pglite' | 'postgres'
  db: Db
  /** The PostgreSQL connection string (PostgreSQL only): another instance can open the same database. */
  url?: string
  /** The raw client, for LISTEN/NOTIFY and health checks. */
  pglite?: PGlite
  pool?: pg.Pool
  /** Statements and transactions waiting for a connection of the pool, in arrival order (PostgreSQL only). */
  poolWaiting?: () => number
  ping(): Promise<void>
  /**
   * Calls `onNotify` with the payload of every NOTIFY on `channel`, from any
   * connection (on PostgreSQL, any instance). `onReconnect` runs after a lost
   * listening connection is back, so the caller can catch up on what it missed.
   */
  listen(channel: string, onNotify: (payload: string) => void, onReconnect?: () => void): Promise<() => Promise<void>>
  close(): Promise<void>
}

export const migrationsFolder = path.resolve(import.meta.dirname, '../../../drizzle')

// PGlite is one process's database: it does not lock its directory, and two
// processes writing it corrupt it. Take a lock file; a stale one (its process
// gone) is taken over.
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true })
  const lockPath = path.join(dataDir, 'prestige.lock')
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, 'wx')
      writeSync(fd, String(process.pid))
      closeSync(fd)
      return () => rmSync(lockPath, { force: true })
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const holder = Number(readFileSync(lockPath, 'utf8'))
      if (holder && holder !== process.pid && isAlive(holder)) {
        throw new Error(`The database in ${dataDir} is in use by process ${holder}; stop it first or set DATA_DIR`)
      }
      rmSync(lockPath, { force: true })
    }
  }
  throw new Error(`Could not lock ${lockPath}`)
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * The contrib extensions the migrations create, which PGlite must load at open:
 * pg_trgm for course and layoff search (migration 0009, docs/decisions/024) and
 * btree_gin for the job board's location index (migration 0022, docs/decisions/040).
 */
export const pgliteExtensions = { pg_trgm, btree_gin }

// PGlite starts PostgreSQL with the server's default shared_buffers, 128 MB, which it
// sets aside and touches in its WebAssembly memory at open: 110 MB of the process's
// resident memory before the first query. 32 MB holds the embedded default's hot
// pages; the rest is read from the data files through the operating system's cache
// (docs/decisions/038, with the measurements).
const pgliteStartParams = [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB']

/** Whether the embedded database of `dataDir` was created (by an earlier start, or one now running). */
export function pgliteDatabaseExists(dataDir: string): boolean {
  return existsSync(path.join(dataDir, 'db', 'PG_VERSION'))
}

/**
 * The directory a new cluster of `dataDir` is made in, emptied: it is renamed to db/
 * only once whole (completeNewCluster). initdb writes PG_VERSION first, so a start
 * stopped half-way would otherwise leave a broken cluster that every later start
 * takes for the database.
 */
function emptyPartialCluster(dataDir: string): string {
  const finalDirectory = path.join(dataDir, 'db')
  // an empty db/ takes the new cluster; one with files but no PG_VERSION is not ours to delete
  if (existsSync(finalDirectory) && readdirSync(finalDirectory).length > 0)
    throw new Error(`${finalDirectory} holds files but no database: move it away, or restore a backup into it`)
  const directory = path.join(dataDir, 'db.partial')
  rmSync(directory, { recursive: true, force: true })
  mkdirSync(directory, { recursive: true })
  return directory
}

function completeNewCluster(dataDir: string): void {
  const finalDirectory = path.join(dataDir, 'db')
  rmSync(finalDirectory, { recursive: true, force: true })
  renameSync(path.join(dataDir, 'db.partial'), finalDirectory)
}

/**
 * Creates the PostgreSQL cluster of a new PGlite data directory (initdb) in a
 * worker thread. PGlite runs initdb in a second, temporary PGlite of its own whose
 * WebAssembly memory is never handed back once closed: a first start idled 300 MB
 * above a restart. A worker's memory goes with the worker.
 */
async function createPgliteCluster(dataDir: string): Promise<void> {
  if (pgliteDatabaseExists(dataDir)) return
  const directory = emptyPartialCluster(dataDir)
  const pgliteUrl = pathToFileURL(createRequire(import.meta.url).resolve('@electric-sql/pglite')).href
  const worker = new Worker(
    `const { workerData } = require('node:worker_threads')
    import(workerData.pgliteUrl).then(async ({ PGlite }) => {
      const pglite = new PGlite(workerData.directory, { startParams: workerData.startParams })
      await pglite.waitReady
      await pglite.close()
    })`,
    { eval: true, workerData: { pgliteUrl, directory, startParams: pgliteStartParams } },
  )
  let failure: unknown
  worker.on('error', (error) => (failure = error))
  const code = await new Promise<number>((resolve) => worker.on('exit', resolve))
  if (failure || code !== 0) throw new Error(`Could not create the database in ${directory}`, { cause: failure })
  completeNewCluster(dataDir)
}

/**
 * Creates a new embedded database in `dataDir`, lets `fill` migrate and seed it, and
 * closes it: for a process that exits afterwards (main.ts's preparer), so initdb runs
 * in this process and the cluster is opened once, not created in a worker and opened
 * again (0.1-0.2 s, docs/decisions/038). The database is named db/ only
 * once `fill` has finished: a preparation stopped anywhere, the demo seed included,
 * leaves nothing a later start takes for a whole database. Answers what `fill` did,
 * or null when the database exists already.
 */
export async function prepareNewPgliteDatabase<T>(
  dataDir: string,
  fill: (database: Database) => Promise<T>,
): Promise<T | null> {
  const unlock = lockDataDir(dataDir)
  try {
    if (pgliteDatabaseExists(dataDir)) return null
    const pglite = new PGlite(emptyPartialCluster(dataDir), {
      extensions: pgliteExtensions,
      startParams: pgliteStartParams,
    })
    await pglite.waitReady
    const database = pgliteDatabase(pglite, () => {})
    let filled: T
    try {
      filled = await fill(database)
    } catch (error) {
      // the seed's own failure is the one to report, not a close that fails after it
      await pglite.close().catch(() => {})
      throw error
    }
    await pglite.close()
    completeNewCluster(dataDir)
    return filled
  } finally {
    unlock()
  }
}

export type OpenOptions =
  | {
      kind: 'postgres'
      url: string
      poolSize?: number
      /** Hears of an idle pooled connection the server closed (the pool drops it and opens another when needed). */
      onIdleConnectionLost?: (error: Error) => void
    }
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob }

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.kind === 'postgres') {
    const poolSize = options.poolSize ?? 10
    const pool = new pg.Pool({ connectionString: options.url, max: poolSize })
    const poolWaiting = poolInArrivalOrder(pool)
    // A restart, failover or pg_terminate_backend ends connections. pg reports
    // it as an 'error' event, which ends the whole process if nobody listens: on
    // the pool for an idle connection (already dropped from the pool), and on the
    // client itself while it is checked out (its query fails too, and the pool
    // discards it on release), where pg-pool listens to nothing.
    pool.on('error', (error) => options.onIdleConnectionLost?.(error))
    pool.on('connect', (client) => client.on('error', () => {}))
    const db = drizzlePg(pool, { schema }) as unknown as Db
    transactionsReleaseTheirConnection(db, pool)
    const listeners = new Set<() => Promise<void>>()
    return {
      kind: 'postgres',
      db,
      url: options.url,
      pool,
      poolWaiting,
      ping: async () => void (await pool.query('select 1')),
      async listen(channel, onNotify, onReconnect) {
        const stop = await listenOnPostgres(options.url, channel, onNotify, onReconnect)
        listeners.add(stop)
        return async () => {
          listeners.delete(stop)
          await stop()
        }
      },
      async close() {
        await Promise.all([...listeners].map((stop) => stop()))
        await pool.end()
      },
    }
  }
  const unlock = options.dataDir ? lockDataDir(options.dataDir) : () => {}
  try {
    const extensions = pgliteExtensions
    const startParams = pgliteStartParams
    if (options.dataDir) await createPgliteCluster(options.dataDir)
    const pglite = options.dataDir
      ? new PGlite(path.join(options.dataDir, 'db'), { extensions, startParams })
      : new PGlite({ loadDataDir: options.loadDataDir, extensions, startParams })
    await pglite.waitReady
    return pgliteDatabase(pglite, unlock)
  } catch (error) {
    unlock()
    throw error
  }
}

function pgliteDatabase(pglite: PGlite, unlock: () => void): Database {
  takeTurnsInArrivalOrder(pglite)
  return {
    kind: 'pglite',
    db: drizzlePglite(pglite, { schema }) as unknown as Db,
    pglite,
    ping: async () => void (await pglite.query('select 1')),
    // in-process: PGlite delivers the NOTIFYs of its own single connection
    listen: async (channel, onNotify) => {
      const unlisten = await pglite.listen(channel, onNotify)
      return async () => {
        if (!pglite.closed) await unlisten()
      }
    },
    close: async () => {
      await pglite.close()
      unlock()
    },
  }
}

// LISTEN needs a connection of its own that stays open (a pooled one would be
// handed to queries). When it drops, it is reopened with a growing pause, and the
// caller hears of it to catch up on the notifications sent meanwhile.
async function listenOnPostgres(
  url: string,
  channel: string,
  onNotify: (payload: string) => void,
  onReconnect?: () => void,
) {
  let client: pg.Client | undefined
  let stopped = false
  let retryTimer: ReturnType<typeof setTimeout> | undefined
  const quotedChannel = `"${channel.replace(/"/g, '""')}"`

  const scheduleConnect = (delayMs: number) => {
    if (stopped || retryTimer) return
    retryTimer = setTimeout(async () => {
      retryTimer = undefined
      try {
        await connect()
        onReconnect?.()
      } catch {
        scheduleConnect(Math.min(delayMs * 2, 10_000))
      }
    }, delayMs)
    retryTimer.unref()
  }
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url })
    const lost = () => {
      if (client !== next) return
      client = undefined
      next.end().catch(() => {})
      scheduleConnect(500)
    }
    next.on('notification', (message) => {
      if (message.channel === channel) onNotify(message.payload ?? '')
    })
    next.on('error', lost)
    next.on('end', lost)
    try {
      await next.connect()
      await next.query(`LISTEN ${quotedChannel}`)
    } catch (error) {
      next.end().catch(() => {})
      throw error
    }
    client = next
  }

  await connect()
  return async () => {
    stopped = true
    clearTimeout(retryTimer)
    const current = client
    client = undefined
    await current?.end().catch(() => {})
  }
}

/** Applies the committed SQL migrations of drizzle/ (the same files on PGlite and PostgreSQL). */
export async function migrateDatabase(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(database.db as Parameters<typeof migratePglite>[0], { migrationsFolder })
    return
  }
  // Two instances starting together must not migrate at the same time.
  const client = await database.pool!.connect()
  try {
    await client.query('select pg_advisory_lock(727274)')
    await migratePg(drizzlePg(client, { schema }), { migrationsFolder })
  } finally {
    await client.query('select pg_advisory_unlock(727274)').catch(() => {})
    client.release()
  }
}

export async function withTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction((tx) => work(tx as unknown as Db))
}

/**
 * Makes the pool-backed `db`'s transactions check their connection out and release
 * it here, not in drizzle: drizzle sends BEGIN before its own try, so a connection
 * whose BEGIN failed (it died while idle, or was left in a failed transaction) was
 * never released, and the pool, and its turns in arrival order (arrival-order.ts),
 * lost a connection for good. Every caller goes through it, better-auth's adapter
 * too. A connection whose BEGIN, COMMIT or ROLLBACK failed is closed, not handed
 * out again in an unknown state; one whose work failed and was rolled back goes
 * back to the pool.
 */
function transactionsReleaseTheirConnection(db: Db, pool: pg.Pool): void {
  // drizzle on one checked-out connection, made once per connection (the pool reuses them)
  const onConnection = new WeakMap<pg.PoolClient, Db>()
  const transaction = async <T>(work: (tx: unknown) => Promise<T>, config?: unknown): Promise<T> => {
    const client = await pool.connect()
    let workFailure: unknown
    let unusable: Error | undefined
    try {
      let clientDb = onConnection.get(client)
      if (!clientDb) onConnection.set(client, (clientDb = drizzlePg(client, { schema }) as unknown as Db))
      const run = clientDb.transaction as unknown as (work: (tx: unknown) => Promise<T>, config?: unknown) => Promise<T>
      return await run.call(
        clientDb,
        async (tx) => {
          try {
            return await work(tx)
          } catch (error) {
            workFailure = error
            throw error
          }
        },
        config,
      )
    } catch (error) {
      // drizzle rethrows the work's own failure once ROLLBACK has succeeded
      if (error !== workFailure) unusable = error instanceof Error ? error : new Error(String(error))
      throw error
    } finally {
      client.release(unusable)
    }
  }
  db.transaction = transaction as unknown as Db['transaction']
}

export { sql }
