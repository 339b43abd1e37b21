import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import { routineMessages } from '#shared/goals/messages.ts'
import type { z } from 'zod'
import type {
  DailyContentInput,
  DailyContentView,
  ReflectionInput,
  RoutineDayView,
  RoutineSettings,
  RoutineSettingsInput,
} from '#shared/goals/schemas.ts'
import { localDay } from '#shared/goals/calendar.ts'
import type { TimeBlockStatus } from '#shared/goals/constants.ts'
import { answer, messageOf } from '#web/lib/api.ts'
import { adminRoutineApi, routineApi } from '#web/features/goals/api/clients.ts'
import { applyDayChange, type DayChange } from '#web/features/goals/api/day-changes.ts'
import { goalKeys } from '#web/features/goals/api/keys.ts'
import { browserTimeZone, withZone } from '#web/features/goals/api/time-zone.ts'

export { browserTimeZone } from '#web/features/goals/api/time-zone.ts'

// The member's daily routine, its calendar and settings, and the day's content
// admins set (spec 001 §2 Daily routine page, Routine calendar page; issue 21).

export const routineTodayQuery = () =>
  queryOptions({
    queryKey: goalKeys.today,
    queryFn: ({ signal }) => answer(routineApi.today.$get({ query: withZone() }, { init: { signal } })),
  })

/** One month of the calendar; without `month`, the member's current month. */
export const routineCalendarQuery = (month?: string) =>
  queryOptions({
    queryKey: goalKeys.calendar(month ?? 'current'),
    queryFn: ({ signal }) =>
      answer(routineApi.calendar.$get({ query: month ? { month, ...withZone() } : withZone() }, { init: { signal } })),
  })

export const routineSettingsQuery = () =>
  queryOptions({
    queryKey: goalKeys.settings,
    queryFn: ({ signal }) => answer(routineApi.settings.$get({}, { init: { signal } })),
  })

/**
 * The member's today, 'YYYY-MM-DD' in their own zone (the profile's, else the
 * browser's): the earliest target date a goal may have (spec 001 §5).
 */
export function useMemberToday(): string | undefined {
  const settings = useQuery(routineSettingsQuery())
  if (settings.isPending) return undefined
  const zone = settings.data?.timeZone ?? browserTimeZone()
  try {
    return localDay(new Date(), zone ?? 'UTC')
  } catch {
    return localDay(new Date(), 'UTC')
  }
}

export const dailyContentQuery = (day: string) =>
  queryOptions({
    queryKey: goalKeys.content(day),
    queryFn: ({ signal }) => answer(adminRoutineApi.content[':day'].$get({ param: { day } }, { init: { signal } })),
  })

const dayScope = 'goals-routine-today'

/**
 * The server's answer is the whole day: shown at once, unless a later write is still
 * on its way (its answer will carry this one's change too, and showing this one
 * would undo the later write's optimistic change for a moment). The calendar's
 * completed days and streaks follow.
 */
function showDay(queryClient: QueryClient, day: RoutineDayView) {
  const writing = queryClient.isMutating({ predicate: (mutation) => mutation.options.scope?.id === dayScope })
  if (writing <= 1) queryClient.setQueryData(goalKeys.today, day)
  void queryClient.invalidateQueries({ queryKey: goalKeys.calendars })
}

type Write<Variables> = {
  request: (variables: Variables) => Promise<RoutineDayView>
  /** what the write changes, shown before the answer (toggles and deletions) */
  optimistic?: (variables: Variables) => DayChange
  /** a toast on failure (toggles); forms say why under their fields instead */
  failureToast?: boolean
}

/**
 * A write to today's routine. Writes of one day go out one after the other (one
 * mutation scope), so their answers, each the whole day, arrive in the order made.
 */
function useDayWrite<Variables>({ request, optimistic, failureToast = false }: Write<Variables>) {
  const queryClient = useQueryClient()
  return useMutation({
    scope: { id: dayScope },
    mutationFn: request,
    onMutate: async (variables: Variables) => {
      if (!optimistic) return { previous: undefined }
      await queryClient.cancelQueries({ queryKey: goalKeys.today })
      const previous = queryClient.getQueryData<RoutineDayView>(goalKeys.today)
      if (previous) queryClient.setQueryData(goalKeys.today, applyDayChange(previous, optimistic(variables)))
      return { previous }
    },
    onSuccess: (day: RoutineDayView) => showDay(queryClient, day),
    onError: (error, _variables, context) => {
      if (context?.previous) queryClient.setQueryData(goalKeys.today, context.previous)
      if (failureToast) toast.error(messageOf(error, routineMessages.saveFailed))
    },
  })
}

