import { withTransaction } from '#server/db/client.ts'
import { AppError, sqlState } from '#server/platform/app-error.ts'
import { recordAudit } from '#server/platform/audit.ts'
import type { Ctx } from '#server/platform/context.ts'
import { requireAdmin } from '#server/platform/guards.ts'
import { decodeCursor, nextCursorOf, readPage } from '#server/platform/paging.ts'
import { adminReviewPageSize, recentReviewsCount } from '#shared/resumes/constants.ts'
import { resumeMessages } from '#shared/resumes/messages.ts'
import type {
  AdminReviewDetail,
  AdminReviewList,
  AdminReviewQuery,
  AdminReviewRow,
  ScoreInputParsed,
  ScoreView,
} from '#shared/resumes/schemas.ts'
import { totalScoreOf } from '#shared/resumes/scoring.ts'
import { queueScoreMail } from './mails.ts'
import * as queries from './queries.ts'
import { reviewAudience } from './service.ts'
import { toAdminRow, toScoreView, toSuggestionView } from './views.ts'

// Resume review, the coaches' side (issue 16; spec 002 §2 Resume reviews, the
// admin dashboard's recent reviews, §4, §5 Score form). Files and threads are read
// through the member routes, which let acting admins in (service.ts).

const notFound = () => new AppError('NOT_FOUND', resumeMessages.notFound)

/** spec 002 §2: search by name, filter by status, the count found, newest first a page at a time. */
export async function listAdminReviews(ctx: Ctx, query: AdminReviewQuery): Promise<AdminReviewList> {
  requireAdmin(ctx)
  const { db } = ctx.deps
  const filters = { q: query.q || undefined, status: query.status ?? 'all' }
  const after = decodeCursor(query.cursor, 'newest')
  const [page, total] = await Promise.all([
    readPage(adminReviewPageSize, (limit) => queries.listAdminReviews(db, filters, limit, after)),
    queries.countAdminReviews(db, filters),
  ])
  return {
    reviews: page.rows.map(({ cursorAt: _cursorAt, ...row }) => toAdminRow(row)),
    total,
    nextCursor: nextCursorOf(page),
  }
}

/** spec 002 §2 admin dashboard: the 5 most recent reviews. */
export async function listRecentReviews(ctx: Ctx): Promise<{ reviews: AdminReviewRow[] }> {
  requireAdmin(ctx)
  const rows = await queries.listAdminReviews(ctx.deps.db, { status: 'all' }, recentReviewsCount)
  return { reviews: rows.map(({ cursorAt: _cursorAt, ...row }) => toAdminRow(row)) }
}

/** The details dialog and the score form: the review, its score history and the pre-score suggestion. */
export async function getAdminReview(ctx: Ctx, reviewId: string): Promise<AdminReviewDetail> {
  requireAdmin(ctx)
  const { db } = ctx.deps
  const row = await queries.findAdminRow(db, reviewId)
  if (!row) throw notFound()
  const scores = await queries.listReviewScores(db, reviewId)
  return {
    ...toAdminRow(row),
    adminFeedback: row.adminFeedback,
    scores: scores.map(toScoreView),
    suggestion: toSuggestionView(row),
  }
}

/**
 * spec 002 §4-§5: a score is a new iteration of the review (1, 2, ...), its total
 * the rounded weighted sum; the review becomes reviewed with this feedback and its
 * member is told by e-mail. The review's row lock makes two coaches scoring at
 * once take turns, and the unique (review, iteration) key stands behind it.
 */
export async function scoreReview(ctx: Ctx, reviewId: string, input: ScoreInputParsed): Promise<ScoreView> {
  const coach = requireAdmin(ctx)
  const { keyword, format, content, ats, feedback } = input
  const subScores = { keyword, format, content, ats }
  try {
    const score = await withTransaction(ctx.deps.db, async (tx) => {
      const locked = await queries.lockReview(tx, reviewId)
      if (!locked) throw notFound()
      const iteration = await queries.nextIteration(tx, reviewId)
      const score = await queries.insertScore(tx, {
        reviewId,
        userId: locked.userId,
        iteration,
        keywordScore: keyword,
        formatScore: format,
        contentScore: content,
        atsScore: ats,
        totalScore: totalScoreOf(subScores),
        feedback,
        scoredBy: coach.id,
      })
      const reviewed = await queries.markReviewed(tx, reviewId, feedback)
      await recordAudit(tx, ctx, {
        action: 'resume.score',
        objectType: 'resume_review',
        objectId: reviewId,
        before: { status: locked.status, adminFeedback: locked.adminFeedback },
        after: {
          status: reviewed.status,
          adminFeedback: reviewed.adminFeedback,
          iteration,
          scores: subScores,
          total: score.totalScore,
        },
      })
      await ctx.deps.realtime.publish(
        tx,
        'resumes',
        { type: 'review.changed', data: { reviewId, status: 'reviewed' } },
        reviewAudience(locked.userId),
      )
      const review = await queries.findReview(tx, reviewId, null)
      await queueScoreMail(ctx, tx, { review: review!, score })
      return score
    })
    return toScoreView(score)
  } catch (error) {
    // the lock makes this unreachable in practice; were it reached, the coach scores again
    if (sqlState(error) === '23505') throw new AppError('CONFLICT', resumeMessages.scoreFailed)
    throw error
  }
}
