import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { resumeCommentMessages, resumeMessages } from '#shared/resumes/messages.ts'
import { answer } from '#web/lib/api.ts'
import { useLiveTopic } from '#web/lib/live.ts'
import { useToastedMutation } from '#web/lib/use-toasted-mutation.ts'
import { resumeReviewsApi, reviewParam } from '#web/features/resumes/api/clients.ts'
import { resumeKeys } from '#web/features/resumes/api/keys.ts'
import { addCachedComment, applyResumeEvent, refreshReview } from '#web/features/resumes/api/review-cache.ts'
import { saveResumeFile } from '#web/features/resumes/api/resume-file.ts'

export { resumeKeys } from '#web/features/resumes/api/keys.ts'

// The member side of resume review (spec 001 §2 Resume Review, the member
// dashboard's Resume Strength) and the comment threads both sides share.

export const myReviewsQuery = () =>
  queryOptions({
    queryKey: resumeKeys.mine,
    queryFn: async ({ signal }) => (await answer(resumeReviewsApi.index.$get({}, { init: { signal } }))).reviews,
  })

export const resumeStrengthQuery = () =>
  queryOptions({
    queryKey: resumeKeys.strength,
    queryFn: ({ signal }) => answer(resumeReviewsApi.strength.$get({}, { init: { signal } })),
  })

export const reviewCommentsQuery = (reviewId: string) =>
  queryOptions({
    queryKey: resumeKeys.comments(reviewId),
    queryFn: ({ signal }) =>
      answer(resumeReviewsApi[':reviewId'].comments.$get({ param: reviewParam(reviewId) }, { init: { signal } })),
  })

/** The upload form (multipart: `email` and the `resume` PDF); the form says why a submission failed. */
export function useSubmitReview() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (form: FormData) => answer(resumeReviewsApi.index.$post({}, { init: { body: form } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: resumeKeys.mine }),
  })
}

/** A comment on a review's thread (spec 001 §5: trimmed; a blank one is never sent). */
export function useAddReviewComment(reviewId: string) {
  const queryClient = useQueryClient()
  return useToastedMutation({
    mutationFn: (content: string) =>
      answer(
        resumeReviewsApi[':reviewId'].comments.$post({
          param: reviewParam(reviewId),
          json: { content: content.trim() },
        }),
      ),
    success: resumeCommentMessages.sent,
    // no failure toast: the comment form says why under its field, once (lib/form-errors.ts)
    onSuccess: (comment) => addCachedComment(queryClient, comment),
  })
}

/** Saves a review's PDF (owner or coach); a coach opening a pending one moves it to 'in review'. */
export function useDownloadResume() {
  const queryClient = useQueryClient()
  return useToastedMutation({
    mutationFn: ({ url, name }: { reviewId: string; url: string; name: string }) => saveResumeFile(url, name),
    success: resumeMessages.downloaded,
    failure: resumeMessages.downloadFailed,
    onSuccess: (_answer, { reviewId }) => refreshReview(queryClient, reviewId),
  })
}

/**
 * New comments, status changes and ready suggestions arrive live (the 'resumes'
 * topic, which reaches a review's owner and the coaches only); after missed events,
 * everything of the area is read again.
 */
export function useLiveResumes() {
  const queryClient = useQueryClient()
  useLiveTopic(
    'resumes',
    (message) => applyResumeEvent(queryClient, message),
    () => void queryClient.invalidateQueries({ queryKey: resumeKeys.all }),
  )
}
