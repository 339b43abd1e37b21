import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react'
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  LinearScale,
  Tooltip,
  type ChartConfiguration,
} from 'chart.js'
import type { LayoffStats } from '#shared/layoffs/schemas.ts'
import { SegmentedToggle } from '#web/components/ui/segmented-toggle.tsx'
import { count, layoffMonth } from '#web/features/layoffs/components/layoff-format.ts'
import { useTheme, type Theme } from '#web/lib/theme.ts'

// The tracker's charts (issue 19): chart.js, only the parts these bar charts use,
// loaded with this file's own chunk. Each chart has its figures as a table too: hidden
// for the eye but read by screen readers, and shown on request.

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip)

/** The states shown in the state chart (the table lists the same ones). */
export const chartStates = 15

type Colours = { bar: string; text: string; grid: string }

/** The theme's colours, read from its CSS variables, so the charts follow light and dark. */
function themeColours(theme: Theme): Colours {
  const style = getComputedStyle(document.documentElement)
  const read = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback
  const dark = theme === 'dark'
  return {
    bar: read('--primary', dark ? '#fbbf24' : '#f59e0b'),
    text: read('--muted-foreground', dark ? '#a1a1aa' : '#52525b'),
    grid: read('--border', dark ? '#27272a' : '#e4e4e7'),
  }
}

const reducedMotion = () => typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches

function barChart(
  labels: string[],
  values: number[],
  seriesLabel: string,
  colours: Colours,
  horizontal: boolean,
): ChartConfiguration<'bar'> {
  const valueAxis = {
    beginAtZero: true,
    ticks: { color: colours.text, precision: 0 },
    grid: { color: colours.grid },
    border: { color: colours.grid },
  }
  const labelAxis = {
    ticks: { color: colours.text, autoSkip: !horizontal },
    grid: { display: false },
    border: { color: colours.grid },
  }
  return {
    type: 'bar',
    data: { labels, datasets: [{ label: seriesLabel, data: values, backgroundColor: colours.bar, borderRadius: 3 }] },
    options: {
      indexAxis: horizontal ? 'y' : 'x',
      responsive: true,
      maintainAspectRatio: false,
      animation: reducedMotion() ? false : undefined,
      plugins: { tooltip: { enabled: true } },
      scales: horizontal ? { x: valueAxis, y: labelAxis } : { x: labelAxis, y: valueAxis },
    },
  }
}

function ChartCanvas({ config, height, label }: { config: ChartConfiguration<'bar'>; height: number; label: string }) {
  const canvas = useRef<HTMLCanvasElement>(null)
  useEffect(() => {
    const chart = new Chart(canvas.current!, config)
    return () => chart.destroy()
  }, [config])
  return (
    <div className="relative w-full min-w-0" style={{ height }}>
      <canvas ref={canvas} role="img" aria-label={label} />
    </div>
  )
}

type Column = { label: string; numeric?: boolean }

