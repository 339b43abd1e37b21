import { spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { createReadStream, createWriteStream, existsSync } from 'node:fs'
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { Readable, Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3'
import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import type { Config } from '#server/config.ts'
import {
  lockDataDir,
  migrationsFolder,
  openDatabase,
  pgliteDatabaseExists,
  pgliteExtensions,
} from '#server/db/client.ts'
import { assertKey, type Visibility } from './storage.ts'
import { createS3Storage, s3StorageOptions, type S3StorageOptions } from './storage-s3.ts'

// `npm run backup` and `npm run restore` (issue 23 §6, README "Operating"). One
// backup is one directory: the database (PGlite's data directory as PGlite dumps
// it, or a `pg_dump -Fc` archive), every uploaded file in the disk driver's layout
// (the file under its key, its type and visibility beside it in `<key>.meta.json`),
// whichever driver it came from, and a manifest.json written last that lists
// every file with its size and SHA-256. A directory without a manifest is not a
// backup; a restore checks every checksum before it touches anything.

export class BackupError extends Error {}

export type BackupSource = {
  database: { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string }
  storage: { driver: 'disk'; root: string } | { driver: 's3'; options: S3StorageOptions }
}

/** Where the server configured by `config` keeps its data: what a backup reads and a restore writes. */
export function backupSourceOf(config: Config): BackupSource {
  return {
    database: config.DATABASE_URL
      ? { kind: 'postgres', url: config.DATABASE_URL }
      : { kind: 'pglite', dataDir: path.resolve(config.DATA_DIR) },
    storage:
      config.STORAGE_DRIVER === 's3'
        ? { driver: 's3', options: s3StorageOptions(config) }
        : { driver: 'disk', root: path.resolve(config.DATA_DIR, 'uploads') },
  }
}

export type BackupFile = { path: string; size: number; sha256: string }

export type BackupManifest = {
  format: 'prestige-labs-backup/1'
  createdAt: string
  engine: 'pglite' | 'postgres'
  /** The database file, and for PostgreSQL the pg_dump major version that wrote it (pg_restore must be as new). */
  database: { file: string; pgDumpMajor?: number }
  /** The drizzle migrations applied: how many, and the newest (its journal `when` and tag). */
  migrations: { applied: number; lastCreatedAt: number | null; lastTag: string | null }
  storage: 'disk' | 's3'
  /** Uploaded objects the backup holds (their `.meta.json` files not counted). */
  uploads: number
  files: BackupFile[]
}

const manifestName = 'manifest.json'
const uploadsDir = 'uploads'
const metaSuffix = '.meta.json'

type Journal = { entries: Array<{ tag: string; when: number }> }

async function readJournal(): Promise<Journal> {
  return JSON.parse(await readFile(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as Journal
}

type Log = (line: string) => void

// ---------------------------------------------------------------- files

/** Streams `source` into `target`, hashing it on the way. */
async function writeHashed(source: Readable, target: string): Promise<{ size: number; sha256: string }> {
  await mkdir(path.dirname(target), { recursive: true })
  const hash = createHash('sha256')
  let size = 0
  await pipeline(
    source,
    new Transform({
      transform(chunk: Buffer, _encoding, done) {
        hash.update(chunk)
        size += chunk.length
        done(null, chunk)
      },
    }),
    createWriteStream(target),
  )
  return { size, sha256: hash.digest('hex') }
}

async function hashFile(file: string): Promise<{ size: number; sha256: string }> {
  const hash = createHash('sha256')
  let size = 0
  for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) {
    hash.update(chunk)
    size += chunk.length
  }
  return { size, sha256: hash.digest('hex') }
}

/** Every file under `root`, as paths relative to it with `/` separators. */
async function walk(root: string, prefix = ''): Promise<string[]> {
  if (!existsSync(path.join(root, prefix))) return []
  const found: string[] = []
  for (const entry of await readdir(path.join(root, prefix), { withFileTypes: true })) {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name
    if (entry.isDirectory()) found.push(...(await walk(root, relative)))
    else if (entry.isFile()) found.push(relative)
  }
  return found.sort()
}

async function isNonEmptyDir(dir: string): Promise<boolean> {
  return existsSync(dir) && (await readdir(dir)).length > 0
}

// ---------------------------------------------------------------- PostgreSQL tools

type Tool = 'pg_dump' | 'pg_restore' | 'psql'

/** The environment and --dbname argument for `url`: the password travels in PGPASSWORD, never on the command line (ps shows it). */
function connectionOf(url: string): { env: NodeJS.ProcessEnv; dbname: string } {
  const env = { ...process.env }
  const parsed = new URL(url)
  if (parsed.password) env.PGPASSWORD = decodeURIComponent(parsed.password)
  parsed.password = ''
  return { env, dbname: `--dbname=${parsed.toString()}` }
}

/** Starts a PostgreSQL client tool; `done` resolves with what it wrote to stderr, or rejects with it. */
function startTool(
  tool: Tool,
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
  stdout: 'pipe' | 'ignore' = 'ignore',
) {
  const child = spawn(tool, args, { env, stdio: ['pipe', stdout, 'pipe'] })
  let errors = ''
  child.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString()))
  const done = new Promise<string>((resolve, reject) => {
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT'
          ? new BackupError(
              `${tool} was not found: install the PostgreSQL client tools of your server's version (Debian: postgresql-client-NN) or put them on PATH`,
            )
          : error,
      ),
    )
    child.on('close', (code) =>
      code === 0 ? resolve(errors) : reject(new BackupError(`${tool} failed (exit ${code}):\n${errors.trim()}`)),
    )
  })
  return { child, done }
}

