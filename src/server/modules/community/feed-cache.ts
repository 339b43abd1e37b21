import type { Deps } from '#server/platform/context.ts'
import type { PackedJson } from '#server/platform/packed-json.ts'
import type { FeedAnswer } from '#shared/community/schemas.ts'

// Feed pages are the same for every reader (their own likes are read apart), and
// the first pages are read far more often than the feed changes. Each instance
// keeps recent pages, and each reader's likes on them, and drops it all on any
// community event: every instance
// hears every event (NOTIFY), and the instance that made a change also drops them
// at once, so its own writer never reads a page from before the change
// (docs/decisions/007-community-storage-live.md).

/** A feed page as every reader sees it, and the same packed once (its JSON and gzip, platform/packed-json.ts). */
export type FeedPageEntry = Omit<FeedAnswer, 'likedIds'> & { packed: PackedJson }

const maxEntries = 5000

export type FeedCache = {
  page(cursor: string, load: () => Promise<FeedPageEntry>): Promise<FeedPageEntry>
  likedOnPage(viewerId: string, cursor: string, load: () => Promise<Set<string>>): Promise<Set<string>>
  clear(): void
}

function createFeedCache(deps: Deps): FeedCache {
  const entries = new Map<string, Promise<unknown>>()
  // a page read while the feed changed is not kept: it may predate the change
  let generation = 0
  const clear = () => {
    generation++
    entries.clear()
  }
  deps.realtime.subscribe({ message: (message) => message.topic === 'community' && clear(), closed: clear })

  function remember<T>(key: string, load: () => Promise<T>): Promise<T> {
    const cached = entries.get(key)
    if (cached) return cached as Promise<T>
    const startedAt = generation
    // readers arriving while it loads share the one query
    const loading = load()
    entries.set(key, loading)
    loading.then(
      () => {
        if (generation !== startedAt) entries.delete(key)
        else if (entries.size > maxEntries) entries.delete(entries.keys().next().value!)
      },
      () => entries.delete(key),
    )
    return loading
  }

  return {
    clear,
    page: (cursor, load) => remember(`page ${cursor}`, load),
    likedOnPage: (viewerId, cursor, load) => remember(`liked ${viewerId} ${cursor}`, load),
  }
}

const caches = new WeakMap<Deps, FeedCache>()

export function feedCacheOf(deps: Deps): FeedCache {
  let cache = caches.get(deps)
  if (!cache) caches.set(deps, (cache = createFeedCache(deps)))
  return cache
}
