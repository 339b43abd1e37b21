// npm run backup -- [--out backups/prestige-YYYY-MM-DDTHH-MM-SS]
// Backs up the database and every uploaded file of the server configured by the
// same environment (DATABASE_URL or DATA_DIR, STORAGE_DRIVER) into one directory
// (src/server/platform/backup.ts, README "Operating").
import path from 'node:path'
import { parseArgs } from 'node:util'
import { ConfigError, loadConfig } from '#server/config.ts'
import { BackupError, backupSize, backupSourceOf, createBackup } from '#server/platform/backup.ts'

const { values } = parseArgs({ options: { out: { type: 'string' } } })

async function run() {
  const config = loadConfig()
  const stamp = new Date().toISOString().slice(0, 19).replace(/:/g, '-')
  const out = values.out ?? path.join('backups', `prestige-${stamp}`)
  const { directory, manifest } = await createBackup(backupSourceOf(config), out, (line) => console.log(line))
  const megabytes = (backupSize(manifest) / 1_048_576).toFixed(1)
  console.log(
    `Backup written to ${directory}: the ${manifest.engine} database (${manifest.migrations.applied} migrations, last ${manifest.migrations.lastTag ?? 'none'}) and ${manifest.uploads} uploaded files, ${megabytes} MB in all`,
  )
}

run().catch((error) => {
  console.error(error instanceof BackupError || error instanceof ConfigError ? error.message : error)
  process.exit(1)
})