function runTool(tool: Tool, args: string[], url?: string): Promise<string> {
  const connection = url ? connectionOf(url) : undefined
  const { child, done } = startTool(tool, connection ? [...args, connection.dbname] : args, connection?.env, 'pipe')
  child.stdin!.end()
  let output = ''
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  return done.then((errors) => output + errors)
}

// pg_restore --clean drops a partitioned table's constraints on each partition
// first, which PostgreSQL refuses ("cannot drop inherited constraint": pg-boss's
// job table is partitioned by queue). Partitioned tables are dropped whole before
// the script's own clean-up, in the same transaction.
const dropPartitionedTables = `
DO $$
DECLARE r record;
BEGIN
  FOR r IN SELECT n.nspname, c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
           WHERE c.relkind = 'p' AND n.nspname NOT IN ('pg_catalog', 'information_schema') LOOP
    EXECUTE format('DROP TABLE IF EXISTS %I.%I CASCADE', r.nspname, r.relname);
  END LOOP;
END $$;
`

/**
 * `pg_restore --clean --if-exists --no-owner --no-acl` of `file` into `url`, as one
 * transaction: pg_restore writes the script, psql runs it (with ON_ERROR_STOP), so
 * a restore that fails leaves the database as it was. psql commits what it has read
 * when its input ends, so its input is ended only once pg_restore has written the
 * whole script; if pg_restore fails, psql is stopped and its transaction rolled back
 * (a pipe ended with pg_restore's output would have committed a part of the script).
 */
