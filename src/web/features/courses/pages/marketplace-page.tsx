import { Link } from 'react-router'
import { pathTo } from '#shared/pages.ts'
import { PageTitle } from '#web/components/page-title.tsx'
import {
  CourseFilterSelects,
  CourseSearchBox,
  useCourseFilters,
} from '#web/features/courses/components/course-filters.tsx'
import { CourseResults } from '#web/features/courses/components/course-results.tsx'

/**
 * spec 001 §2 Course marketplace (/courses/marketplace, subscribers): a filter
 * sidebar (level, 0-20 / 20-40 / 40+ hours, category) and a search; the cards show
 * the price and a running sale.
 */
export function MarketplacePage() {
  const controls = useCourseFilters('marketplace')
  return (
    <div className="mx-auto grid w-full max-w-6xl gap-8 px-4 py-10 sm:px-6">
      <header className="grid gap-2">
        <PageTitle>Course Marketplace</PageTitle>
        <h1 className="text-4xl font-semibold tracking-tight">Course Marketplace</h1>
        <p className="text-muted-foreground">
          Courses from our partners, with member prices. Looking for what you already started?{' '}
          <Link to={pathTo('savedCourses')} className="font-medium text-accent underline-offset-4 hover:underline">
            Your saved courses
          </Link>
          .
        </p>
      </header>

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
    </div>
  )
}
