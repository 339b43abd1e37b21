import type { GoalStatus } from '#shared/goals/constants.ts'

// The goals area's query keys (ARCHITECTURE.md rule 6): career goals, the member's
// daily routine, its calendar and settings, and the day's content admins set. One
// root, so a change that moves the recommendations or the streak can refresh it all.
export const goalKeys = {
  all: ['goals'] as const,
  goals: ['goals', 'list'] as const,
  list: (status: GoalStatus) => ['goals', 'list', status] as const,
  routine: ['goals', 'routine'] as const,
  today: ['goals', 'routine', 'today'] as const,
  calendars: ['goals', 'routine', 'calendar'] as const,
  /** `month` 'YYYY-MM', or 'current' for the member's own month */
  calendar: (month: string) => ['goals', 'routine', 'calendar', month] as const,
  settings: ['goals', 'routine', 'settings'] as const,
  content: (day: string) => ['goals', 'routine', 'content', day] as const,
}
