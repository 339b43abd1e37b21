import { withTransaction } from '#server/db/client.ts'
import { AppError } from '#server/platform/app-error.ts'
import { recordAudit } from '#server/platform/audit.ts'
import type { Ctx } from '#server/platform/context.ts'
import { actsAsAdmin, requireAccess, requireUser, requireVerified } from '#server/platform/guards.ts'
import { detectFileType, type StoredObject } from '#server/platform/storage.ts'
import { storeThenRecord } from '#server/platform/uploads.ts'
import { fieldErrors } from '#server/platform/validation.ts'
import { resumeReviewMaxBytes } from '#shared/resumes/constants.ts'
import { resumeMessages } from '#shared/resumes/messages.ts'
import {
  ReviewSubmitFields,
  type CommentInput,
  type ResumeCommentView,
  type ResumeReviewView,
  type ResumeStrength,
} from '#shared/resumes/schemas.ts'
import { preScoreJob } from './jobs.ts'
import { queueCommentMails } from './mails.ts'
import * as queries from './queries.ts'
import {
  adminDownloadName,
  memberDownloadName,
  toCommentView,
  toResumeStrength,
  toReviewView,
  type DownloadName,
} from './views.ts'

// Resume review, the member's side (issue 16; spec 001 §2 Resume Review, §3, §5
// Resume file and Resume comment, §7 Resume review). A review is its owner's and
// the coaches' (acting admins) only: anyone else is told it does not exist.

const notFound = () => new AppError('NOT_FOUND', resumeMessages.notFound)

/** The audience of a review's live events: its owner and the coaches, no one else. */
export const reviewAudience = (ownerId: string) => ({ userIds: [ownerId], admins: true })

/**
 * The review `reviewId` when the viewer owns it or acts as an admin, with whether
 * the viewer reads it as a coach (an admin's own review reads as its member's).
 */
async function reviewFor(ctx: Ctx, reviewId: string) {
  await requireAccess(ctx, 'subscriber')
  const viewer = requireUser(ctx)
  const coach = actsAsAdmin(ctx)
  const review = await queries.findReview(ctx.deps.db, reviewId, coach ? null : viewer.id)
  if (!review) throw notFound()
  return { viewer, review, asCoach: coach && review.userId !== viewer.id }
}

function resumeRefused(message: string): AppError {
  return new AppError('VALIDATION', message, { resume: message })
}

/**
 * spec 001 §5 Resume file: a PDF (by its bytes, whatever its name says) of at most
 * 5 MB and the e-mail for updates (stored lowercased). The PDF is kept private;
 * the review is pending and its pre-score is queued with it, so the member has
 * the answer at once and the suggestion follows.
 */
export async function submitReview(
  ctx: Ctx,
  fields: Partial<Record<keyof ReviewSubmitFields, string>>,
  resume: File | undefined,
): Promise<ResumeReviewView> {
  await requireAccess(ctx, 'subscriber')
  const member = requireVerified(ctx) // decision 014
  // spec 001 §5: the file (and the session) first, then the e-mail, as the form tells them
  const parsed = ReviewSubmitFields.safeParse(fields)
  const resumeProblem = !resume
    ? resumeMessages.fileAndSignInRequired
    : resume.size > resumeReviewMaxBytes
      ? resumeMessages.tooLarge
      : undefined
  if (resumeProblem || !parsed.success) {
    const errors = {
      ...(parsed.success ? {} : fieldErrors(parsed.error)),
      ...(resumeProblem ? { resume: resumeProblem } : {}),
    }
    throw new AppError('VALIDATION', resumeProblem ?? Object.values(errors)[0]!, errors)
  }
  const bytes = new Uint8Array(await resume!.arrayBuffer())
  const detected = await detectFileType(bytes, ['document'])
  if (detected?.mime !== 'application/pdf') throw resumeRefused(resumeMessages.notPdf)

  const { db } = ctx.deps
  const row = await storeThenRecord(
    ctx,
    { area: 'resume-reviews', extension: 'pdf', bytes, contentType: 'application/pdf', visibility: 'private' },
    async (fileKey) => ({
      // the review and its pre-score job commit together (decision 021)
      result: await withTransaction(db, async (tx) => {
        const inserted = await queries.insertReview(tx, {
          userId: member.id,
          email: parsed.data.email,
          fileKey,
          fileBytes: bytes.byteLength,
        })
        await ctx.deps.queue.enqueue(preScoreJob, { reviewId: inserted.id }, { tx })
        await ctx.deps.realtime.publish(
          tx,
          'resumes',
          { type: 'review.changed', data: { reviewId: inserted.id, status: 'pending' } },
          reviewAudience(member.id),
        )
        return inserted
      }),
    }),
  )
  return toReviewView(row, undefined, memberDownloadName(row.createdAt))
}

