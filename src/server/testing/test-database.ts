import { readFileSync } from 'node:fs'
import pg from 'pg'
import { inject } from 'vitest'
import { openDatabase, type Database } from '#server/db/client.ts'
import { pgliteTemplatePath } from './global-setup.ts'

/** A migrated, empty database of its own for one test file: PGlite, or PostgreSQL when the project runs on it. */
export async function openTestDatabase(): Promise<Database> {
  if (process.env.TEST_DB_KIND !== 'postgres') {
    return openDatabase({ kind: 'pglite', loadDataDir: new Blob([readFileSync(pgliteTemplatePath)]) })
  }
  const name = `prestige_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL })
  await admin.connect()
  await admin.query(`create database ${name} template ${inject('postgresTemplate')}`)
  await admin.end()
  const url = new URL(process.env.TEST_DATABASE_URL!)
  url.pathname = `/${name}`
  const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 4 })
  return {
    ...database,
    close: async () => {
      await database.close()
      const cleanup = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL })
      await cleanup.connect()
      await cleanup.query(`drop database if exists ${name} with (force)`)
      await cleanup.end()
    },
  }
}
