import { and, asc, gt, inArray, lt, max, min, sql } from 'drizzle-orm'
import type { Database, Db } from '#server/db/client.ts'
import { liveEvents } from '#server/db/schema/platform.ts'
import type { Logger } from '#server/platform/logger.ts'
import { defineJob } from '#server/platform/queue.ts'
import type { LiveTopic } from '#shared/access.ts'
import { liveReplayMaxEvents, liveReplayWindowMinutes, type LiveEvent, type LiveMessage } from '#shared/live.ts'

// Live updates (ARCHITECTURE.md): a change writes an outbox row in its own
// transaction and NOTIFYs the row's id; every instance LISTENs, reads the rows once
// and hands them to the event streams it holds. PGlite delivers its own NOTIFYs in
// process; on PostgreSQL all instances on one database hear each other
// (docs/decisions/007-community-storage-live.md).

const channel = 'live_events'
/** NOTIFY channel of signals: the payload is the whole message (see `signal`). */
const signalChannel = 'live_signals'

/**
 * The id of a signal: it is kept nowhere, so it has no place in the order of the
 * events; streams send it without an SSE id (a reconnect resumes after the last event).
 */
export const signalId = 0

/**
 * Who hears an event besides the topic's level (liveTopicAccess): the members
 * named, and every admin when `admins`. An event with none reaches everyone the
 * level lets in. A member's own resume review reaches them and the coaches; a
 * conversation its two parties.
 */
export type LiveAudience = { userIds: string[]; admins: boolean }

/** Whether a viewer (`userId`, admin or not) is in `audience` (null: no audience beyond the level). */
export function isInAudience(audience: LiveAudience | null, userId: string, isAdmin: boolean): boolean {
  return audience === null || audience.userIds.includes(userId) || (audience.admins && isAdmin)
}

/** A message as instances hand it to their streams: with its audience, which never goes to a browser. */
export type Delivery = { message: LiveMessage; audience: LiveAudience | null }

export type LiveListener = {
  message(message: LiveMessage, audience: LiveAudience | null): void
  /** The instance is shutting down: end the stream. */
  closed(): void
}

export type Realtime = {
  /**
   * Records `event` in `tx` (the change's own transaction); streams get it once
   * that commits, each viewer only if `audience` (when given) includes them.
   */
  publish<Topic extends LiveTopic>(
    tx: Db,
    topic: Topic,
    event: LiveEvent<Topic>,
    audience?: LiveAudience,
  ): Promise<void>
  /**
   * Sends `event` at once, outside any transaction, and keeps it nowhere (never
   * replayed; id `signalId`): what a long transaction reports while it runs (an
   * import's progress), since its published events reach streams only at its
   * commit. On PostgreSQL a NOTIFY on a pool connection of its own reaches every
   * instance; on PGlite, whose one connection the transaction holds, it goes to
   * this process's streams directly (one process holds a PGlite database).
   */
  signal<Topic extends LiveTopic>(topic: Topic, event: LiveEvent<Topic>, audience?: LiveAudience): Promise<void>
  /** Every message any instance publishes from now on; returns the unsubscribe. */
  subscribe(listener: LiveListener): () => void
  /** The newest event id, where a new stream starts. */
  latestId(): Promise<number>
  /** The events after `lastId`, or 'too-old' when the window no longer holds all of them. */
  replayAfter(lastId: number): Promise<Delivery[] | 'too-old'>
  close(): Promise<void>
}

function toDelivery(row: typeof liveEvents.$inferSelect): Delivery {
  // the row was written by publish, from a typed event and audience
  return {
    message: { id: row.id, topic: row.topic, type: row.type, data: row.data } as LiveMessage,
    audience: (row.audience as LiveAudience | null) ?? null,
  }
}

