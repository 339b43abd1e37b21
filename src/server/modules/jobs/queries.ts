import { and, count, desc, eq, getTableColumns, getTableName, inArray, sql, type SQL } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import type { Db } from '#server/db/client.ts'
import { userSkillAssessments } from '#server/db/schema/profile.ts'
import { jobApplications, jobs, savedJobs } from '#server/db/schema/jobs.ts'
import { searchRankWindow, type ApplicationStatus } from '#shared/jobs/schemas.ts'

// The job board's reads and writes (issue 5). The board and the search read only
// active jobs; the per-viewer state (saved, applied, skills for the match) is read
// apart, in one round trip (`findViewerState`), so the shared part can be cached
// (platform/list-cache.ts, docs/decisions/009).

/**
 * The board's filters, already turned into safe `to_tsquery` strings by the
 * service (tokens of letters and digits only); always bound as parameters.
 */
export type BoardFilters = {
  /** the search box, against jobs.search (`textQuery`) */
  text?: TextQuery
  /** for to_tsquery('simple', ...) against jobs.location_search */
  location?: string
  type?: string
  remote?: boolean
  postedWithinDays?: number
}

// What a job card shows, plus the cursor position at full precision (a JavaScript
// Date keeps only milliseconds, PostgreSQL microseconds).
const cardColumns = {
  id: jobs.id,
  title: jobs.title,
  company: jobs.company,
  logoKey: jobs.logoKey,
  location: jobs.location,
  type: jobs.type,
  remote: jobs.remote,
  salary: jobs.salary,
  postedAt: jobs.postedAt,
  updatedAt: jobs.updatedAt,
  technicalSkills: jobs.technicalSkills,
  softSkills: jobs.softSkills,
  cursorAt: sql<string>`${jobs.postedAt}::text`.as('cursor_at'),
}

type CardField = keyof typeof cardColumns
const cardFields = Object.keys(cardColumns) as CardField[]

/** The card columns of a subquery or CTE that selected `cardColumns`. */
function cardFieldsOf<Source extends Record<CardField, unknown>>(source: Source): Pick<Source, CardField> {
  return Object.fromEntries(cardFields.map((field) => [field, source[field]])) as Pick<Source, CardField>
}

export type JobSummaryRow = {
  id: string
  title: string
  company: string
  logoKey: string | null
  location: string
  type: string
  remote: boolean
  salary: string
  postedAt: Date
  updatedAt: Date
  technicalSkills: string[]
  softSkills: string[]
  cursorAt: string
}

/**
 * The search box's words: `terms` (every whole word, to_tsquery syntax, may be
 * empty) and `prefix`, the last word still being typed ('word:*'). jobs.search
 * holds English stems, and a stem of a half-typed word is often no prefix of the
 * stem of the whole word ('analy' stems to 'anali', 'analyst' stays 'analyst'),
 * so the prefix is also tried unstemmed ('simple').
 */
export type TextQuery = { terms: string; prefix?: string }

function textQuery(text: TextQuery): SQL {
  const terms = sql`to_tsquery('english', ${text.terms})`
  if (!text.prefix) return terms
  const prefix = sql`(to_tsquery('english', ${text.prefix}) || to_tsquery('simple', ${text.prefix}))`
  return text.terms ? sql`(${terms} && ${prefix})` : prefix
}

/**
 * How many of the newest active jobs a filtered read walks along
 * jobs_board_order_idx before it turns to the filters' own indexes
 * (docs/decisions/009, issue 23). Dense matches fill a page or the ranking window
 * within the walk; sparser ones are read through the GIN indexes (`sparseMatchIds`),
 * which then hold at most about (window / walk) of the board. PostgreSQL cannot
 * choose between the two itself: its estimate for a prefix word ('chicagoo:*') or
 * several filters together is a guess, and a wrong guess walked the whole board
 * (90,000 rows, up to 400 ms) for a rare or misspelled city. A location filter
 * skips the walk: every city is a small share of the board (a rare or misspelled
 * one none of it), which jobs_location_filters_idx answers at once (with the type
 * and remote filters, intersected in the index: docs/decisions/040).
 */
