import { sql, type SQL } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import type { Db } from '#server/db/client.ts'
import {
  boardLongWalkRows,
  countAdminJobs,
  listAdminJobs,
  listBoardPage,
  listRankedPage,
  longWalkMatches,
  sparseAdminMatchesQuery,
  sparseMatchesQuery,
  walkAdminSearch,
  walkBoardPage,
  walkRankedPage,
  walksFirst,
  walksOn,
  type BoardFilters,
} from '#server/modules/jobs/queries.ts'
import { locationSearchQuery, textSearchQuery } from '#server/modules/jobs/search.ts'
import { adminJobPageSize, jobPageSize, searchRankWindow } from '#shared/jobs/schemas.ts'
import type { Plan } from './seed.ts'

// EXPLAIN ANALYZE of the job board's reads at the seeded size (issue 23 §2), run
// in the server process after the seed: each filter alone and combined, with and
// without words, common, rare and misspelled; the admin table with and without a
// search, and its count. A read is a bounded walk of the recency index, then,
// when the walk fell short, a longer walk if it found its matches dense, else (or
// when the longer walk falls short too) a read through the GIN indexes
// (src/server/modules/jobs/queries.ts): each statement that ran is shown with its
// plan, and the read's own time (best of 3, after one run to warm the cache).
// A read passes when no statement it ran scans the whole jobs table; its time is
// shown beside it (on a busy machine a figure, not a budget).

const dialect = new PgDialect()

type Statement = { sql: string; params: unknown[] }

async function explainAnalyze(db: Db, query: Statement): Promise<string> {
  const inlined = query.sql.replace(/\$(\d+)/g, (_, n: string) => {
    const value = query.params[Number(n) - 1]
    return typeof value === 'number' ? String(value) : `'${String(value).replace(/'/g, "''")}'`
  })
  const plan = (await db.execute(sql.raw(`explain (analyze, costs off) ${inlined}`))) as unknown as {
    rows: Array<Record<string, string>>
  }
  return plan.rows.map((row) => Object.values(row)[0]).join('\n')
}

async function bestOf3(read: () => Promise<unknown>): Promise<number> {
  await read()
  let best = Infinity
  for (let i = 0; i < 3; i++) {
    const started = performance.now()
    await read()
    best = Math.min(best, performance.now() - started)
  }
  return best
}

type Case = {
  label: string
  read: () => Promise<unknown>
  /** the statements the read runs: the walk, and the sparse read when the walk fell short */
  statements: () => Promise<Statement[]>
  /** what is shown when no statement is explained */
  note?: string
}

const sparseStatement = (query: SQL): Statement => dialect.sqlToQuery(query)

/** The statements after a first walk that found `found` of `wanted` matches: the long walk, the GIN read, or both. */
async function pastWalk(db: Db, filters: BoardFilters, wanted: number, found: number, sparse: Statement) {
  if (!walksOn(found, wanted)) return [sparse]
  const long = longWalkMatches(db, filters, wanted)
  const walked = await long
  const full = walked.filter((row) => row.matched).length >= wanted
  const reachedBound = walked.some((row) => row.walked === boardLongWalkRows)
  return full || !reachedBound ? [long.toSQL()] : [long.toSQL(), sparse]
}

function boardCase(db: Db, label: string, filters: BoardFilters): Case {
  const limit = jobPageSize + 1
  if (filters.text) {
    const text = { ...filters, text: filters.text }
    return {
      label,
      read: () => listRankedPage(db, text, limit),
      async statements() {
        const sparse = sparseStatement(sparseMatchesQuery(filters, searchRankWindow))
        if (!walksFirst(filters)) return [sparse]
        const walk = walkRankedPage(db, text, limit)
        const found = (await walk)[0]?.windowSize ?? 0
        if (found >= searchRankWindow) return [walk.toSQL()]
        return [walk.toSQL(), ...(await pastWalk(db, filters, searchRankWindow, found, sparse))]
      },
    }
  }
  return {
    label,
    read: () => listBoardPage(db, filters, limit),
    async statements() {
      if (!filters.type && !filters.remote && !filters.location) return []
      const sparse = sparseStatement(sparseMatchesQuery(filters, limit))
      if (!walksFirst(filters)) return [sparse]
      const walk = walkBoardPage(db, filters, limit)
      const found = (await walk).length
      if (found === limit) return [walk.toSQL()]
      return [walk.toSQL(), ...(await pastWalk(db, filters, limit, found, sparse))]
    },
  }
}

