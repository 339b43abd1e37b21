import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query'
import { toast } from 'sonner'
import type { courseRoutes } from '#server/modules/courses/routes.ts'
import type { savedRoutes } from '#server/compose/saved/routes.ts'
import { courseMessages, progressMessages } from '#shared/courses/messages.ts'
import type { LessonProgressInput, ProgressAnswer, QuizAttemptInput } from '#shared/courses/schemas.ts'
import { answer, isNotFoundError, messageOf } from '#web/lib/api.ts'
import { apiClient } from '#web/lib/api-client.ts'
import { useLiveTopic } from '#web/lib/live.ts'
import { useSavedItemToggle } from '#web/lib/use-toasted-mutation.ts'
import {
  applyProgress,
  applyQuizAttempt,
  updateSavedCourse,
  wasLessonCompleted,
} from '#web/features/courses/api/course-cache.ts'
import { cleanCourseFilters } from '#web/features/courses/api/filters.ts'
import { courseKeys, type CourseFilters } from '#web/features/courses/api/keys.ts'

export { courseKeys } from '#web/features/courses/api/keys.ts'

// The member side of courses (spec 001 §2 Browse Courses, Course marketplace, the
// course page, saved courses; issue 15 progress). Mount bases: src/server/app.ts.

const coursesApi = apiClient<typeof courseRoutes>('/api/courses')
const savedApi = apiClient<typeof savedRoutes>('/api/saved')

/** A course or lesson id as a path segment (it may come from a hand-edited page URL). */
const courseParam = (courseId: string) => ({ courseId: encodeURIComponent(courseId) })
const lessonParam = (lessonId: string) => ({ lessonId: encodeURIComponent(lessonId) })

/** Which list and its filters: each list takes its own duration ranges (spec 001 §9). */
export type CourseListRequest =
  { kind: 'browse'; filters: CourseFilters<'browse'> } | { kind: 'marketplace'; filters: CourseFilters<'marketplace'> }

function fetchCoursePage(request: CourseListRequest, cursor: string, signal: AbortSignal) {
  if (request.kind === 'browse') {
    const query = cursor ? { ...request.filters, cursor } : request.filters
    return answer(coursesApi.index.$get({ query }, { init: { signal } }))
  }
  const query = cursor ? { ...request.filters, cursor } : request.filters
  return answer(coursesApi.marketplace.$get({ query }, { init: { signal } }))
}

/**
 * Open course lists (browse, the marketplace, the community column's newest) and
 * the category filter refresh when an admin changes a course or a category (the
 * live 'courses' topic). A course's own page is left alone: a member in a lesson
 * keeps it.
 */
export function useLiveCourseLists() {
  const queryClient = useQueryClient()
  const refresh = () => {
    for (const queryKey of [courseKeys.lists, courseKeys.latest, courseKeys.categories])
      void queryClient.invalidateQueries({ queryKey })
  }
  useLiveTopic('courses', refresh, refresh)
}

/** One list, newest first, a page at a time ('Load more'). */
export const courseListQuery = (request: CourseListRequest) => {
  const clean = { ...request, filters: cleanCourseFilters(request.filters) } as CourseListRequest
  return infiniteQueryOptions({
    queryKey: courseKeys.list(clean.kind, clean.filters),
    queryFn: ({ pageParam, signal }) => fetchCoursePage(clean, pageParam, signal),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    // a new search keeps the last results on screen until its first page arrives
    placeholderData: keepPreviousData,
  })
}

export const categoriesQuery = () =>
  queryOptions({
    queryKey: courseKeys.categories,
    queryFn: async ({ signal }) => (await answer(coursesApi.categories.$get({}, { init: { signal } }))).categories,
    staleTime: 5 * 60_000,
  })

/** The newest courses (spec 000 §2: the community's right column). */
export const latestCoursesQuery = () =>
  queryOptions({
    queryKey: courseKeys.latest,
    queryFn: async ({ signal }) => (await answer(coursesApi.latest.$get({}, { init: { signal } }))).courses,
    staleTime: 60_000,
  })

