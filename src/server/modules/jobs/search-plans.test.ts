import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Database } from '#server/db/client.ts'
import { openTestDatabase } from '#server/testing/test-database.ts'
import { searchRankWindow } from '#shared/jobs/schemas.ts'
import { boardWalkRows, listBoardPage, listRankedPage, sparseMatchesQuery, type BoardFilters } from './queries.ts'
import { textSearchQuery } from './search.ts'

// The board's reads choose how to find the newest matches (queries.ts): the first
// walk of `boardWalkRows` jobs, a longer walk when the first one found its matches
// dense, or the GIN indexes when sparse. Whichever they take, they must answer what a
// plain filter over every job answers. One table of 7,000 jobs, every column
// cycling at its own period, serves a dense combination (a long walk that fills the
// window; one whose walk reaches the board's end), a sparse one (the GIN indexes)
// and a board page whose first walk falls short (a long walk fills it).

const jobCount = 7000
const page = 21

describe('board reads past the first walk', () => {
  let database: Database

  beforeAll(async () => {
    database = await openTestDatabase()
    await database.db.execute(sql`
      insert into jobs (title, company, location, type, remote, salary, status, technical_skills, soft_skills,
                        description, requirements, responsibilities, benefits, posted_at)
      select case when g % 3 = 0 then 'Platform Engineer' when g = 500 or g % 1700 = 7 then 'Xylograph Curator'
                  else 'Account Manager' end,
             'Northwind ' || (g % 7), (array['Austin, TX', 'Halifax, NS', 'Leeds, UK'])[1 + g % 3],
             (array['Full-time', 'Part-time', 'Contract', 'Internship', 'Remote'])[1 + (g / 2) % 5],
             g % 29 = 0, '$100,000', case when g % 10 = 0 then 'closed' else 'active' end,
             array['Terraform'], array['Teamwork'], 'Run the platform ' || (g % 11), array['Experience'],
             array['Deliver'], array['Health cover'], now() - make_interval(mins => g)
      from generate_series(1, ${jobCount}) g`)
    await database.db.execute(sql`analyze jobs`)
  })

  afterAll(() => database?.close())

  /** The newest `limit` active matches of a plain filter over every job, then ranked as the board ranks a window. */
  async function plainRanked(where: string, query: string, limit: number) {
    const found = (await database.db.execute(
      sql.raw(`select id from (select id, posted_at, search from jobs where status = 'active' and ${where}
               order by posted_at desc, id desc limit ${searchRankWindow}) window_rows
               order by ts_rank(search, ${query}) desc, posted_at desc, id desc limit ${limit}`),
    )) as unknown as { rows: Array<{ id: string }> }
    return found.rows.map((row) => row.id)
  }

  async function plainBoard(where: string, limit: number) {
    const found = (await database.db.execute(
      sql.raw(
        `select id from jobs where status = 'active' and ${where} order by posted_at desc, id desc limit ${limit}`,
      ),
    )) as unknown as { rows: Array<{ id: string }> }
    return found.rows.map((row) => row.id)
  }

  const engineer = `(to_tsquery('english', 'engineer:*') || to_tsquery('simple', 'engineer:*'))`
  const text = textSearchQuery('engineer')!

  test('a dense combination, a long walk that fills the window: the newest matches, ranked the same', async () => {
    // 1 job in 15 active, 6,300 active jobs: about 130 in the first walk, 420 in all
    const filters: BoardFilters & { text: typeof text } = { text, type: 'Contract' }
    const where = `type = 'Contract' and search @@ ${engineer}`
    const ranked = await listRankedPage(database.db, filters, page)
    expect(ranked.map((row) => row.id)).toEqual(await plainRanked(where, engineer, page))
    expect(ranked[0]?.windowSize).toBe(searchRankWindow)
  })

  test('a dense combination the board ends within: every match, ranked the same', async () => {
    // posted within a day: the newest 1,440 jobs, about 90 matches
    const filters: BoardFilters & { text: typeof text } = { text, type: 'Contract', postedWithinDays: 1 }
    const where = `type = 'Contract' and posted_at >= now() - interval '1 day' and search @@ ${engineer}`
    const ranked = await listRankedPage(database.db, filters, page)
    const expected = await plainRanked(where, engineer, page)
    expect(ranked.map((row) => row.id)).toEqual(expected)
    expect(expected.length).toBeGreaterThan(0)
    expect(ranked[0]?.windowSize).toBeLessThan(searchRankWindow)
  })

  test('a sparse combination is read through the GIN indexes: the same newest matches', async () => {
    const curator = textSearchQuery('xylograph')!
    const query = `(to_tsquery('english', 'xylograph:*') || to_tsquery('simple', 'xylograph:*'))`
    const ranked = await listRankedPage(database.db, { text: curator }, page)
    const expected = await plainRanked(`search @@ ${query}`, query, page)
    expect(ranked.map((row) => row.id)).toEqual(expected)
    // g = 7, 3407 and 5107 (500 is closed, 1707 and 6807 are engineers)
    expect(expected.length).toBe(3)
  })

  test('a board page past a short first walk: the same page as a plain filter', async () => {
    // Internship and remote: 1 job in 145, about 14 in a walk of 2,000, 36 after the cursor
    const after = (await database.db.execute(
      sql`select posted_at::text as "postedAt", id from jobs where status = 'active'
          order by posted_at desc, id desc offset ${boardWalkRows / 2} limit 1`,
    )) as unknown as { rows: Array<{ postedAt: string; id: string }> }
    const position = after.rows[0]!
    const filters: BoardFilters = { type: 'Internship', remote: true }
    const rows = await listBoardPage(database.db, filters, page, position)
    const expected = await plainBoard(
      `type = 'Internship' and remote and (posted_at, id) < ('${position.postedAt}'::timestamptz, '${position.id}'::uuid)`,
      page,
    )
    expect(rows.map((row) => row.id)).toEqual(expected)
    expect(expected.length).toBeGreaterThan(0)
  })

  test("a city's type and remote are conditions of its GIN index on both engines", async () => {
    // remote is an exact key (0 or 1), not a bare boolean, which PostgreSQL before 16 leaves
    // out of a btree_gin index, nor `>= true`, a partial match over every remote job (decision 040)
    const query = sparseMatchesQuery({ location: 'austin:*', type: 'Contract', remote: true }, page)
    const plan = await database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`)
      return (await tx.execute(sql`explain ${query}`)) as unknown as { rows: Array<{ 'QUERY PLAN': string }> }
    })
    const text = plan.rows.map((row) => row['QUERY PLAN']).join('\n')
    const indexCondition = text.split('\n').find((line) => line.includes('Index Cond'))
    expect(text).toContain('jobs_location_filters_idx')
    expect(indexCondition).toMatch(/type = 'Contract'/)
    expect(indexCondition).toMatch(/\(remote\)::integer = 1/)
  })
})
