import type { Db } from '#server/db/client.ts'
import { oneLine } from '#server/platform/admin-mail.ts'
import type { Deps } from '#server/platform/context.ts'
import { queueMail } from '#server/platform/mail-queue.ts'
import type { DailyContentView } from '#shared/goals/schemas.ts'
import { pathTo } from '#shared/pages.ts'
import type { NudgeRecipient, TaskRow } from './queries.ts'
import { splitAccountName } from '#shared/profile/names.ts'

// The routine's one e-mail (issue 21): the daily nudge, opt-in on /settings,
// queued in the transaction that marks the member nudged for the day (jobs.ts).

type MailDeps = Pick<Deps, 'queue' | 'config'>

/** Today's challenge and the member's tasks for today (none yet when they have not opened the day). */
export async function queueNudgeMail(
  deps: MailDeps,
  tx: Db,
  recipient: NudgeRecipient,
  content: DailyContentView,
  tasks: TaskRow[],
) {
  const name = oneLine(recipient.firstName) || oneLine(splitAccountName(recipient.accountName).firstName) || 'there'
  const { challenge } = content
  const open = tasks.filter((task) => !task.completed)
  const lines = [
    `Good morning ${name},`,
    '',
    `Today's challenge (${challenge.minutes} min): ${oneLine(challenge.title)}`,
    oneLine(challenge.description, 1000),
    '',
    ...(open.length
      ? ['Your priority tasks for today:', ...open.map((task) => `- ${oneLine(task.title, 200)}`), '']
      : []),
    `"${oneLine(content.quote.text, 500)}" (${oneLine(content.quote.author)})`,
    '',
    `Open your daily routine: ${deps.config.baseUrl}${pathTo('dailyRoutine')}`,
    '',
    `You receive this e-mail because you turned on the daily routine reminder. You can turn it off in your settings: ${deps.config.baseUrl}${pathTo('settings')}`,
  ]
  await queueMail(
    deps,
    { to: recipient.email, subject: `Your daily routine: ${oneLine(challenge.title)}`, text: lines.join('\n') },
    { tx },
  )
}
