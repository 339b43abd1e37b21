import { useState } from 'react'
import { useSearchParams, type SetURLSearchParams } from 'react-router'
import { useInfiniteQuery } from '@tanstack/react-query'
import { Search } from 'lucide-react'
import { jobMessages, jobTypes, postedWithinDays, postedWithinLabels, type JobSummary } from '#shared/jobs/schemas.ts'
import { Button } from '#web/components/ui/button.tsx'
import { Checkbox } from '#web/components/ui/checkbox.tsx'
import { TextField } from '#web/components/ui/field.tsx'
import { SelectField } from '#web/components/ui/select.tsx'
import { filterNames, filtersOf } from '#web/features/jobs/api/filters.ts'
import { jobSearchQuery, useLiveJobLists } from '#web/features/jobs/api/jobs.ts'
import { ApplicationDialog } from '#web/features/jobs/components/application-dialog.tsx'
import { JobCard } from '#web/features/jobs/components/job-card.tsx'
import { messageOf } from '#web/lib/api.ts'
import { useUrlTextParam } from '#web/lib/use-url-text-param.ts'
import { LoadFailedAlert } from '#web/components/load-failed-alert.tsx'
import { LoadMoreButton } from '#web/components/load-more-button.tsx'
import { PageTitle } from '#web/components/page-title.tsx'

function setParamValues(setParams: SetURLSearchParams, values: Record<string, string>) {
  setParams(
    (previous) => {
      const next = new URLSearchParams(previous)
      for (const [name, value] of Object.entries(values)) {
        if (value.trim()) next.set(name, value)
        else next.delete(name)
      }
      return next
    },
    { replace: true },
  )
}

const setParamValue = (setParams: SetURLSearchParams, name: string, value: string) =>
  setParamValues(setParams, { [name]: value })

/** spec 001 §2 /jobs: the private job board, its search and filters in the URL so a search can be shared. */
export function JobsPage() {
  const [params, setParams] = useSearchParams()
  const filters = filtersOf(params)
  const [q, setQ] = useUrlTextParam('q')
  const [location, setLocation] = useUrlTextParam('location')
  const [applyingTo, setApplyingTo] = useState<JobSummary | null>(null)

  useLiveJobLists()
  const search = useInfiniteQuery(jobSearchQuery(filters))
  const jobs = search.data?.pages.flatMap((page) => page.jobs) ?? []
  const truncated = search.data?.pages[0]?.truncated ?? false
  const filtered = filterNames.some((name) => params.has(name))
  const updating = search.isPlaceholderData && search.isFetching

  const clearFilters = () => {
    // what is still being typed goes too, or its pause would write it back
    setQ('')
    setLocation('')
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous)
        for (const name of filterNames) next.delete(name)
        return next
      },
      { replace: true },
    )
  }

  return (
    <div className="mx-auto grid w-full max-w-5xl gap-8 px-4 py-10 sm:px-6">
      <header className="grid gap-2">
        <PageTitle>Job Board</PageTitle>
        <h1 className="text-4xl font-semibold tracking-tight">Private Job Board</h1>
        <p className="text-muted-foreground">
          Curated roles for members, with a match score from the skills on your profile.
        </p>
      </header>

      <form
        role="search"
        aria-label="Search jobs"
        className="grid gap-4 rounded-xl border border-border bg-card p-5 shadow-sm"
        onSubmit={(event) => {
          event.preventDefault()
          // Enter searches at once rather than waiting for the pause
          setParamValues(setParams, { q, location })
        }}
      >
        <div className="flex items-end gap-2">
          <div className="relative flex-1">
            <TextField
              label="Search jobs"
              type="search"
              placeholder="Title, company, skill or keyword"
              value={q}
              maxLength={200}
              onChange={(event) => setQ(event.target.value)}
              className="[&_input]:pl-9"
            />
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute bottom-3 left-3 size-4 text-muted-foreground"
            />
          </div>
          {/* a form of two text boxes submits on Enter only with a submit button */}
          <Button type="submit">Search</Button>
        </div>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4 lg:items-end">
          <SelectField
            label="Job type"
            placeholder="All types"
            options={jobTypes}
            value={filters.type ?? ''}
            onChange={(event) => setParamValue(setParams, 'type', event.target.value)}
          />
          <TextField
            label="Location"
            placeholder="City, state or country"
            value={location}
            maxLength={100}
            onChange={(event) => setLocation(event.target.value)}
          />
          <SelectField
            label="Posted within"
            placeholder="Any time"
            options={postedWithinDays.map((days) => ({ value: days, label: postedWithinLabels[days] }))}
            value={filters.posted ?? ''}
            onChange={(event) => setParamValue(setParams, 'posted', event.target.value)}
          />
          <div className="flex h-10 items-center justify-between gap-3">
            <Checkbox
              label="Remote only"
              checked={filters.remote === 'true'}
              onChange={(event) => setParamValue(setParams, 'remote', event.target.checked ? 'true' : '')}
            />
            {filtered ? (
              <Button variant="ghost" size="sm" onClick={clearFilters}>
                Clear filters
              </Button>
            ) : null}
          </div>
        </div>
      </form>

      <section aria-label="Jobs" aria-busy={search.isFetching && !search.isFetchingNextPage} className="grid gap-4">
        {search.isPending ? (
          <p className="py-8 text-center text-muted-foreground">Loading jobs...</p>
        ) : search.isError && jobs.length === 0 ? (
          <LoadFailedAlert className="py-8" onRetry={() => void search.refetch()}>
            {messageOf(search.error, 'The jobs could not be loaded.')}
          </LoadFailedAlert>
        ) : (
          <>
            <p role="status" className="text-sm text-muted-foreground">
              {updating
                ? 'Searching...'
                : truncated
                  ? 'Showing the 200 most recent matches, best first. Add words or filters to narrow your search.'
                  : null}
            </p>
            {jobs.length === 0 ? (
              <p data-testid="jobs-empty" className="py-8 text-center text-muted-foreground">
                {jobMessages.noResults}
              </p>
            ) : (
              <ul className={updating ? 'grid gap-4 opacity-60 transition-opacity' : 'grid gap-4'}>
                {jobs.map((job) => (
                  <li key={job.id}>
                    <JobCard job={job} onApply={setApplyingTo} />
                  </li>
                ))}
              </ul>
            )}
            <LoadMoreButton list={search} loadingLabel="Loading..." />
          </>
        )}
      </section>

      <ApplicationDialog job={applyingTo} onClose={() => setApplyingTo(null)} />
    </div>
  )
}
