import { useSyncExternalStore } from 'react'

// Messages on their way (issue 20): shown at once under the conversation, replaced by
// the server's own when it answers (matched by the idempotency key), and kept with a
// 'Retry' when the send failed. They live outside the query cache, so a refetch of
// the conversation does not drop them, and outside the page, so a failed message is
// still there after visiting another page.

export type PendingMessage = {
  conversationId: string
  /** the idempotency key, the same for every retry of this message */
  clientKey: string
  content: string
  createdAt: string
  status: 'sending' | 'failed'
  /** why the last attempt failed */
  error?: string
}

type Outbox = ReadonlyMap<string, readonly PendingMessage[]>

let outbox: Outbox = new Map()
const listeners = new Set<() => void>()
const none: readonly PendingMessage[] = []

function change(conversationId: string, update: (pending: readonly PendingMessage[]) => readonly PendingMessage[]) {
  const next = new Map(outbox)
  const updated = update(outbox.get(conversationId) ?? none)
  if (updated.length === 0) next.delete(conversationId)
  else next.set(conversationId, updated)
  outbox = next
  for (const listener of listeners) listener()
}

export const pendingMessages = {
  add(message: PendingMessage) {
    change(message.conversationId, (pending) => [...pending, message])
  },
  update(conversationId: string, clientKey: string, patch: Partial<Pick<PendingMessage, 'status' | 'error'>>) {
    change(conversationId, (pending) => pending.map((m) => (m.clientKey === clientKey ? { ...m, ...patch } : m)))
  },
  remove(conversationId: string, clientKey: string) {
    change(conversationId, (pending) => pending.filter((m) => m.clientKey !== clientKey))
  },
  of(conversationId: string): readonly PendingMessage[] {
    return outbox.get(conversationId) ?? none
  },
  subscribe(listener: () => void) {
    listeners.add(listener)
    return () => void listeners.delete(listener)
  },
}

/** The conversation's messages on their way, oldest first. */
export function usePendingMessages(conversationId: string): readonly PendingMessage[] {
  return useSyncExternalStore(
    pendingMessages.subscribe,
    () => pendingMessages.of(conversationId),
    () => none,
  )
}

/**
 * A new idempotency key (spec: 8-64 word characters or dashes). randomUUID needs a
 * secure context, which a plain-http address other than localhost is not.
 */
export function newClientKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')
}