async function restorePostgres(file: string, url: string): Promise<void> {
  const { env, dbname } = connectionOf(url)
  const psql = startTool(
    'psql',
    ['--no-psqlrc', '--quiet', '--single-transaction', '--set=ON_ERROR_STOP=1', '--file=-', dbname],
    env,
  )
  const script = startTool(
    'pg_restore',
    ['--clean', '--if-exists', '--no-owner', '--no-acl', '--file=-', file],
    env,
    'pipe',
  )
  script.child.stdin!.end()
  // a psql that stops early closes its input: pg_restore's failure then says less than psql's
  psql.child.stdin!.on('error', () => {})
  // each outcome is caught at once: psql may fail while pg_restore is still writing,
  // and a rejection nobody has caught yet is an unhandled one
  const failureOf = (done: Promise<string>) =>
    done.then(
      () => undefined,
      (error: unknown) => error,
    )
  const psqlFailure = failureOf(psql.done)
  const scriptFailure = failureOf(script.done)
  // and pg_restore, its output no longer read, would wait for ever: stopped, what it
  // still had written read to nowhere, so its streams end. (psql failed: it ran into an
  // error, or never started; not the kill below, after pg_restore's own failure.)
  let psqlStoppedFirst = false
  let killingPsql = false
  void psqlFailure.then((failure) => {
    if (failure === undefined || killingPsql) return
    psqlStoppedFirst = true
    script.child.stdout!.unpipe()
    script.child.stdout!.resume()
    script.child.kill()
  })
  psql.child.stdin!.write('SET client_min_messages = warning;\n' + dropPartitionedTables)
  script.child.stdout!.pipe(psql.child.stdin!, { end: false })
  const written = await scriptFailure
  if (written === undefined) psql.child.stdin!.end()
  else {
    // killed before its input closes: an input that ends is a script to commit
    killingPsql = true
    psql.child.kill('SIGKILL')
    psql.child.stdin!.destroy()
  }
  const restored = await psqlFailure
  // the first to fail says why: psql's error stopped pg_restore, or pg_restore's stopped psql
  const failure = psqlStoppedFirst ? (restored ?? written) : (written ?? restored)
  if (failure !== undefined) throw failure
}

async function toolMajor(tool: Tool): Promise<number> {
  const version = (await runTool(tool, ['--version'])).match(/\(PostgreSQL\) (\d+)/)
  if (!version) throw new BackupError(`Could not read the version of ${tool}`)
  return Number(version[1])
}

async function withPostgres<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url })
  try {
    await client.connect()
  } catch (error) {
    throw new BackupError(`Cannot connect to DATABASE_URL: ${(error as Error).message}`)
  }
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}

type Query = (text: string) => Promise<{ rows: unknown[] }>

async function migrationLevel(query: Query): Promise<BackupManifest['migrations']> {
  const present = (await query(`select to_regclass('drizzle.__drizzle_migrations') is not null as present`))
    .rows[0] as {
    present: boolean
  }
  if (!present.present) return { applied: 0, lastCreatedAt: null, lastTag: null }
  const row = (
    await query(`select count(*)::int as applied, max(created_at)::text as last from drizzle.__drizzle_migrations`)
  ).rows[0] as { applied: number; last: string | null }
  const lastCreatedAt = row.last === null ? null : Number(row.last)
  const journal = await readJournal()
  return {
    applied: row.applied,
    lastCreatedAt,
    lastTag: journal.entries.find((entry) => entry.when === lastCreatedAt)?.tag ?? null,
  }
}

// ---------------------------------------------------------------- uploads

/** The bucket's objects (every page of the listing) whose keys the app could have made. */
async function listBucket(client: S3Client, bucket: string): Promise<{ keys: string[]; foreign: number }> {
  const keys: string[] = []
  let foreign = 0
  let token: string | undefined
  do {
    const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }))
    for (const object of page.Contents ?? []) {
      try {
        assertKey(object.Key ?? '')
        keys.push(object.Key!)
      } catch {
        foreign++
      }
    }
    token = page.IsTruncated ? page.NextContinuationToken : undefined
  } while (token)
  return { keys, foreign }
}

function s3Client(options: S3StorageOptions): S3Client {
  return new S3Client({
    endpoint: options.endpoint,
    region: options.region,
    forcePathStyle: options.forcePathStyle,
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  })
}