export const boardWalkRows = 2000

/**
 * The longest walk of the newest active jobs a filtered read makes when the first
 * walk (`boardWalkRows`) falls short but found its matches dense enough to fill
 * the page or the ranking window within this many rows (issue 23 §2): a common
 * word with a type, remote or posted-within filter, whose GIN posting list
 * (30,000 jobs for "engineer" at 100,000) costs more to read than the walk. At
 * 100,000 jobs a walked row costs about 1 µs on PostgreSQL and 1.6 µs on PGlite,
 * a posting read through the GIN index 1.3 and 5 µs (its heap blocks are
 * scattered; on PGlite mostly outside its buffers). Of the bounds tried (10,000,
 * 20,000, 40,000) this one gave the lowest mean and p99 on both engines.
 */
const boardLongWalkRows = 20_000

/**
 * Whether matches found at `found` in `boardWalkRows` rows are dense enough to
 * expect `wanted` of them within `boardLongWalkRows`: the first walk measured the
 * density. None found: sparse, the GIN indexes answer at once.
 */
const walksOn = (found: number, wanted: number) => found > 0 && (wanted * boardWalkRows) / found <= boardLongWalkRows

/** The board's columns a filter reads: from jobs itself, or from the walk (`newestActive`). */
type FilterColumns = {
  type: SQL | AnyPgColumn
  remote: SQL | AnyPgColumn
  locationSearch: SQL | AnyPgColumn
  search: SQL | AnyPgColumn
}

/**
 * The filters that are no index condition of jobs_board_order_idx: type, remote,
 * location, words. With a location, the words are checked on the city's own rows
 * (`ts_match_vq`, the function behind @@, which no index serves): reading a common
 * word's posting list from jobs_search_idx (30,000 jobs) costs several times more
 * than the few thousand rows of the largest city.
 */
function filterConditions(columns: FilterColumns, filters: BoardFilters): SQL[] {
  const conditions: SQL[] = []
  if (filters.type) conditions.push(sql`${columns.type} = ${filters.type}`)
  // the expression jobs_location_filters_idx holds, an exact key of the GIN index: a bare
  // boolean is no btree_gin key before PostgreSQL 16, and `remote >= true` is a range
  // (a partial match) that read every remote job's entry, 3 ms a search (decision 040)
  if (filters.remote) conditions.push(sql`(${columns.remote})::int = 1`)
  if (filters.location) conditions.push(sql`${columns.locationSearch} @@ to_tsquery('simple', ${filters.location})`)
  if (filters.text)
    conditions.push(
      filters.location
        ? sql`ts_match_vq(${columns.search}, ${textQuery(filters.text)})`
        : sql`${columns.search} @@ ${textQuery(filters.text)}`,
    )
  return conditions
}

type BoardPosition = { postedAt: string; id: string }

/** Active, posted within the filter's days, after `after`: what jobs_board_order_idx answers by itself. */
function orderConditions(filters: BoardFilters, after?: BoardPosition): SQL[] {
  const conditions: SQL[] = [eq(jobs.status, 'active')]
  if (filters.postedWithinDays)
    conditions.push(sql`${jobs.postedAt} >= now() - make_interval(days => ${filters.postedWithinDays})`)
  if (after) conditions.push(sql`(${jobs.postedAt}, ${jobs.id}) < (${after.postedAt}::timestamptz, ${after.id}::uuid)`)
  return conditions
}

/** Whether a filter is checked on the rows themselves (jobs_board_order_idx answers status, posted-within and the cursor). */
const hasRowFilter = (filters: BoardFilters) =>
  Boolean(filters.type || filters.remote || filters.location || filters.text)

/** Whether the bounded walk is tried first: not for a location, whose matches are always sparse. */
const walksFirst = (filters: BoardFilters) => !filters.location

/**
 * The newest `boardWalkRows` active jobs after `after`, one backward walk of
 * jobs_board_order_idx. A subquery with a LIMIT: PostgreSQL applies the outer
 * filters to its rows as they come and stops the walk once the outer LIMIT is
 * met, and never pushes a filter inside it (so never walks past it).
 */
