import { AppError } from '#server/platform/app-error.ts'
import type { Ctx, Deps } from '#server/platform/context.ts'
import { actsAsAdmin, requireAccess, requireUser } from '#server/platform/guards.ts'
import { listCacheOf } from '#server/platform/list-cache.ts'
import { memberCacheOf } from '#server/platform/member-cache.ts'
import { packShared, withReaderField, type PackedAnswer, type PackedJson } from '#server/platform/packed-json.ts'
import { decodeCursor, nextCursorOf, readPage } from '#server/platform/paging.ts'
import type { StoredObject } from '#server/platform/storage.ts'
import {
  jobMessages,
  jobPageSize,
  latestJobsCount,
  searchRankWindow,
  type JobBoardAnswer,
  type JobCardMarks,
  type JobDetail,
  type JobSearchQuery,
  type JobStatus,
  type JobTeaser,
} from '#shared/jobs/schemas.ts'
import { skillSet } from '#shared/jobs/skills.ts'
import type { WarnNotice } from '#shared/layoffs/schemas.ts'
import * as queries from './queries.ts'
import { locationSearchQuery, textSearchQuery } from './search.ts'
import {
  marksOf,
  toCardMarks,
  toJobCard,
  toSummaryFields,
  toTeaser,
  type SummaryFields,
  type ViewerState,
} from './views.ts'

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

/**
 * A board page as every member sees it, packed once per cached page (its JSON and
 * gzip, platform/packed-json.ts), and what each card's marks are computed from.
 */
type SharedPage = {
  packed: PackedJson
  cards: Array<Pick<SummaryFields, 'id' | 'company' | 'technicalSkills' | 'softSkills'>>
  /**
   * The page's employer notices, kept with it while the layoffs area's lists stand
   * (their cache's version): an import or a notice's change clears those lists on
   * every instance, and the page itself lives at most the list cache's 30 s.
   */
  notices?: { version: number; byCompany: ReadonlyMap<string, WarnNotice | null> }
}

/** The employer notices of `page`'s companies, read once per page and layoffs cache version. */
async function pageNotices(deps: Deps, page: SharedPage): Promise<ReadonlyMap<string, WarnNotice | null>> {
  const version = listCacheOf(deps, 'layoffs').version()
  if (page.notices?.version === version) return page.notices.byCompany
  const byCompany = await warnNoticesOf(
    deps,
    page.cards.map((card) => card.company),
  )
  page.notices = { version, byCompany }
  return byCompany
}

function sharedPage(cards: SummaryFields[], nextCursor: string | null, truncated: boolean): SharedPage {
  const shared: Omit<JobBoardAnswer, 'viewer'> = { jobs: cards.map(toJobCard), nextCursor, truncated }
  // the object left open: the viewer's marks close it (JobBoardAnswer)
  return { packed: packShared(shared), cards }
}

/**
 * spec 001 §2 job board: active jobs, filtered, newest first; or ranked by a text
 * search (docs/decisions/009). The cards, the same for every member, come packed
 * from the cache; the viewer's marks follow them (JobBoardAnswer).
 */
export async function searchJobs(ctx: Ctx, query: JobSearchQuery): Promise<PackedAnswer<JobBoardAnswer>> {
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
      return sharedPage(newest.rows.map(toSummaryFields), nextCursorOf(newest), false)
    }
    const ranked = await readPage(jobPageSize, (limit) =>
      queries.listRankedPage(
        db,
        { ...filters, text },
        limit,
        after && { postedAt: after.at, id: after.id, rank: after.rank! },
      ),
    )
    return sharedPage(
      ranked.rows.map(toSummaryFields),
      nextCursorOf(ranked),
      // the window was full: more jobs may match than were ranked
      (ranked.rows[0]?.windowSize ?? 0) >= searchRankWindow,
    )
  })
  const [state, notices] = await Promise.all([viewerStateOf(ctx.deps, viewer.id), pageNotices(ctx.deps, page)])
  const marks: JobCardMarks[] = page.cards.map((card) => toCardMarks(card, state, notices.get(card.company) ?? null))
  return withReaderField<JobBoardAnswer>(page.packed, 'viewer', marks)
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