/** A chart's figures as a table: for screen readers always, on screen when asked. */
function ChartTable({ caption, columns, rows }: { caption: string; columns: Column[]; rows: (string | number)[][] }) {
  const [shown, setShown] = useState(false)
  const tableId = useId()
  return (
    <div className="grid gap-2">
      <button
        type="button"
        aria-expanded={shown}
        aria-controls={tableId}
        onClick={() => setShown((now) => !now)}
        className="justify-self-start text-sm font-medium text-accent underline-offset-4 hover:underline"
      >
        {shown ? 'Hide the data table' : 'Show the data table'}
      </button>
      <div
        id={tableId}
        tabIndex={shown ? 0 : undefined}
        className={shown ? 'max-h-80 overflow-auto rounded-lg border border-border' : 'sr-only'}
      >
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="text-xs text-muted-foreground">
            <tr>
              {columns.map((column) => (
                <th key={column.label} scope="col" className={`px-3 py-1.5 ${column.numeric ? 'text-right' : ''}`}>
                  {column.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map(([first, ...rest], row) => (
              <tr key={row} className="border-t border-border">
                <th scope="row" className="px-3 py-1.5 font-normal">
                  {first}
                </th>
                {rest.map((value, index) => (
                  <td key={index} className="px-3 py-1.5 text-right tabular-nums">
                    {typeof value === 'number' ? count(value) : value}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  )
}

function ChartFigure({
  title,
  description,
  children,
  wide = false,
  actions,
}: {
  title: string
  description: string
  children: ReactNode
  wide?: boolean
  actions?: ReactNode
}) {
  const headingId = useId()
  return (
    <figure
      aria-labelledby={headingId}
      className={`grid min-w-0 content-start gap-3 rounded-xl border border-border bg-card p-4 ${wide ? 'lg:col-span-2' : ''}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="grid gap-0.5">
          <h3 id={headingId} className="font-semibold">
            {title}
          </h3>
          <p className="text-xs text-muted-foreground">{description}</p>
        </div>
        {actions}
      </div>
      {children}
    </figure>
  )
}

type StateMeasure = 'workers' | 'notices'
const measureOptions = [
  { value: 'workers', label: 'Workers' },
  { value: 'notices', label: 'Notices' },
] as const

/** Workers affected per month, notices or workers per state (the top 15), and the top companies. */
export function LayoffCharts({ stats }: { stats: LayoffStats }) {
  const theme = useTheme()
  const [measure, setMeasure] = useState<StateMeasure>('workers')
  // the theme's colours are read again when it changes
  const colours = useMemo(() => themeColours(theme), [theme])

  const months = stats.byMonth
  const states = useMemo(
    () =>
      [...stats.byState]
        .sort((a, b) => b[measure] - a[measure] || a.state.localeCompare(b.state))
        .slice(0, chartStates),
    [stats.byState, measure],
  )
  const companies = stats.topCompanies

  const monthConfig = useMemo(
    () =>
      barChart(
        months.map((row) => layoffMonth(row.month)),
        months.map((row) => row.workers),
        'Workers affected',
        colours,
        false,
      ),
    [months, colours],
  )
  const stateConfig = useMemo(
    () =>
      barChart(
        states.map((row) => row.state),
        states.map((row) => row[measure]),
        measure === 'workers' ? 'Workers affected' : 'Notices',
        colours,
        true,
      ),
    [states, measure, colours],
  )
  const companyConfig = useMemo(
    () =>
      barChart(
        companies.map((row) => (row.company.length > 28 ? `${row.company.slice(0, 27)}…` : row.company)),
        companies.map((row) => row.workers),
        'Workers affected',
        colours,
        true,
      ),
    [companies, colours],
  )

  const busiest = [...months].sort((a, b) => b.workers - a.workers)[0]
  return (
    <div className="grid min-w-0 gap-4 lg:grid-cols-2" data-testid="layoff-charts">
      <ChartFigure
        wide
        title="Workers affected per month"
        description={`${count(stats.totals.workers)} workers in ${count(stats.totals.notices)} notices, ${count(stats.totals.closures)} of them closures`}
      >
        <ChartCanvas
          config={monthConfig}
          height={260}
          label={`Bar chart of workers affected per month, ${months.length} months${busiest ? `; the most in ${layoffMonth(busiest.month)}: ${count(busiest.workers)}` : ''}`}
        />
        <ChartTable
          caption="Workers affected per month"
          columns={[
            { label: 'Month' },
            { label: 'Workers affected', numeric: true },
            { label: 'Notices', numeric: true },
          ]}
          rows={months.map((row) => [layoffMonth(row.month), row.workers, row.notices])}
        />
      </ChartFigure>
      <ChartFigure
        title={measure === 'workers' ? 'Workers affected per state' : 'Notices per state'}
        description={`The ${Math.min(chartStates, stats.byState.length)} states with the most ${measure === 'workers' ? 'workers affected' : 'notices'}`}
        actions={
          <SegmentedToggle
            label="State chart shows"
            size="sm"
            options={measureOptions}
            value={measure}
            onChange={setMeasure}
          />
        }
      >
        <ChartCanvas
          config={stateConfig}
          height={Math.max(120, states.length * 24 + 40)}
          label={`Horizontal bar chart of ${measure === 'workers' ? 'workers affected' : 'notices'} per state: ${states
            .slice(0, 3)
            .map((row) => `${row.stateName} ${count(row[measure])}`)
            .join(', ')}${states.length > 3 ? ', …' : ''}`}
        />
        <ChartTable
          caption="Notices and workers affected per state"
          columns={[
            { label: 'State' },
            { label: 'Workers affected', numeric: true },
            { label: 'Notices', numeric: true },
          ]}
          rows={states.map((row) => [row.stateName, row.workers, row.notices])}
        />
      </ChartFigure>
      <ChartFigure title="Top companies" description="The companies whose notices affect the most workers">
        <ChartCanvas
          config={companyConfig}
          height={Math.max(120, companies.length * 28 + 40)}
          label={`Horizontal bar chart of workers affected by company: ${companies
            .slice(0, 3)
            .map((row) => `${row.company} ${count(row.workers)}`)
            .join(', ')}${companies.length > 3 ? ', …' : ''}`}
        />
        <ChartTable
          caption="Top companies by workers affected"
          columns={[
            { label: 'Company' },
            { label: 'Workers affected', numeric: true },
            { label: 'Notices', numeric: true },
          ]}
          rows={companies.map((row) => [row.company, row.workers, row.notices])}
        />
      </ChartFigure>
    </div>
  )
}