function newestActive(db: Db, filters: BoardFilters, after?: BoardPosition) {
  return db
    .select({ ...cardColumns, search: jobs.search, locationSearch: jobs.locationSearch })
    .from(jobs)
    .where(and(...orderConditions(filters, after)))
    .orderBy(desc(jobs.postedAt), desc(jobs.id))
    .limit(boardWalkRows)
    .as('candidates')
}

/**
 * The newest `limit` matches after `after` within the newest `boardLongWalkRows`
 * active jobs, one backward walk of jobs_board_order_idx that stops once `limit`
 * matches are found. Each row says whether it `matched`; the walk's last row is
 * returned whether it matched or not (`walked` = boardLongWalkRows), so a short
 * answer without it means the board itself ended: every match is in it.
 */
function longWalkMatches(db: Db, filters: BoardFilters, limit: number, after?: BoardPosition) {
  const newest = db
    .select({
      id: jobs.id,
      postedAt: jobs.postedAt,
      type: jobs.type,
      remote: jobs.remote,
      search: jobs.search,
      locationSearch: jobs.locationSearch,
      walked: sql<number>`(row_number() over (order by ${jobs.postedAt} desc, ${jobs.id} desc))::int`.as('walked'),
    })
    .from(jobs)
    .where(and(...orderConditions(filters, after)))
    .orderBy(desc(jobs.postedAt), desc(jobs.id))
    .limit(boardLongWalkRows)
    .as('candidates')
  const matched = sql<boolean>`coalesce(${and(...filterConditions(newest, filters))}, false)`
  return db
    .select({ id: newest.id, matched, walked: newest.walked })
    .from(newest)
    .where(sql`(${matched} or ${newest.walked} = ${boardLongWalkRows})`)
    .orderBy(desc(newest.postedAt), desc(newest.id))
    .limit(limit + 1)
}

/**
 * The ids of the newest `limit` matches after `after`, once the first walk found
 * only `found` of them: the long walk when they were dense enough (`walksOn`),
 * else (or when the long walk reached its bound with fewer) the GIN indexes.
 */
async function matchIdsPastWalk(db: Db, filters: BoardFilters, limit: number, found: number, after?: BoardPosition) {
  if (walksOn(found, limit)) {
    const walked = await longWalkMatches(db, filters, limit, after)
    const matches = walked.filter((row) => row.matched).slice(0, limit)
    // short of `limit` without its bound row: the board ended within the walk, every match is here
    const reachedBound = walked.some((row) => row.walked === boardLongWalkRows)
    if (matches.length === limit || !reachedBound) return matches.map((row) => row.id)
  }
  return sparseMatchIds(db, filters, limit, after)
}

/** The jobs of `ids`, as `newestActive` gives its rows (a window of matches found past the first walk). */
function jobsOfIds(db: Db, ids: string[]) {
  return db
    .select({ ...cardColumns, search: jobs.search, locationSearch: jobs.locationSearch })
    .from(jobs)
    .where(inArray(jobs.id, ids))
    .as('candidates')
}

/** The first `limit` matches within the walk, newest first (fewer: the walk ended first). */
function walkBoardPage(db: Db, filters: BoardFilters, limit: number, after?: BoardPosition) {
  const newest = newestActive(db, filters, after)
  return db
    .select(cardFieldsOf(newest))
    .from(newest)
    .where(and(...filterConditions(newest, filters)))
    .orderBy(desc(newest.postedAt), desc(newest.id))
    .limit(limit)
}

/**
 * The ids of the newest `limit` matches of every filter after `after`, read
 * through the filters' indexes (GIN bitmaps) and sorted: for matches too sparse
 * for the walk. MATERIALIZED (which drizzle cannot write) plans the matches for
 * all their rows, so PostgreSQL cannot turn back to walking jobs_board_order_idx
 * for the ORDER BY ... LIMIT.
 */
export function sparseMatchesQuery(filters: BoardFilters, limit: number, after?: BoardPosition): SQL {
  const conditions = and(...orderConditions(filters, after), ...filterConditions(jobs, filters))
  return sql`with matches as materialized (select ${jobs.id}, ${jobs.postedAt} from ${jobs} where ${conditions})
    select id from matches order by posted_at desc, id desc limit ${limit}`
}

