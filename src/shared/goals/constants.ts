// Career goals and the daily routine (issue 21; spec 001 §3, §9; docs/decisions/030).

/** spec 001 §9: the five goal types, with their descriptions and display names. */
export const goalTypes = ['promotion', 'transition', 'remote', 'consulting', 'leadership'] as const
export type GoalType = (typeof goalTypes)[number]

export const goalTypeLabels: Record<GoalType, string> = {
  promotion: 'Promotion',
  transition: 'Career Transition',
  remote: 'Remote Work',
  consulting: 'Consulting',
  leadership: 'Leadership',
}

export const goalTypeDescriptions: Record<GoalType, string> = {
  promotion: 'Get promoted to a specific role',
  transition: 'Transition into a new industry',
  remote: 'Land a remote job',
  consulting: 'Start a consulting business',
  leadership: 'Improve leadership skills',
}

/** spec 001 §4 'active'; achieved and archived are issue 21's. */
export const goalStatuses = ['active', 'achieved', 'archived'] as const
export type GoalStatus = (typeof goalStatuses)[number]

/** spec 001 §9: progress 0-100 in steps of 5. */
export const goalProgressStep = 5
export const goalTitleMaxLength = 200
/** a member's active goals: enough for any plan, bounded for the card */
export const maxActiveGoals = 20

export const timeBlockStatuses = ['pending', 'completed', 'skipped'] as const
export type TimeBlockStatus = (typeof timeBlockStatuses)[number]

export const routineTextMaxLength = 200
export const reflectionAnswerMaxLength = 2000
/** per day: a schedule and a task list a person can follow */
export const maxTimeBlocksPerDay = 24
export const maxTasksPerDay = 20

/** spec 001 §3 eveningReflection: three answers; the questions are ours (the spec does not give them). */
export const reflectionQuestions = [
  'What went well today?',
  'What was challenging, and what did you learn from it?',
  'What is the one thing you will focus on tomorrow?',
] as const

/** spec 001 §9 Calendar grid: 42 cells, weeks start on Sunday. */
export const calendarCells = 42

/** The hour of the member's own morning the daily nudge e-mail goes at (opt-in). */
export const nudgeLocalHour = 7
