import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query'
import { toast } from 'sonner'
import type { adminCourseRoutes } from '#server/modules/courses/admin/routes.ts'
import { categoryMessages, courseMessages, moduleMessages } from '#shared/courses/messages.ts'
import type { AdminCourseDetail, CategoryInput, CourseInput, LessonEdit, ModuleEdit } from '#shared/courses/schemas.ts'
import { apiClient } from '#web/lib/api-client.ts'
import { answer, ApiError, messageOf } from '#web/lib/api.ts'
import { useToastedMutation, type ToastedMutationOptions } from '#web/lib/use-toasted-mutation.ts'

// The admin side of the courses area (spec 002 §2 Course management, Module and
// lesson management; issue 15): its typed client and its query keys (ARCHITECTURE.md
// rule 6), under ['courses', 'admin']. Every write refreshes all of ['courses'], so
// the members' lists and pages show it too.

export const adminCoursesApi = apiClient<typeof adminCourseRoutes>('/api/admin/courses')

/** An id as a path segment (it may come from a hand-edited page URL). */
const segment = (id: string) => encodeURIComponent(id)

export type AdminCourseView = 'live' | 'deleted'

export const adminCourseKeys = {
  /** the whole area, member side included: what every admin write refreshes */
  area: ['courses'] as const,
  all: ['courses', 'admin'] as const,
  list: (q: string, view: AdminCourseView) => ['courses', 'admin', 'list', { q, view }] as const,
  categories: ['courses', 'admin', 'categories'] as const,
  detail: (courseId: string) => ['courses', 'admin', 'detail', courseId] as const,
}

export const adminCoursesQuery = (q: string, view: AdminCourseView) =>
  infiniteQueryOptions({
    queryKey: adminCourseKeys.list(q.trim(), view),
    queryFn: ({ pageParam, signal }) =>
      answer(
        adminCoursesApi.index.$get(
          {
            query: {
              q: q.trim() || undefined,
              deleted: view === 'deleted' ? 'true' : undefined,
              cursor: pageParam || undefined,
            },
          },
          { init: { signal } },
        ),
      ),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    // typing in the search box keeps the last grid on screen until the next arrives
    placeholderData: keepPreviousData,
  })

export const adminCategoriesQuery = () =>
  queryOptions({
    queryKey: adminCourseKeys.categories,
    queryFn: ({ signal }) => answer(adminCoursesApi.categories.$get(undefined, { init: { signal } })),
  })

export const adminCourseQuery = (courseId: string) =>
  queryOptions({
    queryKey: adminCourseKeys.detail(courseId),
    queryFn: ({ signal }) =>
      answer(adminCoursesApi[':courseId'].$get({ param: { courseId: segment(courseId) } }, { init: { signal } })),
  })

/** The course of a page's URL does not exist (a malformed id is refused as 400 with the same words). */
export function isCourseMissing(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400)
}

function useRefreshCourses() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: adminCourseKeys.area })
}

/** A write of this area: its toast, then every course list and page refreshed. */
function useCourseWrite<Answer, Variables = void>(options: Omit<ToastedMutationOptions<Answer, Variables>, 'refresh'>) {
  return useToastedMutation({ ...options, refresh: adminCourseKeys.area })
}

// ---------- categories ----------

export function useSaveCategory() {
  return useCourseWrite({
    mutationFn: ({ categoryId, values }: { categoryId?: string; values: CategoryInput }) =>
      categoryId
        ? answer(
            adminCoursesApi.categories[':categoryId'].$put({
              param: { categoryId: segment(categoryId) },
              json: values,
            }),
          )
        : answer(adminCoursesApi.categories.$post({ json: values })),
    success: (_category, { categoryId }) => (categoryId ? categoryMessages.updated : categoryMessages.created),
    // no failure toast: the form says why, once (lib/form-errors.ts)
  })
}

export function useDeleteCategory() {
  return useCourseWrite({
    mutationFn: (categoryId: string) =>
      answer(adminCoursesApi.categories[':categoryId'].$delete({ param: { categoryId: segment(categoryId) } })),
    success: categoryMessages.deleted,
    // the confirmation dialog says why (a category in use is refused)
  })
}

// ---------- courses ----------

function fileForm(name: string, file: File) {
  const form = new FormData()
  form.set(name, file)
  return form
}