async function sparseMatchIds(db: Db, filters: BoardFilters, limit: number, after?: BoardPosition) {
  const found = (await db.execute(sparseMatchesQuery(filters, limit, after))) as unknown as {
    rows: Array<{ id: string }>
  }
  return found.rows.map((row) => row.id)
}

/**
 * The board without a text search: newest first after the (posted_at, id)
 * position `after`. Without type, remote or location, one backward walk of
 * jobs_board_order_idx (status, posted_at, id); with type or remote, that walk
 * bounded to `boardWalkRows`, then, if the page is not full, a longer walk or the
 * sparse matches through their indexes (`matchIdsPastWalk`); with a location, the
 * sparse matches at once.
 */
export async function listBoardPage(
  db: Db,
  filters: BoardFilters,
  limit: number,
  after?: BoardPosition,
): Promise<JobSummaryRow[]> {
  const board = { ...filters, text: undefined }
  if (!hasRowFilter(board))
    return db
      .select(cardColumns)
      .from(jobs)
      .where(and(...orderConditions(board, after)))
      .orderBy(desc(jobs.postedAt), desc(jobs.id))
      .limit(limit)
  let found = 0
  if (walksFirst(board)) {
    const walked = await walkBoardPage(db, board, limit, after)
    if (walked.length === limit) return walked
    found = walked.length
  }
  const ids = await matchIdsPastWalk(db, board, limit, found, after)
  if (ids.length === 0) return []
  return db.select(cardColumns).from(jobs).where(inArray(jobs.id, ids)).orderBy(desc(jobs.postedAt), desc(jobs.id))
}

type RankPosition = { rank: string; postedAt: string; id: string }

/**
 * A ranked page of a window of matches (`window`, a CTE of card columns and
 * `search`): ts_rank best first, newer first on a tie, after the (rank,
 * posted_at, id) position `after`. `windowSize` is how many the window holds.
 */
function rankWindow(
  db: Db,
  text: TextQuery,
  window: ReturnType<typeof rankWindowOf>,
  limit: number,
  after?: RankPosition,
) {
  const rank = sql`ts_rank(${window.search}, ${textQuery(text)})`
  return db
    .with(window)
    .select({
      ...cardFieldsOf(window),
      // a real's shortest exact text form: the cursor compares it back as ::real without loss
      rank: sql<string>`${rank}::text`,
      windowSize: sql<number>`(select count(*)::int from ${window})`,
    })
    .from(window)
    .where(
      after
        ? sql`(${rank}, ${window.postedAt}, ${window.id}) < (${after.rank}::real, ${after.postedAt}::timestamptz, ${after.id}::uuid)`
        : undefined,
    )
    .orderBy(desc(rank), desc(window.postedAt), desc(window.id))
    .limit(limit)
}

/** The window's CTE: the newest `searchRankWindow` matches among `source`'s rows. */
function rankWindowOf(db: Db, source: ReturnType<typeof newestActive>, filters: BoardFilters) {
  return db.$with('matches').as(
    db
      .select({ ...cardFieldsOf(source), search: source.search })
      .from(source)
      .where(and(...filterConditions(source, filters)))
      .orderBy(desc(source.postedAt), desc(source.id))
      .limit(searchRankWindow),
  )
}

/** A ranked page whose window is the walk's matches (`listRankedPage`'s first try). */
function walkRankedPage(db: Db, filters: BoardFilters & { text: TextQuery }, limit: number, after?: RankPosition) {
  return rankWindow(db, filters.text, rankWindowOf(db, newestActive(db, filters), filters), limit, after)
}

/**
 * A text search (docs/decisions/009): the newest `searchRankWindow` active matches
 * (every filter applied) are taken once, then ranked best first by ts_rank, newer
 * first on a tie, and paged by the (rank, posted_at, id) position `after`.
 * The window comes from the bounded walk when it holds a full window (a common
 * word, no location), else from a longer walk or the GIN indexes (`matchIdsPastWalk`): the
 * same newest matches either way, so every page ranks the same window. ts_rank runs on at most the
 * window's rows (the window is a CTE read twice, so PostgreSQL materialises it).
 * `windowSize` equal to the window means more jobs may match than were ranked.
 */
