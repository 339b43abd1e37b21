import { ArrowDown, ArrowUp, ArrowUpDown, ExternalLink } from 'lucide-react'
import { layoffKindLabels } from '#shared/layoffs/constants.ts'
import type { LayoffRecordView, LayoffSort } from '#shared/layoffs/schemas.ts'
import { count, isWebLink, layoffDate } from '#web/features/layoffs/components/layoff-format.ts'
import type { SortDir } from '#web/features/layoffs/components/tracker-params.ts'
import { cn } from '#web/lib/cn.ts'

const columns: { label: string; sort?: LayoffSort; numeric?: boolean }[] = [
  { label: 'Company', sort: 'company' },
  { label: 'State', sort: 'state' },
  { label: 'Layoff date', sort: 'date' },
  { label: 'Workers affected', sort: 'workers', numeric: true },
  { label: 'Type' },
]

const dirWords: Record<SortDir, 'ascending' | 'descending'> = { asc: 'ascending', desc: 'descending' }

/**
 * The tracker's table (spec 002 §2): each sortable column head is a button, its
 * order in aria-sort; a company links to its notice when the record has a web source.
 */
export function LayoffTable({
  records,
  sort,
  dir,
  onSort,
  busy,
}: {
  records: LayoffRecordView[]
  sort: LayoffSort
  dir: SortDir
  onSort: (sort: LayoffSort) => void
  busy: boolean
}) {
  return (
    <div
      tabIndex={0}
      role="region"
      aria-label="Notices table"
      className="overflow-x-auto rounded-xl border border-border bg-card"
    >
      <table className="w-full text-left text-sm" aria-busy={busy || undefined} data-testid="layoff-table">
        <caption className="sr-only">
          Layoff notices, sorted by {columns.find((column) => column.sort === sort)?.label.toLowerCase()},{' '}
          {dirWords[dir]}
        </caption>
        <thead className="border-b border-border text-xs text-muted-foreground">
          <tr>
            {columns.map((column) => {
              const active = column.sort === sort
              const Icon = active ? (dir === 'asc' ? ArrowUp : ArrowDown) : ArrowUpDown
              return (
                <th
                  key={column.label}
                  scope="col"
                  aria-sort={column.sort ? (active ? dirWords[dir] : 'none') : undefined}
                  className={cn('px-3 py-2 font-medium whitespace-nowrap', column.numeric && 'text-right')}
                >
                  {column.sort ? (
                    <button
                      type="button"
                      onClick={() => onSort(column.sort!)}
                      className={cn(
                        'inline-flex items-center gap-1 rounded uppercase hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring',
                        active && 'text-foreground',
                      )}
                    >
                      {column.label}
                      <Icon aria-hidden="true" className="size-3.5" />
                    </button>
                  ) : (
                    <span className="uppercase">{column.label}</span>
                  )}
                </th>
              )
            })}
          </tr>
        </thead>
        <tbody>
          {records.map((record) => (
            <tr key={record.id} className="border-b border-border align-top last:border-b-0">
              <th scope="row" className="px-3 py-2 font-medium">
                {isWebLink(record.source) ? (
                  <a
                    href={record.source}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="inline-flex items-center gap-1 underline-offset-4 hover:underline"
                  >
                    {record.company}
                    <ExternalLink aria-hidden="true" className="size-3.5 shrink-0 text-muted-foreground" />
                    <span className="sr-only">(source, opens in a new tab)</span>
                  </a>
                ) : (
                  record.company
                )}
                {record.notes ? (
                  <span className="mt-0.5 block max-w-md text-xs font-normal text-muted-foreground">
                    {record.notes}
                  </span>
                ) : null}
              </th>
              <td className="px-3 py-2 whitespace-nowrap">
                <abbr title={record.stateName} className="no-underline">
                  {record.state}
                </abbr>
              </td>
              <td className="px-3 py-2 whitespace-nowrap">
                <time dateTime={record.layoffDate}>{layoffDate(record.layoffDate)}</time>
              </td>
              <td className="px-3 py-2 text-right tabular-nums" data-testid="layoff-workers">
                {count(record.workersAffected)}
              </td>
              <td className="px-3 py-2">{layoffKindLabels[record.kind]}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
