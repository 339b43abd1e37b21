// The layoff import and tracker at scale (issue 19: "100,000-row import on PGlite and
// on PostgreSQL (goal < 15 s, and the ratio to a raw multi-row INSERT of the same
// rows); search and sort on 100,000 records use indexes (EXPLAIN), p99 < 100 ms";
// docs/decisions/028).
//
// Per engine:
// 1. A WARN-like CSV of BENCH_LAYOFFS rows (100,000; 3,000 companies, every state,
//    ten years of dates, '1,609' worker counts, Closure or Layoff, notes with quoted
//    commas, some sources) goes through the real path on the server process
//    (bench/server.ts): POST .../imports/preview as an admin, POST .../imports with
//    the suggested mapping, then GET .../imports/:id until it is done. Timed whole.
// 2. In this process, on a fresh database of its own: the same records (parsed by
//    the import's own code) as a raw multi-row INSERT into layoff_records, 1,000 rows
//    a statement, no upsert, no change log, in one transaction: the floor. Then the
//    import's own write (queries.upsertBatch, one transaction, the advisory lock) with
//    batches of 100 (the product's, spec 002 §9), 500 and 1,000, and the same upsert
//    without its change log (undo's before-values), to show what the time goes to.
// 3. EXPLAIN ANALYZE of the tracker's list query (queries.listRecords, its real SQL)
//    on those 100,000 records: each sort both ways, a search word, a state, a date
//    range, and their counts; whether each uses an index.
// 4. autocannon on GET /api/layoffs (filters, sorts, never-seen date ranges) and
//    GET /api/layoffs/stats as a subscriber, against the one-row SELECT.
//
//   npx tsx bench/layoffs.ts                                   # PGlite, then PostgreSQL when one answers
//   BENCH_ENGINES=postgres npx tsx bench/layoffs.ts            # one engine
//   BENCH_LAYOFFS=20000 BENCH_SECONDS=3 npx tsx bench/layoffs.ts   # a quick look
import { sql } from 'drizzle-orm'
import { withTransaction, type Database, type Db } from '#server/db/client.ts'
import { layoffRecords } from '#server/db/schema/layoffs.ts'
import { readCsv } from '#server/modules/layoffs/import/read-csv.ts'
import { companyKey, toLayoffRecords, type LayoffImportRecord } from '#server/modules/layoffs/import/records.ts'
import type { LayoffImportMapping } from '#server/modules/layoffs/import/mapping.ts'
import * as queries from '#server/modules/layoffs/queries.ts'
import { layoffImportBatchSize, usStates } from '#shared/layoffs/constants.ts'
import type { LayoffFilters, LayoffImportPreview, LayoffImportView, LayoffSort } from '#shared/layoffs/schemas.ts'
import { benchAdmin } from './seed.ts'
import { executionMs, explain as explainStatement, recordingDb, type Statement } from './explain.ts'
import {
  browserAcceptEncoding,
  cookieHeader,
  defaultPostgresUrl,
  formatMeasurement,
  measure,
  measureSelect,
  postgresAnswers,
  printBudgets,
  ratioBudget,
  runIfMain,
  openBenchDatabase,
  settings,
  startBenchServer,
  type BenchServer,
  type BudgetRow,
  type Engine,
  type Measurement,
} from './support.ts'

export const layoffRows = Number(process.env.BENCH_LAYOFFS ?? 100_000)
/** issue 19's goal for the whole import */
const importGoalSeconds = 15
/** a word in many company names (the trigram search) */
export const layoffSearchWord = 'harbor'

// ---- the file --------------------------------------------------------------------

const firstWords = ['Blue', 'Harbor', 'Summit', 'Prairie', 'Atlas', 'Granite', 'Pioneer', 'Silver', 'Northern', 'Coastal', 'Redwood', 'Liberty', 'Evergreen', 'Union', 'Cedar', 'Eagle', 'Lakeside', 'Golden', 'Iron', 'Harborview'] // prettier-ignore
const secondWords = ['Logistics', 'Foods', 'Health', 'Manufacturing', 'Systems', 'Retail', 'Energy', 'Textiles', 'Motors', 'Pharma', 'Software', 'Freight', 'Hospitality', 'Plastics', 'Paper', 'Steel', 'Bakery', 'Printing', 'Services', 'Medical', 'Aerospace', 'Furniture', 'Dairy', 'Glass', 'Packaging'] // prettier-ignore
const suffixes = ['Inc.', 'LLC', 'Corp.', 'Co.', '', 'Holdings, Inc.']

