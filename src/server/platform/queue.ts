import PgBoss from 'pg-boss'
import type { Database, Db } from '#server/db/client.ts'
import type { Deps } from '#server/platform/context.ts'
import type { Logger } from '#server/platform/logger.ts'

// Durable background jobs on pg-boss 10 (ARCHITECTURE.md stack; docs/decisions/021):
// pg-boss keeps the jobs in PostgreSQL (its schema comes with drizzle migration
// 0006), hands each one to one worker (SKIP LOCKED), retries with backoff, and fires
// each cron schedule once per tick whatever the number of instances. Our part is
// small: typed job kinds, an enqueue that joins the caller's transaction, wake-ups
// on commit, and a worker loop per kind that completes or fails each job on its own.

/** What a job's handler receives besides its data. */
export type JobContext = {
  deps: Deps
  logger: Logger
  /** pg-boss's id of the job */
  id: string
  /** 1 for the first run, 2 for the first retry, ... */
  attempt: number
}

/** A kind of job: its name (the pg-boss queue), its retries and its handler. */
export interface JobKind<Data extends object> {
  readonly name: string
  /** retries after the first run */
  readonly retryLimit: number
  /** seconds before the first retry; with backoff each next wait doubles (pg-boss adds up to as much again at random) */
  readonly retryDelaySeconds: number
  readonly retryBackoff: boolean
  /**
   * pg-boss's limit: a job left active by a dead process is failed after this. A run is
   * failed (and retried) a few seconds earlier (runDeadlineMs), though it cannot be
   * stopped: what it calls needs limits of its own that end it before (mail.ts's timeouts).
   */
  readonly expireInSeconds: number
  /** jobs fetched and run together by one worker */
  readonly batchSize: number
  /** one line for the admin's failure list: never a secret (links with tokens, message bodies) */
  summary(data: Data): string
  run(data: Data, context: JobContext): Promise<void>
}

// method syntax above keeps JobKind<SomeData> assignable here
export type AnyJobKind = JobKind<object>

export type JobKindSpec<Data extends object> = Pick<JobKind<Data>, 'name' | 'run'> &
  Partial<Omit<JobKind<Data>, 'name' | 'run'>>

/** Declares a job kind; defaults: 3 retries from 30 s with backoff, 5 minutes to run, one job at a time. */
export function defineJob<Data extends object>(spec: JobKindSpec<Data>): JobKind<Data> {
  return {
    retryLimit: 3,
    retryDelaySeconds: 30,
    retryBackoff: true,
    expireInSeconds: 300,
    batchSize: 1,
    summary: () => '',
    ...spec,
  }
}

export type Schedule = { job: AnyJobKind; cron: string }

export type EnqueueOptions = {
  /** the transaction of the change that causes the job: the job exists only if it commits */
  tx?: Db
  /** run no earlier than this many seconds from now */
  startAfterSeconds?: number
}

/** Settings a deployment or a test may change; the kinds' own values are the product's. */
export type QueueTuning = {
  /** how often an idle worker looks for due jobs, seconds (wake-ups on commit make most jobs start at once; retries wait for this) */
  pollSeconds?: number
  /** how often each instance looks at the cron schedules, seconds (pg-boss: 1-45) */
  cronCheckSeconds?: number
  /** one retry policy for every kind (tests) */
  retry?: { limit: number; delaySeconds: number }
  /** false: this process enqueues and schedules, but runs no job */
  work?: boolean
  /** how long stop() waits for running jobs, ms */
  stopTimeoutMs?: number
}

export type Queue = {
  /** Adds a job; with `tx`, inside that transaction. Resolves to the job's id. */
  enqueue<Data extends object>(kind: JobKind<Data>, data: Data, options?: EnqueueOptions): Promise<string | null>
  /** Starts pg-boss, makes the queues and schedules, and (unless tuned off) runs the workers. */
  start(deps: Deps): Promise<void>
  /** Stops taking jobs, waits for the running ones (up to stopTimeoutMs), then stops pg-boss. */
  stop(): Promise<void>
  /** The admin's one line about a job of `kind` (empty for kinds this process does not know). */
  summary(kind: string, data: unknown): string
  /** Gives a failed job one more run; false when it is no longer failed. */
  retry(kind: string, id: string): Promise<boolean>
}

