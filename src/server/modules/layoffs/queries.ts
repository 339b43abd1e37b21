import { and, asc, count, desc, eq, gte, inArray, lte, notInArray, sql, type SQL } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { containsPattern } from '#server/db/patterns.ts'
import { user } from '#server/db/schema/auth.ts'
import { userSubscriptions } from '#server/db/schema/billing.ts'
import {
  layoffAlerts,
  layoffImportChanges,
  layoffImports,
  layoffImportSkips,
  layoffRecords,
  layoffWatches,
} from '#server/db/schema/layoffs.ts'
import { usStates } from '#shared/layoffs/constants.ts'
import type { LayoffFilters, LayoffSort } from '#shared/layoffs/schemas.ts'

// The layoff tracker's SQL (issue 19; docs/decisions/028).

export type LayoffRow = typeof layoffRecords.$inferSelect
export type ImportRow = typeof layoffImports.$inferSelect & { uploaderName: string | null }

/** A search word may name a state: 'texas' finds TX's records as well as companies with it in the name. */
function statesNamed(q: string): string[] {
  const words = q.toLowerCase()
  return usStates
    .filter((state) => state.code.toLowerCase() === words || state.name.toLowerCase().includes(words))
    .map((state) => state.code)
}

export function filterConditions(filters: LayoffFilters): SQL[] {
  const conditions: SQL[] = []
  if (filters.q) {
    const byCompany = sql`${layoffRecords.company} ilike ${containsPattern(filters.q)}`
    const states = statesNamed(filters.q)
    conditions.push(
      states.length === 0
        ? byCompany
        : sql`(${byCompany} or ${layoffRecords.state} in (${sql.join(
            states.map((code) => sql`${code}`),
            sql`, `,
          )}))`,
    )
  }
  if (filters.state) conditions.push(eq(layoffRecords.state, filters.state))
  if (filters.from) conditions.push(gte(layoffRecords.layoffDate, filters.from))
  if (filters.to) conditions.push(lte(layoffRecords.layoffDate, filters.to))
  if (filters.kind) conditions.push(eq(layoffRecords.isClosure, filters.kind === 'closure'))
  return conditions
}

/** The sorted column as SQL and as the text a cursor keeps. */
const sortColumns: Record<LayoffSort, { column: SQL; cast: string }> = {
  company: { column: sql`lower(${layoffRecords.company})`, cast: 'text' },
  state: { column: sql`${layoffRecords.state}`, cast: 'text' },
  date: { column: sql`${layoffRecords.layoffDate}`, cast: 'date' },
  workers: { column: sql`${layoffRecords.workersAffected}`, cast: 'int' },
}

export type SortPosition = { value: string; id: string }

/**
 * One page in (sorted column, id) order, both ascending or both descending, so one
 * index walk answers it; `after` is the last row of the page before (keyset).
 */
export async function listRecords(
  db: Db,
  filters: LayoffFilters,
  order: { sort: LayoffSort; dir: 'asc' | 'desc' },
  after: SortPosition | undefined,
  limit: number,
): Promise<Array<LayoffRow & { sortValue: string }>> {
  const { column, cast } = sortColumns[order.sort]
  const conditions = filterConditions(filters)
  if (after) {
    const value = sql`${after.value}::${sql.raw(cast)}`
    conditions.push(
      order.dir === 'asc'
        ? sql`(${column}, ${layoffRecords.id}) > (${value}, ${after.id}::uuid)`
        : sql`(${column}, ${layoffRecords.id}) < (${value}, ${after.id}::uuid)`,
    )
  }
  const direction = order.dir === 'asc' ? asc : desc
  return db
    .select({
      id: layoffRecords.id,
      company: layoffRecords.company,
      companyKey: layoffRecords.companyKey,
      state: layoffRecords.state,
      workersAffected: layoffRecords.workersAffected,
      layoffDate: layoffRecords.layoffDate,
      isClosure: layoffRecords.isClosure,
      notes: layoffRecords.notes,
      source: layoffRecords.source,
      importId: layoffRecords.importId,
      createdAt: layoffRecords.createdAt,
      updatedAt: layoffRecords.updatedAt,
      sortValue: sql<string>`(${column})::text`,
    })
    .from(layoffRecords)
    .where(and(...conditions))
    .orderBy(direction(column), direction(layoffRecords.id))
    .limit(limit)
}