/** spec 002 §5 Image upload: the image is stored first (checked by its bytes) and its key sent with the course. */
export function useUploadCourseImage() {
  return useMutation({
    mutationFn: (image: File) =>
      answer(adminCoursesApi.images.$post(undefined, { init: { body: fileForm('image', image) } })),
    // the form says why, under the image field
  })
}

export function useSaveCourse() {
  return useCourseWrite({
    mutationFn: ({ courseId, values }: { courseId?: string; values: CourseInput }) =>
      courseId
        ? answer(adminCoursesApi[':courseId'].$put({ param: { courseId: segment(courseId) }, json: values }))
        : answer(adminCoursesApi.index.$post({ json: values })),
    success: (_course, { courseId }) => (courseId ? courseMessages.updated : courseMessages.created),
    // the form lists why (spec 002 §5: as a list and as a toast)
  })
}

export function useDeleteCourse() {
  return useCourseWrite({
    mutationFn: (courseId: string) =>
      answer(adminCoursesApi[':courseId'].$delete({ param: { courseId: segment(courseId) } })),
    success: courseMessages.deleted,
    failure: courseMessages.deleteFailed,
    // spec 002 §8: a failed delete in the list reloads the list
    refreshOnError: true,
  })
}

export function useRestoreCourse() {
  return useCourseWrite({
    mutationFn: (courseId: string) =>
      answer(adminCoursesApi[':courseId'].restore.$post({ param: { courseId: segment(courseId) } })),
    success: courseMessages.restored,
    failure: courseMessages.updateFailed,
  })
}

/** The undo of one 'Delete All': the courses stamped with exactly `deletedAt` come back. */
export function useRestoreBatch() {
  return useCourseWrite({
    mutationFn: (deletedAt: string) => answer(adminCoursesApi['restore-batch'].$post({ json: { deletedAt } })),
    success: courseMessages.restored,
    failure: courseMessages.updateFailed,
  })
}

/** spec 002 §2 'Delete All Courses', a soft delete; its toast offers the undo. */
export function useDeleteAllCourses() {
  const refresh = useRefreshCourses()
  const restore = useRestoreBatch()
  return useMutation({
    mutationFn: () => answer(adminCoursesApi['delete-all'].$post()),
    onSuccess: async ({ deleted, deletedAt }) => {
      toast.success(courseMessages.deletedAll(deleted), {
        action: deletedAt ? { label: 'Undo', onClick: () => restore.mutate(deletedAt) } : undefined,
      })
      await refresh()
    },
    onError: (error) => toast.error(messageOf(error, courseMessages.deleteFailed)),
  })
}

// ---------- modules and lessons (one at a time; ids stay stable) ----------

export function useSaveModule(courseId: string) {
  return useCourseWrite({
    mutationFn: ({ moduleId, values }: { moduleId?: string; values: ModuleEdit }) =>
      moduleId
        ? answer(
            adminCoursesApi[':courseId'].modules[':moduleId'].$put({
              param: { courseId: segment(courseId), moduleId: segment(moduleId) },
              json: values,
            }),
          )
        : answer(adminCoursesApi[':courseId'].modules.$post({ param: { courseId: segment(courseId) }, json: values })),
    success: (_module, { moduleId }) => (moduleId ? moduleMessages.changesSaved : moduleMessages.modulesUpdated),
    // the form says why, once
  })
}

export function useDeleteModule(courseId: string) {
  return useCourseWrite({
    mutationFn: (moduleId: string) =>
      answer(
        adminCoursesApi[':courseId'].modules[':moduleId'].$delete({
          param: { courseId: segment(courseId), moduleId: segment(moduleId) },
        }),
      ),
    success: moduleMessages.moduleDeleted,
    failure: moduleMessages.saveFailed,
  })
}

/** The course of the module page as cached, read and written in place (a reorder shows at once). */
function useCourseCache(courseId: string) {
  const queryClient = useQueryClient()
  return (update: (course: AdminCourseDetail) => AdminCourseDetail) =>
    queryClient.setQueryData<AdminCourseDetail>(adminCourseKeys.detail(courseId), (course) =>
      course ? update(course) : course,
    )
}

/**
 * A reorder shown at once and saved through the order endpoint, one request after
 * another (a scope), so quick keyboard moves arrive in the order they were made.
 * The server's answer (with the versions it grew) replaces the shown order only
 * when no later move is waiting; a refusal reloads the course.
 */
