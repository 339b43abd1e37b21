import type { Db } from '#server/db/client.ts'
import { oneLine } from '#server/platform/admin-mail.ts'
import type { Deps } from '#server/platform/context.ts'
import { queueMail } from '#server/platform/mail-queue.ts'
import { layoffAlertMaxListed } from '#shared/layoffs/constants.ts'
import { pathTo } from '#shared/pages.ts'
import type { AlertMatch } from './queries.ts'
import { stateNameOf } from './views.ts'

// The layoff tracker's one e-mail (issue 19): new notices for the companies and
// states a member watches, one mail per member and import, queued in the
// transaction that records it was sent (layoff_alerts; decision 021).

type MailDeps = Pick<Deps, 'queue' | 'config'>

export type AlertNotice = Pick<AlertMatch, 'company' | 'state' | 'layoffDate' | 'workersAffected'>
export type AlertWatch = { kind: string; value: string }

const workers = (count: number) => `${count.toLocaleString('en-US')} worker${count === 1 ? '' : 's'}`

/** The tracker filtered to what the member watches: the company searched, or the state chosen. */
export function trackerLink(deps: MailDeps, watch: AlertWatch): string {
  const query = new URLSearchParams(watch.kind === 'state' ? { state: watch.value } : { q: watch.value })
  return `${deps.config.baseUrl}${pathTo('layoffs')}?${query}`
}

export function alertMailText(
  deps: MailDeps,
  recipient: { name: string },
  notices: readonly AlertNotice[],
  watches: readonly AlertWatch[],
): { subject: string; text: string } {
  const listed = notices.slice(0, layoffAlertMaxListed)
  const more = notices.length - listed.length
  const count = notices.length
  return {
    subject: count === 1 ? 'A new WARN notice for your watch list' : `${count} new WARN notices for your watch list`,
    text: [
      `Hello ${oneLine(recipient.name) || 'there'},`,
      '',
      count === 1
        ? 'A new layoff notice matches a company or state you watch:'
        : 'New layoff notices match the companies and states you watch:',
      '',
      ...listed.map(
        (notice) =>
          `- ${oneLine(notice.company)}, ${stateNameOf(notice.state)} (${notice.state}): ${notice.layoffDate}, ${workers(notice.workersAffected)}`,
      ),
      ...(more > 0 ? [`- and ${more} more`] : []),
      '',
      ...watches.map(
        (watch) =>
          `See every notice for ${watch.kind === 'state' ? stateNameOf(watch.value) : oneLine(watch.value)}: ${trackerLink(deps, watch)}`,
      ),
      '',
      `You get this e-mail because you watch these on the layoff tracker; change your watches at ${deps.config.baseUrl}${pathTo('layoffs')}`,
    ].join('\n'),
  }
}

/** The alert of one import for one member, in `tx` (the transaction that records it). */
export async function queueAlertMail(
  deps: MailDeps,
  tx: Db,
  recipient: { email: string; name: string },
  notices: readonly AlertNotice[],
  watches: readonly AlertWatch[],
) {
  await queueMail(deps, { to: recipient.email, ...alertMailText(deps, recipient, notices, watches) }, { tx })
}
