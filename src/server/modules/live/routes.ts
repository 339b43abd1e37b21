import { Hono } from 'hono'
import { streamSSE, type SSEStreamingApi } from 'hono/streaming'
import type { AppEnv, Ctx } from '#server/platform/context.ts'
import { actsAsAdmin, requireUser, userActsAsAdmin, viewerOf } from '#server/platform/guards.ts'
import { isInAudience, signalId, type Delivery, type LiveAudience } from '#server/platform/realtime.ts'
import { decideAccess, liveTopicAccess, type Viewer } from '#shared/access.ts'
import { liveHeartbeatSeconds, type LiveControl, type LiveMessage } from '#shared/live.ts'
import { sessionRechecksOf } from './session-rechecks.ts'

// One Server-Sent Events stream per signed-in browser (the session cookie
// authenticates it). The stream carries every live topic the viewer may see
// (liveTopicAccess), and of an event with an audience (a member's own resume
// review, a conversation) only what reaches this viewer; a reconnect sends
// Last-Event-ID and gets what it missed.

async function streamLiveEvents(ctx: Ctx, stream: SSEStreamingApi, lastEventId: number | undefined) {
  const { realtime, auth } = ctx.deps
  const userId = requireUser(ctx).id
  let viewer: Viewer = await ctx.viewer()
  // an audience's 'admins' are those who may act as admins (two-factor when required), not the role alone
  let coach = actsAsAdmin(ctx)
  // Ids come from a sequence but transactions commit in any order, so an event may
  // arrive after one with a higher id: duplicates (replay meeting live delivery) are
  // recognised by id, never by comparing with the last id sent.
  const seen = new Set<number>()
  let writes = Promise.resolve()
  const write = (id: number, data: LiveMessage | LiveControl, retry?: number) => {
    // one after the other, in the order the events came
    writes = writes.then(() => stream.writeSSE({ id: String(id), data: JSON.stringify(data), retry })).catch(() => {})
  }
  const send = (message: LiveMessage, audience: LiveAudience | null) => {
    if (message.id === signalId) {
      // a signal (an import's progress) is in no order of events: sent without an SSE id
      if (decideAccess(liveTopicAccess[message.topic], viewer) === 'allow' && isInAudience(audience, userId, coach))
        writes = writes.then(() => stream.writeSSE({ data: JSON.stringify(message) })).catch(() => {})
      return
    }
    if (seen.has(message.id)) return
    seen.add(message.id)
    if (seen.size > 2000) seen.delete(seen.values().next().value!)
    if (decideAccess(liveTopicAccess[message.topic], viewer) !== 'allow') return
    if (isInAudience(audience, userId, coach)) write(message.id, message)
  }

  let finish = () => {}
  const finished = new Promise<void>((resolve) => (finish = resolve))
  // Events published while the replay is read wait here, so none falls between.
  let waiting: Delivery[] | undefined = []
  const unsubscribe = realtime.subscribe({
    message: (message, audience) => (waiting ? waiting.push({ message, audience }) : send(message, audience)),
    closed: () => finish(),
  })
  stream.onAbort(() => finish())

  try {
    const replay = lastEventId === undefined ? [] : await realtime.replayAfter(lastEventId)
    if (lastEventId === undefined || replay === 'too-old') {
      // the resume point; events already waiting are still sent after it
      const id = await realtime.latestId()
      write(id, { id, control: lastEventId === undefined ? 'hello' : 'reset' }, 2000)
    } else {
      for (const { message, audience } of replay) send(message, audience)
    }
    for (const { message, audience } of waiting) send(message, audience)
    waiting = undefined

    const heartbeat = setInterval(() => {
      writes = writes
        .then(() => stream.write(': heartbeat\n\n'))
        .then(
          () => {},
          () => finish(),
        )
    }, liveHeartbeatSeconds * 1000)
    // Once a minute, spread over the minute with the other streams' (session-rechecks.ts):
    // a signed-out or revoked session ends the stream; a lapsed subscription stops its topics.
    // From the database: the cookie cache of the stream's request would vouch for a revoked session.
    let rechecking = false
    const recheck = async () => {
      if (rechecking) return
      rechecking = true
      try {
        const session = await auth.api
          .getSession({ headers: ctx.headers, query: { disableCookieCache: true } })
          .catch(() => null)
        if (!session) return finish()
        viewer = await viewerOf(ctx.deps, session)
        coach = userActsAsAdmin(ctx.deps, session.user)
      } finally {
        rechecking = false
      }
    }
    // a failed read ends the stream too: the browser reconnects and is checked afresh
    const stopRechecks = sessionRechecksOf(ctx.deps).add(() => void recheck().catch(() => finish()))
    await finished
    clearInterval(heartbeat)
    stopRechecks()
  } finally {
    unsubscribe()
  }
}

export const liveRoutes = new Hono<AppEnv>().get('/', (c) => {
  const ctx = c.var.ctx
  requireUser(ctx)
  const header = c.req.header('last-event-id')
  const lastEventId = header && /^\d{1,15}$/.test(header) ? Number(header) : undefined
  // no buffering by proxies in front of us
  c.header('X-Accel-Buffering', 'no')
  c.header('Cache-Control', 'no-cache, no-transform')
  return streamSSE(c, (stream) => streamLiveEvents(ctx, stream, lastEventId))
})