export async function listRankedPage(
  db: Db,
  filters: BoardFilters & { text: TextQuery },
  limit: number,
  after?: RankPosition,
) {
  let found = 0
  if (walksFirst(filters)) {
    const walked = await walkRankedPage(db, filters, limit, after)
    found = walked[0]?.windowSize ?? 0
    if (found >= searchRankWindow) return walked
  }
  const ids = await matchIdsPastWalk(db, filters, searchRankWindow, found)
  if (ids.length === 0) return []
  // already the newest matches of every filter: the window's own filters would only repeat them
  return rankWindow(db, filters.text, rankWindowOf(db, jobsOfIds(db, ids), {}), limit, after)
}

/** The newest active jobs (landing teaser, community column). */
export function listLatestJobs(db: Db, limit: number) {
  return listBoardPage(db, {}, limit)
}

/**
 * What only the viewer sees on job cards, in ONE round trip: their skill names
 * (for the match), the jobs they saved and their applications' statuses. All of
 * them, not a page's: the service keeps the answer per member (member-cache.ts).
 */
export async function findViewerState(db: Db, userId: string) {
  const [row] = await db
    .select({
      skills: sql<
        string[] | null
      >`(select array_agg(${userSkillAssessments.skillName}) from ${userSkillAssessments} where ${userSkillAssessments.userId} = ${userId})`,
      saved: sql<
        string[] | null
      >`(select array_agg(${savedJobs.jobId}::text) from ${savedJobs} where ${savedJobs.userId} = ${userId})`,
      // 'job-id status' pairs
      applications: sql<
        string[] | null
      >`(select array_agg(${jobApplications.jobId}::text || ' ' || ${jobApplications.status}) from ${jobApplications} where ${jobApplications.userId} = ${userId} and ${jobApplications.jobId} is not null)`,
    })
    .from(sql`(select 1) as one`)
  return {
    skills: row?.skills ?? [],
    saved: row?.saved ?? [],
    applications: (row?.applications ?? []).map((pair) => {
      const [jobId = '', status = ''] = pair.split(' ')
      return { jobId, status: status as ApplicationStatus }
    }),
  }
}

/** The whole jobs row, any status, or undefined. */
export async function findJobRow(db: Db, jobId: string) {
  const [row] = await db.select().from(jobs).where(eq(jobs.id, jobId))
  return row
}

export type JobRow = typeof jobs.$inferSelect

/** The whole jobs row, locked until the transaction ends (an admin write reads what it changes), or undefined. */
export async function lockJobRow(tx: Db, jobId: string): Promise<JobRow | undefined> {
  const [row] = await tx.select().from(jobs).where(eq(jobs.id, jobId)).for('update')
  return row
}

/**
 * Inserts one job and returns its whole row: the admin form's write, and under
 * the tests' and the demo seed's factory (src/server/testing/jobs.ts).
 */
export async function insertJob(db: Db, values: typeof jobs.$inferInsert): Promise<JobRow> {
  const [row] = await db.insert(jobs).values(values).returning()
  return row!
}

export type JobWrite = Omit<
  typeof jobs.$inferInsert,
  'id' | 'createdBy' | 'postedAt' | 'createdAt' | 'updatedAt' | 'logoKey'
>

export async function updateJobRow(db: Db, jobId: string, values: JobWrite) {
  const updated = await db
    .update(jobs)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(jobs.id, jobId))
    .returning({ id: jobs.id })
  return updated.length > 0
}

export async function setJobRowStatus(db: Db, jobId: string, status: string) {
  const updated = await db
    .update(jobs)
    .set({ status, updatedAt: new Date() })
    .where(eq(jobs.id, jobId))
    .returning({ id: jobs.id })
  return updated.length > 0
}

/**
 * Deletes a job that has no applications (its saved rows go with it): the
 * deleted row's logo key; 'has-applications' when one exists (admins reach
 * applications through their job); undefined for no such job. Run in a
 * transaction: the job row is locked first, so an application being written
 * meanwhile is either seen here or finds the job gone.
 */
