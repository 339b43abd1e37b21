import type { TimeBlockStatus } from '#shared/goals/constants.ts'
import type { RoutineDayView } from '#shared/goals/schemas.ts'

// What a routine write changes in the day the browser shows, before the server
// answers (an optimistic update: a checkbox answers at once, and keeps its focus
// instead of being disabled); the server's RoutineDayView then replaces it.

export type DayChange =
  | { kind: 'challenge'; completed: boolean }
  | { kind: 'block'; blockId: string; time?: string; activity?: string; status?: TimeBlockStatus }
  | { kind: 'remove-block'; blockId: string }
  | { kind: 'task'; taskId: string; title?: string; completed?: boolean }
  | { kind: 'remove-task'; taskId: string }

/** The day as it will be once `change` is saved (the day's completion and streak stay the server's to say). */
export function applyDayChange(day: RoutineDayView, change: DayChange): RoutineDayView {
  switch (change.kind) {
    case 'challenge':
      return { ...day, challenge: { ...day.challenge, completed: change.completed } }
    case 'block': {
      const { blockId, kind: _kind, ...fields } = change
      return {
        ...day,
        timeBlocks: day.timeBlocks.map((block) => (block.id === blockId ? { ...block, ...defined(fields) } : block)),
      }
    }
    case 'remove-block':
      return { ...day, timeBlocks: day.timeBlocks.filter((block) => block.id !== change.blockId) }
    case 'task': {
      const { taskId, kind: _kind, ...fields } = change
      return { ...day, tasks: day.tasks.map((task) => (task.id === taskId ? { ...task, ...defined(fields) } : task)) }
    }
    case 'remove-task':
      return { ...day, tasks: day.tasks.filter((task) => task.id !== change.taskId) }
  }
}

function defined<T extends object>(fields: T): Partial<T> {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as Partial<T>
}

export type DayProgress = { done: number; total: number; percent: number }

/**
 * How far the member is through today: the challenge, each time block that is no
 * longer pending (completed or skipped: both are decided), each task, and the
 * evening reflection.
 */
export function dayProgress(day: RoutineDayView): DayProgress {
  const items = [
    day.challenge.completed,
    ...day.timeBlocks.map((block) => block.status !== 'pending'),
    ...day.tasks.map((task) => task.completed),
    day.reflection.completed,
  ]
  const done = items.filter(Boolean).length
  return { done, total: items.length, percent: Math.round((done / items.length) * 100) }
}
