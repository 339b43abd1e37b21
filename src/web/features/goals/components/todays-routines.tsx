import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { useQuery } from '@tanstack/react-query'
import { CheckCircle2, Circle, ClipboardCheck } from 'lucide-react'
import { routineMessages } from '#shared/goals/messages.ts'
import { pathTo } from '#shared/pages.ts'
import { LoadFailedAlert } from '#web/components/load-failed-alert.tsx'
import { messageOf } from '#web/lib/api.ts'
import {
  routineTodayQuery,
  useSetChallenge,
  useSetTaskDone,
  useSetTimeBlockStatus,
} from '#web/features/goals/api/routine.ts'
import { RoutinePanel } from '#web/features/goals/components/routine-panel.tsx'
import { InstantCheckbox } from '#web/features/goals/components/instant-checkbox.tsx'

const linkClasses = 'text-sm font-medium text-accent underline-offset-4 hover:underline'

/**
 * spec 001 §2 Routine calendar page, Today's Routines: today's challenge, time
 * blocks, tasks and reflection as a checklist, saved as on the routine page.
 */
export function TodaysRoutines() {
  const today = useQuery(routineTodayQuery())
  const setChallenge = useSetChallenge()
  const setBlockStatus = useSetTimeBlockStatus()
  const setTaskDone = useSetTaskDone()

  let body: ReactNode
  if (today.isPending) {
    body = (
      <p role="status" className="text-sm text-muted-foreground">
        Loading today&apos;s routine…
      </p>
    )
  } else if (today.isError) {
    body = (
      <LoadFailedAlert className="py-4" onRetry={() => void today.refetch()}>
        {messageOf(today.error, routineMessages.loadFailed)}
      </LoadFailedAlert>
    )
  } else {
    const day = today.data
    body = (
      <ul className="grid gap-2" aria-label="Today's checklist">
        <li>
          <InstantCheckbox
            label={`Daily challenge: ${day.challenge.title}`}
            checked={day.challenge.completed}
            onCheckedChange={(completed) => setChallenge.mutate(completed)}
          />
        </li>
        {day.timeBlocks.map((block) => (
          <li key={block.id}>
            <InstantCheckbox
              label={`${block.time} ${block.activity}${block.status === 'skipped' ? ' (skipped)' : ''}`}
              checked={block.status === 'completed'}
              onCheckedChange={(completed) =>
                setBlockStatus.mutate({ blockId: block.id, status: completed ? 'completed' : 'pending' })
              }
            />
          </li>
        ))}
        {day.tasks.map((task) => (
          <li key={task.id}>
            <InstantCheckbox
              label={task.title}
              checked={task.completed}
              onCheckedChange={(completed) => setTaskDone.mutate({ taskId: task.id, completed })}
            />
          </li>
        ))}
        <li className="flex items-center gap-2 text-sm" data-testid="reflection-status">
          {day.reflection.completed ? (
            <>
              <CheckCircle2 aria-hidden="true" className="size-4 text-emerald-600 dark:text-emerald-400" />
              Evening reflection done
            </>
          ) : (
            <>
              <Circle aria-hidden="true" className="size-4 text-muted-foreground" />
              <Link to={pathTo('dailyRoutine')} className={linkClasses}>
                Write your evening reflection
              </Link>
            </>
          )}
        </li>
      </ul>
    )
  }
  return (
    <RoutinePanel title="Today's Routines" icon={ClipboardCheck} testId="todays-routines">
      {body}
      <Link to={pathTo('dailyRoutine')} className={linkClasses}>
        Open your daily routine
      </Link>
    </RoutinePanel>
  )
}