export async function countRecords(db: Db, filters: LayoffFilters): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(layoffRecords)
    .where(and(...filterConditions(filters)))
  return row?.count ?? 0
}

/** Every record of the filter, newest first (the export). */
export async function allRecords(db: Db, filters: LayoffFilters): Promise<LayoffRow[]> {
  return db
    .select()
    .from(layoffRecords)
    .where(and(...filterConditions(filters)))
    .orderBy(desc(layoffRecords.layoffDate), desc(layoffRecords.id))
}

export async function latestRecords(db: Db, limit: number): Promise<LayoffRow[]> {
  return db.select().from(layoffRecords).orderBy(desc(layoffRecords.layoffDate), desc(layoffRecords.id)).limit(limit)
}

type StatsGroupRow = {
  grouping: number
  month: string | null
  state: string | null
  company: string | null
  workers: number
  notices: number
  closures: number
}

/**
 * The charts' figures of a filter: per month, per state, the top companies and the
 * totals, from ONE scan of the filtered rows (grouping sets), not four: at 100,000
 * records that is the difference between one pass and four (bench/layoffs.ts).
 * `grouping` tells the sets apart: bit 2 month, bit 1 state, bit 0 company (a set
 * leaves its own column's bit clear).
 */
export async function stats(db: Db, filters: LayoffFilters, topCount: number) {
  const where = and(...filterConditions(filters))
  // grouped by the truncated date, formatted once per month (to_char per row costs a third of the scan)
  const month = sql`date_trunc('month', ${layoffRecords.layoffDate}::timestamp)`
  const result = (await db.execute(sql`
    select
      grouping(${month}, ${layoffRecords.state}, ${layoffRecords.companyKey})::int as grouping,
      to_char(${month}, 'YYYY-MM') as month,
      ${layoffRecords.state} as state,
      min(${layoffRecords.company}) as company,
      coalesce(sum(${layoffRecords.workersAffected}), 0)::int as workers,
      count(*)::int as notices,
      (count(*) filter (where ${layoffRecords.isClosure}))::int as closures
    from ${layoffRecords}
    ${where ? sql`where ${where}` : sql``}
    group by grouping sets ((${month}), (${layoffRecords.state}), (${layoffRecords.companyKey}), ())
  `)) as unknown as { rows: StatsGroupRow[] }
  const byMonth: Array<{ month: string; workers: number; notices: number }> = []
  const byState: Array<{ state: string; workers: number; notices: number }> = []
  const companies: Array<{ company: string; workers: number; notices: number }> = []
  let totals = { workers: 0, notices: 0, closures: 0 }
  for (const row of result.rows) {
    const figures = { workers: row.workers, notices: row.notices }
    if (row.grouping === 3) byMonth.push({ month: row.month!, ...figures })
    else if (row.grouping === 5) byState.push({ state: row.state!, ...figures })
    else if (row.grouping === 6) companies.push({ company: row.company!, ...figures })
    else if (row.grouping === 7) totals = { ...figures, closures: row.closures }
  }
  byMonth.sort((a, b) => a.month.localeCompare(b.month))
  byState.sort((a, b) => b.workers - a.workers || a.state.localeCompare(b.state))
  // most workers first; equal ones by name, as the chart lists them
  companies.sort((a, b) => b.workers - a.workers || a.company.localeCompare(b.company))
  return { byMonth, byState, topCompanies: companies.slice(0, topCount), totals }
}

// ---------- imports ----------

export async function findUser(db: Db, userId: string) {
  const [found] = await db.select({ id: user.id, email: user.email }).from(user).where(eq(user.id, userId))
  return found ?? null
}