/** Copies every uploaded file into `target/uploads`; returns how many objects. */
async function copyUploadsOut(storage: BackupSource['storage'], target: string, log: Log): Promise<number> {
  const into = path.join(target, uploadsDir)
  if (storage.driver === 'disk') {
    // an upload being written is a `.partial` file until its rename: not an object yet
    const files = (await walk(storage.root)).filter((file) => !file.endsWith('.partial'))
    for (const file of files) await writeHashed(createReadStream(path.join(storage.root, file)), path.join(into, file))
    return files.filter((file) => !file.endsWith(metaSuffix)).length
  }
  // the storage port has no listing: the bucket is listed here, with the same client settings as storage-s3.ts
  const client = s3Client(storage.options)
  try {
    const { keys, foreign } = await listBucket(client, storage.options.bucket)
    if (foreign) log(`${foreign} objects in the bucket have keys the app does not make: left out`)
    for (const key of keys) {
      const object = await client.send(new GetObjectCommand({ Bucket: storage.options.bucket, Key: key }))
      if (!object.Body) throw new BackupError(`The bucket answered ${key} without a body`)
      await writeHashed(object.Body as Readable, path.join(into, key))
      const visibility: Visibility = object.Metadata?.visibility === 'public' ? 'public' : 'private'
      await writeFile(
        path.join(into, key + metaSuffix),
        JSON.stringify({ contentType: object.ContentType ?? 'application/octet-stream', visibility }),
      )
    }
    return keys.length
  } finally {
    client.destroy()
  }
}

// ---------------------------------------------------------------- backup

export type BackupResult = { directory: string; manifest: BackupManifest }

/** Writes a backup of `source` to the directory `out` (which must not exist yet). */
export async function createBackup(source: BackupSource, out: string, log: Log = () => {}): Promise<BackupResult> {
  const directory = path.resolve(out)
  if (existsSync(directory)) throw new BackupError(`${directory} already exists: choose another --out`)
  // written under another name and renamed at the end: a half-written backup never looks like one
  const partial = `${directory}.partial`
  await rm(partial, { recursive: true, force: true })
  await mkdir(partial, { recursive: true })
  try {
    const engine = source.database.kind
    let database: BackupManifest['database']
    let migrations: BackupManifest['migrations']
    if (source.database.kind === 'pglite') {
      const { dataDir } = source.database
      if (!pgliteDatabaseExists(dataDir))
        throw new BackupError(`There is no embedded database in ${path.join(dataDir, 'db')} (check DATA_DIR)`)
      log(`Dumping the embedded database in ${dataDir}`)
      // PGlite is one process's database: this takes its lock, so a running server refuses it
      const opened = await openDatabase({ kind: 'pglite', dataDir }).catch((error: Error) => {
        throw new BackupError(
          `${error.message}. The embedded database is backed up while the server is stopped (PGlite is single-process).`,
        )
      })
      try {
        migrations = await migrationLevel((text) => opened.pglite!.query(text))
        const dump = await opened.pglite!.dumpDataDir('gzip')
        database = { file: 'database.pglite.tar.gz' }
        await writeFile(path.join(partial, database.file), Buffer.from(await dump.arrayBuffer()))
      } finally {
        await opened.close()
      }
    } else {
      const { url } = source.database
      const [dumpMajor, server] = await Promise.all([
        toolMajor('pg_dump'),
        withPostgres(url, async (client) => ({
          major: Math.floor(Number((await client.query('show server_version_num')).rows[0].server_version_num) / 10000),
          migrations: await migrationLevel((text) => client.query(text)),
        })),
      ])
      if (dumpMajor < server.major)
        throw new BackupError(
          `pg_dump ${dumpMajor} cannot dump a PostgreSQL ${server.major} server: install the client tools ${server.major} or newer`,
        )
      migrations = server.migrations
      log('Dumping the PostgreSQL database (pg_dump -Fc)')
      database = { file: 'database.pgdump', pgDumpMajor: dumpMajor }
      await runTool('pg_dump', ['--format=custom', `--file=${path.join(partial, database.file)}`], url)
    }

    log(`Copying the uploaded files (${source.storage.driver})`)
    const uploads = await copyUploadsOut(source.storage, partial, log)

    const files: BackupFile[] = []
    for (const file of await walk(partial)) files.push({ path: file, ...(await hashFile(path.join(partial, file))) })
    const manifest: BackupManifest = {
      format: 'prestige-labs-backup/1',
      createdAt: new Date().toISOString(),
      engine,
      database,
      migrations,
      storage: source.storage.driver,
      uploads,
      files,
    }
    await writeFile(path.join(partial, manifestName), JSON.stringify(manifest, null, 2) + '\n')
    await rename(partial, directory)
    return { directory, manifest }
  } catch (error) {
    await rm(partial, { recursive: true, force: true })
    throw error
  }
}

