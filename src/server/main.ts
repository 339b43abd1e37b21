import { spawn } from 'node:child_process'
import { serve } from '@hono/node-server'
import { ConfigError, loadConfig, type Config } from '#server/config.ts'
import { migrateDatabase, openDatabase, pgliteDatabaseExists, prepareNewPgliteDatabase } from '#server/db/client.ts'
import { demoStartLines, prepareDemoData, seedPlan, type DemoStart } from '#server/seed/demo-data.ts'
import { seedBaseData } from '#server/seed/base-data.ts'
import { createApp, createDeps, createStorage } from '#server/app.ts'
import { createLogger } from '#server/platform/logger.ts'
import { authSecret } from '#server/secret.ts'

async function main() {
  let config: Config
  try {
    config = loadConfig()
  } catch (error) {
    if (error instanceof ConfigError) {
      // the start that follows the build says it, once
      if (preparingAhead) return
      console.error(error.message)
      process.exit(1)
    }
    throw error
  }
  const logger = createLogger(config.LOG_LEVEL)
  // pg-boss's own cron worker (its timekeeper's work() on '__pgboss__send-it') does not
  // await its completion calls: a connection lost between fetch and complete rejects
  // with nobody listening, and Node would end the process (docs/decisions/021). Logged;
  // pg-boss expires and retries what was left active.
  process.on('unhandledRejection', (reason) => logger.error({ err: reason }, 'unhandled rejection'))
  const started = performance.now()
  const plan = seedPlan(config, config.DATABASE_URL ? 'postgres' : 'pglite')
  const newEmbeddedDatabase = !config.DATABASE_URL && !pgliteDatabaseExists(config.DATA_DIR)
  // Asked by the build (scripts/build.js, on a first `npm start`) to prepare a new embedded
  // database beside the web build: not when demo data gets random passwords, which are
  // printed once, by the start that sets them.
  if (preparingAhead && (!newEmbeddedDatabase || (plan.seed && plan.passwords === 'random'))) return
  if (preparingChild || preparingAhead) {
    // named db/ only once migrated and seeded: a preparation stopped anywhere is done again
    const demo = await prepareNewPgliteDatabase(config.DATA_DIR, async (database) => {
      await migrateDatabase(database)
      await seedBaseData(database.db)
      return prepareDemoData(database.db, plan, createStorage(config))
    })
    if (preparingChild) {
      await new Promise((resolve) => process.send!({ demo }, resolve))
      process.disconnect!()
    } else if (demo?.seeded) {
      // the accounts are printed by the start that follows, as on any restart
      console.log(`Demo data seeded into ${config.DATA_DIR}.`)
    }
    return
  }
  // A new embedded database is created, migrated and seeded by a child process, and
  // this one opens it ready: PGlite's WebAssembly memory grows with that work and
  // never shrinks, so doing it here left the server 150 MB above a restart's
  // (docs/decisions/038).
  const prepared = newEmbeddedDatabase ? await prepareInChild() : undefined
  const database = config.DATABASE_URL
    ? await openDatabase({
        kind: 'postgres',
        url: config.DATABASE_URL,
        onIdleConnectionLost: (error) =>
          logger.warn({ err: error }, 'an idle database connection was closed by the server'),
      })
    : await openDatabase({ kind: 'pglite', dataDir: config.DATA_DIR })
  const opened = performance.now()
  await migrateDatabase(database)
  await seedBaseData(database.db)
  const migrated = performance.now()

  // Demo data on the embedded default outside production; production never
  // seeds the published passwords (src/server/seed/demo-data.ts, README "Configuration").
  // The demo lesson video goes into the configured storage. On a restart this checks
  // the documented passwords (scrypt, on libuv's threads) while the deps start.
  const demoPrepared = prepared ? Promise.resolve(prepared) : prepareDemoData(database.db, plan, createStorage(config))
  // its failure is thrown by the await below, not reported as unhandled meanwhile
  demoPrepared.catch(() => {})
  const deps = await createDeps({ config, database, logger, secret: authSecret(config) })
  const demo = await demoPrepared

  const app = createApp(deps)
  const server = serve({ fetch: app.fetch, port: config.PORT, hostname: config.HOST }, (info) => {
    const lines = [
      `Prestige Labs is running at ${config.baseUrl} (port ${info.port}, database: ${database.kind})`,
      ...demoStartLines(demo, plan),
    ]
    console.log(lines.join('\n'))
    const ms = (from: number, to: number) => Math.round(to - from)
    logger.info(
      {
        msToListen: ms(started, performance.now()),
        msPreparingNewDatabase: prepared ? ms(started, opened) : undefined,
        msMigrating: ms(opened, migrated),
        msDepsAndDemoData: ms(migrated, performance.now()),
      },
      'started',
    )
  })

  let stopping = false
  const stop = (signal: string) => {
    if (stopping) return
    stopping = true
    logger.info({ signal }, 'shutting down: draining requests')
    const force = setTimeout(() => process.exit(1), 10_000)
    force.unref()
    // Event streams end at once (they would hold server.close open) while running jobs
    // get up to 8 s; the database stays open until both are done and the last request
    // has answered, so a request still draining can queue its mail.
    const depsClosed = deps.close()
    server.close(async () => {
      await depsClosed
      await database.close()
      logger.info('stopped')
      process.exit(0)
    })
    // idle keep-alive connections would hold close() open
    ;(server as unknown as { closeIdleConnections?: () => void }).closeIdleConnections?.()
  }
  process.on('SIGTERM', () => stop('SIGTERM'))
  process.on('SIGINT', () => stop('SIGINT'))
}

// The child that prepares a new embedded database (prepareInChild) is this same
// program with this variable set: no setting of the operator's. Set to 'ahead', the
// build runs it before this program starts (scripts/build.js --prepare-database).
const preparingChild = process.env.PRESTIGE_PREPARING_NEW_DATABASE === '1'
const preparingAhead = process.env.PRESTIGE_PREPARING_NEW_DATABASE === 'ahead'

/**
 * Runs this program again as a child process that creates the embedded database,
 * migrates it, seeds it and exits (its memory with it); answers what the seed did,
 * or nothing when another process made the database meanwhile (this start then
 * prepares the demo data as a restart does). A child that fails has said why on the
 * shared stderr: this process exits as it did.
 */
async function prepareInChild(): Promise<DemoStart | undefined> {
  const child = spawn(process.execPath, [...process.execArgv, process.argv[1]!], {
    env: { ...process.env, PRESTIGE_PREPARING_NEW_DATABASE: '1' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  // a stop asked for meanwhile stops the child too (this process has no handler of its own yet)
  const forward = (signal: NodeJS.Signals) => child.kill(signal)
  process.on('SIGTERM', forward).on('SIGINT', forward)
  let answer: { demo: DemoStart | null } | undefined
  child.on('message', (message) => (answer = message as { demo: DemoStart | null }))
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve))
  process.off('SIGTERM', forward).off('SIGINT', forward)
  if (code !== 0 || !answer) process.exit(code || 1)
  return answer.demo ?? undefined
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