export async function findImport(db: Db, importId: string): Promise<ImportRow | undefined> {
  const [row] = await db
    .select({ layoffImport: layoffImports, uploaderName: user.name })
    .from(layoffImports)
    .leftJoin(user, eq(user.id, layoffImports.uploadedBy))
    .where(eq(layoffImports.id, importId))
  return row && { ...row.layoffImport, uploaderName: row.uploaderName }
}

/** The history, newest first, after `after` (created_at text, id). */
export async function listImports(
  db: Db,
  after: { at: string; id: string } | undefined,
  limit: number,
): Promise<Array<ImportRow & { cursorAt: string }>> {
  const rows = await db
    .select({
      layoffImport: layoffImports,
      uploaderName: user.name,
      cursorAt: sql<string>`${layoffImports.createdAt}::text`,
    })
    .from(layoffImports)
    .leftJoin(user, eq(user.id, layoffImports.uploadedBy))
    .where(
      after
        ? sql`(${layoffImports.createdAt}, ${layoffImports.id}) < (${after.at}::timestamptz, ${after.id}::uuid)`
        : undefined,
    )
    .orderBy(desc(layoffImports.createdAt), desc(layoffImports.id))
    .limit(limit)
  return rows.map((row) => ({ ...row.layoffImport, uploaderName: row.uploaderName, cursorAt: row.cursorAt }))
}

export async function insertImport(db: Db, values: typeof layoffImports.$inferInsert) {
  const [row] = await db.insert(layoffImports).values(values).returning()
  return row!
}

export async function updateImport(db: Db, importId: string, values: Partial<typeof layoffImports.$inferInsert>) {
  await db.update(layoffImports).set(values).where(eq(layoffImports.id, importId))
}

export async function skippedRows(db: Db, importId: string) {
  return db
    .select()
    .from(layoffImportSkips)
    .where(eq(layoffImportSkips.importId, importId))
    .orderBy(asc(layoffImportSkips.line))
}

/** The reported skipped rows of each import, counted by reason (one grouped read for a page of imports). */
export async function skipCountsOf(
  db: Db,
  importIds: readonly string[],
): Promise<Map<string, Array<{ reason: string; count: number }>>> {
  const counts = new Map<string, Array<{ reason: string; count: number }>>()
  if (importIds.length === 0) return counts
  const rows = await db
    .select({ importId: layoffImportSkips.importId, reason: layoffImportSkips.reason, count: count() })
    .from(layoffImportSkips)
    .where(
      and(
        inArray(layoffImportSkips.importId, [...importIds]),
        notInArray(layoffImportSkips.reason, ['duplicateInFile', 'combinedInFile']),
      ),
    )
    .groupBy(layoffImportSkips.importId, layoffImportSkips.reason)
  for (const row of rows) {
    const list = counts.get(row.importId) ?? []
    list.push({ reason: row.reason, count: row.count })
    counts.set(row.importId, list)
  }
  return counts
}

