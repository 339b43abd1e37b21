import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { openDatabase, pgliteExtensions, type Database } from '#server/db/client.ts'
import { createMember } from '#server/modules/accounts/members.ts'
import { insertPost } from '#server/modules/community/queries.ts'
import { createJob } from '#server/testing/jobs.ts'
import { solidPng } from '#server/testing/files.ts'
import { pgliteTemplatePath } from '#server/testing/global-setup.ts'
import { startS3StandIn } from '#server/testing/s3-stand-in.ts'
import { openTestDatabase } from '#server/testing/test-database.ts'
import { BackupError, createBackup, restoreBackup, verifyBackup, type BackupSource } from './backup.ts'
import { createDiskStorage, type Storage } from './storage.ts'
import { createS3Storage } from './storage-s3.ts'

// The round trip of issue 23 §6 on this project's engine: data made by the app's
// own factories and storage, backed up, restored into a fresh target, and every
// table of the public schema (and drizzle's migrations table) and every file
// compared with the original.

const onPostgres = process.env.TEST_DB_KIND === 'postgres'

type Snapshot = Record<string, string[]>

/** Every row of every public table and of drizzle's migrations table, order-independent. */
async function snapshot(database: Database): Promise<Snapshot> {
  const tables = (await database.db.execute(sql`
    select schemaname as schema, tablename as name from pg_tables
    where schemaname = 'public' or (schemaname = 'drizzle' and tablename = '__drizzle_migrations')
    order by 1, 2
  `)) as unknown as { rows: Array<{ schema: string; name: string }> }
  const result: Snapshot = {}
  for (const { schema, name } of tables.rows) {
    const rows = (await database.db.execute(sql.raw(`select * from "${schema}"."${name}"`))) as unknown as {
      rows: unknown[]
    }
    result[`${schema}.${name}`] = rows.rows.map((row) => JSON.stringify(row)).sort()
  }
  return result
}

/** A member, a job, a post with a picture, and two files in the storage (one public, one private). */
async function makeData(database: Database, storage: Storage) {
  const member = await createMember(database.db, {
    email: `backup-${crypto.randomUUID()}@example.com`,
    password: 'Correct-Horse-9',
    firstName: 'Bea',
    lastName: 'Backup',
  })
  await createJob(database.db, { title: 'Backup Analyst', company: 'Round Trip Co', location: 'Boston' })
  const picture = `community/${crypto.randomUUID()}.png`
  await storage.put(picture, solidPng(8, 8), { contentType: 'image/png', visibility: 'public' })
  await insertPost(database.db, {
    userId: member.id,
    content: 'Backed up, with a picture',
    mediaKey: picture,
    mediaType: 'image',
  })
  const resume = `resumes/${crypto.randomUUID()}.pdf`
  await storage.put(resume, Buffer.from('%PDF-1.4 a private resume\n'), {
    contentType: 'application/pdf',
    visibility: 'private',
  })
  return [picture, resume]
}

async function objectOf(storage: Storage, key: string) {
  const object = await storage.get(key)
  if (!object) return undefined
  const bytes = Buffer.from(await new Response(object.body).arrayBuffer())
  return { contentType: object.contentType, visibility: object.visibility, bytes: bytes.toString('base64') }
}

/** A PGlite data directory holding the migrated test template (as the server's DATA_DIR/db would). */
async function pgliteDataDir(): Promise<string> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'prestige-backup-'))
  const pglite = new PGlite(path.join(dataDir, 'db'), {
    loadDataDir: new Blob([readFileSync(pgliteTemplatePath)]),
    extensions: pgliteExtensions,
  })
  await pglite.waitReady
  await pglite.close()
  return dataDir
}

