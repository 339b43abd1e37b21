import { useMemo } from 'react'
import { useLocation } from 'react-router'
import { useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { courseMessages } from '#shared/courses/messages.ts'
import { LoadFailedAlert } from '#web/components/load-failed-alert.tsx'
import { LoadMoreButton } from '#web/components/load-more-button.tsx'
import {
  courseListQuery,
  startedCoursesQuery,
  useLiveCourseLists,
  type CourseListRequest,
} from '#web/features/courses/api/courses.ts'
import { CourseCard, type CourseLinkState } from '#web/features/courses/components/course-card.tsx'

/**
 * A course list's results (spec 001 §2): cards a page at a time with 'Load more',
 * the member's progress on those they started, the spec's empty states and load
 * failure.
 */
export function CourseResults({
  request,
  filtered,
  backLabel,
}: {
  request: CourseListRequest
  /** a search or filter is set: the empty state says nothing matched, not that there is nothing */
  filtered: boolean
  /** the course page's back link, to this list with its filters */
  backLabel: string
}) {
  const location = useLocation()
  const list = useInfiniteQuery(courseListQuery(request))
  useLiveCourseLists()
  const started = useQuery(startedCoursesQuery())
  const progressOf = useMemo(
    () => new Map((started.data ?? []).map((item) => [item.courseId, item.progress])),
    [started.data],
  )
  const courses = list.data?.pages.flatMap((page) => page.courses) ?? []
  const updating = list.isPlaceholderData && list.isFetching
  const linkState: CourseLinkState = { back: { to: location.pathname + location.search, label: backLabel } }

  return (
    <section aria-label="Courses" aria-busy={list.isFetching && !list.isFetchingNextPage} className="grid gap-4">
      {list.isPending ? (
        <p className="py-8 text-center text-muted-foreground">Loading courses...</p>
      ) : list.isError && courses.length === 0 ? (
        <LoadFailedAlert className="py-8" onRetry={() => void list.refetch()}>
          {courseMessages.loadFailed}
        </LoadFailedAlert>
      ) : (
        <>
          <p role="status" className="text-sm text-muted-foreground empty:hidden">
            {updating ? 'Searching...' : null}
          </p>
          {courses.length === 0 ? (
            <p data-testid="courses-empty" className="py-8 text-center text-muted-foreground">
              {filtered ? courseMessages.noResults : courseMessages.noneAvailable}
            </p>
          ) : (
            <ul
              className={
                updating
                  ? 'grid gap-4 opacity-60 transition-opacity sm:grid-cols-2 xl:grid-cols-3'
                  : 'grid gap-4 sm:grid-cols-2 xl:grid-cols-3'
              }
            >
              {courses.map((course) => (
                <li key={course.id}>
                  <CourseCard
                    course={course}
                    progress={progressOf.get(course.id)}
                    showPrice={request.kind === 'marketplace'}
                    linkState={linkState}
                  />
                </li>
              ))}
            </ul>
          )}
          <LoadMoreButton list={list} loadingLabel="Loading..." />
        </>
      )}
    </section>
  )
}