export async function createRealtime(database: Database, logger: Logger): Promise<Realtime> {
  const { db } = database
  const listeners = new Set<LiveListener>()
  let pendingIds: number[] = []
  let highestDelivered = 0

  const deliver = (deliveries: Delivery[]) => {
    for (const { message, audience } of deliveries) {
      if (message.id !== signalId) highestDelivered = Math.max(highestDelivered, message.id)
      for (const listener of listeners) listener.message(message, audience)
    }
  }

  // Notifications arriving together are read in one query.
  let flushing = Promise.resolve()
  const flush = async () => {
    const ids = pendingIds
    pendingIds = []
    try {
      const rows = await db.select().from(liveEvents).where(inArray(liveEvents.id, ids)).orderBy(asc(liveEvents.id))
      deliver(rows.map(toDelivery))
    } catch (error) {
      logger.error({ err: error }, 'live events could not be read')
    }
  }
  const onNotify = (payload: string) => {
    const id = Number(payload)
    if (!Number.isSafeInteger(id)) return
    // One read at a time: two reads on two pool connections could answer out of
    // order, and streams would get a later event before an earlier one.
    if (pendingIds.push(id) === 1) flushing = flushing.then(flush)
  }
  // After a lost LISTEN connection: what was published meanwhile, once.
  const catchUp = async () => {
    const rows = await db
      .select()
      .from(liveEvents)
      .where(gt(liveEvents.id, highestDelivered))
      .orderBy(asc(liveEvents.id))
      .limit(liveReplayMaxEvents)
    deliver(rows.map(toDelivery))
  }

  const unlisten = await database.listen(channel, onNotify, () => void catchUp().catch(() => {}))
  const onSignal = (payload: string) => {
    try {
      const { topic, type, data, audience } = JSON.parse(payload) as LiveMessage & { audience: LiveAudience | null }
      deliver([{ message: { id: signalId, topic, type, data } as LiveMessage, audience: audience ?? null }])
    } catch (error) {
      logger.warn({ err: error }, 'live signal not read')
    }
  }
  const unlistenSignals = database.kind === 'postgres' ? await database.listen(signalChannel, onSignal) : async () => {}

  return {
    async publish(tx, topic, { type, data }, audience) {
      const [row] = await tx
        .insert(liveEvents)
        .values({ topic, type, data, audience: audience ?? null })
        .returning({ id: liveEvents.id })
      await tx.execute(sql`select pg_notify(${channel}, ${String(row!.id)})`)
    },
    async signal(topic, { type, data }, audience) {
      const message = { id: signalId, topic, type, data } as LiveMessage
      if (database.kind !== 'postgres') {
        for (const listener of listeners) listener.message(message, audience ?? null)
        return
      }
      const payload = JSON.stringify({ topic, type, data, audience: audience ?? null })
      await db.execute(sql`select pg_notify(${signalChannel}, ${payload})`)
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    async latestId() {
      const [newest] = await db.select({ id: max(liveEvents.id) }).from(liveEvents)
      return newest?.id ?? 0
    },
    async replayAfter(lastId) {
      const [bounds] = await db.select({ oldest: min(liveEvents.id) }).from(liveEvents)
      if (bounds?.oldest != null && lastId < bounds.oldest - 1) return 'too-old'
      const rows = await db
        .select()
        .from(liveEvents)
        .where(gt(liveEvents.id, lastId))
        .orderBy(asc(liveEvents.id))
        .limit(liveReplayMaxEvents + 1)
      if (rows.length > liveReplayMaxEvents) return 'too-old'
      return rows.map(toDelivery)
    },
    async close() {
      for (const listener of listeners) listener.closed()
      listeners.clear()
      await unlisten()
      await unlistenSignals()
    },
  }
}

/**
 * Rows older than the replay window go; the newest one stays so that an old
 * Last-Event-ID can always be recognised as too old. Rows kept a little longer
 * only let a reconnect replay more instead of reloading.
 */
export async function pruneLiveEvents(db: Db): Promise<void> {
  const [newest] = await db.select({ id: max(liveEvents.id) }).from(liveEvents)
  if (!newest?.id) return
  await db
    .delete(liveEvents)
    .where(
      and(
        lt(liveEvents.createdAt, sql`now() - make_interval(mins => ${liveReplayWindowMinutes})`),
        lt(liveEvents.id, newest.id),
      ),
    )
}

/** Every ten minutes, once across instances (docs/decisions/021). */
export const cleanLiveEventsJob = defineJob<Record<string, never>>({
  name: 'clean-live-events',
  retryLimit: 2,
  run: (_data, { deps }) => pruneLiveEvents(deps.db),
})