/** NOTIFY channel of wake-ups: its payload is the kind that has a new job. */
const wakeChannel = 'job_queue'

type RawClient = {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>
  /** PGlite only: several statements in one string (pg-boss's schema and maintenance) */
  exec?(text: string): Promise<Array<{ rows: unknown[] }>>
  /** PGlite itself (not one of its transactions): BEGIN, `work`, COMMIT, or ROLLBACK when `work` fails */
  transaction?<T>(work: (tx: RawClient) => Promise<T>): Promise<T>
}

/** pg-boss's maintenance (expire, archive, drop) sends 'BEGIN; ...; COMMIT;' as one string. */
const explicitTransaction = /^\s*BEGIN\s*;([\s\S]*?);?\s*COMMIT\s*;?\s*$/i

/**
 * pg-boss's `db` over a drizzle database or transaction. Drizzle keeps the driver's
 * client on its session: the PGlite instance (or the PGlite transaction), or the pg
 * pool (or the pool client of the transaction). On PGlite every call goes through
 * PGlite's own query lock, so it waits for an open transaction like any other query;
 * statements without parameters go through `exec`, which takes several at once.
 */
export function sqlRunnerOf(db: Db): PgBoss.Db {
  const client = (db as unknown as { _: { session: { client?: RawClient } } })._.session.client
  if (!client || typeof client.query !== 'function') throw new Error('No SQL client under this database handle')
  return {
    async executeSql(text: string, values?: unknown[]) {
      if (client.exec && (!values || values.length === 0)) {
        // A failing statement inside 'BEGIN; ...; COMMIT;' would leave PGlite's one
        // connection in an aborted transaction, refusing every later query: PGlite's own
        // transaction rolls it back. (The pg pool drops a connection whose query failed.)
        const inner = client.transaction ? explicitTransaction.exec(text)?.[1] : undefined
        const results = inner ? await client.transaction!((tx) => tx.exec!(inner)) : await client.exec(text)
        return { rows: results.at(-1)?.rows ?? [] }
      }
      return client.query(text, values)
    },
  }
}

/**
 * How long a run of `kind` may take: a few seconds less than pg-boss's expiry, so that
 * its completion (or failure) is recorded while the job is still active. A job
 * completed after it expired would be retried, and a mail sent twice.
 */
export function runDeadlineMs(kind: Pick<AnyJobKind, 'expireInSeconds'>): number {
  const expiryMs = kind.expireInSeconds * 1000
  return Math.max(expiryMs / 2, expiryMs - 5_000)
}

