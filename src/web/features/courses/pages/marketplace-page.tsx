import { pathTo } from '#shared/pages.ts'
import {
  CourseFilterSelects,
  CourseSearchBox,
  useCourseFilters,
} from '#web/features/courses/components/course-filters.tsx'
import { CourseListPage } from '#web/features/courses/components/course-list-page.tsx'
import { CourseResults } from '#web/features/courses/components/course-results.tsx'

/**
 * spec 001 §2 Course marketplace (/courses/marketplace, subscribers): a filter
 * sidebar (level, 0-20 / 20-40 / 40+ hours, category) and a search; the cards show
 * the price and a running sale.
 */
export function MarketplacePage() {
  const controls = useCourseFilters('marketplace')
  return (
    <CourseListPage
      title="Course Marketplace"
      intro="Courses from our partners, with member prices. Looking for what you already started?"
      link={{ to: pathTo('savedCourses'), label: 'Your saved courses' }}
    >
      <div className="grid items-start gap-8 lg:grid-cols-[16rem_minmax(0,1fr)]">
        <aside
          aria-labelledby="marketplace-filters"
          className="grid gap-4 rounded-xl border border-border bg-card p-5 shadow-sm lg:sticky lg:top-20"
        >
          <h2 id="marketplace-filters" className="text-base font-semibold">
            Filters
          </h2>
          <CourseFilterSelects kind="marketplace" controls={controls} className="grid gap-4" />
        </aside>
        <div className="grid gap-6">
          <CourseSearchBox controls={controls} />
          <CourseResults
            request={{ kind: 'marketplace', filters: controls.filters }}
            filtered={controls.filtered}
            backLabel="Back to Course Marketplace"
          />
        </div>
      </div>
    </CourseListPage>
  )
}
