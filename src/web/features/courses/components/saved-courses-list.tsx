import { Link } from 'react-router'
import { useQuery } from '@tanstack/react-query'
import { pathTo } from '#shared/pages.ts'
import { courseMessages } from '#shared/courses/messages.ts'
import { LoadFailedAlert } from '#web/components/load-failed-alert.tsx'
import { RemoveSavedButton } from '#web/components/saved-item-buttons.tsx'
import { savedCoursesQuery, useToggleSavedCourse } from '#web/features/courses/api/courses.ts'
import { CourseFacts } from '#web/features/courses/components/course-facts.tsx'
import { CourseImage } from '#web/features/courses/components/course-image.tsx'
import { ProgressBar } from '#web/features/courses/components/progress-bar.tsx'

const savedFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' })

/**
 * spec 001 §2 saved items: the member's saved courses with their progress, each
 * opening /courses/{id}, each removable. `onChanged` lets the saved page refresh
 * its counts.
 */
export function SavedCoursesList({ onChanged }: { onChanged?: () => void }) {
  const saved = useQuery(savedCoursesQuery())
  const remove = useToggleSavedCourse({ onChanged })

  if (saved.isPending) return <p className="py-6 text-center text-muted-foreground">Loading saved courses...</p>
  if (saved.isError) {
    return (
      <LoadFailedAlert className="py-6" onRetry={() => void saved.refetch()}>
        {courseMessages.savedLoadFailed}
      </LoadFailedAlert>
    )
  }
  if (saved.data.length === 0)
    return <p className="py-6 text-center text-muted-foreground">{courseMessages.noSavedCourses}</p>

  const back = { back: { to: pathTo('savedCourses'), label: 'Back to Saved Courses' } }
  return (
    <ul data-testid="saved-courses" className="grid gap-3">
      {saved.data.map(({ courseId, savedAt, course, progress }) => (
        <li
          key={courseId}
          data-testid="saved-course"
          className="flex items-start gap-4 rounded-xl border border-border bg-card p-4 shadow-sm"
        >
          <CourseImage imageUrl={course.imageUrl} className="hidden size-16 shrink-0 rounded-lg sm:block" />
          <div className="grid min-w-0 flex-1 gap-1.5">
            <p className="font-semibold">
              <Link to={pathTo('courseDetail', { courseId: course.id })} state={back} className="hover:underline">
                {course.title}
              </Link>
            </p>
            <p className="text-sm text-muted-foreground">{course.provider}</p>
            <CourseFacts course={course} />
            <div className="grid max-w-sm gap-1">
              <p className="text-xs text-muted-foreground">
                {progress.percent === 100
                  ? 'Completed'
                  : progress.percent > 0
                    ? `${progress.percent}% complete`
                    : 'Not started'}
              </p>
              <ProgressBar label={`Progress in ${course.title}`} percent={progress.percent} showValue={false} />
            </div>
            <p className="text-xs text-muted-foreground">
              Saved <time dateTime={savedAt}>{savedFormat.format(new Date(savedAt))}</time>
            </p>
          </div>
          <RemoveSavedButton
            label={`Remove ${course.title} from saved courses`}
            pending={remove.isPending && remove.variables?.courseId === courseId}
            onRemove={() => remove.mutate({ courseId, save: false })}
          />
        </li>
      ))}
    </ul>
  )
}