function abortableDelay(ms: number): { promise: Promise<void>; cut(): void } {
  let cut = () => {}
  const promise = new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms)
    cut = () => {
      clearTimeout(timer)
      resolve()
    }
  })
  return { promise, cut }
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the job ran longer than ${Math.round(ms / 1000)} s`)), ms)
  })
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer))
}

export type JobQueueOptions = QueueTuning & {
  database: Database
  logger: Logger
  jobs: readonly AnyJobKind[]
  schedules?: readonly Schedule[]
}

export function createJobQueue(options: JobQueueOptions): Queue {
  const { database, logger, schedules = [] } = options
  const kinds = new Map(options.jobs.map((kind) => [kind.name, kind]))
  const pollMs = Math.max(0.5, options.pollSeconds ?? 2) * 1000
  const stopTimeoutMs = options.stopTimeoutMs ?? 8_000
  const boss = new PgBoss({
    // PostgreSQL: a small pool of its own, so jobs and requests do not wait for each
    // other's connections. PGlite: the one connection, through our adapter.
    ...(database.kind === 'postgres'
      ? { connectionString: database.url, max: 3, application_name: 'prestige-jobs' }
      : { db: sqlRunnerOf(database.db) }),
    // the schema is drizzle migration 0006: pg-boss only checks its version
    migrate: false,
    cronMonitorIntervalSeconds: options.cronCheckSeconds ?? 30,
    cronWorkerIntervalSeconds: Math.min(5, options.cronCheckSeconds ?? 5),
    // failed jobs stay in the job table (where pg-boss can retry them) for a week
    archiveFailedAfterSeconds: 7 * 24 * 3600,
  })
  boss.on('error', (error) => logger.error({ err: error }, 'job queue error'))
  // Requests and job outcomes go through the app's own database, which stays open
  // until the last request has answered; pg-boss's pool (PostgreSQL) closes with
  // stop(), and a statement sent to it after that does nothing or throws a TypeError.
  const appDb = sqlRunnerOf(database.db)

  const sendOptions = (kind: AnyJobKind): PgBoss.SendOptions => ({
    retryLimit: options.retry?.limit ?? kind.retryLimit,
    retryDelay: options.retry?.delaySeconds ?? kind.retryDelaySeconds,
    retryBackoff: kind.retryBackoff,
    expireInSeconds: kind.expireInSeconds,
  })

  const wakers = new Map<string, () => void>()
  const loops: Promise<void>[] = []
  let deps: Deps | undefined
  let unlisten: (() => Promise<void>) | undefined
  let started = false
  let stopping = false

  /**
   * Runs one job and records its outcome at once, whatever the rest of its batch does:
   * a finished job left active (a stop, a kill, pg-boss's expiry) would run again.
   */
  async function runJob(kind: AnyJobKind, job: PgBoss.JobWithMetadata<object>): Promise<void> {
    const jobLogger = logger.child({ job: kind.name, jobId: job.id })
    try {
      await withTimeout(
        kind.run(job.data, { deps: deps!, logger: jobLogger, id: job.id, attempt: job.retryCount + 1 }),
        runDeadlineMs(kind),
      )
    } catch (error) {
      const failure = error ?? new Error('the job failed')
      jobLogger.warn({ err: failure, attempt: job.retryCount + 1 }, 'job failed')
      // pg-boss keeps the error as the job's output and schedules the retry, or marks it failed
      await boss
        .fail(kind.name, job.id, failure instanceof Error ? failure : { message: String(failure) }, { db: appDb })
        .catch((recording: unknown) => jobLogger.error({ err: recording }, 'job failure not recorded'))
      return
    }
    // when this fails the job stays active; pg-boss fails it when it expires, and it runs again
    await boss
      .complete(kind.name, job.id, undefined as unknown as object, { db: appDb })
      .then((result) => {
        if ((result as unknown as { affected?: number } | undefined)?.affected === 0)
          jobLogger.warn('job finished after pg-boss expired it: it will run again')
      })
      .catch((error: unknown) => jobLogger.error({ err: error }, 'job not completed'))
  }

  // One loop per kind: take a batch, run it, look again at once while there is work;
  // otherwise sleep until the poll interval or a wake-up.
  async function work(kind: AnyJobKind) {
    let woken = false
    let sleeping: ReturnType<typeof abortableDelay> | undefined
    wakers.set(kind.name, () => {
      woken = true
      sleeping?.cut()
    })
    // pg-boss's fetch answers [] when its query fails, and emits nothing: its query goes
    // through this runner, which keeps the error, so an outage is logged (once) and the
    // loop waits and looks again
    let fetchError: unknown
    let failing = false
    const observed: PgBoss.Db = {
      executeSql: (text, values) =>
        boss
          .getDb()
          .executeSql(text, values)
          .catch((error: unknown) => {
            fetchError = error ?? new Error('the query failed')
            throw error
          }),
    }
    while (!stopping) {
      woken = false
      fetchError = undefined
      const jobs = await boss
        .fetch<object>(kind.name, { batchSize: kind.batchSize, includeMetadata: true, db: observed })
        .catch((error: unknown) => {
          fetchError = error ?? new Error('the fetch failed')
          return []
        })
      if (fetchError !== undefined) {
        if (!failing) logger.error({ err: fetchError, job: kind.name }, 'jobs not fetched: the queue will look again')
        failing = true
      } else if (failing) {
        failing = false
        logger.info({ job: kind.name }, 'jobs fetched again')
      }
      if (jobs.length > 0) {
        // side by side; the loop looks again once the whole batch has ended
        await Promise.all(jobs.map((job) => runJob(kind, job)))
        continue
      }
      if (woken || stopping) continue
      sleeping = abortableDelay(pollMs)
      await sleeping.promise
      sleeping = undefined
    }
  }

  const notify = (runner: PgBoss.Db, kind: string) => runner.executeSql('select pg_notify($1, $2)', [wakeChannel, kind])

  return {
    async enqueue(kind, data, enqueueOptions = {}) {
      if (kinds.get(kind.name) !== (kind as unknown as AnyJobKind))
        throw new Error(`Job kind ${kind.name} is not declared on this queue`)
      const runner = enqueueOptions.tx ? sqlRunnerOf(enqueueOptions.tx) : appDb
      const id = await boss.send(kind.name, data, {
        ...sendOptions(kind as unknown as AnyJobKind),
        ...(enqueueOptions.startAfterSeconds ? { startAfter: enqueueOptions.startAfterSeconds } : {}),
        db: runner,
      })
      // heard by every instance once the job is committed, never before
      await notify(runner, kind.name)
      return id
    },

    async start(appDeps) {
      if (started) return
      started = true
      deps = appDeps
      try {
        await boss.start()
      } catch (error) {
        // pg-boss opened its pool before it found the schema at another version, and
        // its stop() does nothing for a start that failed
        await (boss.getDb() as PgBoss.Db & { close?: () => Promise<void> }).close?.()
        throw error
      }
      for (const kind of kinds.values()) await boss.createQueue(kind.name)
      const wanted = new Set<string>()
      for (const { job, cron } of schedules) {
        wanted.add(job.name)
        await boss.schedule(job.name, cron, {}, sendOptions(job))
      }
      // a schedule dropped from the code stops firing
      for (const stored of await boss.getSchedules())
        if (!wanted.has(stored.name) && kinds.has(stored.name)) await boss.unschedule(stored.name)
      if (options.work === false) return
      unlisten = await database.listen(wakeChannel, (kind) => wakers.get(kind)?.())
      for (const kind of kinds.values()) loops.push(work(kind))
    },

    async stop() {
      if (!started || stopping) return
      stopping = true
      for (const wake of wakers.values()) wake()
      const drained = abortableDelay(stopTimeoutMs)
      await Promise.race([Promise.all(loops), drained.promise])
      drained.cut()
      await unlisten?.()
      await boss.stop({ graceful: true, timeout: 1000 })
    },

    summary(kind, data) {
      const known = kinds.get(kind)
      if (!known || !data || typeof data !== 'object') return ''
      try {
        return known.summary(data)
      } catch {
        return ''
      }
    },

    async retry(kind, id) {
      const { jobs, affected } = (await boss.retry(kind, id, { db: appDb })) as unknown as {
        jobs: string[]
        affected: number
      }
      if (!jobs || affected === 0) return false
      await notify(appDb, kind)
      return true
    },
  }
}

/**
 * Makes the queues of `jobs` (and pg-boss's cron queue) in a migrated database, so
 * that a start finds them: the tests' template gets them once, not every test file.
 */
export async function prepareJobQueues(database: Database, jobs: readonly AnyJobKind[]): Promise<void> {
  const boss = new PgBoss({
    ...(database.kind === 'postgres' ? { connectionString: database.url, max: 1 } : { db: sqlRunnerOf(database.db) }),
    migrate: false,
    schedule: false,
    supervise: false,
  })
  await boss.start()
  for (const name of ['__pgboss__send-it', ...jobs.map((kind) => kind.name)]) await boss.createQueue(name)
  await boss.stop({ graceful: false })
}
