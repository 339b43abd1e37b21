import { QueryClient } from '@tanstack/react-query'
import { beforeEach, describe, expect, test } from 'vitest'
import type { LiveMessage } from '#shared/live.ts'
import type { ResumeCommentView, ResumeEvent, ResumeReviewView } from '#shared/resumes/schemas.ts'
import { resumeKeys } from './keys.ts'
import { applyResumeEvent, splitReviews } from './review-cache.ts'

// What a live 'resumes' event changes in this browser's cache, on a real QueryClient.

const comment = (id: string, reviewId = 'review-1'): ResumeCommentView => ({
  id,
  reviewId,
  content: `Comment ${id}`,
  createdAt: '2026-01-01T00:00:00.000Z',
  author: { id: 'coach', firstName: 'Cora', lastName: 'Coach', isAdmin: true },
})

const review = (id: string, status: ResumeReviewView['status']): ResumeReviewView => ({
  id,
  email: 'member@example.com',
  status,
  createdAt: '2026-01-01T00:00:00.000Z',
  feedbackDueAt: '2026-01-03T00:00:00.000Z',
  reviewedAt: null,
  adminFeedback: null,
  downloadUrl: `/api/resume-reviews/${id}/file`,
  downloadName: 'resume-2026-01-01.pdf',
  latestScore: null,
})

let sequence = 0
const message = (event: ResumeEvent): LiveMessage<'resumes'> => ({ id: ++sequence, topic: 'resumes', ...event })

describe('live resume review events', () => {
  let queryClient: QueryClient
  beforeEach(() => {
    queryClient = new QueryClient()
  })
  const thread = (reviewId = 'review-1') =>
    queryClient
      .getQueryData<{ comments: ResumeCommentView[] }>(resumeKeys.comments(reviewId))
      ?.comments.map((c) => c.id)
  const invalidated = (queryKey: readonly unknown[]) => queryClient.getQueryState(queryKey)?.isInvalidated

  test('a new comment joins its open thread once, even when it comes back on the stream', () => {
    queryClient.setQueryData(resumeKeys.comments('review-1'), { comments: [comment('c1')] })
    applyResumeEvent(queryClient, message({ type: 'comment.created', data: { comment: comment('c2') } }))
    applyResumeEvent(queryClient, message({ type: 'comment.created', data: { comment: comment('c2') } }))
    expect(thread()).toEqual(['c1', 'c2'])
  })

  test("a comment on a thread this browser has not loaded is left for that thread's own load", () => {
    applyResumeEvent(queryClient, message({ type: 'comment.created', data: { comment: comment('c9', 'review-2') } }))
    expect(thread('review-2')).toBeUndefined()
  })

  test("a status change refreshes the member's reviews and strength, the coaches' lists and that review", () => {
    for (const key of [resumeKeys.mine, resumeKeys.strength, resumeKeys.recent, resumeKeys.adminDetail('review-1')])
      queryClient.setQueryData(key, {})
    queryClient.setQueryData(resumeKeys.adminDetail('review-2'), {})
    applyResumeEvent(
      queryClient,
      message({ type: 'review.changed', data: { reviewId: 'review-1', status: 'reviewed' } }),
    )
    expect(invalidated(resumeKeys.mine)).toBe(true)
    expect(invalidated(resumeKeys.strength)).toBe(true)
    expect(invalidated(resumeKeys.recent)).toBe(true)
    expect(invalidated(resumeKeys.adminDetail('review-1'))).toBe(true)
    expect(invalidated(resumeKeys.adminDetail('review-2'))).toBe(false)
  })

  test('a ready suggestion refreshes only the review it belongs to', () => {
    queryClient.setQueryData(resumeKeys.adminDetail('review-1'), {})
    queryClient.setQueryData(resumeKeys.mine, [])
    applyResumeEvent(queryClient, message({ type: 'suggestion.ready', data: { reviewId: 'review-1' } }))
    expect(invalidated(resumeKeys.adminDetail('review-1'))).toBe(true)
    expect(invalidated(resumeKeys.mine)).toBe(false)
  })
})

describe("the member page's pending card and previous reviews", () => {
  test('the newest review waiting for its coach is the pending card; the others are previous reviews', () => {
    const waiting = review('new', 'in_review')
    const done = review('old', 'reviewed')
    expect(splitReviews([waiting, done])).toEqual({ current: waiting, previous: [done] })
  })

  test('once the newest is reviewed, every review is a previous one', () => {
    const done = review('new', 'reviewed')
    const older = review('old', 'pending')
    expect(splitReviews([done, older])).toEqual({ current: null, previous: [done, older] })
    expect(splitReviews([])).toEqual({ current: null, previous: [] })
  })
})
