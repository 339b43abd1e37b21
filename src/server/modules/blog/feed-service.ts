import { AppError } from '#server/platform/app-error.ts'
import { recordAudit } from '#server/platform/audit.ts'
import type { Ctx } from '#server/platform/context.ts'
import { requireAdmin } from '#server/platform/guards.ts'
import { changeListed } from '#server/platform/list-cache.ts'
import { adminBlogMessages } from '#shared/blog/messages.ts'
import type { NewsletterFeedInput, NewsletterFeedStatus } from '#shared/blog/schemas.ts'
import { currentFeed } from './feed-refresh.ts'
import { newsletterRefreshJob } from './jobs.ts'
import * as queries from './queries.ts'

// The newsletter feed's address and state, for admins (issue 18): the status
// card of /admin/blog, the address setting and 'Refresh now'. The refresh itself
// is feed-refresh.ts, run by the queue (jobs.ts).

/** What the admin page shows of the feed. */
export async function feedStatus(ctx: Ctx): Promise<NewsletterFeedStatus> {
  requireAdmin(ctx)
  const { db } = ctx.deps
  const source = await currentFeed(ctx.deps)
  const state = source.feedUrl ? await queries.findFeedState(db, source.feedUrl) : undefined
  const failed = state?.failedAt && (!state.succeededAt || state.failedAt > state.succeededAt)
  return {
    ...source,
    feedTitle: state?.title ?? null,
    itemCount: await queries.countItems(db),
    lastCheckedAt: state?.checkedAt?.toISOString() ?? null,
    lastSucceededAt: state?.succeededAt?.toISOString() ?? null,
    failure: failed ? { at: state.failedAt!.toISOString(), message: state.failure ?? '' } : null,
  }
}

/**
 * The admin sets the feed's address (null turns the newsletter off, and its
 * items go at once); a refresh is queued with the change. The fetcher checks the
 * address when it fetches (a name may point anywhere later), not here.
 */
export async function setFeedUrl(ctx: Ctx, input: NewsletterFeedInput): Promise<NewsletterFeedStatus> {
  requireAdmin(ctx)
  const before = await currentFeed(ctx.deps)
  await changeListed(
    ctx,
    'blog',
    () => ({ type: 'blog.changed', data: { postId: null } }),
    async (tx) => {
      await queries.writeFeedSetting(tx, input.feedUrl)
      if (input.feedUrl === null) await queries.deleteItemsOfOtherFeeds(tx, null)
      else await ctx.deps.queue.enqueue(newsletterRefreshJob, {}, { tx })
      await recordAudit(tx, ctx, {
        action: 'newsletter.feed',
        objectType: 'settings',
        objectId: 'newsletter',
        before: { feedUrl: before.feedUrl },
        after: { feedUrl: input.feedUrl },
      })
    },
  )
  return feedStatus(ctx)
}

/** 'Refresh now': a refresh job at once (its outcome shows in the status a moment later). */
export async function refreshNow(ctx: Ctx): Promise<NewsletterFeedStatus> {
  requireAdmin(ctx)
  const { feedUrl } = await currentFeed(ctx.deps)
  if (!feedUrl) throw new AppError('CONFLICT', adminBlogMessages.noFeed)
  await ctx.deps.queue.enqueue(newsletterRefreshJob, {})
  return feedStatus(ctx)
}
