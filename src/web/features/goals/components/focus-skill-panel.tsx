import { Link } from 'react-router'
import { Target } from 'lucide-react'
import { pathTo } from '#shared/pages.ts'
import type { RoutineDayView } from '#shared/goals/schemas.ts'
import { daysLabel } from '#web/features/goals/components/format.ts'
import { PercentBar, RoutinePanel } from '#web/features/goals/components/routine-panel.tsx'

const linkClasses = 'text-sm font-medium text-accent underline-offset-4 hover:underline'

/** spec 001 §3 skillProgress: the skill the member works on, its progress from their level, and the days in a row. */
export function FocusSkillPanel({ focus }: { focus: RoutineDayView['focusSkill'] }) {
  return (
    <RoutinePanel title="Focus Skill" icon={Target} testId="focus-skill">
      {focus ? (
        <>
          <p className="text-xl font-semibold">{focus.skill}</p>
          <div className="grid gap-1.5">
            <p className="flex justify-between text-sm">
              <span className="text-muted-foreground">Skill progress</span>
              <span className="font-medium tabular-nums">{focus.progress}%</span>
            </p>
            <PercentBar label={`${focus.skill} progress`} percent={focus.progress} />
          </div>
          <p className="text-sm">
            <span className="font-semibold">{daysLabel(focus.daysStreak)}</span>{' '}
            <span className="text-muted-foreground">streak</span>
          </p>
          <Link to={`${pathTo('settings')}#daily-routine`} className={linkClasses}>
            Change your focus skill
          </Link>
        </>
      ) : (
        <>
          <p className="text-sm text-muted-foreground">
            Pick one of your skills to focus on, and follow its progress here day after day.
          </p>
          <Link to={`${pathTo('settings')}#daily-routine`} className={linkClasses}>
            Choose a focus skill in Settings
          </Link>
        </>
      )}
    </RoutinePanel>
  )
}
