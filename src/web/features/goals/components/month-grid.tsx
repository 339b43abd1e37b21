import { calendarGrid } from '#shared/goals/calendar.ts'
import { cn } from '#web/lib/cn.ts'
import { formatLongDay, formatMonth } from '#web/features/goals/components/format.ts'

const weekdays = [
  ['Sun', 'Sunday'],
  ['Mon', 'Monday'],
  ['Tue', 'Tuesday'],
  ['Wed', 'Wednesday'],
  ['Thu', 'Thursday'],
  ['Fri', 'Friday'],
  ['Sat', 'Saturday'],
] as const

/** The accessible name of a day's cell: 'Saturday, July 4, 2026, today, completed'. */
export function dayCellLabel(day: string, { today, completed }: { today: boolean; completed: boolean }): string {
  return [formatLongDay(day), today ? 'today' : null, completed ? 'completed' : null].filter(Boolean).join(', ')
}

/**
 * spec 001 §9 Calendar grid: `month` in 42 cells, weeks starting on Sunday, today
 * highlighted (aria-current) and the days the member completed their routine marked.
 */
export function MonthGrid({
  month,
  today,
  completedDays,
}: {
  month: string
  today: string | undefined
  completedDays: ReadonlySet<string>
}) {
  const cells = calendarGrid(month)
  const weeks = Array.from({ length: cells.length / 7 }, (_, week) => cells.slice(week * 7, week * 7 + 7))
  return (
    <table className="w-full table-fixed border-separate border-spacing-1" data-testid="month-grid">
      <caption className="sr-only">{formatMonth(month)}</caption>
      <thead>
        <tr>
          {weekdays.map(([short, long]) => (
            <th key={short} scope="col" abbr={long} className="py-1 text-xs font-medium text-muted-foreground">
              {short}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {weeks.map((week) => (
          <tr key={week[0]!.day}>
            {week.map(({ day, inMonth }) => {
              const isToday = day === today
              const completed = completedDays.has(day)
              return (
                <td
                  key={day}
                  aria-label={dayCellLabel(day, { today: isToday, completed })}
                  aria-current={isToday ? 'date' : undefined}
                  data-completed={completed || undefined}
                  className={cn(
                    'relative h-12 rounded-lg border text-center align-top text-sm sm:h-16',
                    inMonth ? 'border-border bg-card' : 'border-transparent bg-muted/40 text-muted-foreground',
                    completed && 'border-emerald-600/50 bg-emerald-50 dark:border-emerald-400/50 dark:bg-emerald-950',
                    isToday && 'ring-2 ring-primary ring-offset-1 ring-offset-background',
                  )}
                >
                  <span aria-hidden="true" className={cn('block pt-1 tabular-nums', isToday && 'font-bold')}>
                    {Number(day.slice(8))}
                  </span>
                  {completed ? (
                    <span
                      aria-hidden="true"
                      className="absolute bottom-1 left-1/2 size-2 -translate-x-1/2 rounded-full bg-emerald-600 dark:bg-emerald-400"
                    />
                  ) : null}
                </td>
              )
            })}
          </tr>
        ))}
      </tbody>
    </table>
  )
}
