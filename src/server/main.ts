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

  // Demo data on the embedded default outside production; production never
  // seeds the published passwords (src/server/seed/demo-data.ts, README "Configuration").
  const plan = seedPlan(config, database.kind)
  const demo = await prepareDemoData(database.db, plan)

  const deps = await createDeps({ config, database, logger, secret: authSecret(config) })
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
    // open event streams end first, or they would hold the server open
    const streamsClosed = deps.close()
    server.close(async () => {
      await streamsClosed
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
