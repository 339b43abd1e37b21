import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { useQuery } from '@tanstack/react-query'
import { routineMessages } from '#shared/goals/messages.ts'
import { pathTo } from '#shared/pages.ts'
import { Button } from '#web/components/ui/button.tsx'
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx'
import { dayProgress } from '#web/features/goals/api/day-changes.ts'
import { routineTodayQuery } from '#web/features/goals/api/routine.ts'
import { daysLabel, formatLongDay } from '#web/features/goals/components/format.ts'

const linkClasses = 'text-sm font-medium text-accent underline-offset-4 hover:underline'

/** /dashboard's way into the daily routine and its calendar: how far today is, and the streak. */
export function RoutineTodayCard() {
  const today = useQuery(routineTodayQuery())
  let body: ReactNode
  if (today.isPending) {
    body = (
      <p role="status" className="text-sm text-muted-foreground">
        Loading your routine…
      </p>
    )
  } else if (today.isError) {
    body = (
      <div role="alert" className="grid justify-items-start gap-2 text-sm">
        <p>{routineMessages.loadFailed}</p>
        <Button variant="outline" size="sm" onClick={() => void today.refetch()}>
          Try again
        </Button>
      </div>
    )
  } else {
    const day = today.data
    const progress = dayProgress(day)
    body = (
      <>
        <p className="text-sm text-muted-foreground">{formatLongDay(day.day)}</p>
        <div className="grid gap-2">
          <p className="flex items-baseline justify-between gap-2">
            <span className="text-2xl font-semibold">{progress.percent}%</span>
            <span className="text-sm text-muted-foreground">
              {progress.done} of {progress.total} done
            </span>
          </p>
          <div
            role="progressbar"
            aria-label="Today's routine"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={progress.percent}
            className="h-2 w-full overflow-hidden rounded-full bg-muted"
          >
            <div className="h-full rounded-full bg-primary" style={{ width: `${progress.percent}%` }} />
          </div>
        </div>
        <dl className="grid grid-cols-2 gap-4 text-sm">
          <div className="grid gap-1">
            <dt className="text-muted-foreground">Current streak</dt>
            <dd className="text-lg font-semibold" data-testid="today-streak">
              {daysLabel(day.streak.current)}
            </dd>
          </div>
          <div className="grid gap-1">
            <dt className="text-muted-foreground">Today</dt>
            <dd className="text-lg font-semibold">{day.completed ? 'Completed' : 'In progress'}</dd>
          </div>
        </dl>
      </>
    )
  }
  return (
    <Card role="region" aria-labelledby="card-today" className="h-full">
      <CardHeader>
        <CardTitle id="card-today">Today</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        {body}
        <div className="flex flex-wrap gap-x-4 gap-y-2">
          <Link to={pathTo('dailyRoutine')} className={linkClasses}>
            Open your daily routine
          </Link>
          <Link to={pathTo('calendar')} className={linkClasses}>
            Open your calendar
          </Link>
        </div>
      </CardContent>
    </Card>
  )
}