// ---------------------------------------------------------------- restore

/** Reads a backup's manifest and checks every file it lists against its size and SHA-256. */
export async function verifyBackup(directory: string): Promise<BackupManifest> {
  const manifestPath = path.join(directory, manifestName)
  if (!existsSync(manifestPath))
    throw new BackupError(`${directory} is not a complete backup: it has no ${manifestName}`)
  const manifest = JSON.parse(await readFile(manifestPath, 'utf8')) as BackupManifest
  if (manifest.format !== 'prestige-labs-backup/1')
    throw new BackupError(`${manifestPath} is not a Prestige Labs backup manifest`)
  for (const file of manifest.files) {
    // paths stay inside the backup: a manifest cannot make a restore read or write elsewhere
    if (path.posix.normalize(file.path) !== file.path || file.path.startsWith('../') || path.isAbsolute(file.path))
      throw new BackupError(`The manifest names a file outside the backup: ${file.path}`)
    const full = path.join(directory, file.path)
    if (!existsSync(full)) throw new BackupError(`The backup is missing ${file.path}`)
    const actual = await hashFile(full)
    if (actual.size !== file.size || actual.sha256 !== file.sha256)
      throw new BackupError(`${file.path} does not match its checksum in the manifest: the backup is damaged`)
  }
  if (!manifest.files.some((file) => file.path === manifest.database.file))
    throw new BackupError(`The manifest does not list the database file ${manifest.database.file}`)
  return manifest
}

export type RestoreOptions = { force?: boolean; log?: Log }

export type RestoreResult = {
  manifest: BackupManifest
  /** Where the replaced embedded database and uploads were moved (with --force), if anything was there. */
  setAside?: string
  /** Objects left in the bucket that the backup does not hold (S3 with --force). */
  bucketObjectsKept?: number
}

/**
 * After an embedded restore failed part-way (`failure`): removes what it wrote and
 * moves back what it had set aside, so the data directory is as it was. A place it
 * wrote into that held nothing before is emptied, not removed (it may be a mount
 * point); one still waiting to be set aside holds the data and is left. Every step
 * is tried; if one fails, the error says so and where the replaced data still is.
 */
async function putBack(
  failure: unknown,
  state: {
    written: string[]
    existedBefore: Set<string>
    moves: Array<[string, string]>
    moved: Array<[string, string]>
    setAside?: string
  },
  log: Log,
): Promise<unknown> {
  log('The restore failed: putting back what was there')
  const problems: string[] = []
  const attempt = async (step: () => Promise<unknown>) => {
    try {
      await step()
    } catch (error) {
      problems.push((error as Error).message)
    }
  }
  const wasMoved = (what: string) => state.moved.some(([from]) => from === what)
  for (const what of state.written) {
    if (wasMoved(what) || !state.existedBefore.has(what))
      await attempt(() => rm(what, { recursive: true, force: true }))
    else if (!state.moves.some(([from]) => from === what))
      await attempt(async () => {
        for (const name of await readdir(what)) await rm(path.join(what, name), { recursive: true, force: true })
      })
  }
  for (const [what, to] of [...state.moved].reverse()) await attempt(() => rename(to, what))
  if (problems.length === 0) {
    if (state.setAside) await attempt(() => rm(state.setAside!, { recursive: true, force: true }))
    return failure
  }
  return new BackupError(
    `${(failure as Error).message}; putting back what was there failed too (${problems.join('; ')})${state.setAside ? `: the replaced data is in ${state.setAside}` : ''}`,
  )
}

