import type { InfiniteData, QueryClient } from '@tanstack/react-query'
import type {
  CourseDetail,
  CoursePage,
  CourseProgress,
  ProgressAnswer,
  QuizAttemptAnswer,
  SavedCourse,
  StartedCourses,
} from '#shared/courses/schemas.ts'
import { courseKeys } from '#web/features/courses/api/keys.ts'

// What this browser shows of a course right after the member saved it or made
// progress: written into the cached lists, page and saved items at once, from the
// server's own answer (the progress is the server's, issue 15), instead of waiting
// for a reload. Kept apart from the hooks so the unit tests run it without a browser.

export type StartedCourse = StartedCourses['courses'][number]

/** Shows a saved mark wherever the course is on screen: every loaded list and its page. */
export function patchCachedCourse(queryClient: QueryClient, courseId: string, change: { saved: boolean }) {
  queryClient.setQueriesData<InfiniteData<CoursePage, string>>({ queryKey: courseKeys.lists }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            courses: page.courses.map((course) => (course.id === courseId ? { ...course, ...change } : course)),
          })),
        }
      : data,
  )
  queryClient.setQueryData<CourseDetail>(courseKeys.detail(courseId), (course) =>
    course ? { ...course, ...change } : course,
  )
}

/** A course saved or unsaved: marked so everywhere, and an unsaved one leaves the saved list at once. */
export function updateSavedCourse(queryClient: QueryClient, courseId: string, save: boolean) {
  patchCachedCourse(queryClient, courseId, { saved: save })
  if (!save)
    queryClient.setQueryData<SavedCourse[]>(courseKeys.saved, (list) =>
      list?.filter((item) => item.courseId !== courseId),
    )
}

/** The course page after a lesson's progress changed: the lesson, its module and the course, as the server rolled them up. */
export function withProgress(detail: CourseDetail, answer: ProgressAnswer): CourseDetail {
  if (detail.id !== answer.course.id) return detail
  const { id: _courseId, ...course } = answer.course
  const { id: moduleId, ...module } = answer.module
  return {
    ...detail,
    progress: course,
    modules: detail.modules.map((each) =>
      each.id !== moduleId
        ? each
        : {
            ...each,
            progress: module,
            lessons: each.lessons.map((lesson) =>
              lesson.id === answer.lessonId ? { ...lesson, progress: answer.lesson } : lesson,
            ),
          },
    ),
  }
}

/** The course page after a quiz attempt: its progress, and the quiz's attempts, best score and pass. */
export function withQuizAttempt(detail: CourseDetail, answer: QuizAttemptAnswer): CourseDetail {
  const updated = withProgress(detail, answer)
  return {
    ...updated,
    modules: updated.modules.map((module) => ({
      ...module,
      lessons: module.lessons.map((lesson) =>
        lesson.id === answer.lessonId && lesson.quiz
          ? {
              ...lesson,
              quiz: {
                ...lesson.quiz,
                attempts: answer.attempts,
                bestScore: Math.max(lesson.quiz.bestScore ?? 0, answer.score),
                passed: lesson.quiz.passed || answer.passed,
              },
            }
          : lesson,
      ),
    })),
  }
}

/** Whether the lesson of `answer` was already complete on the cached course page (before the answer is applied). */
export function wasLessonCompleted(queryClient: QueryClient, answer: ProgressAnswer): boolean {
  const detail = queryClient.getQueryData<CourseDetail>(courseKeys.detail(answer.course.id))
  const lesson = detail?.modules.flatMap((module) => module.lessons).find((each) => each.id === answer.lessonId)
  return lesson?.progress.completed ?? false
}

/** The course's progress on the cards' list of started courses and in the saved items. */
function updateCourseProgress(queryClient: QueryClient, courseId: string, progress: CourseProgress) {
  queryClient.setQueryData<StartedCourse[]>(courseKeys.started, (list) => {
    if (!list) return list
    const others = list.filter((item) => item.courseId !== courseId)
    return [...others, { courseId, progress }]
  })
  queryClient.setQueryData<SavedCourse[]>(courseKeys.saved, (list) =>
    list?.map((item) => (item.courseId === courseId ? { ...item, progress } : item)),
  )
}

/** A lesson's progress recorded: shown on the course page, its cards and the saved items. */
export function applyProgress(queryClient: QueryClient, answer: ProgressAnswer) {
  queryClient.setQueryData<CourseDetail>(courseKeys.detail(answer.course.id), (detail) =>
    detail ? withProgress(detail, answer) : detail,
  )
  const { id: courseId, ...progress } = answer.course
  updateCourseProgress(queryClient, courseId, progress)
}

/** A quiz attempt marked: as a lesson's progress, plus the quiz's own summary. */
export function applyQuizAttempt(queryClient: QueryClient, answer: QuizAttemptAnswer) {
  queryClient.setQueryData<CourseDetail>(courseKeys.detail(answer.course.id), (detail) =>
    detail ? withQuizAttempt(detail, answer) : detail,
  )
  const { id: courseId, ...progress } = answer.course
  updateCourseProgress(queryClient, courseId, progress)
}
