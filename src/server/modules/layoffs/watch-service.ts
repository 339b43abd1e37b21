import { withTransaction } from '#server/db/client.ts'
import { AppError } from '#server/platform/app-error.ts'
import type { Ctx, Deps } from '#server/platform/context.ts'
import { requireAccess, requireUser } from '#server/platform/guards.ts'
import type { Logger } from '#server/platform/logger.ts'
import { givesAccessAt } from '#server/platform/subscriptions.ts'
import { layoffWatchMax } from '#shared/layoffs/constants.ts'
import { layoffWatchMessages } from '#shared/layoffs/messages.ts'
import type { LayoffWatchInput, LayoffWatchKind, LayoffWatchList, LayoffWatchView } from '#shared/layoffs/schemas.ts'
import { companyKey } from './import/records.ts'
import { queueAlertMail, type AlertNotice, type AlertWatch } from './mails.ts'
import * as queries from './queries.ts'
import { stateNameOf } from './views.ts'

// Watches and alerts (issue 19): a member watches companies and states; when an
// import brings NEW notices for them (records it created: a notice written again
// is no news), the `layoff-alerts` job mails each watcher once per import. The
// job's data is only the import: the matches are read when it runs, so an import
// undone before it runs sends nothing, and `layoff_alerts` makes a second run (a
// retry, a duplicate) send nothing more.

function toWatchView(row: queries.WatchRow): LayoffWatchView {
  return {
    id: row.id,
    kind: row.kind as LayoffWatchKind,
    value: row.value,
    stateName: row.kind === 'state' ? stateNameOf(row.value) : null,
    createdAt: row.createdAt.toISOString(),
  }
}

const notFound = () => new AppError('NOT_FOUND', layoffWatchMessages.notFound)

/** GET /api/layoffs/watches: the member's own. */
export async function listWatches(ctx: Ctx): Promise<LayoffWatchList> {
  await requireAccess(ctx, 'subscriber')
  const member = requireUser(ctx)
  return { watches: (await queries.listWatches(ctx.deps.db, member.id)).map(toWatchView) }
}

/** POST /api/layoffs/watches: at most `layoffWatchMax` per member; the same company twice (any case or suffix) is refused. */
export async function addWatch(ctx: Ctx, input: LayoffWatchInput): Promise<LayoffWatchView> {
  await requireAccess(ctx, 'subscriber')
  const member = requireUser(ctx)
  const matchKey = input.kind === 'state' ? input.value : companyKey(input.value)
  // '...' or '&': nothing a notice could be filed under
  if (matchKey === '')
    throw new AppError('VALIDATION', layoffWatchMessages.companyRequired, {
      value: layoffWatchMessages.companyRequired,
    })
  return withTransaction(ctx.deps.db, async (tx) => {
    await queries.lockMemberWatches(tx, member.id)
    if ((await queries.countWatches(tx, member.id)) >= layoffWatchMax)
      throw new AppError('CONFLICT', layoffWatchMessages.tooMany)
    const row = await queries.insertWatch(tx, { userId: member.id, kind: input.kind, value: input.value, matchKey })
    if (!row)
      throw new AppError('CONFLICT', layoffWatchMessages.alreadyWatched, { value: layoffWatchMessages.alreadyWatched })
    return toWatchView(row)
  })
}

/** DELETE /api/layoffs/watches/:watchId: the member's own only; anyone else's is not found. */
export async function removeWatch(ctx: Ctx, watchId: string): Promise<void> {
  await requireAccess(ctx, 'subscriber')
  const member = requireUser(ctx)
  if (!(await queries.deleteWatch(ctx.deps.db, member.id, watchId))) throw notFound()
}

// ---------- the alert job ----------

/**
 * The `layoff-alerts` job of an import: for each member with a watch that one of
 * the import's new notices matches, still subscribed (or an admin), and no alert
 * of this import yet: the alert row and ONE mail, in one transaction.
 */
export async function sendImportAlerts(deps: Deps, logger: Logger, importId: string): Promise<void> {
  const row = await queries.findImport(deps.db, importId)
  // undone (or never finished): its notices are no longer news
  if (!row || row.status !== 'done') return
  const matches = await queries.alertMatches(deps.db, importId, givesAccessAt(new Date()))
  const byMember = new Map<
    string,
    { email: string; name: string; notices: Map<string, AlertNotice>; watches: Map<string, AlertWatch> }
  >()
  for (const match of matches) {
    let entry = byMember.get(match.userId)
    if (!entry)
      byMember.set(
        match.userId,
        (entry = { email: match.email, name: match.name, notices: new Map(), watches: new Map() }),
      )
    // a notice matched by two watches (its company and its state) is listed once
    entry.notices.set(`${match.company}|${match.state}|${match.layoffDate}`, match)
    entry.watches.set(`${match.watchKind}|${match.watchValue}`, { kind: match.watchKind, value: match.watchValue })
  }
  let sent = 0
  for (const [userId, entry] of byMember) {
    await withTransaction(deps.db, async (tx) => {
      if (!(await queries.claimAlert(tx, importId, userId))) return
      await queueAlertMail(deps, tx, entry, [...entry.notices.values()], [...entry.watches.values()])
      sent++
    })
  }
  if (sent > 0) logger.info({ importId, sent }, 'layoff alerts queued')
}