/** Restores the backup in `directory` into `target`, refusing a target that holds data unless `force`. */
export async function restoreBackup(
  directory: string,
  target: BackupSource,
  options: RestoreOptions = {},
): Promise<RestoreResult> {
  const log = options.log ?? (() => {})
  const from = path.resolve(directory)
  log(`Checking ${from}`)
  const manifest = await verifyBackup(from)
  if (manifest.engine !== target.database.kind)
    throw new BackupError(
      manifest.engine === 'pglite'
        ? 'This backup is of the embedded database (PGlite): restore it without DATABASE_URL, into DATA_DIR'
        : 'This backup is of a PostgreSQL database: restore it with DATABASE_URL set',
    )
  const journal = await readJournal()
  const newestKnown = Math.max(...journal.entries.map((entry) => entry.when))
  if (manifest.migrations.lastCreatedAt !== null && manifest.migrations.lastCreatedAt > newestKnown)
    throw new BackupError(
      `This backup was made by a newer version of the app (migration ${manifest.migrations.lastTag ?? manifest.migrations.lastCreatedAt}): restore it with that version`,
    )
  const databaseFile = path.join(from, manifest.database.file)
  const result: RestoreResult = { manifest }

  const stamp = new Date().toISOString().replace(/[:.]/g, '-')
  const uploadsToSetAside = async (dataDir: string): Promise<Array<[string, string]>> =>
    target.storage.driver === 'disk' && (await isNonEmptyDir(target.storage.root))
      ? [[target.storage.root, path.join(dataDir, `replaced-${stamp}`, 'uploads')]]
      : []
  const refuseUnlessForced = (what: string[]) => {
    if (what.length && !options.force)
      throw new BackupError(`The target is not empty (${what.join('; ')}): add --force to replace it`)
  }
  const bucketKeys =
    target.storage.driver === 's3' ? await listTargetBucket(target.storage.options) : { keys: [], foreign: 0 }
  const bucketNote = bucketKeys.keys.length ? [`the bucket holds ${bucketKeys.keys.length} objects`] : []

  if (target.database.kind === 'pglite') {
    const { dataDir } = target.database
    // PGlite is one process's database: a running server holds this lock
    let unlock: () => void
    try {
      unlock = lockDataDir(dataDir)
    } catch (error) {
      throw new BackupError(`${(error as Error).message} before restoring`)
    }
    try {
      const dbDir = path.join(dataDir, 'db')
      const moves: Array<[string, string]> = [
        ...((await isNonEmptyDir(dbDir))
          ? [[dbDir, path.join(dataDir, `replaced-${stamp}`, 'db')] as [string, string]]
          : []),
        ...(await uploadsToSetAside(dataDir)),
      ]
      refuseUnlessForced([...moves.map(([what]) => `${what} has files`), ...bucketNote])
      // what the restore writes into, and whether it was there before
      const written = [dbDir, ...(target.storage.driver === 'disk' ? [target.storage.root] : [])]
      const existedBefore = new Set(written.filter((what) => existsSync(what)))
      const moved: Array<[string, string]> = []
      try {
        for (const [what, to] of moves) {
          await mkdir(path.dirname(to), { recursive: true })
          await rename(what, to)
          moved.push([what, to])
          result.setAside = path.dirname(to)
        }
        log(`Loading the embedded database into ${dbDir}`)
        const pglite = new PGlite(dbDir, {
          loadDataDir: new Blob([await readFile(databaseFile)]),
          extensions: pgliteExtensions,
        })
        try {
          await pglite.waitReady
          const level = await migrationLevel((text) => pglite.query(text))
          if (level.applied !== manifest.migrations.applied)
            throw new BackupError(
              `The restored database has ${level.applied} migrations, the backup ${manifest.migrations.applied}`,
            )
        } finally {
          await pglite.close()
        }
        await copyUploadsIn(from, manifest, target.storage, log)
      } catch (error) {
        throw await putBack(error, { written, existedBefore, moves, moved, setAside: result.setAside }, log)
      }
    } finally {
      unlock()
    }
  } else {
    const { url } = target.database
    const restoreMajor = await toolMajor('pg_restore')
    if (manifest.database.pgDumpMajor && restoreMajor < manifest.database.pgDumpMajor)
      throw new BackupError(
        `pg_restore ${restoreMajor} cannot read an archive of pg_dump ${manifest.database.pgDumpMajor}: install the client tools ${manifest.database.pgDumpMajor} or newer`,
      )
    const tables = await withPostgres(url, async (client) =>
      Number(
        (
          await client.query(
            `select count(*)::int as tables from pg_tables where schemaname not in ('pg_catalog', 'information_schema')`,
          )
        ).rows[0].tables,
      ),
    )
    const dataDir = target.storage.driver === 'disk' ? path.dirname(target.storage.root) : ''
    const moves = await uploadsToSetAside(dataDir)
    refuseUnlessForced([
      ...(tables ? [`the database has ${tables} tables`] : []),
      ...moves.map(([what]) => `${what} has files`),
      ...bucketNote,
    ])
    log('Restoring the PostgreSQL database (pg_restore, in one transaction)')
    await restorePostgres(databaseFile, url)
    for (const [what, to] of moves) {
      await mkdir(path.dirname(to), { recursive: true })
      await rename(what, to)
      result.setAside = path.dirname(to)
    }
    await copyUploadsIn(from, manifest, target.storage, log)
  }
  if (target.storage.driver === 's3') {
    const restored = new Set(manifest.files.map((file) => file.path))
    result.bucketObjectsKept = bucketKeys.keys.filter((key) => !restored.has(`${uploadsDir}/${key}`)).length
  }
  return result
}

