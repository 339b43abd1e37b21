import { withTransaction, type Db } from '#server/db/client.ts'
import type { Ctx, Deps } from '#server/platform/context.ts'
import { signalId } from '#server/platform/realtime.ts'
import type { LiveEvent } from '#shared/live.ts'

// Lists and searches that read the same for every viewer (the job board, the course
// lists; a viewer's own saved or progress marks are read apart), asked by many
// members with the same few filters: each instance keeps recent answers for a
// short while (docs/decisions/009). A write of the area on this instance drops
// them all at once (`changeListed`), so the admin who wrote and the members after
// them never read an answer from before the change; every other instance drops
// them when the write's live event reaches it (NOTIFY), and `listCacheTtlMs` bounds what a
// lost event could leave.

export const listCacheTtlMs = 30_000
const maxEntries = 500

/** The areas whose lists are kept here, each cleared by its own live topic. */
export type ListedTopic = 'jobs' | 'courses' | 'events' | 'blog' | 'layoffs'

export type ListCache = {
  /** The answer stored under `key`, or `load()`'s, kept for `listCacheTtlMs`; readers arriving while it loads share the one query. */
  remember<T>(key: string, load: () => Promise<T>): Promise<T>
  clear(): void
  /** Grows with every clear: what a viewer's own answers derived from these lists are checked against. */
  version(): number
}

export function createListCache(now: () => number = Date.now): ListCache {
  // insertion order is the recency order: a hit moves its entry to the end
  const entries = new Map<string, { value: Promise<unknown>; expiresAt: number }>()
  // an answer read while the area changed is not kept: it may predate the change
  let generation = 0

  return {
    clear() {
      generation++
      entries.clear()
    },
    version: () => generation,
    remember<T>(key: string, load: () => Promise<T>): Promise<T> {
      const cached = entries.get(key)
      if (cached && cached.expiresAt > now()) {
        entries.delete(key)
        entries.set(key, cached)
        return cached.value as Promise<T>
      }
      if (cached) entries.delete(key)
      const startedAt = generation
      const loading = load()
      const entry = { value: loading as Promise<unknown>, expiresAt: now() + listCacheTtlMs }
      entries.set(key, entry)
      while (entries.size > maxEntries) entries.delete(entries.keys().next().value!)
      loading.then(
        () => {
          if (generation !== startedAt && entries.get(key) === entry) entries.delete(key)
        },
        () => {
          if (entries.get(key) === entry) entries.delete(key)
        },
      )
      return loading
    },
  }
}

const caches = new WeakMap<Deps, Map<ListedTopic, ListCache>>()

/** This app's cache of `topic`'s lists (tests with apps of their own never share one). */
export function listCacheOf(deps: Deps, topic: ListedTopic): ListCache {
  let byTopic = caches.get(deps)
  if (!byTopic) caches.set(deps, (byTopic = new Map()))
  let cache = byTopic.get(topic)
  if (!cache) {
    const created = createListCache()
    deps.realtime.subscribe({
      // a signal (progress) changes nothing yet
      message: (message) => message.topic === topic && message.id !== signalId && created.clear(),
      closed: created.clear,
    })
    byTopic.set(topic, (cache = created))
  }
  return cache
}

/**
 * A write of `topic`'s area in one transaction, with its live event (`eventOf` its
 * result): this instance's cached lists go as soon as it ends, so the writer's
 * next read shows the change; every other instance's go when the event reaches
 * it. Open pages of the area refresh on the same event. A background job, which
 * has no request, passes `{ deps }`.
 */
export async function changeListed<T, Topic extends ListedTopic>(
  ctx: Pick<Ctx, 'deps'>,
  topic: Topic,
  eventOf: (result: T) => LiveEvent<Topic>,
  work: (tx: Db) => Promise<T>,
): Promise<T> {
  try {
    return await withTransaction(ctx.deps.db, async (tx) => {
      const result = await work(tx)
      await ctx.deps.realtime.publish(tx, topic, eventOf(result))
      return result
    })
  } finally {
    listCacheOf(ctx.deps, topic).clear()
  }
}