/** One import at a time writes records (its upserts read the rows they replace): held until the transaction ends. */
export async function lockImports(tx: Db): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('layoff_records_import'))`)
}

export type BatchRecord = {
  company: string
  companyKey: string
  state: string
  workersAffected: number
  layoffDate: string
  isClosure: boolean
  notes: string | null
  source: string | null
}

/**
 * One batch of records written: each notice inserted, or updated when its key is
 * there, and what it was before kept for undo (null for a created one), in one
 * statement. The rows travel as one JSON parameter: two parameters whatever the batch.
 * Every CTE reads the statement's one snapshot, so `old` holds the values before.
 */
export async function upsertBatch(tx: Db, importId: string, rows: readonly BatchRecord[]) {
  const input = JSON.stringify(
    rows.map((row) => ({
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
  const result = (await tx.execute(sql`
    with input as (
      select * from jsonb_to_recordset(${input}::jsonb) as i(
        company text, company_key text, state text, workers_affected int, layoff_date date,
        is_closure boolean, notes text, source text
      )
    ),
    old as (
      select r.* from layoff_records r
      join input i on r.company_key = i.company_key and r.state = i.state and r.layoff_date = i.layoff_date
    ),
    up as (
      insert into layoff_records (company, company_key, state, workers_affected, layoff_date, is_closure, notes, source, import_id)
      select company, company_key, state, workers_affected, layoff_date, is_closure, notes, source, ${importId}::uuid from input
      on conflict (company_key, state, layoff_date) do update set
        company = excluded.company,
        workers_affected = excluded.workers_affected,
        is_closure = excluded.is_closure,
        notes = excluded.notes,
        source = excluded.source,
        import_id = excluded.import_id,
        updated_at = now()
      returning id, (xmax = 0) as inserted
    )
    insert into layoff_import_changes (import_id, record_id, before)
    select ${importId}::uuid, up.id, case when up.inserted then null else to_jsonb(old) end
    from up left join old on old.id = up.id
    on conflict (import_id, record_id) do nothing
    returning (before is null) as inserted
  `)) as unknown as { rows: Array<{ inserted: boolean }> }
  const inserted = result.rows.filter((row) => row.inserted).length
  return { inserted, updated: result.rows.length - inserted }
}

export async function insertSkips(
  tx: Db,
  importId: string,
  rows: readonly { line: number; reason: string; values: string[] }[],
) {
  if (rows.length === 0) return
  await tx.execute(sql`
    insert into layoff_import_skips (import_id, line, reason, values)
    select ${importId}::uuid, s.line, s.reason, s.values
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as s(line int, reason text, values jsonb)
  `)
}

/** A later import (finished after this one, not undone) that wrote one of this import's records. */
export async function laterImportOverlaps(tx: Db, importId: string, finishedAt: Date): Promise<boolean> {
  const result = (await tx.execute(sql`
    select 1 from ${layoffImportChanges} mine
    join ${layoffImportChanges} later on later.record_id = mine.record_id and later.import_id <> mine.import_id
    join ${layoffImports} li on li.id = later.import_id
    where mine.import_id = ${importId} and li.status = 'done' and li.finished_at > ${finishedAt.toISOString()}::timestamptz
    limit 1
  `)) as unknown as { rows: unknown[] }
  return result.rows.length > 0
}

/** Undo: the records the import created go, those it updated get their values back. */
export async function revertImport(tx: Db, importId: string) {
  const deleted = (await tx.execute(sql`
    delete from layoff_records where id in (
      select record_id from layoff_import_changes where import_id = ${importId} and before is null
    ) returning id
  `)) as unknown as { rows: unknown[] }
  const restored = (await tx.execute(sql`
    update layoff_records r set
      company = c.before->>'company',
      workers_affected = (c.before->>'workers_affected')::int,
      is_closure = (c.before->>'is_closure')::boolean,
      notes = c.before->>'notes',
      source = c.before->>'source',
      import_id = (c.before->>'import_id')::uuid,
      updated_at = now()
    from layoff_import_changes c
    where c.import_id = ${importId} and c.before is not null and r.id = c.record_id
    returning r.id
  `)) as unknown as { rows: unknown[] }
  return { deleted: deleted.rows.length, restored: restored.rows.length }
}

// ---------- watches and alerts ----------

export type WatchRow = typeof layoffWatches.$inferSelect

export async function listWatches(db: Db, userId: string): Promise<WatchRow[]> {
  return db
    .select()
    .from(layoffWatches)
    .where(eq(layoffWatches.userId, userId))
    .orderBy(asc(layoffWatches.kind), asc(sql`lower(${layoffWatches.value})`), asc(layoffWatches.id))
}

/** One member's watches are added one at a time: the limit's count and the insert cannot interleave. */
export async function lockMemberWatches(tx: Db, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`layoff-watches:${userId}`}))`)
}

export async function countWatches(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(layoffWatches)
    .where(eq(layoffWatches.userId, userId))
  return row?.count ?? 0
}

/** The new watch, or undefined when the member already watches the same key. */
export async function insertWatch(
  db: Db,
  values: Pick<typeof layoffWatches.$inferInsert, 'userId' | 'kind' | 'value' | 'matchKey'>,
): Promise<WatchRow | undefined> {
  const [row] = await db.insert(layoffWatches).values(values).onConflictDoNothing().returning()
  return row
}

