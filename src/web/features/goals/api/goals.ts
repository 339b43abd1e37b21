import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { GoalStatus } from '#shared/goals/constants.ts'
import type { GoalInput, GoalUpdate, GoalView } from '#shared/goals/schemas.ts'
import { answer } from '#web/lib/api.ts'
import { goalsApi } from '#web/features/goals/api/clients.ts'
import { goalKeys } from '#web/features/goals/api/keys.ts'
import { withZone } from '#web/features/goals/api/time-zone.ts'

export { goalKeys } from '#web/features/goals/api/keys.ts'

// The member's career goals (spec 001 §2 Career Goals card, §5, §7 Career goals).

export const goalsQuery = (status: GoalStatus = 'active') =>
  queryOptions({
    queryKey: goalKeys.list(status),
    queryFn: async ({ signal }) =>
      (await answer(goalsApi.index.$get({ query: { status } }, { init: { signal } }))).goals,
  })

/**
 * Goals feed the recommendations (next steps), so a change refreshes everything of
 * the area but the routine, which goals do not touch.
 */
function useGoalsChanged() {
  const queryClient = useQueryClient()
  return () =>
    queryClient.invalidateQueries({
      queryKey: goalKeys.all,
      predicate: (query) => query.queryKey[1] !== goalKeys.routine[1],
    })
}

/** spec 001 §5: created active with progress 0; the form says why a submission failed. */
export function useCreateGoal() {
  const changed = useGoalsChanged()
  return useMutation({
    mutationFn: async (input: GoalInput) =>
      (await answer(goalsApi.index.$post({ query: withZone(), json: input }))).goal,
    onSuccess: changed,
  })
}

/** Progress, status (achieved, archived) or details of one goal; the row shows the answer at once. */
export function useUpdateGoal() {
  const queryClient = useQueryClient()
  const changed = useGoalsChanged()
  return useMutation({
    mutationFn: async ({ goalId, ...update }: GoalUpdate & { goalId: string }) =>
      (await answer(goalsApi[':goalId'].$patch({ param: { goalId }, query: withZone(), json: update }))).goal,
    onSuccess: (goal: GoalView) => {
      queryClient.setQueryData<GoalView[]>(goalKeys.list('active'), (goals) =>
        goals?.flatMap((existing) => (existing.id !== goal.id ? [existing] : goal.status === 'active' ? [goal] : [])),
      )
      void changed()
    },
  })
}
