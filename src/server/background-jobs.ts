import { cleanSignInAttemptsJob, verificationMailJob } from '#server/modules/accounts/jobs.ts'
import { invitationMailJob, userImportJob } from '#server/modules/admin/users/jobs.ts'
import { newsletterRefreshJob } from '#server/modules/blog/jobs.ts'
import { chatUnreadMailJob } from '#server/modules/chat/jobs.ts'
import { eventRemindersJob } from '#server/modules/events/jobs.ts'
import { dailyNudgeJob } from '#server/modules/goals/jobs.ts'
import { layoffAlertsJob, layoffImportJob } from '#server/modules/layoffs/jobs.ts'
import { preScoreJob } from '#server/modules/resumes/jobs.ts'
import { sendMailJob } from '#server/platform/mail-queue.ts'
import type { AnyJobKind, Schedule } from '#server/platform/queue.ts'
import { cleanRateLimitWindowsJob } from '#server/platform/rate-limit.ts'
import { cleanLiveEventsJob } from '#server/platform/realtime.ts'

// Every kind of background job the product runs, and the recurring ones
// (docs/decisions/021). An area declares its jobs beside its service
// (modules/<area>/jobs.ts) and they are listed here, above the modules, like the
// routes in app.ts. Reminders, digests, alerts and feed refreshes join as their
// areas are built.

export const backgroundJobs: readonly AnyJobKind[] = [
  sendMailJob,
  verificationMailJob,
  cleanLiveEventsJob,
  cleanSignInAttemptsJob,
  cleanRateLimitWindowsJob,
  preScoreJob,
  eventRemindersJob,
  newsletterRefreshJob,
  layoffImportJob,
  layoffAlertsJob,
  chatUnreadMailJob,
  dailyNudgeJob,
  invitationMailJob,
  userImportJob,
]

/** Cron schedules, in UTC: pg-boss fires each once per tick across every instance. */
export const recurringJobs: readonly Schedule[] = [
  // the replay window is 10 minutes (platform/realtime.ts)
  { job: cleanLiveEventsJob, cron: '*/10 * * * *' },
  { job: cleanSignInAttemptsJob, cron: '23 * * * *' },
  { job: cleanRateLimitWindowsJob, cron: '*/10 * * * *' },
  // reminders go a day before, within five minutes of it (modules/events/jobs.ts)
  { job: eventRemindersJob, cron: '*/5 * * * *' },
  // the newsletter feed, read again every half hour, conditionally (modules/blog/feed-refresh.ts)
  { job: newsletterRefreshJob, cron: '17,47 * * * *' },
  // each member's nudge goes in the hour nudgeLocalHour of their own zone: four chances an hour (modules/goals/jobs.ts)
  { job: dailyNudgeJob, cron: '*/15 * * * *' },
]
