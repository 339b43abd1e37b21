import { lazy, Suspense } from 'react'
import { useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { Download } from 'lucide-react'
import { layoffImportMessages } from '#shared/layoffs/messages.ts'
import type { LayoffSort } from '#shared/layoffs/schemas.ts'
import { ListCount } from '#web/components/list-count.tsx'
import { LoadFailedAlert } from '#web/components/load-failed-alert.tsx'
import { LoadMoreButton } from '#web/components/load-more-button.tsx'
import { buttonClasses } from '#web/components/ui/button.tsx'
import { exportCsvUrl } from '#web/features/layoffs/api/clients.ts'
import { layoffListQuery, layoffStatsQuery, useLiveLayoffs } from '#web/features/layoffs/api/layoffs.ts'
import { LayoffTable } from '#web/features/layoffs/components/layoff-table.tsx'
import { TrackerFilters } from '#web/features/layoffs/components/tracker-filters.tsx'
import { firstDir, useTrackerParams } from '#web/features/layoffs/components/tracker-params.ts'
import { messageOf } from '#web/lib/api.ts'

// chart.js and the charts load with this chunk of their own, after the table
const LayoffCharts = lazy(() =>
  import('#web/features/layoffs/components/layoff-charts.tsx').then((m) => ({ default: m.LayoffCharts })),
)

export const noRecords = 'No layoff notices match these filters'
export const noRecordsYet = 'No layoff notices yet'

function ChartsPlaceholder() {
  return (
    <div aria-hidden="true" className="grid gap-4 lg:grid-cols-2">
      {[0, 1, 2].map((index) => (
        <div key={index} className="h-72 animate-pulse rounded-xl bg-muted" />
      ))}
    </div>
  )
}

/**
 * The tracker (spec 002 §2 Layoff tracker; issue 19): search and filters, the charts
 * of the filtered notices, the sortable table a page at a time, and the filtered
 * notices as CSV. /layoffs and /admin/layoffs show it alike.
 */
export function LayoffTracker() {
  const { filters, sort, dir, setParam } = useTrackerParams()
  const list = useInfiniteQuery(layoffListQuery({ ...filters, sort, dir }))
  const stats = useQuery(layoffStatsQuery(filters))
  useLiveLayoffs()
  const records = list.data?.pages.flatMap((page) => page.records) ?? []
  const total = list.data?.pages[0]?.total ?? 0
  const filtered = Object.keys(filters).length > 0

  const sortBy = (next: LayoffSort) => {
    const nextDir = next === sort ? (dir === 'asc' ? 'desc' : 'asc') : firstDir(next)
    setParam({ sort: next === 'date' ? null : next, dir: nextDir === firstDir(next) ? null : nextDir })
  }

  return (
    <div className="grid min-w-0 gap-6">
      <TrackerFilters filters={filters} setParam={setParam} />

      <section aria-labelledby="layoff-charts-heading" className="grid min-w-0 gap-4">
        <h2 id="layoff-charts-heading" className="text-xl font-semibold tracking-tight">
          Charts
        </h2>
        {stats.isError ? (
          <LoadFailedAlert className="py-6" onRetry={() => void stats.refetch()}>
            {messageOf(stats.error, layoffImportMessages.loadFailed)}
          </LoadFailedAlert>
        ) : stats.data ? (
          stats.data.totals.notices === 0 ? (
            <p className="text-sm text-muted-foreground">Nothing to chart for these filters.</p>
          ) : (
            <Suspense fallback={<ChartsPlaceholder />}>
              <LayoffCharts stats={stats.data} />
            </Suspense>
          )
        ) : (
          <ChartsPlaceholder />
        )}
      </section>

      <section aria-labelledby="layoff-records-heading" className="grid min-w-0 gap-3">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div className="grid gap-1">
            <h2 id="layoff-records-heading" className="text-xl font-semibold tracking-tight">
              Notices
            </h2>
            {list.data ? <ListCount shown={records.length} total={total} noun={['notice', 'notices']} /> : null}
          </div>
          <a href={exportCsvUrl(filters)} download className={buttonClasses('outline', 'sm')}>
            <Download aria-hidden="true" className="size-4" />
            Export CSV
          </a>
        </div>
        {list.isPending ? (
          <p role="status" className="text-muted-foreground">
            Loading layoff notices…
          </p>
        ) : list.isError && records.length === 0 ? (
          <LoadFailedAlert className="py-8" onRetry={() => void list.refetch()}>
            {messageOf(list.error, layoffImportMessages.loadFailed)}
          </LoadFailedAlert>
        ) : records.length === 0 ? (
          <p
            data-testid="layoffs-empty"
            className="rounded-xl border border-dashed border-border p-8 text-center text-muted-foreground"
          >
            {filtered ? noRecords : noRecordsYet}
          </p>
        ) : (
          <LayoffTable records={records} sort={sort} dir={dir} onSort={sortBy} busy={list.isPlaceholderData} />
        )}
        <LoadMoreButton list={list} loadingLabel="Loading notices…">
          Load more notices
        </LoadMoreButton>
      </section>
    </div>
  )
}
