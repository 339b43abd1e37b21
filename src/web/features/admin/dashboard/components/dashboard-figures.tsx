import { useQuery } from '@tanstack/react-query'
import { dashboardMessages, dashboardWeekDays, type DashboardFigures } from '#shared/admin/dashboard.ts'
import { formatPrice } from '#shared/billing/schemas.ts'
import { messageOf } from '#web/lib/api.ts'
import { dashboardFiguresQuery } from '#web/features/admin/dashboard/api/dashboard.ts'
import { CardLoadFailed, CardLoading, DashboardCard } from './dashboard-card.tsx'

const count = (value: number) => value.toLocaleString('en-US')
const asOfFormat = new Intl.DateTimeFormat('en-US', { timeStyle: 'short' })

const figureRows: Array<{
  key: keyof Omit<DashboardFigures, 'asOf'>
  label: string
  hint: string
  format: (value: number) => string
}> = [
  { key: 'members', label: 'Members', hint: 'All accounts', format: count },
  { key: 'subscribers', label: 'Subscribers', hint: 'Paid or in the free month', format: count },
  { key: 'mrrCents', label: 'MRR', hint: 'Active paid subscriptions, per month', format: formatPrice },
  { key: 'signUpsThisWeek', label: 'Sign-ups this week', hint: `Last ${dashboardWeekDays} days`, format: count },
  { key: 'openReviews', label: 'Open reviews', hint: 'Resumes waiting for a score', format: count },
  {
    key: 'applicationsThisWeek',
    label: 'Applications this week',
    hint: `Last ${dashboardWeekDays} days`,
    format: count,
  },
]

/** The figures that matter (issue 22): members, subscribers, MRR, and this week's activity. */
export function DashboardFiguresCard() {
  const figures = useQuery(dashboardFiguresQuery())
  return (
    <DashboardCard
      id="dashboard-figures"
      title="Platform figures"
      action={
        figures.data ? (
          <p className="text-xs text-muted-foreground">
            As of <time dateTime={figures.data.asOf}>{asOfFormat.format(new Date(figures.data.asOf))}</time>
          </p>
        ) : null
      }
    >
      {figures.isPending ? (
        <CardLoading>Loading figures…</CardLoading>
      ) : figures.isError ? (
        <CardLoadFailed
          message={messageOf(figures.error, dashboardMessages.figuresLoadFailed)}
          onRetry={() => void figures.refetch()}
        />
      ) : (
        <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3">
          {figureRows.map((row) => (
            <div key={row.key} className="grid gap-0.5 rounded-lg bg-muted/50 p-4">
              <dt className="text-sm font-medium text-muted-foreground">{row.label}</dt>
              <dd className="text-2xl font-semibold tabular-nums">{row.format(figures.data[row.key])}</dd>
              <dd className="text-xs text-muted-foreground">{row.hint}</dd>
            </div>
          ))}
        </dl>
      )}
    </DashboardCard>
  )
}
