import { useQuery } from '@tanstack/react-query'
import { PartyPopper } from 'lucide-react'
import { routineMessages } from '#shared/goals/messages.ts'
import { pathTo } from '#shared/pages.ts'
import { LoadFailedAlert } from '#web/components/load-failed-alert.tsx'
import { PageTitle } from '#web/components/page-title.tsx'
import { BackLink } from '#web/components/ui/back-link.tsx'
import { messageOf } from '#web/lib/api.ts'
import { useViewer } from '#web/lib/session.ts'
import { routineTodayQuery } from '#web/features/goals/api/routine.ts'
import { DailyChallengePanel } from '#web/features/goals/components/daily-challenge-panel.tsx'
import { DailyContentPanel } from '#web/features/goals/components/daily-content-form.tsx'
import { DailyQuotePanel } from '#web/features/goals/components/daily-quote-panel.tsx'
import { EveningReflectionPanel } from '#web/features/goals/components/evening-reflection-panel.tsx'
import { FocusSkillPanel } from '#web/features/goals/components/focus-skill-panel.tsx'
import { formatLongDay, streakLabel } from '#web/features/goals/components/format.ts'
import { PriorityTasksPanel } from '#web/features/goals/components/priority-tasks-panel.tsx'
import { TimeBlocksPanel } from '#web/features/goals/components/time-blocks-panel.tsx'

/**
 * /dashboard/daily-routine (spec 001 §2 Daily routine page): the member's day, kept
 * on the server per member and per day in their own time zone (issue 21).
 */
export function DailyRoutinePage() {
  const today = useQuery(routineTodayQuery())
  const { user } = useViewer()
  const day = today.data

  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6 px-4 py-10 sm:px-6">
      <PageTitle>Daily Routine</PageTitle>
      <BackLink to={pathTo('dashboard')}>Back to Dashboard</BackLink>
      <header className="grid gap-1">
        <h1 className="text-3xl font-semibold tracking-tight">Daily Routine</h1>
        <p className="text-muted-foreground">
          {day ? formatLongDay(day.day) : 'Your focus, your schedule and your reflection, one day at a time.'}
        </p>
      </header>
      {today.isPending ? (
        <p role="status" className="text-sm text-muted-foreground">
          Loading your routine…
        </p>
      ) : today.isError ? (
        <LoadFailedAlert className="py-8" onRetry={() => void today.refetch()}>
          {messageOf(today.error, routineMessages.loadFailed)}
        </LoadFailedAlert>
      ) : (
        <>
          {today.data.completed ? (
            <div
              role="status"
              data-testid="day-completed"
              className="flex items-start gap-3 rounded-xl border border-emerald-600/40 bg-emerald-50 p-4 text-emerald-900 dark:border-emerald-400/40 dark:bg-emerald-950 dark:text-emerald-100"
            >
              <PartyPopper aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
              <p>
                <span className="font-semibold">Today&apos;s routine is complete.</span> You are on a{' '}
                {streakLabel(today.data.streak.current)}.
              </p>
            </div>
          ) : null}
          <div className="grid items-start gap-4 md:grid-cols-2 lg:grid-cols-3">
            <FocusSkillPanel focus={today.data.focusSkill} />
            <DailyChallengePanel challenge={today.data.challenge} />
            <DailyQuotePanel day={today.data} />
            <div className="md:col-span-2 lg:col-span-2">
              <TimeBlocksPanel blocks={today.data.timeBlocks} />
            </div>
            <PriorityTasksPanel tasks={today.data.tasks} />
            <div className="md:col-span-2 lg:col-span-3">
              <EveningReflectionPanel reflection={today.data.reflection} />
            </div>
            {user?.isAdmin ? (
              <div className="md:col-span-2 lg:col-span-3">
                <DailyContentPanel day={today.data.day} />
              </div>
            ) : null}
          </div>
        </>
      )}
    </div>
  )
}