/** The member's progress in the courses they started, for the cards' percentages. */
export const startedCoursesQuery = () =>
  queryOptions({
    queryKey: courseKeys.started,
    queryFn: async ({ signal }) => (await answer(coursesApi.progress.$get({}, { init: { signal } }))).courses,
  })

export const courseQuery = (courseId: string) =>
  queryOptions({
    queryKey: courseKeys.detail(courseId),
    queryFn: ({ signal }) =>
      answer(coursesApi[':courseId'].$get({ param: courseParam(courseId) }, { init: { signal } })),
  })

export const savedCoursesQuery = () =>
  queryOptions({
    queryKey: courseKeys.saved,
    queryFn: async ({ signal }) => (await answer(savedApi.courses.$get({}, { init: { signal } }))).courses,
  })

/** Is this refusal the course's absence (unknown, unpublished, deleted, or a malformed id)? */
export function isCourseNotFound(error: unknown): boolean {
  return isNotFoundError(error, courseMessages.notFound)
}

type SavedCourseToggle = { courseId: string; save: boolean }

/** Saves a course or removes it from the saved items (spec 001 §2, §8 saved-items messages). */
export function useToggleSavedCourse(options: { onChanged?: () => void } = {}) {
  const queryClient = useQueryClient()
  const savedCourse = savedApi.courses[':courseId']
  return useSavedItemToggle({
    save: ({ courseId }: SavedCourseToggle) => answer(savedCourse.$put({ param: courseParam(courseId) })),
    unsave: ({ courseId }: SavedCourseToggle) => answer(savedCourse.$delete({ param: courseParam(courseId) })),
    messages: courseMessages,
    onChanged: ({ courseId, save }) => {
      updateSavedCourse(queryClient, courseId, save)
      if (save) void queryClient.invalidateQueries({ queryKey: courseKeys.saved })
      options.onChanged?.()
    },
  })
}

/**
 * 'Enrol' (issue 15): the click is counted and the provider's page opens in a new
 * tab. The tab is opened at the click, before the answer, so no pop-up blocker
 * stops it, and pointed at the provider once the address arrives.
 */
export function useEnrol() {
  return useMutation({
    mutationFn: async (courseId: string) => {
      const tab = window.open('', '_blank')
      try {
        const { url } = await answer(coursesApi[':courseId'].enrol.$post({ param: courseParam(courseId) }))
        if (tab) {
          tab.opener = null
          tab.location.href = url
        } else {
          window.open(url, '_blank', 'noopener,noreferrer')
        }
        return url
      } catch (error) {
        tab?.close()
        throw error
      }
    },
    onError: (error) => toast.error(messageOf(error)),
  })
}

/** What a lesson just completed says: the course's completion when it was the last one. */
function completionMessage(progress: ProgressAnswer): string {
  return progress.course.percent === 100 ? progressMessages.courseCompleted : progressMessages.lessonCompleted
}

/** A video's watched share, or 'Mark complete' (reading, assignment, a video not ours). */
export function useLessonProgress() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ lessonId, input }: { lessonId: string; input: LessonProgressInput }) =>
      answer(coursesApi.lessons[':lessonId'].progress.$put({ param: lessonParam(lessonId), json: input })),
    onSuccess: (progress) => {
      const newlyCompleted = progress.lesson.completed && !wasLessonCompleted(queryClient, progress)
      applyProgress(queryClient, progress)
      if (newlyCompleted) toast.success(completionMessage(progress))
    },
  })
}

/** A quiz attempt: marked by the server, which completes the lesson when it passes. */
export function useQuizAttempt() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ lessonId, input }: { lessonId: string; input: QuizAttemptInput }) =>
      answer(coursesApi.lessons[':lessonId']['quiz-attempts'].$post({ param: lessonParam(lessonId), json: input })),
    onSuccess: (attempt) => {
      const newlyCompleted = attempt.lesson.completed && !wasLessonCompleted(queryClient, attempt)
      applyQuizAttempt(queryClient, attempt)
      // the quiz says its own result; the course's completion is news beyond it
      if (newlyCompleted && attempt.course.percent === 100) toast.success(progressMessages.courseCompleted)
    },
    onError: (error) => toast.error(messageOf(error, progressMessages.progressFailed)),
  })
}
