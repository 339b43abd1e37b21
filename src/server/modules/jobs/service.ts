import { AppError } from '#server/platform/app-error.ts'
import type { Ctx, Deps } from '#server/platform/context.ts'
import { actsAsAdmin, requireAccess, requireUser } from '#server/platform/guards.ts'
import { listCacheOf } from '#server/platform/list-cache.ts'
import { memberCacheOf } from '#server/platform/member-cache.ts'
import { decodeCursor, nextCursorOf, readPage } from '#server/platform/paging.ts'
import type { StoredObject } from '#server/platform/storage.ts'
import {
  jobMessages,
  jobPageSize,
  latestJobsCount,
  searchRankWindow,
  type JobDetail,
  type JobSearchPage,
  type JobSearchQuery,
  type JobStatus,
  type JobTeaser,
} from '#shared/jobs/schemas.ts'
import { skillSet } from '#shared/jobs/skills.ts'
import type { WarnNotice } from '#shared/layoffs/schemas.ts'
import * as queries from './queries.ts'
import { locationSearchQuery, textSearchQuery } from './search.ts'
import { marksOf, toJobSummary, toSummaryFields, toTeaser, type SummaryFields, type ViewerState } from './views.ts'

// The private job board (issue 5; spec 001 §2 job board, job detail). Beside it:
// search.ts (search text), views.ts (rows as the API answers them),
// saved-service.ts (saved jobs), admin-service.ts (job management) and
// applications/ (applying and the applications).

/** The viewer's skills, saved jobs and applications, kept per member briefly (forgetMember on every change). */
function viewerStateOf(deps: Deps, viewerId: string): Promise<ViewerState> {
  return memberCacheOf(deps).remember(viewerId, 'job-board', async () => {
    const state = await queries.findViewerState(deps.db, viewerId)
    return {
      skills: skillSet(state.skills),
      saved: new Set(state.saved),
      applied: new Map(state.applications.map((a) => [a.jobId, a.status])),
    }
  })
}

/**
 * The employers' recent WARN notices (issue 19), read apart from the cached board
 * pages (an import of notices clears the layoffs area's cache, not the board's):
 * one lookup for a whole page, through the port app.ts wires (platform/context.ts
 * employerNotices; docs/decisions/028).
 */
async function warnNoticesOf(deps: Deps, companies: readonly string[]) {
  const none = new Map<string, WarnNotice | null>()
  if (!deps.employerNotices || companies.length === 0) return none
  return deps.employerNotices([...new Set(companies)])
}

type SharedPage = { cards: SummaryFields[]; nextCursor: string | null; truncated: boolean }

/** spec 001 §2 job board: active jobs, filtered, newest first; or ranked by a text search (docs/decisions/009). */
export async function searchJobs(ctx: Ctx, query: JobSearchQuery): Promise<JobSearchPage> {
  await requireAccess(ctx, 'subscriber')
  const viewer = requireUser(ctx)
  const { db } = ctx.deps
  const filters: queries.BoardFilters = {
    text: textSearchQuery(query.q),
    location: locationSearchQuery(query.location),
    type: query.type,
    remote: query.remote === 'true',
    postedWithinDays: query.posted ? Number(query.posted) : undefined,
  }
  const { text } = filters
  const after = decodeCursor(query.cursor, text === undefined ? 'newest' : 'ranked')
  // the same search however it was typed ("Data  Analyst" and "data analyst")
  const key = JSON.stringify(['search', filters, query.cursor ?? ''])
  const page = await listCacheOf(ctx.deps, 'jobs').remember<SharedPage>(key, async () => {
    if (text === undefined) {
      const newest = await readPage(jobPageSize, (limit) =>
        queries.listBoardPage(db, filters, limit, after && { postedAt: after.at, id: after.id }),
      )
      return { cards: newest.rows.map(toSummaryFields), nextCursor: nextCursorOf(newest), truncated: false }
    }
    const ranked = await readPage(jobPageSize, (limit) =>
      queries.listRankedPage(
        db,
        { ...filters, text },
        limit,
        after && { postedAt: after.at, id: after.id, rank: after.rank! },
      ),
    )
    return {
      cards: ranked.rows.map(toSummaryFields),
      nextCursor: nextCursorOf(ranked),
      // the window was full: more jobs may match than were ranked
      truncated: (ranked.rows[0]?.windowSize ?? 0) >= searchRankWindow,
    }
  })
  const [state, notices] = await Promise.all([
    viewerStateOf(ctx.deps, viewer.id),
    warnNoticesOf(
      ctx.deps,
      page.cards.map((card) => card.company),
    ),
  ])
  return {
    jobs: page.cards.map((card) => toJobSummary(card, state, notices.get(card.company) ?? null)),
    nextCursor: page.nextCursor,
    truncated: page.truncated,
  }
}

/** spec 000 §1 landing teaser and the community column: the newest active jobs, for anyone. */
export async function listLatestJobs(ctx: Ctx): Promise<{ jobs: JobTeaser[] }> {
  // a visitor page: nothing to check (src/shared/access.ts, /api/jobs/latest)
  const jobs = await listCacheOf(ctx.deps, 'jobs').remember('latest', async () =>
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
  const [state, notices] = await Promise.all([
    viewerStateOf(ctx.deps, viewer.id),
    warnNoticesOf(ctx.deps, [row.company]),
  ])
  return {
    ...toSummaryFields(row),
    ...marksOf(state, row),
    warnNotice: notices.get(row.company) ?? null,
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
