import { useId } from 'react'
import { goalTypeDescriptions, goalTypeLabels, type GoalType } from '#shared/goals/constants.ts'

/**
 * A goal's type by its display name, with its description (spec 001 §9) in a
 * tooltip that shows on hover and on keyboard focus, and is read with the badge.
 */
export function GoalTypeBadge({ type }: { type: GoalType }) {
  const tipId = useId()
  return (
    <span className="group relative inline-flex">
      <span
        tabIndex={0}
        aria-describedby={tipId}
        className="cursor-help rounded-full bg-muted px-2.5 py-0.5 text-xs font-medium text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      >
        {goalTypeLabels[type]}
      </span>
      <span
        id={tipId}
        role="tooltip"
        className="pointer-events-none invisible absolute bottom-full left-0 z-10 mb-1.5 w-max max-w-56 rounded-md bg-foreground px-2 py-1 text-xs text-background opacity-0 shadow transition-opacity group-focus-within:visible group-focus-within:opacity-100 group-hover:visible group-hover:opacity-100"
      >
        {goalTypeDescriptions[type]}
      </span>
    </span>
  )
}
