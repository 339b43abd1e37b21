import { layoffKindLabels, layoffKinds, usStates } from '#shared/layoffs/constants.ts'
import { layoffSearchMaxLength, type LayoffFilters } from '#shared/layoffs/schemas.ts'
import { Button } from '#web/components/ui/button.tsx'
import { controlClasses } from '#web/components/ui/input.tsx'
import { Label } from '#web/components/ui/label.tsx'
import { SegmentedToggle } from '#web/components/ui/segmented-toggle.tsx'
import { SelectField } from '#web/components/ui/select.tsx'
import { cn } from '#web/lib/cn.ts'
import { useUrlTextParam } from '#web/lib/use-url-text-param.ts'

const stateOptions = usStates.map((state) => ({ value: state.code, label: `${state.name} (${state.code})` }))
const kindOptions = [
  { value: 'all', label: 'All' },
  ...layoffKinds.map((kind) => ({ value: kind, label: layoffKindLabels[kind] })),
] as const

/** Search (company or state), state, date range and type: they shape the table, the charts and the export alike. */
export function TrackerFilters({
  filters,
  setParam,
}: {
  filters: LayoffFilters
  setParam: (changes: Record<string, string | null>) => void
}) {
  const [search, setSearch] = useUrlTextParam('q')
  const filtered = Boolean(filters.q || filters.state || filters.from || filters.to || filters.kind)
  return (
    <div className="grid gap-4 rounded-xl border border-border bg-card p-4" role="search" aria-label="Layoff notices">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <div className="grid gap-1.5 sm:col-span-2">
          <Label htmlFor="layoff-search">Search by company or state</Label>
          <input
            id="layoff-search"
            type="search"
            value={search}
            onChange={(change) => setSearch(change.target.value)}
            maxLength={layoffSearchMaxLength}
            className={cn(controlClasses, 'h-10')}
          />
        </div>
        <SelectField
          id="layoff-state"
          label="State"
          placeholder="All states"
          options={stateOptions}
          value={filters.state ?? ''}
          onChange={(change) => setParam({ state: change.target.value || null })}
        />
        <div className="grid gap-1.5">
          <span aria-hidden="true" className="text-sm font-medium">
            Type
          </span>
          <SegmentedToggle
            label="Type"
            options={kindOptions}
            value={filters.kind ?? 'all'}
            onChange={(kind) => setParam({ kind: kind === 'all' ? null : kind })}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="layoff-from">From</Label>
          <input
            id="layoff-from"
            type="date"
            value={filters.from ?? ''}
            max={filters.to}
            onChange={(change) => setParam({ from: change.target.value || null })}
            className={cn(controlClasses, 'h-10')}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="layoff-to">To</Label>
          <input
            id="layoff-to"
            type="date"
            value={filters.to ?? ''}
            min={filters.from}
            onChange={(change) => setParam({ to: change.target.value || null })}
            className={cn(controlClasses, 'h-10')}
          />
        </div>
        {filtered ? (
          <div className="flex items-end">
            <Button
              variant="ghost"
              onClick={() => {
                setSearch('')
                setParam({ q: null, state: null, from: null, to: null, kind: null })
              }}
            >
              Clear filters
            </Button>
          </div>
        ) : null}
      </div>
    </div>
  )
}
