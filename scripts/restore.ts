// npm run restore -- <backup directory> [--force]
// Restores a backup made by `npm run backup` into the server configured by the
// same environment (DATABASE_URL or DATA_DIR, STORAGE_DRIVER). Every file is
// checked against the manifest's checksums first; a target that holds data is
// refused unless --force (src/server/platform/backup.ts, README "Operating").
import { parseArgs } from 'node:util'
import { ConfigError, loadConfig } from '#server/config.ts'
import { BackupError, backupSourceOf, restoreBackup } from '#server/platform/backup.ts'

const { values, positionals } = parseArgs({
  options: { force: { type: 'boolean', default: false } },
  allowPositionals: true,
})

async function run() {
  if (positionals.length !== 1) throw new BackupError('Usage: npm run restore -- <backup directory> [--force]')
  const config = loadConfig()
  const result = await restoreBackup(positionals[0]!, backupSourceOf(config), {
    force: values.force,
    log: (line) => console.log(line),
  })
  const { manifest } = result
  console.log(
    `Restored the ${manifest.engine} database of ${manifest.createdAt} and ${manifest.uploads} uploaded files. The next start applies any newer migrations.`,
  )
  if (result.setAside)
    console.log(`What was there before is kept in ${result.setAside}: delete it once you have checked the restore.`)
  if (result.bucketObjectsKept)
    console.log(`${result.bucketObjectsKept} objects already in the bucket are not in the backup and were left there.`)
}

run().catch((error) => {
  console.error(error instanceof BackupError || error instanceof ConfigError ? error.message : error)
  process.exit(1)
})