export function useSetChallenge() {
  return useDayWrite({
    request: (completed: boolean) =>
      answer(routineApi.today.challenge.$put({ query: withZone(), json: { completed } })),
    optimistic: (completed) => ({ kind: 'challenge', completed }),
    failureToast: true,
  })
}

export function useAddTimeBlock() {
  return useDayWrite({
    request: (block: { time: string; activity: string }) =>
      answer(routineApi.today.blocks.$post({ query: withZone(), json: block })),
  })
}

type BlockUpdate = { blockId: string; time?: string; activity?: string; status?: TimeBlockStatus }

/** An edit of a block's time or activity: its form says why it failed. */
export function useEditTimeBlock() {
  return useDayWrite({
    request: ({ blockId, ...update }: BlockUpdate) =>
      answer(routineApi.blocks[':blockId'].$patch({ param: { blockId }, json: update })),
  })
}

/** A block's status (pending, completed, skipped), shown at once. */
export function useSetTimeBlockStatus() {
  return useDayWrite({
    request: ({ blockId, status }: { blockId: string; status: TimeBlockStatus }) =>
      answer(routineApi.blocks[':blockId'].$patch({ param: { blockId }, json: { status } })),
    optimistic: ({ blockId, status }) => ({ kind: 'block', blockId, status }),
    failureToast: true,
  })
}

export function useDeleteTimeBlock() {
  return useDayWrite({
    request: (blockId: string) => answer(routineApi.blocks[':blockId'].$delete({ param: { blockId } })),
    optimistic: (blockId) => ({ kind: 'remove-block', blockId }),
    failureToast: true,
  })
}

export function useAddTask() {
  return useDayWrite({
    request: (title: string) => answer(routineApi.today.tasks.$post({ query: withZone(), json: { title } })),
  })
}

export function useSetTaskDone() {
  return useDayWrite({
    request: ({ taskId, completed }: { taskId: string; completed: boolean }) =>
      answer(routineApi.tasks[':taskId'].$patch({ param: { taskId }, json: { completed } })),
    optimistic: ({ taskId, completed }) => ({ kind: 'task', taskId, completed }),
    failureToast: true,
  })
}

export function useDeleteTask() {
  return useDayWrite({
    request: (taskId: string) => answer(routineApi.tasks[':taskId'].$delete({ param: { taskId } })),
    optimistic: (taskId) => ({ kind: 'remove-task', taskId }),
    failureToast: true,
  })
}

export function useSaveReflection() {
  return useDayWrite({
    request: (input: ReflectionInput) => answer(routineApi.today.reflection.$put({ query: withZone(), json: input })),
  })
}

/** A new time zone moves 'today', and a new focus skill changes what today shows: both are read again. */
export function useSaveRoutineSettings() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: z.input<typeof RoutineSettingsInput>) => answer(routineApi.settings.$put({ json: input })),
    onSuccess: (settings: RoutineSettings) => {
      queryClient.setQueryData(goalKeys.settings, settings)
      void queryClient.invalidateQueries({
        queryKey: goalKeys.all,
        predicate: (query) => query.queryKey[2] !== goalKeys.settings[2],
      })
    },
  })
}

/** Admins: the quote, tip and challenge of a day; every member's today is read again. */
export function useSaveDailyContent(day: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: DailyContentInput) =>
      answer(adminRoutineApi.content[':day'].$put({ param: { day }, json: input })),
    onSuccess: (content: DailyContentView) => {
      queryClient.setQueryData(goalKeys.content(day), content)
      void queryClient.invalidateQueries({ queryKey: goalKeys.today })
    },
  })
}

/** Admins: back to the built-in rotation's content for that day. */
export function useResetDailyContent(day: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => answer(adminRoutineApi.content[':day'].$delete({ param: { day } })),
    onSuccess: (content: DailyContentView) => {
      queryClient.setQueryData(goalKeys.content(day), content)
      void queryClient.invalidateQueries({ queryKey: goalKeys.today })
    },
  })
}