async function listTargetBucket(options: S3StorageOptions) {
  const client = s3Client(options)
  try {
    return await listBucket(client, options.bucket)
  } finally {
    client.destroy()
  }
}

/** Puts the backup's uploaded files into the target storage: files on disk, or objects through the storage port. */
async function copyUploadsIn(from: string, manifest: BackupManifest, storage: BackupSource['storage'], log: Log) {
  const uploads = manifest.files
    .map((file) => file.path)
    .filter((file) => file.startsWith(`${uploadsDir}/`))
    .map((file) => file.slice(uploadsDir.length + 1))
  log(`Restoring ${manifest.uploads} uploaded files (${storage.driver})`)
  if (storage.driver === 'disk') {
    for (const file of uploads)
      await writeHashed(createReadStream(path.join(from, uploadsDir, file)), path.join(storage.root, file))
    return
  }
  const port = createS3Storage(storage.options)
  for (const key of uploads.filter((file) => !file.endsWith(metaSuffix))) {
    const metaPath = path.join(from, uploadsDir, key + metaSuffix)
    const meta = existsSync(metaPath)
      ? (JSON.parse(await readFile(metaPath, 'utf8')) as { contentType: string; visibility: Visibility })
      : { contentType: 'application/octet-stream', visibility: 'private' as const }
    await port.put(key, await readFile(path.join(from, uploadsDir, key)), meta)
  }
}

/** The total size of a backup's files, for the scripts' summary. */
export function backupSize(manifest: BackupManifest): number {
  return manifest.files.reduce((sum, file) => sum + file.size, 0)
}
