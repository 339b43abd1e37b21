import type { LiveTopic } from '#shared/access.ts'
import type { AdminEvent } from '#shared/admin/users.ts'
import type { BlogChangedEvent } from '#shared/blog/schemas.ts'
import type { ChatEvent } from '#shared/chat/schemas.ts'
import type { CommunityEvent } from '#shared/community/schemas.ts'
import type { CoursesChangedEvent } from '#shared/courses/schemas.ts'
import type { EventsChangedEvent } from '#shared/events/schemas.ts'
import type { JobsChangedEvent } from '#shared/jobs/schemas.ts'
import type { LayoffsEvent } from '#shared/layoffs/schemas.ts'
import type { ResumeEvent } from '#shared/resumes/schemas.ts'

// What travels on the live-update stream (GET /api/live, Server-Sent Events). Each
// message's SSE id is its `id`, so a reconnecting browser resumes after it.

/**
 * The events each topic carries (topics and who hears them: liveTopicAccess).
 * The server's publish and the browser's useLiveTopic are typed by this map, so
 * an event is declared once and neither side casts it.
 */
type EventsByTopic = {
  community: CommunityEvent
  jobs: JobsChangedEvent
  courses: CoursesChangedEvent
  resumes: ResumeEvent
  events: EventsChangedEvent
  blog: BlogChangedEvent
  layoffs: LayoffsEvent
  chat: ChatEvent
  admin: AdminEvent
}

/** An event of `Topic`: `{ type, data }`, discriminated by type (a topic missing above fails to compile here). */
export type LiveEvent<Topic extends LiveTopic> = EventsByTopic[Topic]

type AnyLiveMessage = { [T in LiveTopic]: { id: number; topic: T } & LiveEvent<T> }[LiveTopic]

/** A message of the stream (of one topic when given), discriminated by `topic`, then `type`. */
export type LiveMessage<Topic extends LiveTopic = LiveTopic> = Extract<AnyLiveMessage, { topic: Topic }>

export function isLiveMessageOf<Topic extends LiveTopic>(
  message: LiveMessage,
  topic: Topic,
): message is LiveMessage<Topic> {
  return message.topic === topic
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
