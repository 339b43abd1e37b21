import type { LiveTopic } from '#shared/access.ts'

// What travels on the live-update stream (GET /api/live, Server-Sent Events). Each
// message's SSE id is its `id`, so a reconnecting browser resumes after it.

export type LiveMessage<Type extends string = string, Data = unknown> = {
  id: number
  topic: LiveTopic
  type: Type
  data: Data
}

/**
 * Messages about the stream itself: 'hello' opens it (its id is the newest event,
 * so a reconnect can always resume); 'reset' says events were missed beyond the
 * replay window and everything shown should be read again.
 */
export type LiveControl = { id: number; control: 'hello' | 'reset' }

export const liveStreamPath = '/api/live'

/** How long events can be replayed to a reconnecting browser. */
export const liveReplayWindowMinutes = 10
export const liveReplayMaxEvents = 500
export const liveHeartbeatSeconds = 15
