import { pathTo } from '#shared/pages.ts'
import {
  CourseFilterSelects,
  CourseSearchBox,
  useCourseFilters,
} from '#web/features/courses/components/course-filters.tsx'
import { CourseListPage } from '#web/features/courses/components/course-list-page.tsx'
import { CourseResults } from '#web/features/courses/components/course-results.tsx'

/**
 * spec 001 §2 Browse Courses (/courses/browse, members): search, level, duration
 * (0-2, 2-5, 5-10, 10+ hours) and category, in the URL; the member's progress on
 * the courses they started.
 */
export function BrowsePage() {
  const controls = useCourseFilters('browse')
  return (
    <CourseListPage
      title="Browse Courses"
      intro="Practical courses that close the gap to your next role. Prices and sales are in the"
      link={{ to: pathTo('coursesMarketplace'), label: 'course marketplace' }}
    >
      <div className="grid gap-4 rounded-xl border border-border bg-card p-5 shadow-sm">
        <CourseSearchBox controls={controls} />
        <CourseFilterSelects
          kind="browse"
          controls={controls}
          className="grid gap-4 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_1fr_auto] lg:items-start"
        />
      </div>

      <CourseResults
        request={{ kind: 'browse', filters: controls.filters }}
        filtered={controls.filtered}
        backLabel="Back to Browse Courses"
      />
    </CourseListPage>
  )
}
