import { withTransaction } from '#server/db/client.ts'
import { defineJob } from '#server/platform/queue.ts'
import { reminderLeadHours } from '#shared/events/constants.ts'
import { queueReminderMail } from './mails.ts'
import * as queries from './queries.ts'

// The events area's background job (docs/decisions/021): the reminder a day
// before (issue 17). A cron schedule fires it every few minutes on one instance
// (pg-boss), and each run claims the due reminders by marking them sent in the
// transaction that queues their mails: two runs at once (two instances, a retry)
// never claim one twice, and a mail is queued exactly when its claim commits.

/** Reminders claimed per transaction: a big event's are sent in a few short ones. */
const claimBatch = 200

export const eventRemindersJob = defineJob<object>({
  name: 'event-reminders',
  retryLimit: 2,
  retryDelaySeconds: 60,
  expireInSeconds: 240,
  summary: () => 'Event reminders due within a day',
  async run(_data, { deps, logger }) {
    let sent = 0
    for (;;) {
      const claimed = await withTransaction(deps.db, async (tx) => {
        const due = await queries.claimDueReminders(tx, reminderLeadHours, claimBatch)
        const eventsById = new Map<string, queries.EventRow>()
        for (const registration of due) {
          let event = eventsById.get(registration.eventId)
          if (!event) {
            event = (await queries.findEvent(tx, registration.eventId))!
            eventsById.set(event.id, event)
          }
          await queueReminderMail(deps, tx, event, registration)
        }
        return due.length
      })
      sent += claimed
      if (claimed < claimBatch) break
    }
    if (sent) logger.info({ sent }, 'event reminders queued')
  },
})