/** Deletes the member's own watch; false when there is none of theirs with that id. */
export async function deleteWatch(db: Db, userId: string, watchId: string): Promise<boolean> {
  const rows = await db
    .delete(layoffWatches)
    .where(and(eq(layoffWatches.id, watchId), eq(layoffWatches.userId, userId)))
    .returning({ id: layoffWatches.id })
  return rows.length > 0
}

export type AlertMatch = {
  userId: string
  email: string
  name: string
  watchKind: string
  watchValue: string
  company: string
  state: string
  layoffDate: string
  workersAffected: number
}

/**
 * The notices `importId` created (layoff_import_changes without a before: updates
 * of known notices are no news) that members watch, by company key or by state,
 * for members who have no alert of this import yet and who may see the tracker
 * now (admins, or a subscription that gives access: `accessNow`).
 */
export async function alertMatches(db: Db, importId: string, accessNow: SQL<boolean>): Promise<AlertMatch[]> {
  return db
    .select({
      userId: layoffWatches.userId,
      email: user.email,
      name: user.name,
      watchKind: layoffWatches.kind,
      watchValue: layoffWatches.value,
      company: layoffRecords.company,
      state: layoffRecords.state,
      layoffDate: layoffRecords.layoffDate,
      workersAffected: layoffRecords.workersAffected,
    })
    .from(layoffImportChanges)
    .innerJoin(layoffRecords, eq(layoffRecords.id, layoffImportChanges.recordId))
    .innerJoin(
      layoffWatches,
      sql`(${layoffWatches.kind} = 'company' and ${layoffWatches.matchKey} = ${layoffRecords.companyKey})
        or (${layoffWatches.kind} = 'state' and ${layoffWatches.matchKey} = ${layoffRecords.state})`,
    )
    .innerJoin(user, eq(user.id, layoffWatches.userId))
    .where(
      and(
        eq(layoffImportChanges.importId, importId),
        sql`${layoffImportChanges.before} is null`,
        sql`not exists (select 1 from ${layoffAlerts} where ${layoffAlerts.importId} = ${importId}
          and ${layoffAlerts.userId} = ${layoffWatches.userId})`,
        sql`(${user.role} = 'admin' or exists (select 1 from ${userSubscriptions}
          where ${userSubscriptions.userId} = ${user.id} and ${accessNow}))`,
      ),
    )
    .orderBy(
      asc(layoffWatches.userId),
      desc(layoffRecords.layoffDate),
      asc(layoffRecords.company),
      asc(layoffRecords.state),
    )
}

/** The member's alert of the import, written once: false when a run before already wrote it. */
export async function claimAlert(tx: Db, importId: string, userId: string): Promise<boolean> {
  const rows = await tx
    .insert(layoffAlerts)
    .values({ importId, userId })
    .onConflictDoNothing()
    .returning({ userId: layoffAlerts.userId })
  return rows.length > 0
}

// ---------- the job cards' notices ----------

/**
 * For each company key, its newest notice dated from `from` to `to` (YYYY-MM-DD):
 * one query for a page of jobs, walking the notice key (company_key, state, date).
 */
export async function latestNoticesOf(
  db: Db,
  companyKeys: readonly string[],
  from: string,
  to: string,
): Promise<Array<{ companyKey: string; layoffDate: string; state: string }>> {
  if (companyKeys.length === 0) return []
  return db
    .selectDistinctOn([layoffRecords.companyKey], {
      companyKey: layoffRecords.companyKey,
      layoffDate: layoffRecords.layoffDate,
      state: layoffRecords.state,
    })
    .from(layoffRecords)
    .where(
      and(
        inArray(layoffRecords.companyKey, [...companyKeys]),
        gte(layoffRecords.layoffDate, from),
        lte(layoffRecords.layoffDate, to),
      ),
    )
    .orderBy(asc(layoffRecords.companyKey), desc(layoffRecords.layoffDate), asc(layoffRecords.state))
}