export async function deleteJobRow(
  db: Db,
  jobId: string,
): Promise<{ logoKey: string | null } | 'has-applications' | undefined> {
  const [job] = await db.select({ id: jobs.id }).from(jobs).where(eq(jobs.id, jobId)).for('update')
  if (!job) return undefined
  const [application] = await db
    .select({ id: jobApplications.id })
    .from(jobApplications)
    .where(eq(jobApplications.jobId, jobId))
    .limit(1)
  if (application) return 'has-applications'
  const [row] = await db.delete(jobs).where(eq(jobs.id, jobId)).returning({ logoKey: jobs.logoKey })
  return row
}

/** Sets the job's logo; the previous key, or undefined for no such job. Run in a transaction (the row is locked). */
export async function replaceJobLogo(db: Db, jobId: string, logoKey: string | null) {
  const [current] = await db.select({ logoKey: jobs.logoKey }).from(jobs).where(eq(jobs.id, jobId)).for('update')
  if (!current) return undefined
  await db.update(jobs).set({ logoKey, updatedAt: new Date() }).where(eq(jobs.id, jobId))
  return { previousKey: current.logoKey }
}

export async function findJobLogoKey(db: Db, jobId: string) {
  const [row] = await db.select({ logoKey: jobs.logoKey }).from(jobs).where(eq(jobs.id, jobId))
  return row?.logoKey ?? undefined
}

export async function findJobStatus(db: Db, jobId: string) {
  const [row] = await db.select({ status: jobs.status }).from(jobs).where(eq(jobs.id, jobId))
  return row?.status
}

// ---------- saved jobs (every read and write scoped by the member's own id) ----------

/** Saving twice keeps one row (saved_jobs_user_job_unique). */
export async function insertSavedJob(db: Db, userId: string, jobId: string) {
  await db.insert(savedJobs).values({ userId, jobId }).onConflictDoNothing()
}

export async function deleteSavedJob(db: Db, userId: string, jobId: string) {
  await db.delete(savedJobs).where(and(eq(savedJobs.userId, userId), eq(savedJobs.jobId, jobId)))
}

export async function countSavedJobs(db: Db, userId: string) {
  const [row] = await db.select({ jobs: count() }).from(savedJobs).where(eq(savedJobs.userId, userId))
  return row?.jobs ?? 0
}

/** The member's saved jobs, newest saved first, closed ones included (shown as no longer open). */
export function listSavedJobs(db: Db, userId: string) {
  return db
    .select({
      jobId: savedJobs.jobId,
      savedAt: savedJobs.savedAt,
      notes: savedJobs.notes,
      id: jobs.id,
      title: jobs.title,
      company: jobs.company,
      logoKey: jobs.logoKey,
      updatedAt: jobs.updatedAt,
      location: jobs.location,
      type: jobs.type,
      salary: jobs.salary,
      status: jobs.status,
    })
    .from(savedJobs)
    .innerJoin(jobs, eq(jobs.id, savedJobs.jobId))
    .where(eq(savedJobs.userId, userId))
    .orderBy(desc(savedJobs.savedAt), desc(savedJobs.id))
}

// ---------- admin ----------

const { search: _search, locationSearch: _locationSearch, ...adminJobColumns } = getTableColumns(jobs)
// The outer row is named with its table: drizzle writes a column of a one-table select
// unqualified, and an unqualified "id" inside the subquery is job_applications.id
// (every count was 0).
const applicationCount = sql<number>`(select count(*)::int from ${jobApplications} where ${jobApplications.jobId} = ${sql.identifier(getTableName(jobs))}.${sql.identifier(jobs.id.name)})`

type AdminPosition = { createdAt: string; id: string }

const adminOrder = [desc(jobs.createdAt), desc(jobs.id)]
const adminAfter = (after: AdminPosition) =>
  sql`(${jobs.createdAt}, ${jobs.id}) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`

