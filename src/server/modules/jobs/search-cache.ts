import type { Deps } from '#server/platform/context.ts'

// Board pages and search results are the same for every subscriber (their own
// saved, applied and match state is read apart), and the same few searches come
// from many members, so each instance keeps recent answers for a short while
// (docs/decisions/009). A job write on this instance drops them all at once, so
// the admin who wrote and the members after them never read an answer from
// before the change; every other instance drops them when the write's 'jobs'
// event reaches it (NOTIFY), and `ttlMs` bounds what a lost event could leave.

const ttlMs = 30_000
const maxEntries = 500

export type JobSearchCache = {
  /** The answer stored under `key`, or `load()`'s, kept for `ttlMs`; readers arriving while it loads share the one query. */
  remember<T>(key: string, load: () => Promise<T>): Promise<T>
  clear(): void
}

export function createJobSearchCache(now: () => number = Date.now): JobSearchCache {
  // insertion order is the recency order: a hit moves its entry to the end
  const entries = new Map<string, { value: Promise<unknown>; expiresAt: number }>()
  // an answer read while jobs changed is not kept: it may predate the change
  let generation = 0

  return {
    clear() {
      generation++
      entries.clear()
    },
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
      const entry = { value: loading as Promise<unknown>, expiresAt: now() + ttlMs }
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

const caches = new WeakMap<Deps, JobSearchCache>()

/** This app's cache (tests with apps of their own never share one). */
export function jobSearchCacheOf(deps: Deps): JobSearchCache {
  let cache = caches.get(deps)
  if (!cache) {
    const created = createJobSearchCache()
    deps.realtime.subscribe({
      message: (message) => message.topic === 'jobs' && created.clear(),
      closed: created.clear,
    })
    caches.set(deps, (cache = created))
  }
  return cache
}
