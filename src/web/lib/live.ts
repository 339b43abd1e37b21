import { useEffect, useRef } from 'react'
import type { LiveTopic } from '#shared/access.ts'
import { isLiveMessageOf, liveStreamPath, type LiveControl, type LiveMessage } from '#shared/live.ts'

// The browser's one live-update stream (Server-Sent Events, docs/decisions/007).
// It opens when the first page that shows live data subscribes and closes a while
// after the last one leaves, so pages without live data hold no connection.
// EventSource reconnects by itself and sends Last-Event-ID; the server replays what
// was missed, or answers 'reset' when it cannot, and then every subscriber reloads.

type Subscriber = { topic: LiveTopic; onMessage(message: LiveMessage): void; onReset(): void }

const subscribers = new Set<Subscriber>()
let source: EventSource | undefined
let closeTimer: ReturnType<typeof setTimeout> | undefined
const closeAfterMs = 30_000

function open() {
  clearTimeout(closeTimer)
  if (source) return
  source = new EventSource(liveStreamPath, { withCredentials: true })
  source.onmessage = (event: MessageEvent<string>) => {
    const message = JSON.parse(event.data) as LiveMessage | LiveControl
    if ('control' in message) {
      if (message.control === 'reset') for (const subscriber of subscribers) subscriber.onReset()
      return
    }
    for (const subscriber of subscribers) if (subscriber.topic === message.topic) subscriber.onMessage(message)
  }
  source.onerror = () => {
    // EventSource retries by itself unless the server refused it (signed out, server gone for good)
    if (source?.readyState !== EventSource.CLOSED) return
    source = undefined
    setTimeout(() => {
      if (subscribers.size === 0 || source) return
      open()
      for (const subscriber of subscribers) subscriber.onReset()
    }, 5000)
  }
}

function releaseLater() {
  if (subscribers.size > 0) return
  clearTimeout(closeTimer)
  closeTimer = setTimeout(() => {
    source?.close()
    source = undefined
  }, closeAfterMs)
}

/** Calls `onMessage` for every live message of `topic` while the component is mounted. */
export function useLiveTopic<Topic extends LiveTopic>(
  topic: Topic,
  onMessage: (message: LiveMessage<Topic>) => void,
  onReset: () => void,
) {
  const handlers = useRef({ onMessage, onReset })
  useEffect(() => {
    handlers.current = { onMessage, onReset }
  })
  useEffect(() => {
    const subscriber: Subscriber = {
      topic,
      onMessage: (message) => {
        if (isLiveMessageOf(message, topic)) handlers.current.onMessage(message)
      },
      onReset: () => handlers.current.onReset(),
    }
    subscribers.add(subscriber)
    open()
    return () => {
      subscribers.delete(subscriber)
      releaseLater()
    }
  }, [topic])
}
