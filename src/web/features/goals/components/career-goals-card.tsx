import type { ReactNode } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Archive, Trophy } from 'lucide-react'
import { toast } from 'sonner'
import { goalMessages } from '#shared/goals/messages.ts'
import type { GoalView } from '#shared/goals/schemas.ts'
import { Button } from '#web/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx'
import { messageOf } from '#web/lib/api.ts'
import { cn } from '#web/lib/cn.ts'
import { goalsQuery, useUpdateGoal } from '#web/features/goals/api/goals.ts'
import { useMemberToday } from '#web/features/goals/api/routine.ts'
import { AddGoalForm } from '#web/features/goals/components/add-goal-form.tsx'
import { formatShortDay } from '#web/features/goals/components/format.ts'
import { GoalProgressSlider } from '#web/features/goals/components/goal-progress-slider.tsx'
import { GoalTypeBadge } from '#web/features/goals/components/goal-type-badge.tsx'

/**
 * spec 001 §2 member dashboard, Career Goals: the member's active goals with their
 * progress, and the form that adds one; a goal is marked achieved or archived
 * (issue 21), which takes it off the list. Given room (a dashboard lets it span
 * columns through `className`), the form and the list sit side by side.
 */
export function CareerGoalsCard({ className }: { className?: string }) {
  const goals = useQuery(goalsQuery())
  const today = useMemberToday()
  let list: ReactNode
  if (goals.isPending) {
    list = (
      <p role="status" className="text-sm text-muted-foreground">
        Loading your career goals…
      </p>
    )
  } else if (goals.isError) {
    list = (
      <div role="alert" className="grid justify-items-start gap-2 text-sm">
        <p>{goalMessages.loadFailed}</p>
        <Button variant="outline" size="sm" onClick={() => void goals.refetch()}>
          Try again
        </Button>
      </div>
    )
  } else if (goals.data.length === 0) {
    list = <p className="text-sm text-muted-foreground">{goalMessages.none}</p>
  } else {
    list = (
      <ul className="grid gap-3 @xl:grid-cols-2" aria-label="Your active goals">
        {goals.data.map((goal) => (
          <GoalItem key={goal.id} goal={goal} />
        ))}
      </ul>
    )
  }
  return (
    <Card
      role="region"
      aria-labelledby="card-career-goals"
      className={cn('@container h-full', className)}
      data-testid="career-goals"
    >
      <CardHeader>
        <CardTitle id="card-career-goals">Career Goals</CardTitle>
        <CardDescription>Set where you are heading and track how far you have come.</CardDescription>
      </CardHeader>
      <CardContent className="grid items-start gap-5 @2xl:grid-cols-[minmax(0,1fr)_minmax(0,2fr)] @2xl:gap-8">
        <AddGoalForm today={today} />
        <div className="@container grid gap-2">
          <h3 className="text-sm font-semibold">Active goals</h3>
          {list}
        </div>
      </CardContent>
    </Card>
  )
}

function GoalItem({ goal }: { goal: GoalView }) {
  const update = useUpdateGoal()
  const close = (status: 'achieved' | 'archived') =>
    update.mutate(
      { goalId: goal.id, status },
      {
        onSuccess: () => toast.success(status === 'achieved' ? goalMessages.achieved : goalMessages.archived),
        onError: (error) => toast.error(messageOf(error)),
      },
    )
  return (
    <li className="grid gap-3 rounded-lg border border-border p-3" aria-label={goal.title} data-testid="goal">
      <div className="grid gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <GoalTypeBadge type={goal.type} />
          {goal.targetDate ? (
            <span className="text-xs text-muted-foreground">Target: {formatShortDay(goal.targetDate)}</span>
          ) : null}
        </div>
        <p className="font-medium break-words">{goal.title}</p>
      </div>
      <GoalProgressSlider goal={goal} />
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" disabled={update.isPending} onClick={() => close('achieved')}>
          <Trophy aria-hidden="true" className="size-4" />
          Mark achieved<span className="sr-only">: {goal.title}</span>
        </Button>
        <Button variant="ghost" size="sm" disabled={update.isPending} onClick={() => close('archived')}>
          <Archive aria-hidden="true" className="size-4" />
          Archive<span className="sr-only">: {goal.title}</span>
        </Button>
      </div>
    </li>
  )
}
