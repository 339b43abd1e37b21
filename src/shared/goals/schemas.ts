import { z } from 'zod'
import { requiredText } from '#shared/common/fields.ts'
import {
  goalProgressStep,
  goalStatuses,
  goalTitleMaxLength,
  goalTypes,
  reflectionAnswerMaxLength,
  routineTextMaxLength,
  timeBlockStatuses,
  type GoalStatus,
  type GoalType,
  type TimeBlockStatus,
} from './constants.ts'
import { goalMessages, routineMessages } from './messages.ts'

// Career goals and the daily routine (issue 21): what the dashboards, the routine
// and calendar pages and the settings exchange with the server (docs/decisions/030).
// A "day" is always 'YYYY-MM-DD' in the member's own time zone.

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: routineMessages.invalidDay })

// ---------- career goals (spec 001 §3, §5) ----------

export type GoalView = {
  id: string
  title: string
  type: GoalType
  targetDate: string | null
  status: GoalStatus
  progress: number
  createdAt: string
  closedAt: string | null
}

export const GoalListQuery = z.object({
  status: z.enum(goalStatuses, { error: goalMessages.invalidStatus }).default('active'),
})
export type GoalListQuery = z.input<typeof GoalListQuery>

/** spec 001 §5: type and title required; the target date optional and not before the member's today (the server checks that). */
export const GoalInput = z.object({
  title: requiredText(goalMessages.requiredFields, goalTitleMaxLength, goalMessages.titleTooLong),
  type: z.enum(goalTypes, { error: goalMessages.requiredFields }),
  targetDate: isoDay.nullish(),
})
export type GoalInput = z.input<typeof GoalInput>

const progress = z
  .number({ error: goalMessages.invalidProgress })
  .int({ error: goalMessages.invalidProgress })
  .min(0, { error: goalMessages.invalidProgress })
  .max(100, { error: goalMessages.invalidProgress })
  .refine((value) => value % goalProgressStep === 0, { error: goalMessages.invalidProgress })

export const GoalUpdate = z
  .object({
    title: requiredText(goalMessages.requiredFields, goalTitleMaxLength, goalMessages.titleTooLong),
    type: z.enum(goalTypes, { error: goalMessages.invalidType }),
    targetDate: isoDay.nullable(),
    progress,
    status: z.enum(goalStatuses, { error: goalMessages.invalidStatus }),
  })
  .partial()
export type GoalUpdate = z.input<typeof GoalUpdate>

// ---------- the daily routine (spec 001 §2 Daily routine page, §3 Routine data) ----------

export type TimeBlockView = { id: string; time: string; activity: string; status: TimeBlockStatus }
export type TaskView = { id: string; title: string; completed: boolean }
export type RoutineReflection = { answers: [string, string, string] }
export type Streak = { current: number; longest: number }

export type RoutineDayView = {
  /** the member's today, in `timeZone` */
  day: string
  timeZone: string
  /** the focus skill (one of the profile's skills) with its progress from the proficiency level; null when none is chosen */
  focusSkill: { skill: string; progress: number; daysStreak: number } | null
  challenge: { title: string; description: string; minutes: number; completed: boolean }
  quote: { text: string; author: string }
  coachTip: string
  timeBlocks: TimeBlockView[]
  tasks: TaskView[]
  reflection: { completed: boolean; answers: string[] | null }
  /** the day counts as completed: challenge done and reflection saved */
  completed: boolean
  streak: Streak
}

/** `tz`: the browser's zone, used (and kept on the profile) only while the profile has none. */
export const RoutineTodayQuery = z.object({ tz: z.string().max(64).optional() })

export const ChallengeInput = z.object({ completed: z.boolean() })

const hhmm = z.string().regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, { error: routineMessages.invalidTime })

export const TimeBlockInput = z.object({
  time: hhmm,
  activity: requiredText(routineMessages.activityRequired, routineTextMaxLength, routineMessages.textTooLong),
})
export const TimeBlockUpdate = TimeBlockInput.extend({
  status: z.enum(timeBlockStatuses, { error: routineMessages.invalidStatus }),
}).partial()

export const TaskInput = z.object({
  title: requiredText(routineMessages.taskRequired, routineTextMaxLength, routineMessages.textTooLong),
})
export const TaskUpdate = TaskInput.extend({ completed: z.boolean() }).partial()

const answer = requiredText(
  routineMessages.reflectionRequired,
  reflectionAnswerMaxLength,
  routineMessages.answerTooLong,
)
export const ReflectionInput = z.object({
  answers: z.tuple([answer, answer, answer], { error: routineMessages.reflectionRequired }),
})
export type ReflectionInput = z.infer<typeof ReflectionInput>

// ---------- the calendar (spec 001 §2 Routine calendar page, §9) ----------

export const CalendarQuery = z.object({
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: routineMessages.invalidMonth })
    .optional(),
  tz: z.string().max(64).optional(),
})

export type RoutineCalendar = {
  month: string
  today: string
  /** the days of `month` the member completed their routine, ascending */
  completedDays: string[]
  streak: Streak
}

// ---------- settings (the member's; /settings) ----------

export type RoutineSettings = { focusSkill: string | null; nudgeEmail: boolean; timeZone: string | null }

export const RoutineSettingsInput = z
  .object({
    focusSkill: z.string().trim().max(100).nullable(),
    nudgeEmail: z.boolean(),
    /** an IANA zone; the server checks it with Intl. null: none kept, the browser's is taken again (issue 21) */
    timeZone: z.string().trim().min(1, { error: routineMessages.invalidTimeZone }).max(64).nullable(),
  })
  .partial()

// ---------- the day's content (admins; spec 001 §3 dailyQuote, coachTip, dailyChallenge) ----------

export type DailyContentView = {
  day: string
  quote: { text: string; author: string }
  coachTip: string
  challenge: { title: string; description: string; minutes: number }
  /** false: nothing set by an admin, the built-in rotation's (shared/goals/library.ts) */
  custom: boolean
}

export const DailyContentInput = z.object({
  quoteText: requiredText('Please enter the quote', 500, 'Quotes must be 500 characters or fewer'),
  quoteAuthor: requiredText("Please enter the quote's author", 100, 'Authors must be 100 characters or fewer'),
  coachTip: requiredText("Please enter the coach's tip", 500, 'Tips must be 500 characters or fewer'),
  challengeTitle: requiredText('Please enter the challenge', routineTextMaxLength, routineMessages.textTooLong),
  challengeDescription: requiredText(
    'Please describe the challenge',
    1000,
    'Descriptions must be 1000 characters or fewer',
  ),
  challengeMinutes: z
    .number({ error: 'Please enter the minutes it takes (1-240)' })
    .int({ error: 'Please enter the minutes it takes (1-240)' })
    .min(1, { error: 'Please enter the minutes it takes (1-240)' })
    .max(240, { error: 'Please enter the minutes it takes (1-240)' }),
})
export type DailyContentInput = z.infer<typeof DailyContentInput>

// ---------- recommendations (spec 001 §2, computed: issue 21) ----------

export type Recommendation = {
  title: string
  /** why, in a sentence: 'because your goal is Remote Work and 3 saved jobs ask for Docker' */
  because: string
  /** where to act on it, a path of the product */
  href: string | null
}

export type Recommendations = {
  nextSteps: Recommendation[]
  skillDevelopment: Recommendation[]
  networkBuilding: Recommendation[]
}