function adminCase(db: Db, label: string, q: string | undefined): Case {
  const text = textSearchQuery(q, 'AC')
  const limit = adminJobPageSize + 1
  return {
    label,
    read: () => listAdminJobs(db, text, limit),
    async statements() {
      if (!text) return []
      const walk = walkAdminSearch(db, text, limit)
      const full = (await walk).length === limit
      return full ? [walk.toSQL()] : [walk.toSQL(), sparseStatement(sparseAdminMatchesQuery(text, limit))]
    },
  }
}

export async function jobPlans(db: Db): Promise<Plan[]> {
  const words = (q: string) => textSearchQuery(q)!
  const cases: Case[] = [
    boardCase(db, 'board, first page', {}),
    boardCase(db, 'board, location "austin"', { location: locationSearchQuery('austin') }),
    boardCase(db, 'board, rare location "zurich"', { location: locationSearchQuery('zurich') }),
    boardCase(db, 'board, misspelled location "chicagoo"', { location: locationSearchQuery('chicagoo') }),
    boardCase(db, 'board, type Contract', { type: 'Contract' }),
    boardCase(db, 'board, remote', { remote: true }),
    boardCase(db, 'board, posted within 7 days', { postedWithinDays: 7 }),
    boardCase(db, 'board, Austin + Full-time + remote + 7 days', {
      location: locationSearchQuery('austin'),
      type: 'Full-time',
      remote: true,
      postedWithinDays: 7,
    }),
    boardCase(db, 'search "engineer" (common)', { text: words('engineer') }),
    boardCase(db, 'search "kubernetes"', { text: words('kubernetes') }),
    boardCase(db, 'search "xylophone" (no match)', { text: words('xylophone') }),
    // the first walk finds the matches dense but too few for the window: the long walk
    boardCase(db, 'search "engineer" + Contract + remote', { text: words('engineer'), type: 'Contract', remote: true }),
    boardCase(db, 'search "manager" + Full-time + 30 days', {
      text: words('manager'),
      type: 'Full-time',
      postedWithinDays: 30,
    }),
    // ... and too sparse for it: the GIN index
    boardCase(db, 'search "analyst" + Part-time + remote', { text: words('analyst'), type: 'Part-time', remote: true }),
    boardCase(db, 'search "data analyst" + Chicago + Contract', {
      text: words('data analyst'),
      location: locationSearchQuery('Chicago'),
      type: 'Contract',
    }),
    boardCase(db, 'search "engineer" + Austin + Full-time + remote + 7 days', {
      text: words('engineer'),
      location: locationSearchQuery('austin'),
      type: 'Full-time',
      remote: true,
      postedWithinDays: 7,
    }),
    boardCase(db, 'search "sales" + misspelled "chicagoo"', {
      text: words('sales'),
      location: locationSearchQuery('chicagoo'),
    }),
    adminCase(db, 'admin table, first page', undefined),
    adminCase(db, 'admin table, search "engineer"', 'engineer'),
    adminCase(db, 'admin table, search "xylophone" (no match)', 'xylophone'),
    {
      label: 'admin table, count (kept per search in the list cache)',
      read: () => countAdminJobs(db, undefined),
      statements: async () => [],
      note: '(every job counted once per search, then kept in the list cache until a job write)',
    },
  ]
  const plans: Plan[] = []
  for (const { label, read, statements, note } of cases) {
    const ms = await bestOf3(read)
    const texts: string[] = []
    for (const statement of await statements()) texts.push(await explainAnalyze(db, statement))
    const scans = texts.some((text) => /Seq Scan on jobs/.test(text))
    plans.push({
      label: `${label} (${ms.toFixed(1)} ms): no sequential scan of jobs`,
      text:
        texts.join('\n  --- then, the walk falling short:\n') || note || '(one walk of the recency index, no filter)',
      indexed: !scans,
    })
  }
  return plans
}
