import { Link } from 'react-router'
import { useQuery } from '@tanstack/react-query'
import { pathTo } from '#shared/pages.ts'
import { latestCoursesQuery, useLiveCourseLists } from '#web/features/courses/api/courses.ts'
import { formatHours } from '#web/features/courses/components/course-facts.tsx'
import { CourseImage } from '#web/features/courses/components/course-image.tsx'

/** The newest courses (spec 000 §2: the community's right column, 3 of them). */
export function LatestCourses() {
  const { data: courses, isPending, isError } = useQuery(latestCoursesQuery())
  useLiveCourseLists()

  let body
  if (isPending) {
    body = (
      <ul aria-hidden="true" className="grid gap-3">
        {[0, 1, 2].map((index) => (
          <li key={index} className="h-14 animate-pulse rounded-lg bg-muted" />
        ))}
      </ul>
    )
  } else if (isError) {
    body = <p className="text-sm text-muted-foreground">The latest courses could not be loaded.</p>
  } else if (courses.length === 0) {
    body = <p className="text-sm text-muted-foreground">New courses are on their way.</p>
  } else {
    body = (
      <ul data-testid="latest-courses" className="grid gap-3">
        {courses.map((course) => (
          <li key={course.id} className="flex items-start gap-3">
            <CourseImage imageUrl={course.imageUrl} className="size-10 shrink-0 rounded-lg" />
            <div className="grid min-w-0 gap-0.5">
              <h3 className="text-sm font-semibold">
                <Link to={pathTo('courseDetail', { courseId: course.id })} className="hover:underline">
                  {course.title}
                </Link>
              </h3>
              <p className="truncate text-sm text-muted-foreground">{course.provider}</p>
              <p className="text-xs text-muted-foreground">
                {course.level} · {formatHours(course.durationHours)}
              </p>
            </div>
          </li>
        ))}
      </ul>
    )
  }

  return (
    <div className="grid gap-4">
      {body}
      {/* spec 000 §2: latest courses link to /courses/marketplace and /courses/{id} */}
      <Link
        to={pathTo('coursesMarketplace')}
        className="text-sm font-medium text-accent underline-offset-4 hover:underline"
      >
        View all courses
      </Link>
    </div>
  )
}
