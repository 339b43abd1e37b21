import { withTransaction, type Db } from '#server/db/client.ts'
import { AppError } from '#server/platform/app-error.ts'
import type { Ctx, Deps } from '#server/platform/context.ts'
import { actsAsAdmin, requireAccess, requireAdmin, requireUser } from '#server/platform/guards.ts'
import { forgetMember, memberCacheOf } from '#server/platform/member-cache.ts'
import { normalizePicture } from '#server/platform/pictures.ts'
import { newObjectKey, type StoredObject } from '#server/platform/storage.ts'
import {
  jobMessages,
  type JobsChangedEvent,
  adminJobPageSize,
  jobPageSize,
  latestJobsCount,
  logoMaxBytes,
  searchRankWindow,
  type AdminJob,
  type AdminJobList,
  type AdminJobQuery,
  type ApplicationStatus,
  type JobCard,
  type JobDetail,
  type JobInputParsed,
  type JobSearchPage,
  type JobSearchQuery,
  type JobStatus,
  type JobTeaser,
  type JobType,
  type SavedCounts,
  type SavedJob,
} from '#shared/jobs/schemas.ts'
import { matchPercent, skillSet } from '#shared/jobs/skills.ts'
import * as queries from './queries.ts'
import { jobSearchCacheOf } from './search-cache.ts'

// The private job board (issue 5; spec 001 §2 job board, job detail, saved items;
// spec 002 §2 job management). Applications live in applications.ts.

/** Longest side of a stored company logo, in pixels. */
const logoMaxSide = 256
/** At most this many words of a search or a location count (each is one more index lookup). */
const maxSearchTokens = 8

// ---------- search text ----------

/** Lower-case words of letters and digits only: nothing of to_tsquery's own syntax survives. */
function tokensOf(text: string | undefined): string[] {
  return (text?.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, maxSearchTokens)
}

/**
 * The board's search box (docs/decisions/009): every word must match, and the
 * last one, still being typed, also as a prefix once it has 3 characters (a
 * prefix of one or two letters matches most of the GIN index). Undefined when no
 * word remains. A search of English stop-words only ("the") becomes an empty
 * tsquery in PostgreSQL and matches no job: documented, not worked around.
 */
export function textSearchQuery(q: string | undefined, weights = ''): queries.TextQuery | undefined {
  const tokens = tokensOf(q)
  const last = tokens.at(-1)
  if (last === undefined) return undefined
  // 'word:AC' matches the word only where jobs.search gave it weight A or C
  const exact = (token: string) => (weights ? `${token}:${weights}` : token)
  if (last.length < 3) return { terms: tokens.map(exact).join(' & ') }
  return { terms: tokens.slice(0, -1).map(exact).join(' & '), prefix: `${last}:*${weights}` }
}

/** The location filter as a to_tsquery('simple', ...) string: every word as a prefix ("new yo" finds New York). */
export function locationSearchQuery(location: string | undefined): string | undefined {
  const tokens = tokensOf(location)
  return tokens.length === 0 ? undefined : tokens.map((token) => `${token}:*`).join(' & ')
}

// ---------- cursor ----------

// The last row's position, opaque to the browser: (posted_at, id) on the board,
// (rank, posted_at, id) in a text search, (created_at, id) in the admin table; at
// full precision as PostgreSQL wrote them.
type Cursor = { at: string; id: string; rank?: string }

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url')
}

const timestampText = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(\.\d{1,6})?[+-]\d\d(:\d\d)?$/
const uuidText = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
const realText = /^\d+(\.\d+)?(e[+-]?\d+)?$/

function decodeCursor(cursor: string, ranked: boolean): Cursor {
  let parsed: Partial<Record<keyof Cursor, unknown>> | undefined
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString())
  } catch {
    parsed = undefined
  }
  const { at, id, rank } = parsed ?? {}
  const valid =
    typeof at === 'string' &&
    timestampText.test(at) &&
    typeof id === 'string' &&
    uuidText.test(id) &&
    (ranked ? typeof rank === 'string' && realText.test(rank) : rank === undefined)
  if (!valid) throw new AppError('VALIDATION', 'Invalid cursor', { cursor: 'Invalid cursor' })
  return { at, id, rank: rank as string | undefined }
}

