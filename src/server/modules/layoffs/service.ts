import { AppError } from '#server/platform/app-error.ts'
import { csvResponse, toCsv } from '#server/platform/csv.ts'
import type { Ctx, Deps } from '#server/platform/context.ts'
import { listCacheOf, listCacheTtlMs } from '#server/platform/list-cache.ts'
import { readPage } from '#server/platform/paging.ts'
import { invalidCursorMessage } from '#shared/common/fields.ts'
import { layoffKindLabels, warnNoticeMonths, type UsStateCode } from '#shared/layoffs/constants.ts'
import {
  layoffLatestCount,
  layoffPageSize,
  layoffTopCompanies,
  type LatestLayoffs,
  type LayoffFilters,
  type LayoffListQuery,
  type LayoffPage,
  type LayoffSort,
  type LayoffStats,
  type WarnNotice,
} from '#shared/layoffs/schemas.ts'
import { companyKey } from './import/records.ts'
import * as queries from './queries.ts'
import { stateNameOf, toRecordView } from './views.ts'

// The layoff tracker (issue 19; spec 002 §2 Layoff tracker): the list with its
// search, filters, sorts and pages, the charts' figures, the CSV export and the
// landing teaser. The same answers for every viewer: kept in the 'layoffs' list
// cache, which an import or an undo clears (docs/decisions/028). Access is the
// table's (shared/access.ts): subscribers and admins; the teaser for everyone.

type Cursor = { s: LayoffSort; d: 'asc' | 'desc'; v: string; id: string }

const valueFormats: Record<LayoffSort, RegExp> = {
  company: /^[\s\S]{1,400}$/,
  state: /^[A-Z]{2}$/,
  date: /^\d{4}-\d{2}-\d{2}$/,
  workers: /^\d{1,9}$/,
}
const uuidText = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

const encode = (cursor: Cursor) => Buffer.from(JSON.stringify(cursor)).toString('base64url')

/** The position a cursor holds, for the list's own sort and direction; any other token is refused (400). */
function decode(text: string | undefined, sort: LayoffSort, dir: 'asc' | 'desc'): queries.SortPosition | undefined {
  if (text === undefined) return undefined
  let parsed: Partial<Cursor> | undefined
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString())
  } catch {
    parsed = undefined
  }
  const { s, d, v, id } = parsed ?? {}
  const valid =
    s === sort &&
    d === dir &&
    typeof v === 'string' &&
    valueFormats[sort].test(v) &&
    (sort !== 'date' || !Number.isNaN(Date.parse(`${v}T00:00:00Z`))) &&
    typeof id === 'string' &&
    uuidText.test(id)
  if (!valid) throw new AppError('VALIDATION', invalidCursorMessage, { cursor: invalidCursorMessage })
  return { value: v, id }
}

const filtersOf = ({ q, state, from, to, kind }: LayoffFilters): LayoffFilters => ({
  q: q || undefined,
  state,
  from,
  to,
  kind,
})

export async function listLayoffs(ctx: Ctx, query: LayoffListQuery): Promise<LayoffPage> {
  const filters = filtersOf(query)
  const { sort, dir } = query
  const after = decode(query.cursor, sort, dir)
  const cache = listCacheOf(ctx.deps, 'layoffs')
  return cache.remember(`list:${JSON.stringify([filters, sort, dir, after])}`, async () => {
    const db = ctx.deps.db
    const [page, total] = await Promise.all([
      readPage(layoffPageSize, (limit) => queries.listRecords(db, filters, { sort, dir }, after, limit)),
      // one count per filter, whatever the sort or page: a broad search counts thousands of rows
      cache.remember(`count:${JSON.stringify(filters)}`, () => queries.countRecords(db, filters)),
    ])
    const last = page.rows.at(-1)
    return {
      records: page.rows.map(toRecordView),
      total,
      nextCursor: page.hasMore && last ? encode({ s: sort, d: dir, v: last.sortValue, id: last.id }) : null,
    }
  })
}

export async function layoffStats(ctx: Ctx, query: LayoffFilters): Promise<LayoffStats> {
  const filters = filtersOf(query)
  return listCacheOf(ctx.deps, 'layoffs').remember(`stats:${JSON.stringify(filters)}`, async () => {
    const found = await queries.stats(ctx.deps.db, filters, layoffTopCompanies)
    return {
      byMonth: found.byMonth,
      byState: found.byState.map((row) => ({
        ...row,
        state: row.state as UsStateCode,
        stateName: stateNameOf(row.state),
      })),
      topCompanies: found.topCompanies,
      totals: found.totals,
    }
  })
}

