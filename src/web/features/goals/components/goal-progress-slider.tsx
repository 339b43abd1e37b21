import { useEffect, useRef, useState } from 'react'
import { toast } from 'sonner'
import { goalProgressStep } from '#shared/goals/constants.ts'
import { goalMessages } from '#shared/goals/messages.ts'
import type { GoalView } from '#shared/goals/schemas.ts'
import { messageOf } from '#web/lib/api.ts'
import { useUpdateGoal } from '#web/features/goals/api/goals.ts'

/**
 * spec 001 §5, §9: a goal's progress, 0-100 in steps of 5. It moves as the member
 * drags and is saved on release: the native `change` event, which a range input
 * fires when the pointer lets go and on each key press, not on every pixel of a drag.
 */
export function GoalProgressSlider({ goal }: { goal: GoalView }) {
  const [value, setValue] = useState(goal.progress)
  const input = useRef<HTMLInputElement>(null)
  const update = useUpdateGoal()
  const save = useRef<(progress: number) => void>(() => undefined)
  save.current = (progress: number) => {
    if (progress === goal.progress) return
    update.mutate(
      { goalId: goal.id, progress },
      {
        onError: (error) => {
          setValue(goal.progress)
          toast.error(messageOf(error, goalMessages.progressFailed))
        },
      },
    )
  }

  // the saved value wins when it changes (this browser's save, or another tab's)
  useEffect(() => setValue(goal.progress), [goal.progress])

  useEffect(() => {
    const element = input.current
    if (!element) return
    const released = () => save.current(Number(element.value))
    element.addEventListener('change', released)
    return () => element.removeEventListener('change', released)
  }, [])

  return (
    <div className="grid gap-1.5">
      <div className="flex items-center justify-between gap-2 text-sm">
        <span className="text-muted-foreground">Progress</span>
        <output htmlFor={`progress-${goal.id}`} className="font-medium tabular-nums" data-testid="goal-progress">
          {value}%
        </output>
      </div>
      <div aria-hidden="true" className="h-2 w-full overflow-hidden rounded-full bg-muted">
        <div className="h-full rounded-full bg-primary transition-[width]" style={{ width: `${value}%` }} />
      </div>
      <input
        ref={input}
        id={`progress-${goal.id}`}
        type="range"
        min={0}
        max={100}
        step={goalProgressStep}
        value={value}
        aria-label={`Progress of ${goal.title}`}
        aria-valuetext={`${value}%`}
        onChange={(event) => setValue(Number(event.target.value))}
        className="w-full accent-[var(--primary)] focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      />
    </div>
  )
}
