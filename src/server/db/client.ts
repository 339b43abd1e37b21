import { mkdirSync, openSync, readFileSync, rmSync, writeSync, closeSync } from 'node:fs'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import * as schema from './schema/index.ts'

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
function lockDataDir(dataDir: string): () => void {
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
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 })
    // A restart, failover or pg_terminate_backend ends connections. pg reports
    // it as an 'error' event, which ends the whole process if nobody listens: on
    // the pool for an idle connection (already dropped from the pool), and on the
    // client itself while it is checked out (its query fails too, and the pool
    // discards it on release), where pg-pool listens to nothing.
    pool.on('error', (error) => options.onIdleConnectionLost?.(error))
    pool.on('connect', (client) => client.on('error', () => {}))
    const db = drizzlePg(pool, { schema }) as unknown as Db
    const listeners = new Set<() => Promise<void>>()
    return {
      kind: 'postgres',
      db,
      url: options.url,
      pool,
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
    // pg_trgm indexes course search (migration 0009, docs/decisions/024)
    const extensions = { pg_trgm }
    const pglite = options.dataDir
      ? new PGlite(path.join(options.dataDir, 'db'), { extensions })
      : new PGlite({ loadDataDir: options.loadDataDir, extensions })
    await pglite.waitReady
    const db = drizzlePglite(pglite, { schema }) as unknown as Db
    return {
      kind: 'pglite',
      db,
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
  } catch (error) {
    unlock()
    throw error
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

export { sql }
