import type { GoalStatus, GoalType, TimeBlockStatus } from '#shared/goals/constants.ts'
import { libraryContentFor } from '#shared/goals/library.ts'
import type { DailyContentView, GoalView, TaskView, TimeBlockView } from '#shared/goals/schemas.ts'
import type * as queries from './queries.ts'

// Rows as the API shows them (shared/goals/schemas.ts). No rule lives here.

export function toGoalView(row: queries.GoalRow): GoalView {
  return {
    id: row.id,
    title: row.title,
    type: row.type as GoalType,
    targetDate: row.targetDate,
    status: row.status as GoalStatus,
    progress: row.progress,
    createdAt: row.createdAt.toISOString(),
    closedAt: row.closedAt ? row.closedAt.toISOString() : null,
  }
}

export function toTimeBlockView(row: queries.TimeBlockRow): TimeBlockView {
  return { id: row.id, time: row.time, activity: row.activity, status: row.status as TimeBlockStatus }
}

export function toTaskView(row: queries.TaskRow): TaskView {
  return { id: row.id, title: row.title, completed: row.completed }
}

/**
 * The quote, tip and challenge of `day`: what an admin set for it, else the built-in
 * rotation's (shared/goals/library.ts), part by part (a row missing a part, which
 * the admin form never leaves, still shows a whole day).
 */
export function toDailyContentView(day: string, row: queries.DailyContentRow | undefined): DailyContentView {
  const library = libraryContentFor(day)
  const quote = row?.quoteText && row.quoteAuthor ? { text: row.quoteText, author: row.quoteAuthor } : library.quote
  const challenge =
    row?.challengeTitle && row.challengeDescription && row.challengeMinutes
      ? { title: row.challengeTitle, description: row.challengeDescription, minutes: row.challengeMinutes }
      : library.challenge
  return {
    day,
    quote: { text: quote.text, author: quote.author },
    coachTip: row?.coachTip || library.coachTip,
    challenge: { title: challenge.title, description: challenge.description, minutes: challenge.minutes },
    custom: row !== undefined,
  }
}

/** What the audit log keeps of a day's content: the words, not who saved them when (the log says that). */
export function contentSnapshot(row: queries.DailyContentRow | undefined) {
  if (!row) return null
  const { quoteText, quoteAuthor, coachTip, challengeTitle, challengeDescription, challengeMinutes } = row
  return { quoteText, quoteAuthor, coachTip, challengeTitle, challengeDescription, challengeMinutes }
}
