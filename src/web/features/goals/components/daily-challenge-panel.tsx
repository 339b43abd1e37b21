import { Clock, Flame } from 'lucide-react'
import type { RoutineDayView } from '#shared/goals/schemas.ts'
import { useSetChallenge } from '#web/features/goals/api/routine.ts'
import { RoutinePanel } from '#web/features/goals/components/routine-panel.tsx'
import { InstantCheckbox } from '#web/features/goals/components/instant-checkbox.tsx'

/** spec 001 §3 dailyChallenge: today's challenge, its time estimate, and whether the member did it. */
export function DailyChallengePanel({ challenge }: { challenge: RoutineDayView['challenge'] }) {
  const setChallenge = useSetChallenge()
  return (
    <RoutinePanel title="Daily Challenge" icon={Flame} testId="daily-challenge">
      <div className="grid gap-1">
        <p className="text-lg font-semibold">{challenge.title}</p>
        <p className="text-sm text-muted-foreground">{challenge.description}</p>
      </div>
      <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
        <Clock aria-hidden="true" className="size-4" />
        About {challenge.minutes} minutes
      </p>
      <InstantCheckbox
        label="Challenge completed"
        checked={challenge.completed}
        onCheckedChange={(completed) => setChallenge.mutate(completed)}
      />
    </RoutinePanel>
  )
}