/** The admin table's rows of `ids`, newest created first (the page of a search). */
function adminJobsOfIds(db: Db, ids: string[]) {
  return db
    .select({ ...adminJobColumns, applicationCount, cursorAt: sql<string>`${jobs.createdAt}::text` })
    .from(jobs)
    .where(inArray(jobs.id, ids))
    .orderBy(...adminOrder)
}

/**
 * The ids of the first `limit` jobs matching `text` after `after`, newest created
 * first: the newest `boardWalkRows` along jobs_admin_order_idx (a subquery with a
 * LIMIT, as `newestActive`), else, for sparser matches, through jobs_search_idx.
 */
function walkAdminSearch(db: Db, text: TextQuery, limit: number, after?: AdminPosition) {
  const newest = db
    .select({ id: jobs.id, createdAt: jobs.createdAt, search: jobs.search })
    .from(jobs)
    .where(after ? adminAfter(after) : undefined)
    .orderBy(...adminOrder)
    .limit(boardWalkRows)
    .as('candidates')
  return db
    .select({ id: newest.id })
    .from(newest)
    .where(sql`${newest.search} @@ ${textQuery(text)}`)
    .orderBy(desc(newest.createdAt), desc(newest.id))
    .limit(limit)
}

/** As `sparseMatchesQuery`, for the admin table's search (every status, newest created first). */
function sparseAdminMatchesQuery(text: TextQuery, limit: number, after?: AdminPosition): SQL {
  const conditions = and(sql`${jobs.search} @@ ${textQuery(text)}`, after ? adminAfter(after) : undefined)
  return sql`with matches as materialized (select ${jobs.id}, ${jobs.createdAt} from ${jobs} where ${conditions})
    select id from matches order by created_at desc, id desc limit ${limit}`
}

/**
 * spec 002 §2 Job management: every status, newest created first, after the
 * (created_at, id) position `after`; with `text`, only its matches (a bounded
 * walk, then the GIN index for sparse matches, as the board).
 */
export async function listAdminJobs(db: Db, text: TextQuery | undefined, limit: number, after?: AdminPosition) {
  if (!text)
    return db
      .select({ ...adminJobColumns, applicationCount, cursorAt: sql<string>`${jobs.createdAt}::text` })
      .from(jobs)
      .where(after ? adminAfter(after) : undefined)
      .orderBy(...adminOrder)
      .limit(limit)
  let ids = (await walkAdminSearch(db, text, limit, after)).map((row) => row.id)
  if (ids.length < limit) {
    const found = (await db.execute(sparseAdminMatchesQuery(text, limit, after))) as unknown as {
      rows: Array<{ id: string }>
    }
    ids = found.rows.map((row) => row.id)
  }
  return ids.length === 0 ? [] : adminJobsOfIds(db, ids)
}

/**
 * How many jobs the admin table holds, or match `text` (through jobs_search_idx).
 * The service keeps it per search in the list cache: one count per filter, not
 * per page (docs/decisions/028).
 */
export async function countAdminJobs(db: Db, text: TextQuery | undefined) {
  const [row] = await db
    .select({ jobs: count() })
    .from(jobs)
    .where(text ? sql`${jobs.search} @@ ${textQuery(text)}` : undefined)
  return row?.jobs ?? 0
}

export type AdminJobRow = Omit<Awaited<ReturnType<typeof listAdminJobs>>[number], 'cursorAt'>

export async function findAdminJob(db: Db, jobId: string): Promise<AdminJobRow | undefined> {
  const [row] = await db
    .select({ ...adminJobColumns, applicationCount })
    .from(jobs)
    .where(eq(jobs.id, jobId))
  return row
}

/** The skills of the member's newest saved jobs still on the board: one read for all of them. */
export async function savedJobSkills(db: Db, userId: string, limit: number) {
  return db
    .select({ jobId: jobs.id, technicalSkills: jobs.technicalSkills, softSkills: jobs.softSkills })
    .from(savedJobs)
    .innerJoin(jobs, eq(jobs.id, savedJobs.jobId))
    .where(and(eq(savedJobs.userId, userId), eq(jobs.status, 'active')))
    .orderBy(desc(savedJobs.savedAt), desc(savedJobs.jobId))
    .limit(limit)
}
