import { useMemo } from 'react'
import { useSearchParams } from 'react-router'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { CalendarDays, ChevronLeft, ChevronRight, Flame } from 'lucide-react'
import { addMonths, isValidMonth } from '#shared/goals/calendar.ts'
import { routineMessages } from '#shared/goals/messages.ts'
import { pathTo } from '#shared/pages.ts'
import { LoadFailedAlert } from '#web/components/load-failed-alert.tsx'
import { PageTitle } from '#web/components/page-title.tsx'
import { BackLink } from '#web/components/ui/back-link.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { messageOf } from '#web/lib/api.ts'
import { routineCalendarQuery } from '#web/features/goals/api/routine.ts'
import { daysLabel, formatMonth } from '#web/features/goals/components/format.ts'
import { MonthGrid } from '#web/features/goals/components/month-grid.tsx'
import { RoutinePanel } from '#web/features/goals/components/routine-panel.tsx'
import { TodaysRoutines } from '#web/features/goals/components/todays-routines.tsx'

/**
 * /dashboard/calendar (spec 001 §2 Routine calendar page): the month, in the URL
 * (?month=YYYY-MM; without it, the member's current month), with the days the
 * member actually completed their routine, their streaks, and today's checklist.
 */
export function CalendarPage() {
  const [params, setParams] = useSearchParams()
  const asked = params.get('month')
  const month = asked && isValidMonth(asked) ? asked : undefined
  const calendar = useQuery({ ...routineCalendarQuery(month), placeholderData: keepPreviousData })
  // while another month loads, the grid shows the month asked for, without the last one's marks
  const data = calendar.data && (!month || calendar.data.month === month) ? calendar.data : undefined
  const shown = month ?? data?.month
  const completed = useMemo(() => new Set(data?.completedDays ?? []), [data])
  const streak = calendar.data?.streak
  const today = calendar.data?.today

  const go = (to: string) =>
    setParams((current) => {
      const next = new URLSearchParams(current)
      next.set('month', to)
      return next
    })

  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6 px-4 py-10 sm:px-6">
      <PageTitle>Routine Calendar</PageTitle>
      <BackLink to={pathTo('dashboard')}>Back to Dashboard</BackLink>
      <header className="grid gap-1">
        <h1 className="text-3xl font-semibold tracking-tight">Routine Calendar</h1>
        <p className="text-muted-foreground">The days you completed your routine, and your streaks.</p>
      </header>
      <div className="grid items-start gap-4 lg:grid-cols-[2fr_1fr]">
        <RoutinePanel title="Your month" icon={CalendarDays} testId="calendar">
          <div className="flex items-center justify-between gap-2">
            <Button
              variant="outline"
              size="icon"
              aria-label="Previous month"
              title="Previous month"
              disabled={!shown}
              onClick={() => shown && go(addMonths(shown, -1))}
            >
              <ChevronLeft aria-hidden="true" className="size-4" />
            </Button>
            <h2 aria-live="polite" className="text-lg font-semibold" data-testid="calendar-month">
              {shown ? formatMonth(shown) : 'Loading…'}
            </h2>
            <Button
              variant="outline"
              size="icon"
              aria-label="Next month"
              title="Next month"
              disabled={!shown}
              onClick={() => shown && go(addMonths(shown, 1))}
            >
              <ChevronRight aria-hidden="true" className="size-4" />
            </Button>
          </div>
          {calendar.isError && !data ? (
            <LoadFailedAlert className="py-6" onRetry={() => void calendar.refetch()}>
              {messageOf(calendar.error, routineMessages.calendarLoadFailed)}
            </LoadFailedAlert>
          ) : shown ? (
            <MonthGrid month={shown} today={today} completedDays={completed} />
          ) : (
            <p role="status" className="text-sm text-muted-foreground">
              Loading your calendar…
            </p>
          )}
          {shown && today && !today.startsWith(shown) ? (
            <Button variant="link" className="w-fit" onClick={() => go(today.slice(0, 7))}>
              Back to this month
            </Button>
          ) : null}
          <p className="flex items-center gap-2 text-xs text-muted-foreground">
            <span aria-hidden="true" className="size-2 rounded-full bg-emerald-600 dark:bg-emerald-400" />
            Routine completed
          </p>
        </RoutinePanel>
        <div className="grid gap-4">
          <RoutinePanel title="Streaks" icon={Flame} testId="streaks">
            {streak ? (
              <dl className="grid grid-cols-2 gap-4">
                <div className="grid gap-1">
                  <dt className="text-sm text-muted-foreground">Current streak</dt>
                  <dd className="text-2xl font-semibold" data-testid="current-streak">
                    {daysLabel(streak.current)}
                  </dd>
                </div>
                <div className="grid gap-1">
                  <dt className="text-sm text-muted-foreground">Longest streak</dt>
                  <dd className="text-2xl font-semibold" data-testid="longest-streak">
                    {daysLabel(streak.longest)}
                  </dd>
                </div>
              </dl>
            ) : calendar.isError ? (
              <p className="text-sm text-muted-foreground">Your streaks could not be loaded.</p>
            ) : (
              <p role="status" className="text-sm text-muted-foreground">
                Loading your streaks…
              </p>
            )}
          </RoutinePanel>
          <TodaysRoutines />
        </div>
      </div>
    </div>
  )
}