describe.skipIf(onPostgres)('backup and restore of the embedded database', () => {
  const temporary: string[] = []
  let source: BackupSource & {
    database: { kind: 'pglite'; dataDir: string }
    storage: { driver: 'disk'; root: string }
  }
  let before: Snapshot
  let keys: string[]
  let backupDir: string

  beforeAll(async () => {
    const dataDir = await pgliteDataDir()
    const work = await mkdtemp(path.join(os.tmpdir(), 'prestige-backups-'))
    temporary.push(dataDir, work)
    source = { database: { kind: 'pglite', dataDir }, storage: { driver: 'disk', root: path.join(dataDir, 'uploads') } }
    const database = await openDatabase({ kind: 'pglite', dataDir })
    keys = await makeData(database, createDiskStorage(source.storage.root))
    before = await snapshot(database)
    await database.close()
    // a server (another live process) holds the database: PGlite is single-process, the backup is refused
    const lock = path.join(dataDir, 'prestige.lock')
    await writeFile(lock, String(process.ppid))
    await expect(createBackup(source, path.join(work, 'refused'))).rejects.toThrow(/in use by process/)
    await rm(lock)
    backupDir = (await createBackup(source, path.join(work, 'backup'))).directory
  })
  afterAll(async () => {
    for (const dir of temporary) await rm(dir, { recursive: true, force: true })
  })

  /** A new, empty data directory to restore into: its database and its uploads on disk. */
  async function emptyTarget(prefix: string): Promise<{ dataDir: string; target: BackupSource }> {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), prefix))
    temporary.push(dataDir)
    return {
      dataDir,
      target: {
        database: { kind: 'pglite', dataDir },
        storage: { driver: 'disk', root: path.join(dataDir, 'uploads') },
      },
    }
  }

  test('a restore into a fresh data directory gives back every table row and every file', async () => {
    const manifest = await verifyBackup(backupDir)
    expect(manifest.engine).toBe('pglite')
    expect(manifest.uploads).toBe(2)
    expect(manifest.migrations.applied).toBeGreaterThan(0)
    expect(manifest.migrations.lastTag).toMatch(/^\d{4}_/)

    const { dataDir, target } = await emptyTarget('prestige-restored-')
    await restoreBackup(backupDir, target)
    const restored = await openDatabase({ kind: 'pglite', dataDir })
    try {
      const after = await snapshot(restored)
      expect(Object.keys(after).length).toBeGreaterThan(20)
      expect(after).toEqual(before)
    } finally {
      await restored.close()
    }
    const [original, copy] = [createDiskStorage(source.storage.root), createDiskStorage(path.join(dataDir, 'uploads'))]
    for (const key of keys) expect(await objectOf(copy, key)).toEqual(await objectOf(original, key))

    // a second restore over it: refused without --force, and with it the old data is set aside
    await expect(restoreBackup(backupDir, target)).rejects.toThrow(/not empty.*--force/)
    const forced = await restoreBackup(backupDir, target, { force: true })
    expect(forced.setAside).toContain(dataDir)
    const again = await openDatabase({ kind: 'pglite', dataDir })
    expect(await snapshot(again)).toEqual(before)
    await again.close()
  })

  test('a forced restore that fails part-way puts back the database and the uploads it had set aside', async () => {
    const { dataDir, target } = await emptyTarget('prestige-kept-')
    await restoreBackup(backupDir, target)
    // the target then changes, so what is put back differs from the backup
    const uploadsRoot = path.join(dataDir, 'uploads')
    const changing = await openDatabase({ kind: 'pglite', dataDir })
    await changing.db.execute(sql`update posts set content = 'Changed since the backup'`)
    const changed = await snapshot(changing)
    await changing.close()
    expect(changed).not.toEqual(before)
    await writeFile(path.join(uploadsRoot, 'written-since.txt'), 'kept')
    // a backup whose database is not the one its manifest describes: found only once loaded
    const mismatched = path.join(dataDir, '..', `${path.basename(dataDir)}-mismatched`)
    temporary.push(mismatched)
    await cp(backupDir, mismatched, { recursive: true })
    const manifestPath = path.join(mismatched, 'manifest.json')
    const manifest = JSON.parse(await readFile(manifestPath, 'utf8')) as { migrations: { applied: number } }
    manifest.migrations.applied += 1
    await writeFile(manifestPath, JSON.stringify(manifest))

    await expect(restoreBackup(mismatched, target, { force: true })).rejects.toThrow(/migrations/)
    expect((await readdir(dataDir)).filter((name) => name.startsWith('replaced-'))).toEqual([])
    const kept = await openDatabase({ kind: 'pglite', dataDir })
    try {
      expect(await snapshot(kept)).toEqual(changed)
    } finally {
      await kept.close()
    }
    expect(await readFile(path.join(uploadsRoot, 'written-since.txt'), 'utf8')).toBe('kept')
    const [original, copy] = [createDiskStorage(source.storage.root), createDiskStorage(uploadsRoot)]
    for (const key of keys) expect(await objectOf(copy, key)).toEqual(await objectOf(original, key))
  })

  test('a damaged backup or one of the other engine is refused before anything is touched', async () => {
    const { dataDir: damaged, target } = await emptyTarget('prestige-damaged-')
    const upload = path.join(backupDir, 'uploads', keys[1]!)
    const bytes = await readFile(upload)
    await writeFile(upload, Buffer.concat([bytes, Buffer.from('x')]))
    try {
      await expect(restoreBackup(backupDir, target)).rejects.toThrow(/does not match its checksum/)
    } finally {
      await writeFile(upload, bytes)
    }
    await expect(
      restoreBackup(backupDir, { ...target, database: { kind: 'postgres', url: 'postgres://nowhere/none' } }),
    ).rejects.toThrow(BackupError)
    await expect(restoreBackup(path.join(damaged, 'nothing'), target)).rejects.toThrow(/no manifest\.json/)
  })

  test('uploads in an S3 bucket are listed, backed up and put back with their type and visibility', async () => {
    const [from, to] = [await startS3StandIn(), await startS3StandIn()]
    try {
      const bucket = createS3Storage(from.options)
      const bucketKeys = [`community/${crypto.randomUUID()}.png`, `resumes/${crypto.randomUUID()}.pdf`]
      await bucket.put(bucketKeys[0]!, solidPng(6, 6), { contentType: 'image/png', visibility: 'public' })
      await bucket.put(bucketKeys[1]!, Buffer.from('%PDF-1.4 private\n'), {
        contentType: 'application/pdf',
        visibility: 'private',
      })
      const work = await mkdtemp(path.join(os.tmpdir(), 'prestige-backup-s3-'))
      temporary.push(work)
      const { directory, manifest } = await createBackup(
        { database: source.database, storage: { driver: 's3', options: from.options } },
        path.join(work, 'backup'),
      )
      expect(manifest).toMatchObject({ storage: 's3', uploads: 2 })
      await restoreBackup(directory, {
        database: { kind: 'pglite', dataDir: path.join(work, 'restored') },
        storage: { driver: 's3', options: to.options },
      })
      for (const key of bucketKeys)
        expect(await objectOf(createS3Storage(to.options), key)).toEqual(await objectOf(bucket, key))
    } finally {
      await from.stop()
      await to.stop()
    }
  })
})

