import { and, count, desc, eq, getTableColumns, getTableName, sql, type SQL } from 'drizzle-orm'
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

export function textQuery(text: TextQuery): SQL {
  const terms = sql`to_tsquery('english', ${text.terms})`
  if (!text.prefix) return terms
  const prefix = sql`(to_tsquery('english', ${text.prefix}) || to_tsquery('simple', ${text.prefix}))`
  return text.terms ? sql`(${terms} && ${prefix})` : prefix
}

function boardConditions(filters: BoardFilters): SQL[] {
  const conditions: SQL[] = [eq(jobs.status, 'active')]
  if (filters.type) conditions.push(eq(jobs.type, filters.type))
  if (filters.remote) conditions.push(eq(jobs.remote, true))
  if (filters.postedWithinDays)
    conditions.push(sql`${jobs.postedAt} >= now() - make_interval(days => ${filters.postedWithinDays})`)
  if (filters.location) conditions.push(sql`${jobs.locationSearch} @@ to_tsquery('simple', ${filters.location})`)
  if (filters.text) conditions.push(sql`${jobs.search} @@ ${textQuery(filters.text)}`)
  return conditions
}

/**
 * The board without a text search: newest first after the (posted_at, id)
 * position `after`, one backward walk of jobs_board_order_idx (status, posted_at, id).
 */
export function listBoardPage(db: Db, filters: BoardFilters, limit: number, after?: { postedAt: string; id: string }) {
  return db
    .select(cardColumns)
    .from(jobs)
    .where(
      and(
        ...boardConditions({ ...filters, text: undefined }),
        after ? sql`(${jobs.postedAt}, ${jobs.id}) < (${after.postedAt}::timestamptz, ${after.id}::uuid)` : undefined,
      ),
    )
    .orderBy(desc(jobs.postedAt), desc(jobs.id))
    .limit(limit)
}

/**
 * A text search (docs/decisions/009): the newest `searchRankWindow` active matches
 * (every filter applied) are taken once, then ranked best first by ts_rank, newer
 * first on a tie, and paged by the (rank, posted_at, id) position `after`.
 * The window is a CTE read twice (the page and its size), so PostgreSQL
 * materialises it; ts_rank runs on at most the window's rows.
 * `windowSize` equal to the window means more jobs may match than were ranked.
 */
export function listRankedPage(
  db: Db,
  filters: BoardFilters & { text: TextQuery },
  limit: number,
  after?: { rank: string; postedAt: string; id: string },
) {
  const matches = db.$with('matches').as(
    db
      .select({ ...cardColumns, search: jobs.search })
      .from(jobs)
      .where(and(...boardConditions(filters)))
      .orderBy(desc(jobs.postedAt), desc(jobs.id))
      .limit(searchRankWindow),
  )
  const rank = sql`ts_rank(${matches.search}, ${textQuery(filters.text)})`
  return db
    .with(matches)
    .select({
      id: matches.id,
      title: matches.title,
      company: matches.company,
      logoKey: matches.logoKey,
      location: matches.location,
      type: matches.type,
      remote: matches.remote,
      salary: matches.salary,
      postedAt: matches.postedAt,
      updatedAt: matches.updatedAt,
      technicalSkills: matches.technicalSkills,
      softSkills: matches.softSkills,
      cursorAt: matches.cursorAt,
      // a real's shortest exact text form: the cursor compares it back as ::real without loss
      rank: sql<string>`${rank}::text`,
      windowSize: sql<number>`(select count(*)::int from ${matches})`,
    })
    .from(matches)
    .where(
      after
        ? sql`(${rank}, ${matches.postedAt}, ${matches.id}) < (${after.rank}::real, ${after.postedAt}::timestamptz, ${after.id}::uuid)`
        : undefined,
    )
    .orderBy(desc(rank), desc(matches.postedAt), desc(matches.id))
    .limit(limit)
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

/**
 * spec 002 §2 Job management: every status, newest created first, after the
 * (created_at, id) position `after`; `total` counts every match of `text`.
 */
export function listAdminJobs(
  db: Db,
  text: TextQuery | undefined,
  limit: number,
  after?: { createdAt: string; id: string },
) {
  const matches = text ? sql`${jobs.search} @@ ${textQuery(text)}` : undefined
  return db
    .select({
      ...adminJobColumns,
      applicationCount,
      cursorAt: sql<string>`${jobs.createdAt}::text`,
      total: sql<number>`(select count(*)::int from ${jobs} where ${matches ?? sql`true`})`,
    })
    .from(jobs)
    .where(
      and(
        matches,
        after ? sql`(${jobs.createdAt}, ${jobs.id}) < (${after.createdAt}::timestamptz, ${after.id}::uuid)` : undefined,
      ),
    )
    .orderBy(desc(jobs.createdAt), desc(jobs.id))
    .limit(limit)
}

export type AdminJobRow = Omit<Awaited<ReturnType<typeof listAdminJobs>>[number], 'total' | 'cursorAt'>

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