// ---------- views ----------

function logoUrl(row: { id: string; logoKey: string | null; updatedAt: Date }): string | null {
  // the query changes with every edit, so a replaced logo is never served from a cache
  return row.logoKey ? `/api/jobs/logos/${row.id}?v=${row.updatedAt.getTime()}` : null
}

// what every member sees of a job; the skill lists feed the viewer's match
type CardFields = Omit<JobCard, 'match' | 'saved' | 'applicationStatus'> & Pick<JobDetail, 'technicalSkills' | 'softSkills'>

function toCardFields(row: Omit<queries.JobCardRow, 'cursorAt'>): CardFields {
  return {
    id: row.id,
    title: row.title,
    company: row.company,
    logoUrl: logoUrl(row),
    location: row.location,
    type: row.type as JobType,
    remote: row.remote,
    salary: row.salary,
    postedAt: row.postedAt.toISOString(),
    technicalSkills: row.technicalSkills,
    softSkills: row.softSkills,
  }
}

function toTeaser(row: queries.JobCardRow): JobTeaser {
  return { id: row.id, title: row.title, company: row.company, logoUrl: logoUrl(row), location: row.location, type: row.type as JobType, postedAt: row.postedAt.toISOString() }
}

type ViewerState = { skills: ReadonlySet<string>; saved: Set<string>; applied: Map<string, ApplicationStatus> }

/** The viewer's skills, saved jobs and applications, kept per member briefly (forgetMember on every change). */
function viewerStateOf(deps: Deps, viewerId: string): Promise<ViewerState> {
  return memberCacheOf(deps).remember(viewerId, 'job-board', async () => {
    const state = await queries.findViewerState(deps.db, viewerId)
    return { skills: skillSet(state.skills), saved: new Set(state.saved), applied: new Map(state.applications.map((a) => [a.jobId, a.status])) }
  })
}

type ViewerMarks = Pick<JobCard, 'match' | 'saved' | 'applicationStatus'>

/** What only the viewer sees of a job (spec 001 §9 match, saved, their application). */
function marksOf(state: ViewerState, job: Pick<CardFields, 'id' | 'technicalSkills' | 'softSkills'>): ViewerMarks {
  return {
    match: matchPercent(job.technicalSkills, job.softSkills, state.skills),
    saved: state.saved.has(job.id),
    applicationStatus: state.applied.get(job.id) ?? null,
  }
}

// Field by field rather than spread: board pages come from the cache thousands of
// times a second, and V8 copies spread objects about forty times slower (bench/jobs.ts).
function toJobCard(card: CardFields, state: ViewerState): JobCard {
  const marks = marksOf(state, card)
  return {
    id: card.id,
    title: card.title,
    company: card.company,
    logoUrl: card.logoUrl,
    location: card.location,
    type: card.type,
    remote: card.remote,
    salary: card.salary,
    postedAt: card.postedAt,
    match: marks.match,
    saved: marks.saved,
    applicationStatus: marks.applicationStatus,
  }
}