/** A small deterministic generator: the same file every run. */
function random(seed: number) {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const quote = (cell: string) => (/[",\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell)

/** A WARN-like file of `rows` rows from about 3,000 companies, as states publish them. */
export function warnCsv(rows: number, seed = 19): string {
  const next = random(seed)
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!
  const companies = Array.from({ length: 3000 }, (_, i) => {
    const name = `${firstWords[i % firstWords.length]} ${secondWords[Math.floor(i / firstWords.length) % secondWords.length]}`
    const branch = Math.floor(i / (firstWords.length * secondWords.length))
    return `${name}${branch ? ` ${branch + 1}` : ''}${suffixes[i % suffixes.length] ? ` ${suffixes[i % suffixes.length]}` : ''}`
  })
  const start = Date.UTC(2015, 0, 1)
  const days = 3652
  const lines = ['Company,State,Notice Date,Layoff Date,Number of Workers,Closure/Layoff,Notes,Source']
  for (let i = 0; i < rows; i++) {
    const state = pick(usStates).code
    const layoff = new Date(start + Math.floor(next() * days) * 86_400_000)
    const notice = new Date(layoff.getTime() - 60 * 86_400_000)
    const mdy = (d: Date) => `${d.getUTCMonth() + 1}/${d.getUTCDate()}/${d.getUTCFullYear()}`
    const workers = 1 + Math.floor(next() ** 3 * 2500)
    const notes = next() < 0.3 ? `Plant in ${pick(['Springfield', 'Riverside', 'Fairview', 'Franklin'])}, site ${1 + Math.floor(next() * 9)}` : '' // prettier-ignore
    const source = next() < 0.2 ? `https://warn.example.gov/${state.toLowerCase()}/${i}` : ''
    lines.push(
      [
        pick(companies),
        state,
        mdy(notice),
        mdy(layoff),
        workers.toLocaleString('en-US'),
        next() < 0.25 ? 'Closure' : 'Layoff',
        notes,
        source,
      ]
        .map(quote)
        .join(','),
    )
  }
  return `${lines.join('\r\n')}\r\n`
}

// ---- 1. the real path ------------------------------------------------------------

type AdminSession = { cookie: string }

async function signInAdmin(server: BenchServer): Promise<AdminSession> {
  const session = await server.signIn(benchAdmin)
  return { cookie: cookieHeader(session.cookies) }
}

async function adminFetch(server: BenchServer, admin: AdminSession, path: string, init: RequestInit = {}) {
  const response = await fetch(`${server.baseUrl}${path}`, {
    ...init,
    headers: {
      cookie: admin.cookie,
      origin: server.baseUrl,
      'accept-encoding': browserAcceptEncoding,
      ...init.headers,
    },
  })
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${await response.text()}`)
  return response
}

type RealImport = { seconds: number; previewSeconds: number; view: LayoffImportView; mapping: LayoffImportMapping }

async function importThroughServer(server: BenchServer, admin: AdminSession, csv: string): Promise<RealImport> {
  const started = performance.now()
  const form = new FormData()
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'bench-warn.csv')
  const preview = (await (
    await adminFetch(server, admin, '/api/admin/layoffs/imports/preview', { method: 'POST', body: form })
  ).json()) as LayoffImportPreview
  const previewSeconds = (performance.now() - started) / 1000
  if (preview.problems.length) throw new Error(`the suggested mapping lacks: ${preview.problems.join('; ')}`)
  const queued = (await (
    await adminFetch(server, admin, '/api/admin/layoffs/imports', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        uploadId: preview.uploadId,
        fileName: preview.fileName,
        mapping: preview.suggestedMapping,
      }),
    })
  ).json()) as LayoffImportView
  let dropped = 0
  for (;;) {
    // on PGlite a GET waits while the import's transaction holds the one connection
    const view = await adminFetch(server, admin, `/api/admin/layoffs/imports/${queued.id}`)
      .then((response) => response.json() as Promise<LayoffImportView>)
      .catch((error: unknown) => {
        if (++dropped > 5) throw error
        console.log(`GET import status: ${String((error as Error).cause ?? error)}; asking again`)
        return undefined
      })
    if (!view) continue
    if (view.status === 'done')
      return {
        seconds: (performance.now() - started) / 1000,
        previewSeconds,
        view,
        mapping: preview.suggestedMapping as LayoffImportMapping,
      }
    if (view.status !== 'queued' && view.status !== 'running')
      throw new Error(`the import ended ${view.status}: ${JSON.stringify(view)}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

// ---- 2. the floor and the batch sizes, in this process -----------------------------

const batchOf = (records: readonly LayoffImportRecord[]): queries.BatchRecord[] =>
  records.map((record) => ({
    company: record.company,
    companyKey: companyKey(record.company),
    state: record.state,
    workersAffected: record.workersAffected,
    layoffDate: record.layoffDate,
    isClosure: record.isClosure,
    notes: record.notes,
    source: record.source,
  }))

async function emptyRecords(db: Db) {
  await db.execute(sql`truncate layoff_import_changes, layoff_import_skips, layoff_records`)
}

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now()
  await work()
  return (performance.now() - started) / 1000
}

/** The raw floor: plain multi-row INSERTs of 1,000 rows, one transaction. */
async function rawInsert(db: Db, rows: queries.BatchRecord[]): Promise<number> {
  await emptyRecords(db)
  return timed(() =>
    withTransaction(db, async (tx) => {
      for (let start = 0; start < rows.length; start += 1000)
        await tx.insert(layoffRecords).values(rows.slice(start, start + 1000))
    }),
  )
}

/** The import's own write (writeImportRecords' loop) with another batch size. */
async function upsertWrite(db: Db, importId: string, rows: queries.BatchRecord[], size: number): Promise<number> {
  await emptyRecords(db)
  return timed(() =>
    withTransaction(db, async (tx) => {
      await queries.lockImports(tx)
      for (let start = 0; start < rows.length; start += size)
        await queries.upsertBatch(tx, importId, rows.slice(start, start + size))
    }),
  )
}

/** upsertBatch's statement without the change log (undo's before-values): what the log costs. */
async function upsertWithoutLog(db: Db, importId: string, rows: queries.BatchRecord[], size: number): Promise<number> {
  await emptyRecords(db)
  return timed(() =>
    withTransaction(db, async (tx) => {
      for (let start = 0; start < rows.length; start += size) {
        const input = JSON.stringify(
          rows.slice(start, start + size).map((row) => ({
            company: row.company,
            company_key: row.companyKey,
            state: row.state,
            workers_affected: row.workersAffected,
            layoff_date: row.layoffDate,
            is_closure: row.isClosure,
            notes: row.notes,
            source: row.source,
          })),
        )
        await tx.execute(sql`
          insert into layoff_records (company, company_key, state, workers_affected, layoff_date, is_closure, notes, source, import_id)
          select company, company_key, state, workers_affected, layoff_date, is_closure, notes, source, ${importId}::uuid
          from jsonb_to_recordset(${input}::jsonb) as i(
            company text, company_key text, state text, workers_affected int, layoff_date date,
            is_closure boolean, notes text, source text
          )
          on conflict (company_key, state, layoff_date) do update set
            company = excluded.company, workers_affected = excluded.workers_affected, is_closure = excluded.is_closure,
            notes = excluded.notes, source = excluded.source, import_id = excluded.import_id, updated_at = now()`)
      }
    }),
  )
}

// ---- 3. EXPLAIN of the real list query ------------------------------------------------

type ExplainedPlan = { label: string; text: string; indexed: boolean; ms: number | null }

async function explainList(database: Database): Promise<ExplainedPlan[]> {
  const { db, taken } = recordingDb(database)
  await database.db.execute(sql`analyze layoff_records`)
  const cases: Array<{ label: string; filters: LayoffFilters }> = [
    { label: 'no filter', filters: {} },
    { label: `search "${layoffSearchWord}"`, filters: { q: layoffSearchWord } },
    { label: 'state CA', filters: { state: 'CA' } },
    { label: 'dates 2020-01-01..2020-03-31', filters: { from: '2020-01-01', to: '2020-03-31' } },
  ]
  const sorts: LayoffSort[] = ['company', 'state', 'date', 'workers']
  const plans: ExplainedPlan[] = []
  const explain = async (label: string, query: Statement) => {
    const text = await explainStatement(database.db, query, 'analyze, costs off')
    const indexed = /Index (Only )?Scan|Bitmap Index Scan/.test(text) && !/Seq Scan on layoff_records/.test(text)
    const ms = executionMs(text)
    plans.push({ label, text, indexed, ms: Number.isNaN(ms) ? null : ms })
  }
  for (const { label, filters } of cases) {
    for (const sort of sorts)
      for (const dir of ['asc', 'desc'] as const) {
        taken.length = 0
        await queries.listRecords(db, filters, { sort, dir }, undefined, 26)
        await explain(`list, ${label}, ${sort} ${dir}`, taken[0]!)
      }
    if (label !== 'no filter') {
      taken.length = 0
      await queries.countRecords(db, filters)
      await explain(`count, ${label}`, taken[0]!)
    }
  }
  return plans
}

// ---- the whole bench of one engine -----------------------------------------------------

export async function layoffsBench(engine: Engine): Promise<BudgetRow[]> {
  const kind = engine.kind
  const rows: BudgetRow[] = []
  const csv = warnCsv(layoffRows)
  console.log(
    `\nlayoffs, ${kind}: a WARN-like file of ${layoffRows.toLocaleString('en')} rows, ${(csv.length / 1e6).toFixed(1)} MB`,
  )

  // 1. the real path
  const server = await startBenchServer(engine, { seed: ['layoffs'] })
  let real: RealImport
  try {
    const admin = await signInAdmin(server)
    real = await importThroughServer(server, admin, csv)
    const { view } = real
    console.log(
      `import through the server (preview + import job, batch ${layoffImportBatchSize}): ${real.seconds.toFixed(2)} s (preview ${real.previewSeconds.toFixed(2)} s); ${view.imported} created, ${view.updated} updated, ${view.skipped} skipped, ${view.rowsCombined} rows combined, ${view.duplicatesMerged} duplicates merged`,
    )

    // 4. the tracker under load (the records are the server's, as imported)
    const session = await server.signIn()
    const select = await measureSelect(server, session)
    const load = (title: string, path: string) => measure(title, server.baseUrl, { paths: [path] }, session)
    const next = random(7)
    const day = (offset: number) => new Date(Date.UTC(2015, 0, 1) + offset * 86_400_000).toISOString().slice(0, 10)
    const runs: Measurement[] = [
      await load('GET /api/layoffs (newest first)', '/api/layoffs'),
      await load('GET /api/layoffs?sort=company&dir=asc', '/api/layoffs?sort=company&dir=asc'),
      await load(`GET /api/layoffs?q=${layoffSearchWord}&sort=workers`, `/api/layoffs?q=${layoffSearchWord}&sort=workers&dir=desc`), // prettier-ignore
      await load('GET /api/layoffs?state=CA&from&to&sort=date asc', '/api/layoffs?state=CA&from=2020-01-01&to=2022-12-31&sort=date&dir=asc'), // prettier-ignore
      await measure(
        'GET /api/layoffs never-seen date ranges, workers',
        server.baseUrl,
        {
          next: () => {
            const from = Math.floor(next() * 3500)
            return `/api/layoffs?from=${day(from)}&to=${day(from + 1 + Math.floor(next() * 120))}&sort=workers&dir=desc`
          },
        },
        session,
      ),
      await load('GET /api/layoffs/stats', '/api/layoffs/stats'),
      await load('GET /api/layoffs/stats?state=TX', '/api/layoffs/stats?state=TX'),
      await measure(
        'GET /api/layoffs/stats never-seen date ranges',
        server.baseUrl,
        {
          next: () => {
            const from = Math.floor(next() * 3500)
            return `/api/layoffs/stats?from=${day(from)}&to=${day(from + 1 + Math.floor(next() * 120))}`
          },
        },
        session,
      ),
    ]
    console.log(
      `\nlayoffs tracker, ${kind}, ${view.imported + view.updated} records, ${settings.connections} connections, ${settings.seconds} s each (p50 in brackets)`,
    )
    for (const m of [select, ...runs]) console.log(`${formatMeasurement(m, select)}  [p50 ${m.p50} ms]`)
    rows.push(...runs.map((m) => ratioBudget(kind, `layoffs: ${m.title}`, m, select, 0.1, 100)))
  } finally {
    await server.close()
  }

  // 2. the floor and the batch sizes, on a database of this process
  const own = await openBenchDatabase(engine, 4)
  try {
    const { db } = own.database
    const parseStarted = performance.now()
    const table = readCsv(csv, { maxRows: 200_000 })
    const { records } = toLayoffRecords(table.rows, real.mapping, { stateForFile: null, lines: table.lines })
    const parseSeconds = (performance.now() - parseStarted) / 1000
    const batch = batchOf(records)
    const importRow = await queries.insertImport(db, {
      fileName: 'bench.csv',
      fileKey: 'bench.csv',
      mapping: real.mapping,
      totalRows: records.length,
    })
    const raw = await rawInsert(db, batch)
    const trials: Array<[string, number]> = []
    for (const size of [100, 500, 1000]) trials.push([`upsert + change log, batch ${size}`, await upsertWrite(db, importRow.id, batch, size)]) // prettier-ignore
    for (const size of [100, 1000]) trials.push([`upsert without change log, batch ${size}`, await upsertWithoutLog(db, importRow.id, batch, size)]) // prettier-ignore
    // the raw rows again, for EXPLAIN (as the tracker would hold them)
    await rawInsert(db, batch)
    console.log(`\nlayoff writes, ${kind}, ${records.length.toLocaleString('en')} records (from ${layoffRows.toLocaleString('en')} rows; parsing and mapping them took ${parseSeconds.toFixed(2)} s in this process)`) // prettier-ignore
    console.log(`${'raw multi-row INSERT, 1,000 a statement'.padEnd(46)} ${raw.toFixed(2).padStart(6)} s`)
    for (const [label, seconds] of trials)
      console.log(`${label.padEnd(46)} ${seconds.toFixed(2).padStart(6)} s  x${(seconds / raw).toFixed(1)} of raw`)
    console.log(
      `${'whole import through the server'.padEnd(46)} ${real.seconds.toFixed(2).padStart(6)} s  x${(real.seconds / raw).toFixed(1)} of raw`,
    )
    rows.push({
      engine: kind,
      budget: `layoffs: import of ${layoffRows.toLocaleString('en')} rows through the server`,
      figure: `${real.seconds.toFixed(1)} s, x${(real.seconds / raw).toFixed(1)} of a raw INSERT (${raw.toFixed(1)} s) (goal < ${importGoalSeconds} s)`,
      pass: real.seconds < importGoalSeconds,
    })

    // 3. EXPLAIN
    const plans = await explainList(own.database)
    console.log(`\nEXPLAIN ANALYZE of the tracker's list (queries.listRecords, 26 rows) and count, ${kind}`)
    for (const plan of plans) {
      const scans = [...plan.text.matchAll(/(?:Index Only Scan|Index Scan|Bitmap Index Scan|Seq Scan)(?: Backward)?(?: using \w+)? on \w+/g)].map((m) => m[0]) // prettier-ignore
      console.log(
        `${plan.indexed ? 'index' : 'NO INDEX'}  ${plan.label.padEnd(48)} ${plan.ms === null ? '' : `${plan.ms.toFixed(1)} ms`.padStart(9)}  ${[...new Set(scans)].join('; ')}`,
      )
      if (process.env.BENCH_PLANS) console.log(plan.text.replace(/^/gm, '    '))
    }
    rows.push(
      ...plans.map((plan) => ({
        engine: kind,
        budget: `EXPLAIN layoffs ${plan.label}`,
        figure: `${plan.indexed ? 'index used' : 'NOT indexed'}${plan.ms === null ? '' : `, ${plan.ms.toFixed(1)} ms`}`,
        pass: plan.indexed,
      })),
    )
  } finally {
    await own.drop()
  }
  return rows
}

runIfMain(import.meta.url, async () => {
  const wanted = (process.env.BENCH_ENGINES || 'pglite,postgres').split(',').map((name) => name.trim())
  const postgresUrl = process.env.DATABASE_URL ?? defaultPostgresUrl
  const rows: BudgetRow[] = []
  if (wanted.includes('pglite')) rows.push(...(await layoffsBench({ kind: 'pglite' })))
  if (wanted.includes('postgres')) {
    if (await postgresAnswers(postgresUrl)) rows.push(...(await layoffsBench({ kind: 'postgres', url: postgresUrl })))
    else console.log(`postgres: no PostgreSQL answers at ${postgresUrl.replace(/\/\/[^@]*@/, '//')}, skipped`)
  }
  printBudgets(rows)
  if (rows.some((row) => !row.pass)) process.exitCode = 1
})