/** spec 002 §2 / issue 19: the current filter as CSV (formula-safe, platform/csv.ts), with a BOM for Excel. */
export async function exportLayoffs(ctx: Ctx, query: LayoffFilters, today = new Date()): Promise<Response> {
  const rows = (await queries.allRecords(ctx.deps.db, filtersOf(query))).map(toRecordView)
  const csv = toCsv(rows, [
    { label: 'Company', value: (row) => row.company },
    { label: 'State', value: (row) => row.state },
    { label: 'Layoff date', value: (row) => row.layoffDate },
    { label: 'Workers affected', value: (row) => row.workersAffected },
    { label: 'Type', value: (row) => layoffKindLabels[row.kind] },
    { label: 'Notes', value: (row) => row.notes },
    { label: 'Source', value: (row) => row.source },
  ])
  return csvResponse(`\uFEFF${csv}`, `layoffs-${today.toISOString().slice(0, 10)}.csv`)
}

/** The landing page's teaser (spec 000 §1): the newest notices, for visitors too. */
export async function latestLayoffs(ctx: Ctx): Promise<LatestLayoffs> {
  return listCacheOf(ctx.deps, 'layoffs').remember('latest', async () => ({
    records: (await queries.latestRecords(ctx.deps.db, layoffLatestCount)).map(toRecordView),
  }))
}

// ---------- the job cards' notice ----------

const isoDate = (date: Date) => date.toISOString().slice(0, 10)

type NoticeRow = Awaited<ReturnType<typeof queries.latestNoticesOf>>[number]

/**
 * Each company key's newest notice, or null for none, as read for earlier pages:
 * kept while the 'layoffs' list cache's version stands (an import or an undo clears
 * it) and for at most that cache's lifetime (what a lost clear could leave), the
 * same as a cached list. A never-seen job search mostly shows employers other pages
 * showed before, so its notices take no query of their own (issue 23).
 */
type KnownNotices = { version: number; to: string; until: number; byKey: Map<string, NoticeRow | null> }
const knownNotices = new WeakMap<Deps, KnownNotices>()
const knownNoticesMax = 20_000

function knownNoticesOf(deps: Deps, to: string): KnownNotices {
  const version = listCacheOf(deps, 'layoffs').version()
  const known = knownNotices.get(deps)
  if (known && known.version === version && known.to === to && known.until > Date.now()) return known
  const fresh = { version, to, until: Date.now() + listCacheTtlMs, byKey: new Map() }
  knownNotices.set(deps, fresh)
  return fresh
}

/**
 * For each company name, its employer's newest notice of the last
 * `warnNoticeMonths` months (company keys compared: 'Acme Inc.' is 'ACME'), or
 * null: the keys not known yet (KnownNotices) in one query.
 */
export async function latestNotices(
  deps: Deps,
  companies: readonly string[],
  today = new Date(),
): Promise<Map<string, WarnNotice | null>> {
  const keyOf = new Map(companies.map((company) => [company, companyKey(company)]))
  const keys = [...new Set([...keyOf.values()].filter((key) => key !== ''))]
  const to = isoDate(today)
  const start = new Date(today)
  start.setUTCMonth(start.getUTCMonth() - warnNoticeMonths)
  const from = isoDate(start)
  const known = knownNoticesOf(deps, to)
  const byKey = new Map<string, NoticeRow | null>()
  const missing: string[] = []
  for (const key of keys) {
    const notice = known.byKey.get(key)
    if (notice === undefined) missing.push(key)
    else byKey.set(key, notice)
  }
  if (missing.length > 0) {
    const found = await queries.latestNoticesOf(deps.db, missing, from, to)
    for (const key of missing) byKey.set(key, null)
    for (const notice of found) byKey.set(notice.companyKey, notice)
    // Read across a clear, they land in the old version's map, which is never read again.
    // At most knownNoticesMax companies are kept: the longest known go first.
    for (const key of missing) known.byKey.set(key, byKey.get(key)!)
    for (const oldest of known.byKey.keys()) {
      if (known.byKey.size <= knownNoticesMax) break
      known.byKey.delete(oldest)
    }
  }
  return new Map(
    companies.map((company) => {
      const notice = byKey.get(keyOf.get(company)!)
      return [company, notice ? { date: notice.layoffDate, state: notice.state as UsStateCode } : null]
    }),
  )
}
