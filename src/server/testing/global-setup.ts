import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { backgroundJobs } from '#server/background-jobs.ts'
import { migrateDatabase, openDatabase } from '#server/db/client.ts'
import { prepareJobQueues } from '#server/platform/queue.ts'

// Migrating a fresh PGlite takes seconds; migrate once into a template and
// load it per test file (ARCHITECTURE.md, known facts). On PostgreSQL the
// template is a database that each test file clones with CREATE DATABASE ... TEMPLATE.
// The template also holds the job queues, so no test file makes them again.
export const pgliteTemplatePath = path.resolve(import.meta.dirname, '../../../.tmp/pglite-template.tar.gz')
export const postgresTemplateName = `prestige_template_${process.pid}`

declare module 'vitest' {
  export interface ProvidedContext {
    postgresTemplate: string
  }
}

export default async function setup(project: TestProject) {
  if (project.config.env?.TEST_DB_KIND === 'postgres') {
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL })
    await admin.connect()
    await admin.query(`drop database if exists ${postgresTemplateName}`)
    await admin.query(`create database ${postgresTemplateName}`)
    await admin.end()
    const url = new URL(process.env.TEST_DATABASE_URL!)
    url.pathname = `/${postgresTemplateName}`
    const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 1 })
    await migrateDatabase(database)
    await prepareJobQueues(database, backgroundJobs)
    await database.close()
    project.provide('postgresTemplate', postgresTemplateName)
    return async () => {
      const cleanup = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL })
      await cleanup.connect()
      await cleanup.query(`drop database if exists ${postgresTemplateName} with (force)`).catch(() => {})
      await cleanup.end()
    }
  }
  const database = await openDatabase({ kind: 'pglite' })
  await migrateDatabase(database)
  await prepareJobQueues(database, backgroundJobs)
  const dump = await database.pglite!.dumpDataDir('gzip')
  await database.close()
  mkdirSync(path.dirname(pgliteTemplatePath), { recursive: true })
  writeFileSync(pgliteTemplatePath, Buffer.from(await dump.arrayBuffer()))
  return undefined
}
