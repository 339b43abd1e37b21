import { sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import type { Deps } from '#server/platform/context.ts'
import { FeedFetchError, fetchFeed } from '#server/platform/feeds/fetch-feed.ts'
import { FeedParseError, parseFeed, type FeedItem } from '#server/platform/feeds/parse-feed.ts'
import { changeListed } from '#server/platform/list-cache.ts'
import type { Logger } from '#server/platform/logger.ts'
import { htmlToText } from '#server/platform/markdown.ts'
import type { NewsletterFeedStatus } from '#shared/blog/schemas.ts'
import * as queries from './queries.ts'
import { cardExcerptOf } from './views.ts'

// The newsletter feed's refresh (issue 18; spec 001 §7 Blog feed): the server
// fetches the feed itself on the queue's schedule (jobs.ts) and stores its items, so /blog reads the
// database and never waits on someone else's server. A feed that fails leaves the
// stored items as they were; the failure is logged and kept for admins with the
// time of the last good fetch. The address is an admin's setting (else
// NEWSLETTER_FEED_URL); the fetcher refuses internal addresses (platform/feeds).

/** The newest items kept of a feed: more than any newsletter page shows, bounded for one that never prunes. */
const keptItems = 100
const fetchTimeoutMs = 10_000
const fetchMaxBytes = 5 * 1024 * 1024

type FeedSource = Pick<NewsletterFeedStatus, 'feedUrl' | 'source'>

/** Where the feed's address comes from: an admin's setting wins (null: off), then the environment. */
export async function currentFeed(deps: Deps): Promise<FeedSource> {
  const setting = await queries.readFeedSetting(deps.db)
  if (setting) return { feedUrl: setting.feedUrl, source: setting.feedUrl ? 'setting' : 'none' }
  const fromEnvironment = deps.config.NEWSLETTER_FEED_URL
  return fromEnvironment ? { feedUrl: fromEnvironment, source: 'environment' } : { feedUrl: null, source: 'none' }
}

/** An http(s) address, or null: a feed's `javascript:` link never becomes a card's href. */
function webAddress(value: string | null): string | null {
  if (!value) return null
  try {
    const url = new URL(value)
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null
  } catch {
    return null
  }
}

/** PostgreSQL stores no NUL in text: a feed's stray one would fail every refresh. */
const storable = (text: string) => text.replaceAll('\u0000', '')

function itemWrite(item: FeedItem, fetchedAt: Date): queries.NewsletterItemWrite {
  const text = item.summaryHtml ? htmlToText(storable(item.summaryHtml)) : ''
  const link = webAddress(item.link && storable(item.link))
  const imageUrl = webAddress(item.imageUrl && storable(item.imageUrl))
  return {
    guid: storable(item.guid),
    // RSS allows an item with no title: its text stands in
    title: storable(item.title).trim() || cardExcerptOf(text).slice(0, 80) || 'Newsletter',
    link,
    excerpt: cardExcerptOf(text),
    imageUrl,
    // a date in the future (a typo, a scheduled issue) would hold the top of the list until then
    publishedAt: item.publishedAt && item.publishedAt < fetchedAt ? item.publishedAt : fetchedAt,
  }
}

/**
 * A good fetch's items as the feed's stored items, fetched at `fetchedAt`: the
 * newest `keptItems` kept, those of any other address gone.
 */
export async function storeFeedItems(tx: Db, feedUrl: string, items: FeedItem[], fetchedAt: Date): Promise<void> {
  // one row per guid: a feed that repeats one (reused ids, or items with neither id
  // nor link) keeps its first, and the upsert never meets a guid twice
  const byGuid = new Map<string, FeedItem>()
  for (const item of items) if (!byGuid.has(storable(item.guid))) byGuid.set(storable(item.guid), item)
  const newest = [...byGuid.values()]
    .sort((a, b) => (b.publishedAt?.getTime() ?? 0) - (a.publishedAt?.getTime() ?? 0))
    .slice(0, keptItems)
  // an item dated in the future counts as undated: dated when first seen, and kept so
  const isDated = (item: FeedItem) => item.publishedAt !== null && item.publishedAt < fetchedAt
  const dated = newest.filter(isDated)
  const undated = newest.filter((item) => !isDated(item))
  await queries.upsertItems(
    tx,
    feedUrl,
    dated.map((item) => itemWrite(item, fetchedAt)),
    true,
  )
  await queries.upsertItems(
    tx,
    feedUrl,
    undated.map((item) => itemWrite(item, fetchedAt)),
    false,
  )
  await queries.deleteItemsOfOtherFeeds(tx, feedUrl)
  await queries.pruneItems(tx, feedUrl, keptItems)
}

export type RefreshOutcome = 'no-feed' | 'updated' | 'not-modified' | 'failed'

/**
 * One refresh of the current feed: fetch (conditional on the last validators),
 * parse, store the newest items, drop those of any earlier address. Never throws
 * for the feed's own faults: they are recorded as its failure.
 */
export async function refreshFeed(deps: Deps, logger: Logger): Promise<RefreshOutcome> {
  const { feedUrl } = await currentFeed(deps)
  if (!feedUrl) return 'no-feed'
  const state: queries.FeedStateRow = (await queries.findFeedState(deps.db, feedUrl)) ?? {
    url: feedUrl,
    title: null,
    etag: null,
    lastModified: null,
    checkedAt: null,
    succeededAt: null,
    failedAt: null,
    failure: null,
  }
  const checkedAt = new Date()
  // an address set again after another feed replaced its items is read whole: a
  // 304 would keep the other feed's items
  const previous = (await queries.hasItemsOf(deps.db, feedUrl))
    ? { etag: state.etag, lastModified: state.lastModified }
    : undefined
  try {
    const fetched = await fetchFeed(feedUrl, {
      previous,
      allowLoopback: deps.config.FEED_ALLOW_LOOPBACK,
      allowPrivate: deps.config.FEED_ALLOW_PRIVATE,
      timeoutMs: fetchTimeoutMs,
      maxBytes: fetchMaxBytes,
    })
    if (fetched.status === 'not-modified') {
      await queries.saveFeedState(deps.db, { ...state, checkedAt, succeededAt: checkedAt })
      return 'not-modified'
    }
    const parsed = parseFeed(fetched.body)
    await changeListed(
      { deps },
      'blog',
      () => ({ type: 'blog.changed', data: { postId: null } }),
      async (tx) => {
        // two refreshes at once (two instances, a press of Refresh) store one after the other
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext('newsletter-refresh'))`)
        // the address may have changed while this fetch ran: its items are no longer wanted
        if ((await currentFeed({ ...deps, db: tx })).feedUrl !== feedUrl) return
        await storeFeedItems(tx, feedUrl, parsed.items, checkedAt)
        await queries.saveFeedState(tx, {
          ...state,
          title: parsed.title,
          etag: fetched.etag,
          lastModified: fetched.lastModified,
          checkedAt,
          succeededAt: checkedAt,
        })
      },
    )
    logger.info({ feedUrl, items: parsed.items.length }, 'newsletter feed refreshed')
    return 'updated'
  } catch (error) {
    if (!(error instanceof FeedFetchError || error instanceof FeedParseError)) throw error
    logger.warn({ feedUrl, reason: error.message }, 'newsletter feed refresh failed')
    // only the failure's own fields: a refresh that succeeded meanwhile keeps its validators and time
    await queries.recordFeedFailure(deps.db, feedUrl, checkedAt, storable(error.message))
    return 'failed'
  }
}
