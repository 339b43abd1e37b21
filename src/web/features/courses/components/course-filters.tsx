import { useSearchParams } from 'react-router'
import { useQuery } from '@tanstack/react-query'
import { Search } from 'lucide-react'
import {
  browseDurationRanges,
  courseLevels,
  marketplaceDurationRanges,
  searchMaxLength,
} from '#shared/courses/constants.ts'
import { courseMessages } from '#shared/courses/messages.ts'
import { Button } from '#web/components/ui/button.tsx'
import { TextField } from '#web/components/ui/field.tsx'
import { SelectField } from '#web/components/ui/select.tsx'
import { categoriesQuery } from '#web/features/courses/api/courses.ts'
import {
  courseFiltersOf,
  hasCourseFilters,
  withCourseFilter,
  withoutCourseFilters,
  type CourseFilterName,
} from '#web/features/courses/api/filters.ts'
import type { CourseFilters, CourseListKind } from '#web/features/courses/api/keys.ts'
import { useUrlTextParam } from '#web/lib/use-url-text-param.ts'

// The course lists' search and filters (spec 001 §2, §9), kept in the URL so a
// search can be shared and survives a reload.

export type CourseFilterControls<Kind extends CourseListKind> = {
  filters: CourseFilters<Kind>
  filtered: boolean
  /** what the search box shows while typing (it reaches the URL at a pause) */
  q: string
  setQ: (text: string) => void
  /** Enter in the search box: search at once */
  submitSearch: () => void
  setFilter: (name: Exclude<CourseFilterName, 'q'>, value: string) => void
  clear: () => void
}

export function useCourseFilters<Kind extends CourseListKind>(kind: Kind): CourseFilterControls<Kind> {
  const [params, setParams] = useSearchParams()
  const [q, setQ] = useUrlTextParam('q')
  const filters = courseFiltersOf(params, kind)
  return {
    filters,
    filtered: hasCourseFilters(filters),
    q,
    setQ,
    submitSearch: () => setParams((previous) => withCourseFilter(previous, 'q', q), { replace: true }),
    setFilter: (name, value) => setParams((previous) => withCourseFilter(previous, name, value), { replace: true }),
    clear: () => {
      // what is still being typed goes too, or its pause would write it back
      setQ('')
      setParams((previous) => withoutCourseFilters(previous), { replace: true })
    },
  }
}

/** The search box (title and description, spec 001 §5). */
export function CourseSearchBox<Kind extends CourseListKind>({ controls }: { controls: CourseFilterControls<Kind> }) {
  return (
    <form
      role="search"
      aria-label="Search courses"
      className="flex items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault()
        controls.submitSearch()
      }}
    >
      <div className="relative flex-1">
        <TextField
          label="Search courses"
          type="search"
          placeholder="Title or description"
          value={controls.q}
          maxLength={searchMaxLength}
          onChange={(event) => controls.setQ(event.target.value)}
          className="[&_input]:pl-9"
        />
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute bottom-3 left-3 size-4 text-muted-foreground"
        />
      </div>
      <Button type="submit">Search</Button>
    </form>
  )
}

/** Level, duration (each list's own ranges) and category. */
export function CourseFilterSelects<Kind extends CourseListKind>({
  kind,
  controls,
  className,
}: {
  kind: Kind
  controls: CourseFilterControls<Kind>
  className?: string
}) {
  const categories = useQuery(categoriesQuery())
  const ranges = kind === 'browse' ? browseDurationRanges : marketplaceDurationRanges
  return (
    <div className={className}>
      <SelectField
        label="Level"
        placeholder="All levels"
        options={courseLevels}
        value={controls.filters.level ?? ''}
        onChange={(event) => controls.setFilter('level', event.target.value)}
      />
      <SelectField
        label="Duration"
        placeholder="Any duration"
        options={ranges.map((range) => ({ value: range.id, label: range.label }))}
        value={controls.filters.duration ?? ''}
        onChange={(event) => controls.setFilter('duration', event.target.value)}
      />
      <div className="grid gap-1.5">
        <SelectField
          label="Category"
          placeholder={categories.isPending ? 'Loading categories…' : 'All categories'}
          options={(categories.data ?? []).map((category) => ({ value: category.id, label: category.name }))}
          value={controls.filters.category ?? ''}
          disabled={!categories.data}
          onChange={(event) => controls.setFilter('category', event.target.value)}
        />
        {categories.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {courseMessages.categoriesLoadFailed}
          </p>
        ) : null}
      </div>
      {controls.filtered ? (
        <Button variant="ghost" size="sm" className="self-end justify-self-start" onClick={controls.clear}>
          Clear filters
        </Button>
      ) : null}
    </div>
  )
}
