import { withTransaction } from '#server/db/client.ts'
import type { Deps } from '#server/platform/context.ts'
import type { Logger } from '#server/platform/logger.ts'
import { defineJob } from '#server/platform/queue.ts'
import { localDay, localHour } from '#shared/goals/calendar.ts'
import { nudgeLocalHour } from '#shared/goals/constants.ts'
import { queueNudgeMail } from './mails.ts'
import * as queries from './queries.ts'
import { toDailyContentView } from './views.ts'

// The routine's background job (docs/decisions/021): the daily nudge e-mail (issue
// 21), at nudgeLocalHour of each member's own morning. A cron schedule fires it
// every 15 minutes on one instance (pg-boss); each run looks at the zones of the
// members who opted in, and in each zone where it is that hour now, claims the
// members not yet nudged for their today by marking them in the transaction that
// queues their mails (queries.claimNudges): never two nudges for one day, even from
// two runs at once.

/** Members claimed per transaction: a busy zone's nudges go in a few short transactions. */
const claimBatch = 200

/** Queues the nudges due at `now`; the number queued. */
export async function queueDailyNudges(deps: Deps, logger: Logger, now: Date): Promise<number> {
  let sent = 0
  for (const zone of await queries.nudgeTimeZones(deps.db)) {
    let today: string
    try {
      if (localHour(now, zone) !== nudgeLocalHour) continue
      today = localDay(now, zone)
    } catch (error) {
      // a zone this runtime no longer knows: its members keep theirs, without a nudge
      logger.warn({ err: error, zone }, 'daily nudge: unknown time zone')
      continue
    }
    for (;;) {
      const claimed = await withTransaction(deps.db, async (tx) => {
        const recipients = await queries.claimNudges(tx, zone, today, claimBatch)
        if (recipients.length === 0) return 0
        const content = toDailyContentView(today, await queries.findDailyContent(tx, today))
        for (const recipient of recipients) {
          const tasks = await queries.listTasks(tx, recipient.userId, today)
          await queueNudgeMail(deps, tx, recipient, content, tasks)
        }
        return recipients.length
      })
      sent += claimed
      if (claimed < claimBatch) break
    }
  }
  return sent
}

export const dailyNudgeJob = defineJob<object>({
  name: 'routine-daily-nudge',
  retryLimit: 2,
  retryDelaySeconds: 60,
  expireInSeconds: 600,
  summary: () => 'Daily routine nudges due this hour',
  async run(_data, { deps, logger }) {
    const sent = await queueDailyNudges(deps, logger, new Date())
    if (sent) logger.info({ sent }, 'daily routine nudges queued')
  },
})
