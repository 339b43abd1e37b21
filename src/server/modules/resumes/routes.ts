import { zValidator } from '@hono/zod-validator'
import { Hono } from 'hono'
import { z } from 'zod'
import { AppError } from '#server/platform/app-error.ts'
import type { AppEnv } from '#server/platform/context.ts'
import { objectResponse } from '#server/platform/storage.ts'
import { uploadForm } from '#server/platform/uploads.ts'
import { validate } from '#server/platform/validation.ts'
import { resumeReviewMaxBytes } from '#shared/resumes/constants.ts'
import { resumeMessages } from '#shared/resumes/messages.ts'
import { AdminReviewQuery, CommentInput, ScoreInput } from '#shared/resumes/schemas.ts'
import * as admin from './admin-service.ts'
import * as reviews from './service.ts'

const ReviewParams = z.object({ reviewId: z.uuid() })

/**
 * A review's id in the path. Anything that is no id names no review: the same 404
 * as a review that does not exist or is someone else's, so ids tell nothing.
 */
const reviewParam = Object.assign(
  zValidator('param', ReviewParams, (result) => {
    if (!result.success) throw new AppError('NOT_FOUND', resumeMessages.notFound)
  }),
  // the route tooling (testing/routes.ts) reads what each route validates
  { validates: { target: 'param' as const, schema: ReviewParams } },
)

// the upload form (spec 001 §2 Resume Review): the e-mail for updates and the PDF
const submitForm = uploadForm({
  files: ['resume'],
  text: ['email'],
  maxFileBytes: resumeReviewMaxBytes,
  messages: { tooLarge: resumeMessages.tooLarge, unreadable: resumeMessages.submitFailed },
})

/** Saved by the browser under the name the service chose; private, never kept by a shared cache. */
function download(object: Parameters<typeof objectResponse>[0], fileName: { ascii: string; utf8: string }) {
  const response = objectResponse(object, 0)
  response.headers.set('Cache-Control', 'private, no-store')
  response.headers.set(
    'Content-Disposition',
    `attachment; filename="${fileName.ascii}"; filename*=UTF-8''${encodeURIComponent(fileName.utf8)}`,
  )
  return response
}

// /api/resume-reviews (subscribers; admins pass): the member's own reviews, their
// files and comment threads (spec 001 §2 Resume Review, §3, §5). A review that is
// not the viewer's answers 404 unless the viewer acts as an admin.
export const resumeReviewRoutes = new Hono<AppEnv>()
  .get('/', async (c) => c.json(await reviews.listMyReviews(c.var.ctx)))
  // multipart: `email` and `resume` (a PDF of at most 5 MB)
  .post('/', submitForm.limit, async (c) => {
    const { text, files } = await submitForm.read(c)
    return c.json(await reviews.submitReview(c.var.ctx, text, files.resume), 201)
  })
  // the member dashboard's Resume Strength card (spec 001 §2)
  .get('/strength', async (c) => c.json(await reviews.getResumeStrength(c.var.ctx)))
  .get('/:reviewId/file', reviewParam, async (c) => {
    const { object, fileName } = await reviews.openReviewFile(c.var.ctx, c.req.valid('param').reviewId)
    return download(object, fileName)
  })
  .get('/:reviewId/comments', reviewParam, async (c) =>
    c.json(await reviews.listReviewComments(c.var.ctx, c.req.valid('param').reviewId)),
  )
  .post('/:reviewId/comments', reviewParam, validate('json', CommentInput), async (c) =>
    c.json(await reviews.addReviewComment(c.var.ctx, c.req.valid('param').reviewId, c.req.valid('json')), 201),
  )

// /api/admin/resume-reviews (admins only): spec 002 §2 Resume reviews, the admin
// dashboard's recent reviews, §5 Score form. Files and comments go through the
// member routes above, which let acting admins in.
export const adminResumeReviewRoutes = new Hono<AppEnv>()
  .get('/', validate('query', AdminReviewQuery), async (c) =>
    c.json(await admin.listAdminReviews(c.var.ctx, c.req.valid('query'))),
  )
  // before /:reviewId, which would take 'recent' for an id
  .get('/recent', async (c) => c.json(await admin.listRecentReviews(c.var.ctx)))
  .get('/:reviewId', reviewParam, async (c) =>
    c.json(await admin.getAdminReview(c.var.ctx, c.req.valid('param').reviewId)),
  )
  .post('/:reviewId/scores', reviewParam, validate('json', ScoreInput), async (c) =>
    c.json(await admin.scoreReview(c.var.ctx, c.req.valid('param').reviewId, c.req.valid('json')), 201),
  )