/** The member's own reviews, newest first, each with its latest score (spec 001 §7). */
export async function listMyReviews(ctx: Ctx): Promise<{ reviews: ResumeReviewView[] }> {
  await requireAccess(ctx, 'subscriber')
  const viewer = requireUser(ctx)
  const { db } = ctx.deps
  const rows = await queries.listOwnReviews(db, viewer.id)
  const latest = await queries.latestScoresOf(
    db,
    rows.map((row) => row.id),
  )
  return {
    reviews: rows.map((row) => toReviewView(row, latest.get(row.id), memberDownloadName(row.createdAt))),
  }
}

/** spec 001 §2 Resume Strength: the signed-in member's scores over all their reviews. */
export async function getResumeStrength(ctx: Ctx): Promise<ResumeStrength> {
  await requireAccess(ctx, 'subscriber')
  const viewer = requireUser(ctx)
  return toResumeStrength(await queries.listMemberScores(ctx.deps.db, viewer.id))
}

/**
 * The PDF, for its owner or a coach. A coach opening a pending review's file puts
 * it in review (issue 16: the member sees that someone is on it), once.
 */
export async function openReviewFile(
  ctx: Ctx,
  reviewId: string,
): Promise<{ object: StoredObject; fileName: DownloadName }> {
  const { review, asCoach } = await reviewFor(ctx, reviewId)
  const object = await ctx.deps.storage.get(review.fileKey)
  if (!object) throw notFound()
  if (asCoach && review.status === 'pending') {
    try {
      await markInReview(ctx, review.id, review.userId)
    } catch (error) {
      // the download must not die of the status change; the file is already open
      await object.body.cancel().catch(() => {})
      throw error
    }
  }
  return { object, fileName: asCoach ? adminDownloadName(review) : memberDownloadName(review.createdAt) }
}

async function markInReview(ctx: Ctx, reviewId: string, ownerId: string) {
  await withTransaction(ctx.deps.db, async (tx) => {
    // a coach who opened it a moment earlier (or scored it) wins: nothing to change
    const moved = await queries.markInReview(tx, reviewId)
    if (!moved) return
    await recordAudit(tx, ctx, {
      action: 'resume.status',
      objectType: 'resume_review',
      objectId: reviewId,
      before: { status: 'pending' },
      after: { status: moved.status },
    })
    await ctx.deps.realtime.publish(
      tx,
      'resumes',
      { type: 'review.changed', data: { reviewId, status: 'in_review' } },
      reviewAudience(ownerId),
    )
  })
}

/** A review's thread, oldest first, with each author's profile (spec 001 §7). */
export async function listReviewComments(ctx: Ctx, reviewId: string): Promise<{ comments: ResumeCommentView[] }> {
  const { review } = await reviewFor(ctx, reviewId)
  const rows = await queries.listComments(ctx.deps.db, review.id)
  return { comments: rows.map(toCommentView) }
}

/**
 * spec 001 §5 Resume comment: trimmed, never blank. It reaches the thread's other
 * readers live and the other party by e-mail: a member's comment the coaches, a
 * coach's the review's address. A coach's comment is an administrative write, audited.
 */
export async function addReviewComment(ctx: Ctx, reviewId: string, input: CommentInput): Promise<ResumeCommentView> {
  requireVerified(ctx) // decision 014: commenting asks a verified address
  const { viewer, review, asCoach } = await reviewFor(ctx, reviewId)
  const row = await withTransaction(ctx.deps.db, async (tx) => {
    const inserted = await queries.insertComment(tx, review.id, viewer.id, input.content)
    if (asCoach)
      await recordAudit(tx, ctx, {
        action: 'resume.comment',
        objectType: 'resume_review',
        objectId: review.id,
        after: { commentId: inserted.id, content: inserted.content },
      })
    await ctx.deps.realtime.publish(
      tx,
      'resumes',
      { type: 'comment.created', data: { comment: toCommentView(inserted) } },
      reviewAudience(review.userId),
    )
    await queueCommentMails(ctx, tx, { review, comment: inserted, byCoach: asCoach })
    return inserted
  })
  return toCommentView(row)
}