function toAdminJob(row: queries.AdminJobRow): AdminJob {
  return {
    ...toCardFields(row),
    status: row.status as JobStatus,
    description: row.description,
    requirements: row.requirements,
    responsibilities: row.responsibilities,
    benefits: row.benefits,
    contactEmail: row.contactEmail,
    applicationCount: row.applicationCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

// ---------- board ----------

type SharedPage = { cards: CardFields[]; nextCursor: string | null; truncated: boolean }

/** spec 001 §2 job board: active jobs, filtered, newest first; or ranked by a text search (docs/decisions/009). */
export async function searchJobs(ctx: Ctx, query: JobSearchQuery): Promise<JobSearchPage> {
  await requireAccess(ctx, 'subscriber')
  const viewer = requireUser(ctx)
  const { db } = ctx.deps
  const filters: queries.JobFilters = {
    text: textSearchQuery(query.q),
    location: locationSearchQuery(query.location),
    type: query.type,
    remote: query.remote === 'true',
    postedWithinDays: query.posted ? Number(query.posted) : undefined,
  }
  const { text } = filters
  const after = query.cursor ? decodeCursor(query.cursor, text !== undefined) : undefined
  // the same search however it was typed ("Data  Analyst" and "data analyst")
  const key = JSON.stringify(['search', filters, query.cursor ?? ''])
  const page = await jobSearchCacheOf(ctx.deps).remember<SharedPage>(key, async () => {
    if (text === undefined) {
      const found = await queries.listBoardPage(db, filters, jobPageSize + 1, after && { postedAt: after.at, id: after.id })
      const rows = found.slice(0, jobPageSize)
      const last = rows.at(-1)
      const more = found.length > jobPageSize && last
      return { cards: rows.map(toCardFields), nextCursor: more ? encodeCursor({ at: last.cursorAt, id: last.id }) : null, truncated: false }
    }
    const found = await queries.listRankedPage(db, { ...filters, text }, jobPageSize + 1, after && { postedAt: after.at, id: after.id, rank: after.rank! })
    const rows = found.slice(0, jobPageSize)
    const last = rows.at(-1)
    const more = found.length > jobPageSize && last
    return {
      cards: rows.map(toCardFields),
      nextCursor: more ? encodeCursor({ at: last.cursorAt, id: last.id, rank: last.rank }) : null,
      // the window was full: more jobs may match than were ranked
      truncated: (found[0]?.windowSize ?? 0) >= searchRankWindow,
    }
  })
  const state = await viewerStateOf(ctx.deps, viewer.id)
  return { jobs: page.cards.map((card) => toJobCard(card, state)), nextCursor: page.nextCursor, truncated: page.truncated }
}

/** spec 000 §1 landing teaser and the community column: the newest active jobs, for anyone. */
export async function listLatestJobs(ctx: Ctx): Promise<{ jobs: JobTeaser[] }> {
  // a visitor page: nothing to check (src/shared/access.ts, /api/jobs/latest)
  const jobs = await jobSearchCacheOf(ctx.deps).remember('latest', async () =>
    (await queries.listLatestJobs(ctx.deps.db, latestJobsCount)).map(toTeaser),
  )
  return { jobs }
}

/** spec 001 §2 job detail: an active job; admins may also open a closed one. */
export async function getJob(ctx: Ctx, jobId: string): Promise<JobDetail> {
  await requireAccess(ctx, 'subscriber')
  const viewer = requireUser(ctx)
  const row = await queries.findJobRow(ctx.deps.db, jobId)
  if (!row || (row.status !== 'active' && !actsAsAdmin(ctx))) throw new AppError('NOT_FOUND', jobMessages.notFound)
  return {
    ...toCardFields(row),
    ...marksOf(await viewerStateOf(ctx.deps, viewer.id), row),
    status: row.status as JobStatus,
    description: row.description,
    requirements: row.requirements,
    responsibilities: row.responsibilities,
    benefits: row.benefits,
  }
}

/** A company logo: public (the landing teaser shows it to visitors). */
export async function getJobLogo(ctx: Ctx, jobId: string): Promise<StoredObject> {
  const logoKey = await queries.findJobLogoKey(ctx.deps.db, jobId)
  const object = logoKey ? await ctx.deps.storage.get(logoKey) : undefined
  if (!object) throw new AppError('NOT_FOUND', jobMessages.notFound)
  return object
}

// ---------- saved jobs (spec 001 §2 /saved, §3 saved_jobs) ----------

export async function countSavedItems(ctx: Ctx): Promise<SavedCounts> {
  const viewer = requireUser(ctx)
  // the courses area does not exist yet: nothing of it can be saved
  return { jobs: await queries.countSavedJobs(ctx.deps.db, viewer.id), courses: 0 }
}

export async function listSavedJobs(ctx: Ctx): Promise<{ jobs: SavedJob[] }> {
  const viewer = requireUser(ctx)
  const rows = await queries.listSavedJobs(ctx.deps.db, viewer.id)
  return {
    jobs: rows.map((row) => ({
      jobId: row.jobId,
      savedAt: row.savedAt.toISOString(),
      status: 'saved',
      notes: row.notes,
      job: {
        id: row.id,
        title: row.title,
        company: row.company,
        logoUrl: logoUrl(row),
        location: row.location,
        type: row.type as JobType,
        salary: row.salary,
        active: row.status === 'active',
      },
    })),
  }
}

/** Saving is for subscribers (the board is theirs); saving twice keeps one row. */
export async function saveJob(ctx: Ctx, jobId: string): Promise<{ saved: true }> {
  await requireAccess(ctx, 'subscriber')
  const viewer = requireUser(ctx)
  await withTransaction(ctx.deps.db, async (tx) => {
    if ((await queries.findJobStatus(tx, jobId)) !== 'active') throw new AppError('NOT_FOUND', jobMessages.notFound)
    await queries.insertSavedJob(tx, viewer.id, jobId)
  })
  forgetMember(ctx.deps, viewer.id)
  return { saved: true }
}

/** Any member may tidy their list (also after their plan ended); removing what is not saved is no error. */
export async function unsaveJob(ctx: Ctx, jobId: string): Promise<void> {
  const viewer = requireUser(ctx)
  await withTransaction(ctx.deps.db, (tx) => queries.deleteSavedJob(tx, viewer.id, jobId))
  forgetMember(ctx.deps, viewer.id)
}

// ---------- admin (spec 002 §2 Job management, §5 Job form) ----------

/**
 * A job write in one transaction, with its live 'jobs' event: this instance's
 * cached board pages and searches go as soon as it ends, so the writer's next read
 * shows the change; every other instance's go when the event reaches it (search-cache.ts).
 */
async function changeJobs<T>(ctx: Ctx, jobIdOf: (result: T) => string, work: (tx: Db) => Promise<T>): Promise<T> {
  try {
    return await withTransaction(ctx.deps.db, async (tx) => {
      const result = await work(tx)
      // open boards and admin tables refresh too (useLiveJobLists)
      const event: JobsChangedEvent = { type: 'jobs.changed', data: { jobId: jobIdOf(result) } }
      await ctx.deps.realtime.publish(tx, 'jobs', event.type, event.data)
      return result
    })
  } finally {
    invalidateJobSearch(ctx.deps)
  }
}

/** Drops this instance's cached board pages, searches and latest jobs. */
function invalidateJobSearch(deps: Deps): void {
  jobSearchCacheOf(deps).clear()
}

async function adminJobOrNotFound(db: Db, jobId: string): Promise<AdminJob> {
  const row = await queries.findAdminJob(db, jobId)
  if (!row) throw new AppError('NOT_FOUND', jobMessages.notFound)
  return toAdminJob(row)
}

function jobValues(input: JobInputParsed): queries.JobWrite {
  return {
    title: input.title,
    company: input.company,
    location: input.location,
    salary: input.salary,
    type: input.type,
    // a Remote job is remote whatever the checkbox said
    remote: input.type === 'Remote' || input.remote,
    ...(input.status ? { status: input.status } : {}),
    description: input.description,
    technicalSkills: [...new Set(input.technicalSkills)],
    softSkills: [...new Set(input.softSkills)],
    requirements: input.requirements,
    responsibilities: input.responsibilities,
    benefits: input.benefits,
    // applications then go to the admins (issue 5)
    contactEmail: input.contactEmail || null,
  }
}

/** spec 002 §2 Job management: search by title, company or location, newest created first, a page at a time. */
export async function listAdminJobs(ctx: Ctx, query: AdminJobQuery): Promise<AdminJobList> {
  requireAdmin(ctx)
  const after = query.cursor ? decodeCursor(query.cursor, false) : undefined
  // weights A (title, company) and C (location) of jobs.search, not the skills or description
  const found = await queries.listAdminJobs(ctx.deps.db, textSearchQuery(query.q, 'AC'), adminJobPageSize + 1, after && { createdAt: after.at, id: after.id })
  const rows = found.slice(0, adminJobPageSize)
  const last = rows.at(-1)
  return {
    jobs: rows.map(({ total: _total, cursorAt: _cursorAt, ...row }) => toAdminJob(row)),
    total: found[0]?.total ?? 0,
    nextCursor: found.length > adminJobPageSize && last ? encodeCursor({ at: last.cursorAt, id: last.id }) : null,
  }
}

export async function createJob(ctx: Ctx, input: JobInputParsed): Promise<AdminJob> {
  const admin = requireAdmin(ctx)
  return changeJobs(ctx, (job) => job.id, async (tx) => {
    const row = await queries.insertJob(tx, { ...jobValues(input), createdBy: admin.id })
    return adminJobOrNotFound(tx, row.id)
  })
}

export async function updateJob(ctx: Ctx, jobId: string, input: JobInputParsed): Promise<AdminJob> {
  requireAdmin(ctx)
  return changeJobs(ctx, () => jobId, async (tx) => {
    if (!(await queries.updateJob(tx, jobId, jobValues(input)))) throw new AppError('NOT_FOUND', jobMessages.notFound)
    return adminJobOrNotFound(tx, jobId)
  })
}

/** Closing hides the job from the board and stops applications; reopening shows it again. */
export async function setJobStatus(ctx: Ctx, jobId: string, status: JobStatus): Promise<AdminJob> {
  requireAdmin(ctx)
  return changeJobs(ctx, () => jobId, async (tx) => {
    if (!(await queries.setJobStatus(tx, jobId, status))) throw new AppError('NOT_FOUND', jobMessages.notFound)
    return adminJobOrNotFound(tx, jobId)
  })
}

/** Saved rows go with the job; a job with applications is refused (close it instead), so they stay in reach. */
export async function deleteJob(ctx: Ctx, jobId: string): Promise<void> {
  requireAdmin(ctx)
  const deleted = await changeJobs(ctx, () => jobId, async (tx) => {
    const row = await queries.deleteJob(tx, jobId)
    if (!row) throw new AppError('NOT_FOUND', jobMessages.notFound)
    // the applications would stay, but no admin screen could reach them or their resumes
    if (row === 'has-applications') throw new AppError('CONFLICT', jobMessages.deleteHasApplications)
    return row
  })
  // after the commit: a failed transaction keeps its file
  if (deleted.logoKey) await removeObject(ctx, deleted.logoKey)
}

async function removeObject(ctx: Ctx, key: string) {
  await ctx.deps.storage.delete(key).catch((error) => ctx.logger.warn({ err: error, key }, 'job logo not removed'))
}

/**
 * spec 002 §5: an image by its own bytes, at most 5 MB, re-encoded as a PNG of at
 * most 256 px (which also drops metadata and anything appended), stored public
 * under a new name; the previous logo is removed once the new one is recorded.
 */
export async function uploadJobLogo(ctx: Ctx, jobId: string, file: File | undefined): Promise<AdminJob> {
  requireAdmin(ctx)
  const png = await normalizePicture(
    file,
    { maxBytes: logoMaxBytes, maxSide: logoMaxSide, field: 'logo', messages: { tooLarge: jobMessages.logoTooLarge, notImage: jobMessages.logoNotImage } },
    ctx.logger,
  )
  const key = newObjectKey('job-logos', 'png')
  await ctx.deps.storage.put(key, png, { contentType: 'image/png', visibility: 'public' })
  let result: { job: AdminJob; previousKey: string | null }
  try {
    result = await changeJobs(ctx, () => jobId, async (tx) => {
      const replaced = await queries.replaceJobLogo(tx, jobId, key)
      if (!replaced) throw new AppError('NOT_FOUND', jobMessages.notFound)
      return { job: await adminJobOrNotFound(tx, jobId), previousKey: replaced.previousKey }
    })
  } catch (error) {
    await removeObject(ctx, key)
    throw error
  }
  if (result.previousKey) await removeObject(ctx, result.previousKey)
  return result.job
}

export async function removeJobLogo(ctx: Ctx, jobId: string): Promise<AdminJob> {
  requireAdmin(ctx)
  const result = await changeJobs(ctx, () => jobId, async (tx) => {
    const replaced = await queries.replaceJobLogo(tx, jobId, null)
    if (!replaced) throw new AppError('NOT_FOUND', jobMessages.notFound)
    return { job: await adminJobOrNotFound(tx, jobId), previousKey: replaced.previousKey }
  })
  if (result.previousKey) await removeObject(ctx, result.previousKey)
  return result.job
}
