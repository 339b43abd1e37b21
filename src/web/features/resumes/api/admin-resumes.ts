import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query'
import { resumeMessages } from '#shared/resumes/messages.ts'
import type { ScoreInput } from '#shared/resumes/schemas.ts'
import { answer } from '#web/lib/api.ts'
import { useToastedMutation } from '#web/lib/use-toasted-mutation.ts'
import { adminResumeReviewsApi, reviewParam } from '#web/features/resumes/api/clients.ts'
import { resumeKeys, type AdminReviewFilters } from '#web/features/resumes/api/keys.ts'

// The coaches' side of resume review (spec 002 §2 Resume reviews, the admin
// dashboard's recent reviews, §5 Score form), under ['resumes', 'admin'].

export const adminReviewsQuery = (filters: AdminReviewFilters) => {
  const clean = { q: filters.q.trim(), status: filters.status }
  return infiniteQueryOptions({
    queryKey: resumeKeys.adminList(clean),
    queryFn: ({ pageParam, signal }) =>
      answer(
        adminResumeReviewsApi.index.$get(
          { query: { q: clean.q || undefined, status: clean.status, cursor: pageParam || undefined } },
          { init: { signal } },
        ),
      ),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    // typing in the search box keeps the last table on screen until the next arrives
    placeholderData: keepPreviousData,
  })
}

export const adminReviewQuery = (reviewId: string) =>
  queryOptions({
    queryKey: resumeKeys.adminDetail(reviewId),
    queryFn: ({ signal }) =>
      answer(adminResumeReviewsApi[':reviewId'].$get({ param: reviewParam(reviewId) }, { init: { signal } })),
  })

export const recentReviewsQuery = () =>
  queryOptions({
    queryKey: resumeKeys.recent,
    queryFn: async ({ signal }) => (await answer(adminResumeReviewsApi.recent.$get({}, { init: { signal } }))).reviews,
  })

/** A new scoring iteration (spec 002 §5): the review becomes reviewed and its member hears of it. */
export function useScoreReview() {
  return useToastedMutation({
    mutationFn: ({ reviewId, score }: { reviewId: string; score: ScoreInput }) =>
      answer(adminResumeReviewsApi[':reviewId'].scores.$post({ param: reviewParam(reviewId), json: score })),
    success: resumeMessages.scored,
    // no failure toast: the score form says why in the dialog, once (lib/form-errors.ts)
    refresh: resumeKeys.all,
  })
}
