// The admin's view of the background job queue (issue 14; docs/decisions/021):
// every queue with its jobs counted by state, the latest failures with their
// error, and a retry for each failure.

export const jobStates = ['created', 'retry', 'active', 'completed', 'failed', 'cancelled'] as const
export type JobState = (typeof jobStates)[number]

export type QueueSummary = {
  name: string
  /** jobs by state; completed and failed jobs are kept a while, then archived by pg-boss */
  counts: Record<JobState, number>
}

export type FailedJob = {
  id: string
  queue: string
  /** what the job was about, without secrets: a mail's subject and recipient, never its text */
  summary: string
  /** the last run's error */
  error: string
  failedAt: string
  /** runs made, the first one included */
  attempts: number
}

export type QueueOverview = { queues: QueueSummary[]; failures: FailedJob[] }

/** How many of the latest failures the page lists. */
export const failuresShown = 20

export const queueAdminMessages = {
  jobNotFound: 'This job is no longer in the failed list',
  retried: 'The job will run again shortly',
  loadFailed: 'Failed to load the job queues. Please try again.',
  retryFailed: 'Failed to retry the job. Please try again.',
  noFailures: 'No failed jobs',
} as const
