import { withTransaction } from '#server/db/client.ts'
import type { Deps } from '#server/platform/context.ts'
import { defineJob } from '#server/platform/queue.ts'
import { resumeMessages } from '#shared/resumes/messages.ts'
import { preScoreResume, readResumePdf, UnreadablePdfError } from './pre-score.ts'
import * as queries from './queries.ts'

// The resume area's background job (docs/decisions/021), run by the queue that
// src/server/background-jobs.ts declares: the automatic ATS pre-score (issue 16).
// It runs after the upload has answered, so a slow or large PDF never holds the
// member's request; whatever happens here, the review stays scorable by hand.

export type PreScoreData = { reviewId: string }

/** Where the keyword criterion's target skills came from, in words the coach reads beside them. */
export const targetSources = {
  profileSkills: "the member's profile skills",
  none: 'none: the member has no skills in their profile yet',
} as const

const preScoreRetry = { retryLimit: 2, retryDelaySeconds: 15 }

/** The suggestion's outcome, written and announced (to the owner and the coaches) in one transaction. */
async function settle(
  deps: Deps,
  review: { id: string; userId: string },
  outcome: { status: 'ready' | 'failed'; suggestion: unknown },
) {
  await withTransaction(deps.db, async (tx) => {
    if (!(await queries.setSuggestion(tx, review.id, outcome))) return // deleted meanwhile
    // 'suggestion.ready' on a failure too: the coach's page reads the suggestion again and shows why
    await deps.realtime.publish(
      tx,
      'resumes',
      { type: 'suggestion.ready', data: { reviewId: review.id } },
      { userIds: [review.userId], admins: true },
    )
  })
}

export const preScoreJob = defineJob<PreScoreData>({
  name: 'resume-pre-score',
  ...preScoreRetry,
  // pdf.js on a 5 MB PDF takes seconds, not minutes
  expireInSeconds: 120,
  summary: (data) => `Pre-score of resume review ${data.reviewId}`,
  async run(data, { deps, logger, attempt }) {
    const review = await queries.findReview(deps.db, data.reviewId, null)
    if (!review) {
      logger.info({ reviewId: data.reviewId }, 'pre-score skipped: the review is gone')
      return
    }
    try {
      const object = await deps.storage.get(review.fileKey)
      if (!object) {
        // the file went missing from storage: nothing to read, now or on a retry
        logger.error({ reviewId: review.id }, 'pre-score: the stored PDF is missing')
        await settle(deps, review, { status: 'failed', suggestion: { message: resumeMessages.unreadablePdf } })
        return
      }
      const bytes = new Uint8Array(await new Response(object.body).arrayBuffer())
      const pdf = await readResumePdf(bytes)
      const skills = await queries.listMemberSkills(deps.db, review.userId)
      const suggestion = preScoreResume(pdf, {
        skills,
        source: skills.length ? targetSources.profileSkills : targetSources.none,
      })
      await settle(deps, review, { status: 'ready', suggestion })
    } catch (error) {
      // A damaged or password-protected PDF will not read better on a retry: the coach is told at once.
      if (error instanceof UnreadablePdfError) {
        logger.info({ reviewId: review.id, err: error }, 'pre-score: unreadable PDF')
        await settle(deps, review, { status: 'failed', suggestion: { message: resumeMessages.unreadablePdf } })
        return
      }
      // Anything else (storage or database trouble) is retried; after the last try the coach is told.
      if (attempt > preScoreRetry.retryLimit) {
        logger.error({ reviewId: review.id, err: error }, 'pre-score failed for good')
        await settle(deps, review, { status: 'failed', suggestion: { message: resumeMessages.preScoreFailed } })
        return
      }
      throw error
    }
  },
})
