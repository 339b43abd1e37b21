import type { Deps } from '#server/platform/context.ts'

// What an area derives from one member's own rows (their skills, saved jobs,
// applications; the session answer's name, picture and role) is read on most of
// that member's requests and changes only when the member (or an admin) writes. Areas keep it here for `ttlMs`; every write to
// a member's data calls `forgetMember`, which drops all of that member's entries
// on this instance, so the writer's next read is fresh. Other instances let their
// copy age out within `ttlMs` (docs/decisions/009).

const ttlMs = 10_000
const maxMembers = 20_000

type Entry = { value: Promise<unknown>; expiresAt: number; version: number }

export type MemberCache = {
  /**
   * `part` of the member's data, or `load()`'s, kept for `ttlMs`; readers arriving
   * while it loads share the one query. With `version`, a part kept under another
   * version is read again: what others' writes change too (a waitlist moves when
   * anyone cancels) follows the version of the list cache those writes clear.
   */
  remember<T>(userId: string, part: string, load: () => Promise<T>, version?: number): Promise<T>
  forget(userId: string): void
}

export function createMemberCache(now: () => number = Date.now): MemberCache {
  // insertion order is the age order: the oldest member goes first when full
  const members = new Map<string, Map<string, Entry>>()
  return {
    remember<T>(userId: string, part: string, load: () => Promise<T>, version = 0): Promise<T> {
      let parts = members.get(userId)
      const cached = parts?.get(part)
      if (cached && cached.expiresAt > now() && cached.version === version) return cached.value as Promise<T>
      if (!parts) {
        parts = new Map()
        members.set(userId, parts)
        if (members.size > maxMembers) members.delete(members.keys().next().value!)
      }
      const loading = load()
      const entry: Entry = { value: loading, expiresAt: now() + ttlMs, version }
      const owner = parts
      owner.set(part, entry)
      // a load that began before `forget` lands in the dropped map and is never read
      loading.catch(() => owner.get(part) === entry && owner.delete(part))
      return loading
    },
    forget(userId) {
      members.delete(userId)
    },
  }
}

const caches = new WeakMap<Deps, MemberCache>()

/** This app's cache (tests with apps of their own never share one). */
export function memberCacheOf(deps: Deps): MemberCache {
  let cache = caches.get(deps)
  if (!cache) caches.set(deps, (cache = createMemberCache()))
  return cache
}

/** Call after any write that changes what areas derive from the member's own data. */
export function forgetMember(deps: Deps, userId: string): void {
  memberCacheOf(deps).forget(userId)
}