describe.skipIf(!onPostgres)('backup and restore of a PostgreSQL database (pg_dump, pg_restore)', () => {
  let source: Database
  let scratchName: string
  let scratchUrl: string
  let work: string

  beforeAll(async () => {
    source = await openTestDatabase()
    work = await mkdtemp(path.join(os.tmpdir(), 'prestige-backups-'))
    scratchName = `prestige_restore_${process.pid}_${Math.random().toString(36).slice(2, 8)}`
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL })
    await admin.connect()
    await admin.query(`create database ${scratchName}`)
    await admin.end()
    const url = new URL(process.env.TEST_DATABASE_URL!)
    url.pathname = `/${scratchName}`
    scratchUrl = url.toString()
  })
  afterAll(async () => {
    await source?.close()
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL })
    await admin.connect()
    await admin.query(`drop database if exists ${scratchName} with (force)`)
    await admin.end()
    await rm(work, { recursive: true, force: true })
  })

  test('a restore into an empty database gives back every table row and every file', async () => {
    const uploads = path.join(work, 'uploads')
    const keys = await makeData(source, createDiskStorage(uploads))
    const before = await snapshot(source)
    const { directory, manifest } = await createBackup(
      { database: { kind: 'postgres', url: source.url! }, storage: { driver: 'disk', root: uploads } },
      path.join(work, 'backup'),
    )
    expect(manifest.engine).toBe('postgres')
    expect(manifest.database.pgDumpMajor).toBeGreaterThan(0)

    const target: BackupSource = {
      database: { kind: 'postgres', url: scratchUrl },
      storage: { driver: 'disk', root: path.join(work, 'restored', 'uploads') },
    }
    await restoreBackup(directory, target)
    const restored = await openDatabase({ kind: 'postgres', url: scratchUrl, poolSize: 1 })
    try {
      const after = await snapshot(restored)
      expect(Object.keys(after).length).toBeGreaterThan(20)
      expect(after).toEqual(before)

      // over a database that holds data: refused, then replaced with --force (pg_restore --clean)
      await expect(restoreBackup(directory, target)).rejects.toThrow(/database has \d+ tables.*--force/)
      await restored.db.execute(sql`delete from jobs`)
      await restoreBackup(directory, target, { force: true })
      expect(await snapshot(restored)).toEqual(before)

      // a restore that fails part-way changes nothing: a view of the target's own holds
      // jobs, so the script's DROP TABLE jobs fails after its first statements ran
      await restored.db.execute(sql`delete from jobs`)
      await restored.db.execute(sql`create view jobs_kept as select id from jobs`)
      // the rows, and the objects the script drops before it reaches jobs (constraints, pg-boss's tables)
      const objects = async () =>
        (
          (await restored.db.execute(
            sql`select (select count(*) from pg_constraint) + (select count(*) from pg_class) as n`,
          )) as unknown as { rows: Array<{ n: string }> }
        ).rows[0]!.n
      const kept = { rows: await snapshot(restored), objects: await objects() }
      await expect(restoreBackup(directory, target, { force: true })).rejects.toThrow(/psql failed/)
      expect({ rows: await snapshot(restored), objects: await objects() }).toEqual(kept)
      await restored.db.execute(sql`drop view jobs_kept`)

      // an archive pg_restore cannot read to its end (cut in half after the backup, its
      // checksum taken again): pg_restore fails first, its own error is the one reported,
      // and psql's transaction, fed the part before the cut, is rolled back
      const damaged = path.join(work, 'damaged')
      await cp(directory, damaged, { recursive: true })
      const manifestPath = path.join(damaged, 'manifest.json')
      const manifest = JSON.parse(await readFile(manifestPath, 'utf8')) as {
        database: { file: string }
        files: Array<{ path: string; size: number; sha256: string }>
      }
      const archive = path.join(damaged, manifest.database.file)
      const cut = (await readFile(archive)).subarray(0, Math.floor((await readFile(archive)).length / 2))
      await writeFile(archive, cut)
      Object.assign(
        manifest.files.find((file) => file.path === manifest.database.file)!,
        {
          size: cut.length,
          sha256: createHash('sha256').update(cut).digest('hex'),
        },
      )
      await writeFile(manifestPath, JSON.stringify(manifest))
      const whole = { rows: await snapshot(restored), objects: await objects() }
      await expect(restoreBackup(damaged, target, { force: true })).rejects.toThrow(/pg_restore failed/)
      expect({ rows: await snapshot(restored), objects: await objects() }).toEqual(whole)
    } finally {
      await restored.close()
    }
    const [original, copy] = [createDiskStorage(uploads), createDiskStorage(path.join(work, 'restored', 'uploads'))]
    for (const key of keys) expect(await objectOf(copy, key)).toEqual(await objectOf(original, key))
  })
})
