import type { QueryClient } from '@tanstack/react-query'
import type { LiveMessage } from '#shared/live.ts'
import type { ResumeCommentView, ResumeReviewView } from '#shared/resumes/schemas.ts'
import { resumeKeys } from '#web/features/resumes/api/keys.ts'

// What a live 'resumes' event changes in what this browser shows. The stream sends
// a review's events to its owner and the coaches only (issue 16), so whatever
// arrives belongs on this screen. Every step is idempotent: the author's own
// comment comes back on the stream too.

type Comments = { comments: ResumeCommentView[] }

/** Adds a comment to its review's thread, once, if that thread is loaded. */
export function addCachedComment(queryClient: QueryClient, comment: ResumeCommentView) {
  queryClient.setQueryData<Comments>(resumeKeys.comments(comment.reviewId), (data) =>
    !data || data.comments.some((existing) => existing.id === comment.id)
      ? data
      : { comments: [...data.comments, comment] },
  )
}

/** A review's status or scores changed: every list, card and dialog showing it reads it again. */
export function refreshReview(queryClient: QueryClient, reviewId: string) {
  for (const queryKey of [
    resumeKeys.mine,
    resumeKeys.strength,
    resumeKeys.adminLists,
    resumeKeys.recent,
    resumeKeys.adminDetail(reviewId),
  ])
    void queryClient.invalidateQueries({ queryKey })
}

export function applyResumeEvent(queryClient: QueryClient, message: LiveMessage<'resumes'>) {
  switch (message.type) {
    case 'comment.created':
      return addCachedComment(queryClient, message.data.comment)
    case 'review.changed':
      return refreshReview(queryClient, message.data.reviewId)
    case 'suggestion.ready':
      return void queryClient.invalidateQueries({ queryKey: resumeKeys.adminDetail(message.data.reviewId) })
  }
}

/**
 * The member page's two parts (spec 001 §2): the newest review while it waits for
 * its coach (pending or in review) is the pending card; every other review, newest
 * first, is the list of previous reviews.
 */
export function splitReviews(reviews: ResumeReviewView[]): {
  current: ResumeReviewView | null
  previous: ResumeReviewView[]
} {
  const [newest, ...rest] = reviews
  if (newest && newest.status !== 'reviewed') return { current: newest, previous: rest }
  return { current: null, previous: reviews }
}
