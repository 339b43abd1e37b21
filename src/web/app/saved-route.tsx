import { useId, useRef, useState, type KeyboardEvent } from 'react'
import { Link } from 'react-router'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { pathTo } from '#shared/pages.ts'
import { BackLink } from '#web/components/ui/back-link.tsx'
import { savedCountsQuery } from '#web/features/jobs/api/jobs.ts'
import { MyApplicationsList } from '#web/features/jobs/components/my-applications-list.tsx'
import { SavedJobsList } from '#web/features/jobs/components/saved-jobs-list.tsx'
import { SavedCoursesList } from '#web/features/courses/components/saved-courses-list.tsx'
import { cn } from '#web/lib/cn.ts'
import { PageTitle } from '#web/components/page-title.tsx'

type SavedTab = 'jobs' | 'courses'

// spec 001 §2 saved items: /saved with the Jobs and Courses tabs, and a page for
// each list, each from its own area. The counts are read again whenever the page
// opens and after a course is removed here (saving happens on other pages).

/** The saved courses, refreshing the tabs' counts when one is removed. */
function SavedCourses() {
  const queryClient = useQueryClient()
  return (
    <SavedCoursesList onChanged={() => void queryClient.invalidateQueries({ queryKey: savedCountsQuery().queryKey })} />
  )
}

const tabLabels: Record<SavedTab, string> = { jobs: 'Jobs', courses: 'Courses' }
const tabs: SavedTab[] = ['jobs', 'courses']

function SavedOverview() {
  // saving happens on the lists' and items' own pages: the counts are read again here
  const { data: counts } = useQuery({ ...savedCountsQuery(), refetchOnMount: 'always' })
  const [selected, setSelected] = useState<SavedTab>('jobs')
  const buttons = useRef<Partial<Record<SavedTab, HTMLButtonElement | null>>>({})
  const id = useId()

  // WAI-ARIA tabs: arrows move between the tabs, Home and End to the ends
  const onKeyDown = (event: KeyboardEvent) => {
    const index = tabs.indexOf(selected)
    const next =
      event.key === 'ArrowRight'
        ? tabs[(index + 1) % tabs.length]
        : event.key === 'ArrowLeft'
          ? tabs[(index - 1 + tabs.length) % tabs.length]
          : event.key === 'Home'
            ? tabs[0]
            : event.key === 'End'
              ? tabs.at(-1)
              : undefined
    if (!next) return
    event.preventDefault()
    setSelected(next)
    buttons.current[next]?.focus()
  }

  return (
    <div className="grid gap-10">
      <section aria-labelledby={`${id}-saved`} className="grid gap-4">
        <h2 id={`${id}-saved`} className="sr-only">
          Saved jobs and courses
        </h2>
        <div
          role="tablist"
          aria-label="Saved items"
          className="flex gap-1 border-b border-border"
          onKeyDown={onKeyDown}
        >
          {tabs.map((tab) => (
            <button
              key={tab}
              ref={(element) => {
                buttons.current[tab] = element
              }}
              type="button"
              role="tab"
              id={`${id}-tab-${tab}`}
              aria-controls={`${id}-panel-${tab}`}
              aria-selected={selected === tab}
              tabIndex={selected === tab ? 0 : -1}
              onClick={() => setSelected(tab)}
              className={cn(
                '-mb-px inline-flex items-center gap-2 border-b-2 px-4 py-2 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-ring',
                selected === tab
                  ? 'border-primary text-foreground'
                  : 'border-transparent text-muted-foreground hover:text-foreground',
              )}
            >
              {tabLabels[tab]}
              <span className="rounded-full bg-muted px-2 py-0.5 text-xs" data-testid={`saved-count-${tab}`}>
                {counts ? counts[tab] : '…'}
              </span>
            </button>
          ))}
        </div>
        {tabs.map((tab) => (
          <div
            key={tab}
            role="tabpanel"
            id={`${id}-panel-${tab}`}
            aria-labelledby={`${id}-tab-${tab}`}
            hidden={selected !== tab}
            tabIndex={0}
            className="grid gap-3 focus-visible:outline-2 focus-visible:outline-ring"
          >
            {selected === tab ? (
              <>
                {tab === 'jobs' ? <SavedJobsList /> : <SavedCourses />}
                <Link
                  to={pathTo(tab === 'jobs' ? 'savedJobs' : 'savedCourses')}
                  className="w-fit text-sm font-medium text-accent hover:underline"
                >
                  All saved {tab}
                </Link>
              </>
            ) : null}
          </div>
        ))}
      </section>
      <section aria-labelledby={`${id}-applications`} className="grid gap-4">
        <h2 id={`${id}-applications`} className="text-2xl font-semibold tracking-tight">
          My Applications
        </h2>
        <MyApplicationsList />
      </section>
    </div>
  )
}

/** /saved, /saved/jobs and /saved/courses (spec 001 §2 saved items). */
export function SavedRoute({ tab }: { tab: 'overview' | 'jobs' | 'courses' }) {
  const title = tab === 'overview' ? 'Saved Items' : tab === 'jobs' ? 'Saved Jobs' : 'Saved Courses'
  return (
    <div className="mx-auto grid w-full max-w-4xl gap-8 px-4 py-10 sm:px-6">
      {tab === 'overview' ? null : <BackLink to={pathTo('saved')}>Back to Saved Items</BackLink>}
      <header className="grid gap-2">
        <PageTitle>{title}</PageTitle>
        <h1 className="text-4xl font-semibold tracking-tight">{title}</h1>
        {tab === 'overview' ? (
          <p className="text-muted-foreground">
            The jobs and courses you saved for later, and the jobs you applied to.
          </p>
        ) : null}
      </header>
      {tab === 'overview' ? <SavedOverview /> : tab === 'jobs' ? <SavedJobsList /> : <SavedCourses />}
    </div>
  )
}
