import type { Database } from '#server/db/client.ts'
import {
  countAdminJobs,
  listAdminJobs,
  listBoardPage,
  listRankedPage,
  type BoardFilters,
} from '#server/modules/jobs/queries.ts'
import { locationSearchQuery, textSearchQuery } from '#server/modules/jobs/search.ts'
import { adminJobPageSize, jobPageSize } from '#shared/jobs/schemas.ts'
import { explain, recordingDb } from './explain.ts'
import type { Plan } from './seed.ts'

// EXPLAIN ANALYZE of the job board's reads at the seeded size (issue 23 §2), run
// in the server process after the seed: each filter alone and combined, with and
// without words, common, rare and misspelled; the admin table with and without a
// search, and its count. A read is a bounded walk of the recency index, then,
// when the walk fell short, a longer walk if it found its matches dense, else (or
// when the longer walk falls short too) a read through the GIN indexes
// (src/server/modules/jobs/queries.ts). Each read runs once through a handle that
// records its statements (bench/explain.ts), and each statement it ran is shown
// with its plan, with the read's own time (best of 3, after one run to warm the
// cache). A read passes when no statement it ran scans the whole jobs table; its
// time is shown beside it (on a busy machine a figure, not a budget).

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
  read: (db: Database['db']) => Promise<unknown>
  /** shown instead of the plans, which are not the point (a count of every job reads every job) */
  note?: string
}

const boardCase = (label: string, filters: BoardFilters): Case => ({
  label,
  read: (db) =>
    filters.text
      ? listRankedPage(db, { ...filters, text: filters.text }, jobPageSize + 1)
      : listBoardPage(db, filters, jobPageSize + 1),
})

const adminCase = (label: string, q: string | undefined): Case => ({
  label,
  read: (db) => listAdminJobs(db, textSearchQuery(q, 'AC'), adminJobPageSize + 1),
})

export async function jobPlans(database: Database): Promise<Plan[]> {
  const words = (q: string) => textSearchQuery(q)!
  const cases: Case[] = [
    boardCase('board, first page', {}),
    boardCase('board, location "austin"', { location: locationSearchQuery('austin') }),
    boardCase('board, rare location "zurich"', { location: locationSearchQuery('zurich') }),
    boardCase('board, misspelled location "chicagoo"', { location: locationSearchQuery('chicagoo') }),
    boardCase('board, type Contract', { type: 'Contract' }),
    boardCase('board, remote', { remote: true }),
    boardCase('board, posted within 7 days', { postedWithinDays: 7 }),
    boardCase('board, Austin + Full-time + remote + 7 days', {
      location: locationSearchQuery('austin'),
      type: 'Full-time',
      remote: true,
      postedWithinDays: 7,
    }),
    boardCase('search "engineer" (common)', { text: words('engineer') }),
    boardCase('search "kubernetes"', { text: words('kubernetes') }),
    boardCase('search "xylophone" (no match)', { text: words('xylophone') }),
    // the first walk finds the matches dense but too few for the window: the long walk
    boardCase('search "engineer" + Contract + remote', { text: words('engineer'), type: 'Contract', remote: true }),
    boardCase('search "manager" + Full-time + 30 days', {
      text: words('manager'),
      type: 'Full-time',
      postedWithinDays: 30,
    }),
    // ... and too sparse for it: the GIN index
    boardCase('search "analyst" + Part-time + remote', { text: words('analyst'), type: 'Part-time', remote: true }),
    boardCase('search "data analyst" + Chicago + Contract', {
      text: words('data analyst'),
      location: locationSearchQuery('Chicago'),
      type: 'Contract',
    }),
    boardCase('search "engineer" + Austin + Full-time + remote + 7 days', {
      text: words('engineer'),
      location: locationSearchQuery('austin'),
      type: 'Full-time',
      remote: true,
      postedWithinDays: 7,
    }),
    boardCase('search "sales" + misspelled "chicagoo"', {
      text: words('sales'),
      location: locationSearchQuery('chicagoo'),
    }),
    adminCase('admin table, first page', undefined),
    adminCase('admin table, search "engineer"', 'engineer'),
    adminCase('admin table, search "xylophone" (no match)', 'xylophone'),
    {
      label: 'admin table, count (kept per search in the list cache)',
      read: (db) => countAdminJobs(db, undefined),
      note: '(every job counted once per search, then kept in the list cache until a job write)',
    },
  ]
  const recording = recordingDb(database)
  const plans: Plan[] = []
  for (const { label, read, note } of cases) {
    const ms = await bestOf3(() => read(database.db))
    const texts: string[] = []
    if (!note) {
      recording.taken.length = 0
      await read(recording.db)
      for (const statement of recording.taken) texts.push(await explain(database.db, statement, 'analyze, costs off'))
    }
    const scans = texts.some((text) => /Seq Scan on jobs/.test(text))
    plans.push({
      label: `${label} (${ms.toFixed(1)} ms): no sequential scan of jobs`,
      text: note ?? texts.join('\n  --- then:\n'),
      indexed: !scans,
    })
  }
  return plans
}
