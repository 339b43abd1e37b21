import { createHash } from 'node:crypto'
import type { Auth } from '#server/platform/auth.ts'
import type { AuthSession } from '#server/platform/context.ts'

// better-auth's session check, even answered from its signed cookie cache, costs
// about 0.8 ms of this process's time per request, which caps every signed-in
// route (bench/feed.ts). Its answer for one exact pair of session cookies is kept
// here for a few seconds, never past that cookie cache's own expiry, so revocation
// still takes effect within the window of docs/decisions/003 (decision 007).

const rememberMs = 5_000
const maxEntries = 10_000

const sessionCookie = (name: 'session_token' | 'session_data') =>
  new RegExp(`(?:^|;\\s*)(?:__Secure-)?better-auth\\.${name}=([^;]+)`)
const tokenPattern = sessionCookie('session_token')
const dataPattern = sessionCookie('session_data')

/** When the signed cookie cache stops vouching for the session (its `expiresAt`), or 0 when unreadable. */
function cookieCacheExpiry(data: string): number {
  try {
    const payload = JSON.parse(Buffer.from(decodeURIComponent(data), 'base64url').toString()) as { expiresAt?: unknown }
    return typeof payload.expiresAt === 'number' ? payload.expiresAt : 0
  } catch {
    return 0
  }
}

/** With `fresh`, the session is read from the database, past both caches (state-changing requests). */
export type SessionReader = (
  headers: Headers,
  options?: { fresh?: boolean },
) => Promise<{ session: AuthSession | null; cookies: Headers }>

export function createSessionReader(auth: Auth, now: () => number = Date.now): SessionReader {
  const remembered = new Map<string, { session: AuthSession; until: number }>()
  return async (headers, options = {}) => {
    const cookie = headers.get('cookie') ?? ''
    const token = tokenPattern.exec(cookie)?.[1]
    // no session cookie, no session: better-auth would answer the same
    if (!token) return { session: null, cookies: new Headers() }
    const data = dataPattern.exec(cookie)?.[1]
    const key = data ? createHash('sha256').update(token).update('\n').update(data).digest('base64') : undefined
    if (options.fresh) {
      const { headers: cookies, response: session } = await auth.api.getSession({
        headers,
        query: { disableCookieCache: true },
        returnHeaders: true,
      })
      if (!session && key) remembered.delete(key)
      return { session, cookies }
    }
    const hit = key ? remembered.get(key) : undefined
    if (hit && hit.until > now()) return { session: hit.session, cookies: new Headers() }

    const { headers: cookies, response: session } = await auth.api.getSession({ headers, returnHeaders: true })
    // only a settled answer: none that refreshes cookies, none without the cookie cache
    if (key && data && session && cookies.getSetCookie().length === 0) {
      const until = Math.min(now() + rememberMs, cookieCacheExpiry(data))
      if (until > now()) {
        if (remembered.size >= maxEntries) remembered.delete(remembered.keys().next().value!)
        remembered.set(key, { session, until })
      }
    }
    return { session, cookies }
  }
}
