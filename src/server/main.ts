import { serve } from '@hono/node-server'
import { ConfigError, loadConfig, type Config } from '#server/config.ts'
import { migrateDatabase, openDatabase } from '#server/db/client.ts'
import { demoStartLines, prepareDemoData, seedPlan } from '#server/seed/demo-data.ts'
import { seedBaseData } from '#server/seed/base-data.ts'
import { createApp, createDeps } from '#server/app.ts'
import { createLogger } from '#server/platform/logger.ts'
import { authSecret } from '#server/secret.ts'

async function main() {
  let config: Config
  try {
    config = loadConfig()
  } catch (error) {
    if (error instanceof ConfigError) {
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
  const database = config.DATABASE_URL
    ? await openDatabase({
        kind: 'postgres',
        url: config.DATABASE_URL,
        onIdleConnectionLost: (error) =>
          logger.warn({ err: error }, 'an idle database connection was closed by the server'),
      })
    : await openDatabase({ kind: 'pglite', dataDir: config.DATA_DIR })
  await migrateDatabase(database)
  await seedBaseData(database.db)

  const deps = await createDeps({ config, database, logger, secret: authSecret(config) })
  // Demo data on the embedded default outside production; production never
  // seeds the published passwords (src/server/seed/demo-data.ts, README "Configuration").
  // After createDeps: the demo lesson video goes into the configured storage.
  const plan = seedPlan(config, database.kind)
  const demo = await prepareDemoData(database.db, plan, deps.storage)

  const app = createApp(deps)
  const server = serve({ fetch: app.fetch, port: config.PORT, hostname: config.HOST }, (info) => {
    const lines = [
      `Prestige Labs is running at ${config.baseUrl} (port ${info.port}, database: ${database.kind})`,
      ...demoStartLines(demo, plan),
    ]
    console.log(lines.join('\n'))
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

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
