import type { AuthSession, Deps } from '#server/platform/context.ts'
import * as queries from './queries.ts'

// The session timeout (spec 002 §3 Security sessionTimeout, §5 at least 5 minutes,
// §9 default 60; issue 22): a session unused for longer than the setting ends, on
// whichever instance its next request lands. The session row's updated_at holds
// its last activity: each session's requests write it at most once a minute
// (`touchEveryMs`), and better-auth's own lifetime refresh leaves it alone
// (platform/auth.ts, session update hook). Checked on every API request with
// what the session check read anyway (the cookie cache on most requests, so no
// extra database round trip); a session that looks idle there is read again from
// the database before it ends, since another instance may have seen it since.

/** How stale a last activity may get before it is written again; far below the shortest timeout (5 minutes). */
export const touchEveryMs = 60_000
const maxTracked = 50_000

type SessionRead = { session: AuthSession | null; cookies: Headers }

/** Per app (tests with apps of their own never share one): when this instance last wrote each session's activity. */
const touchedBy = new WeakMap<Deps, Map<string, number>>()

function touchedOf(deps: Deps) {
  let touched = touchedBy.get(deps)
  if (!touched) touchedBy.set(deps, (touched = new Map()))
  return touched
}

const lastActivity = (session: AuthSession, touched: Map<string, number>) =>
  Math.max(new Date(session.session.updatedAt).getTime(), touched.get(session.session.id) ?? 0)

/**
 * The request's session as the timeout leaves it: the same, or none (its row
 * deleted and its cookies cleared) when it was idle longer than the setting.
 * `reread` reads it from the database; `fresh` says `read` already did.
 */
export async function applySessionTimeout(
  deps: Deps,
  headers: Headers,
  read: SessionRead,
  options: { fresh: boolean; reread: () => Promise<SessionRead> },
  now: () => number = Date.now,
): Promise<SessionRead> {
  if (!read.session) return read
  const timeoutMs = (await deps.settings.read()).security.sessionTimeout * 60_000
  const touched = touchedOf(deps)
  let current = read
  if (now() - lastActivity(current.session!, touched) > timeoutMs && !options.fresh) {
    current = await options.reread()
    if (!current.session) return current
  }
  const session = current.session!
  const idleMs = now() - lastActivity(session, touched)
  if (idleMs > timeoutMs) {
    touched.delete(session.session.id)
    try {
      // better-auth's own sign-out: the row goes and its answer clears the cookies
      const { headers: cookies } = await deps.auth.api.signOut({ headers, returnHeaders: true })
      return { session: null, cookies }
    } catch (error) {
      deps.logger.warn({ err: error }, 'an idle session could not be ended')
      return { session: null, cookies: new Headers() }
    }
  }
  if (idleMs >= touchEveryMs) {
    // set first: the requests arriving meanwhile do not write it again
    touched.set(session.session.id, now())
    if (touched.size > maxTracked) touched.delete(touched.keys().next().value!)
    try {
      await queries.touchSession(deps.db, session.session.id, new Date(now()))
    } catch (error) {
      deps.logger.warn({ err: error }, "a session's last activity could not be written")
    }
  }
  return current
}
