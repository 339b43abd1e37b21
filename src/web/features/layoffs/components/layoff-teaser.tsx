import { Link } from 'react-router'
import { useQuery } from '@tanstack/react-query'
import { layoffKindLabels } from '#shared/layoffs/constants.ts'
import { pathTo } from '#shared/pages.ts'
import { buttonClasses } from '#web/components/ui/button-variants.ts'
import { latestLayoffsQuery } from '#web/features/layoffs/api/latest-layoffs.ts'
import { count, layoffDate } from '#web/features/layoffs/components/layoff-format.ts'

// The landing page's layoff tracker teaser (spec 000 §1; issue 19): the newest real
// notices, never a sample table. Loaded as the visitor scrolls towards it.

/** The latest notices and 'View Live Tracker'. */
export function LayoffTeaser() {
  const { data: records, isPending, isError } = useQuery(latestLayoffsQuery())
  let body
  if (isPending) body = <div aria-hidden="true" className="h-48 animate-pulse rounded-xl bg-muted" />
  else if (isError) body = <p className="text-sm text-muted-foreground">The latest notices could not be loaded.</p>
  else if (records.length === 0) body = <p className="text-sm text-muted-foreground">No notices yet.</p>
  else
    body = (
      <div
        tabIndex={0}
        role="region"
        aria-label="Latest notices"
        className="overflow-x-auto rounded-xl border border-border bg-card"
      >
        <table className="w-full text-left text-sm" data-testid="latest-layoffs">
          <caption className="sr-only">The latest layoff notices</caption>
          <thead className="border-b border-border text-xs text-muted-foreground uppercase">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium">
                Company
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                State
              </th>
              <th scope="col" className="px-3 py-2 font-medium whitespace-nowrap">
                Layoff date
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium whitespace-nowrap">
                Workers affected
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Type
              </th>
            </tr>
          </thead>
          <tbody>
            {records.map((record) => (
              <tr key={record.id} className="border-b border-border last:border-b-0">
                <th scope="row" className="px-3 py-2 font-medium">
                  {record.company}
                </th>
                <td className="px-3 py-2">{record.state}</td>
                <td className="px-3 py-2 whitespace-nowrap">
                  <time dateTime={record.layoffDate}>{layoffDate(record.layoffDate)}</time>
                </td>
                <td className="px-3 py-2 text-right tabular-nums">{count(record.workersAffected)}</td>
                <td className="px-3 py-2">{layoffKindLabels[record.kind]}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    )
  return (
    <section aria-labelledby="layoff-teaser-heading" className="grid gap-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="grid gap-2">
          <h2 id="layoff-teaser-heading" className="text-3xl font-semibold tracking-tight">
            Live layoff tracker
          </h2>
          <p className="text-muted-foreground">The latest WARN notices filed with US states:</p>
        </div>
        <Link to={pathTo('layoffs')} className={buttonClasses('primary')}>
          View Live Tracker
        </Link>
      </div>
      {body}
    </section>
  )
}