function useOrderWrite<Variables, Answer>(
  courseId: string,
  scope: string,
  write: (variables: Variables) => Promise<Answer>,
  apply: (course: AdminCourseDetail, variables: Variables, answer?: Answer) => AdminCourseDetail,
) {
  const queryClient = useQueryClient()
  const refresh = useRefreshCourses()
  const setCourse = useCourseCache(courseId)
  const mutationKey = [...adminCourseKeys.detail(courseId), 'order', scope]
  const isLast = () => queryClient.isMutating({ mutationKey }) <= 1
  const mutation = useMutation({
    mutationKey,
    scope: { id: mutationKey.join('/') },
    mutationFn: write,
    onSuccess: (answer, variables) => {
      if (isLast()) setCourse((course) => apply(course, variables, answer))
    },
    onError: (error) => toast.error(messageOf(error, moduleMessages.modulesUpdateFailed)),
    onSettled: async () => {
      if (isLast()) await refresh()
    },
  })
  return (variables: Variables) => {
    setCourse((course) => apply(course, variables))
    mutation.mutate(variables)
  }
}

/** A new order of the course's modules (drag or keyboard). */
export function useReorderModules(courseId: string) {
  return useOrderWrite(
    courseId,
    'modules',
    (ids: string[]) =>
      answer(
        adminCoursesApi[':courseId'].modules.order.$put({ param: { courseId: segment(courseId) }, json: { ids } }),
      ),
    (course, ids, saved) => ({
      ...course,
      modules: saved?.modules ?? ids.flatMap((id) => course.modules.filter((module) => module.id === id)),
    }),
  )
}

/** A new order of one module's lessons (drag or keyboard). */
export function useReorderLessons(courseId: string, moduleId: string) {
  return useOrderWrite(
    courseId,
    moduleId,
    (ids: string[]) =>
      answer(
        adminCoursesApi.modules[':moduleId'].lessons.order.$put({
          param: { moduleId: segment(moduleId) },
          json: { ids },
        }),
      ),
    (course, ids, saved) => ({
      ...course,
      modules: course.modules.map((module) =>
        module.id === moduleId
          ? {
              ...module,
              lessons: saved?.lessons ?? ids.flatMap((id) => module.lessons.filter((lesson) => lesson.id === id)),
            }
          : module,
      ),
    }),
  )
}

export function useSaveLesson() {
  return useCourseWrite({
    mutationFn: ({ moduleId, lessonId, values }: { moduleId: string; lessonId?: string; values: LessonEdit }) =>
      lessonId
        ? answer(
            adminCoursesApi.modules[':moduleId'].lessons[':lessonId'].$put({
              param: { moduleId: segment(moduleId), lessonId: segment(lessonId) },
              json: values,
            }),
          )
        : answer(
            adminCoursesApi.modules[':moduleId'].lessons.$post({
              param: { moduleId: segment(moduleId) },
              json: values,
            }),
          ),
    success: (_lesson, { lessonId }) => (lessonId ? moduleMessages.changesSaved : moduleMessages.modulesUpdated),
    // the form says why, once
  })
}

export function useDeleteLesson() {
  return useCourseWrite({
    mutationFn: ({ moduleId, lessonId }: { moduleId: string; lessonId: string }) =>
      answer(
        adminCoursesApi.modules[':moduleId'].lessons[':lessonId'].$delete({
          param: { moduleId: segment(moduleId), lessonId: segment(lessonId) },
        }),
      ),
    success: moduleMessages.lessonDeleted,
    failure: moduleMessages.saveFailed,
  })
}

/** A lesson's video, through storage (an MP4 or WebM file, checked by its bytes on the server). */
export function useUploadLessonVideo() {
  return useCourseWrite({
    mutationFn: ({ lessonId, video }: { lessonId: string; video: File }) =>
      answer(
        adminCoursesApi.lessons[':lessonId'].video.$put(
          { param: { lessonId: segment(lessonId) } },
          { init: { body: fileForm('video', video) } },
        ),
      ),
    success: moduleMessages.changesSaved,
    // the dialog shows the server's message under the video field
  })
}

export function useRemoveLessonVideo() {
  return useCourseWrite({
    mutationFn: (lessonId: string) =>
      answer(adminCoursesApi.lessons[':lessonId'].video.$delete({ param: { lessonId: segment(lessonId) } })),
    success: moduleMessages.changesSaved,
    failure: moduleMessages.saveFailed,
  })
}
