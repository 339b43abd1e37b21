import { useLayoutEffect, useRef } from 'react'
import { chatMessages } from '#shared/chat/messages.ts'
import type { ChatMessageView } from '#shared/chat/schemas.ts'
import { Button } from '#web/components/ui/button.tsx'
import { cn } from '#web/lib/cn.ts'
import type { PendingMessage } from '#web/features/chat/api/outbox.ts'
import { AdminBadge } from '#web/features/chat/components/admin-badge.tsx'
import { formatMessageTime } from '#web/features/chat/components/format.ts'
import { MessageText } from '#web/features/chat/components/message-text.tsx'

/** Who wrote a message, as this viewer reads it. */
export type Author = { name: string; isAdmin: boolean; mine: boolean }

type Item =
  | { kind: 'sent'; key: string; authorId: string | null; createdAt: string; message: ChatMessageView }
  | { kind: 'pending'; key: string; authorId: string; createdAt: string; pending: PendingMessage }

/** Messages of one author within this spell share one name line. */
const groupGapMs = 5 * 60_000

/** Within this distance of the end, the viewer counts as reading the newest messages. */
const bottomSlackPx = 48

export type OlderPages = {
  hasNextPage: boolean
  isFetchingNextPage: boolean
  isFetchNextPageError: boolean
  fetchNextPage: () => Promise<unknown>
}

/**
 * A conversation's messages, oldest first (issue 20): the viewer's own on the right,
 * the other party's on the left, a coach's with 'Admin' (a former coach's, whose
 * account was deleted, on the left too, named as `authorOf` says); 'Seen' under the viewer's
 * last message once it is read; messages on their way below, a failed one with
 * 'Retry'. A log region: screen readers hear new messages as they arrive. It stays
 * at the newest message when the viewer is there, and keeps what they read in place
 * when older messages load above it.
 */
export function MessageLog({
  label,
  messages,
  pending,
  viewerId,
  authorOf,
  older,
  emptyText,
  onRetry,
  onDiscard,
}: {
  label: string
  messages: ChatMessageView[]
  pending: readonly PendingMessage[]
  viewerId: string
  /** null: a former coach (their account deleted) */
  authorOf: (authorId: string | null) => Author
  older: OlderPages
  emptyText: string
  onRetry: (pending: PendingMessage) => void
  onDiscard: (pending: PendingMessage) => void
}) {
  const scroller = useRef<HTMLDivElement>(null)
  const atBottom = useRef(true)
  // distance from the end before older messages were asked for
  const olderAnchor = useRef<number | null>(null)
  const shown = useRef<{ first?: string; last?: string }>({})

  const sentKeys = new Set(messages.map((message) => message.clientKey))
  const items: Item[] = [
    ...messages.map((message): Item => ({
      kind: 'sent',
      key: message.id,
      authorId: message.authorId,
      createdAt: message.createdAt,
      message,
    })),
    // the server's copy replaces the pending one as soon as either the answer or the live event brings it
    ...pending
      .filter((entry) => !sentKeys.has(entry.clientKey))
      .map((entry): Item => ({
        kind: 'pending',
        key: `pending-${entry.clientKey}`,
        authorId: viewerId,
        createdAt: entry.createdAt,
        pending: entry,
      })),
  ]
  const first = items[0]?.key
  const last = items.at(-1)
  let lastMine = -1
  items.forEach((item, index) => {
    if (item.kind === 'sent' && item.authorId === viewerId) lastMine = index
  })

  useLayoutEffect(() => {
    const element = scroller.current
    if (!element) return
    const before = shown.current
    shown.current = { first, last: last?.key }
    if (olderAnchor.current !== null && first !== before.first) {
      element.scrollTop = element.scrollHeight - olderAnchor.current
      olderAnchor.current = null
      return
    }
    if (last?.key === before.last) return
    // the first paint, a new message while at the end, and the viewer's own message go to the end
    if (before.last === undefined || atBottom.current || last?.authorId === viewerId) {
      element.scrollTop = element.scrollHeight
      atBottom.current = true
    }
  }, [first, last?.key, last?.authorId, viewerId])

  const loadOlder = () => {
    const element = scroller.current
    if (element) olderAnchor.current = element.scrollHeight - element.scrollTop
    void older.fetchNextPage()
  }

  return (
    <div
      ref={scroller}
      role="log"
      aria-live="polite"
      aria-label={label}
      // focusable, so a keyboard can scroll the conversation
      tabIndex={0}
      onScroll={(event) => {
        const element = event.currentTarget
        atBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight <= bottomSlackPx
      }}
      className="min-h-0 flex-1 overflow-y-auto px-3 py-4 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring sm:px-4"
    >
      {older.hasNextPage ? (
        <div className="grid justify-items-center gap-2 pb-4">
          <Button variant="outline" size="sm" onClick={loadOlder} disabled={older.isFetchingNextPage}>
            {older.isFetchingNextPage ? 'Loading…' : 'Load older messages'}
          </Button>
          {older.isFetchNextPageError ? (
            <p role="alert" className="text-sm text-destructive">
              {chatMessages.loadMessagesFailed}
            </p>
          ) : null}
        </div>
      ) : null}
      {items.length === 0 ? <p className="py-8 text-center text-sm text-muted-foreground">{emptyText}</p> : null}
      <ol className="grid gap-1">
        {items.map((item, index) => {
          const previous = items[index - 1]
          const startsGroup =
            !previous ||
            previous.authorId !== item.authorId ||
            Date.parse(item.createdAt) - Date.parse(previous.createdAt) > groupGapMs
          return (
            <MessageItem
              key={item.key}
              item={item}
              author={authorOf(item.authorId)}
              startsGroup={startsGroup}
              seen={index === lastMine && item.kind === 'sent' ? item.message.readAt : null}
              onRetry={onRetry}
              onDiscard={onDiscard}
            />
          )
        })}
      </ol>
    </div>
  )
}

function MessageItem({
  item,
  author,
  startsGroup,
  seen,
  onRetry,
  onDiscard,
}: {
  item: Item
  author: Author
  startsGroup: boolean
  seen: string | null
  onRetry: (pending: PendingMessage) => void
  onDiscard: (pending: PendingMessage) => void
}) {
  const content = item.kind === 'sent' ? item.message.content : item.pending.content
  const failed = item.kind === 'pending' && item.pending.status === 'failed'
  const time = formatMessageTime(item.createdAt)
  return (
    <li
      data-testid="chat-message"
      data-mine={author.mine ? 'true' : 'false'}
      className={cn(
        'grid max-w-[85%] gap-1 sm:max-w-[75%]',
        author.mine ? 'justify-items-end justify-self-end' : 'justify-items-start justify-self-start',
        startsGroup && 'mt-3',
      )}
    >
      {startsGroup ? (
        <p className="flex flex-wrap items-center gap-2 px-1 text-xs">
          <span className="font-semibold">{author.mine ? 'You' : author.name}</span>
          {author.isAdmin ? <AdminBadge /> : null}
          <time dateTime={item.createdAt} className="text-muted-foreground">
            {time}
          </time>
        </p>
      ) : (
        <span className="sr-only">{author.mine ? 'You' : author.name}:</span>
      )}
      <div
        title={new Date(item.createdAt).toLocaleString()}
        className={cn(
          'rounded-2xl px-3.5 py-2',
          author.mine
            ? 'rounded-br-md bg-primary text-primary-foreground'
            : 'rounded-bl-md bg-muted text-foreground [&_a]:text-accent',
          item.kind === 'pending' && !failed && 'opacity-70',
          failed && 'border border-destructive',
        )}
      >
        <MessageText content={content} />
      </div>
      {item.kind === 'pending' ? (
        failed ? (
          <div className="flex flex-wrap items-center justify-end gap-2 px-1 text-xs">
            <span role="alert" className="text-destructive">
              Not sent{item.pending.error ? `: ${item.pending.error}` : ''}
            </span>
            <Button variant="link" size="sm" className="text-xs" onClick={() => onRetry(item.pending)}>
              Retry
            </Button>
            <Button
              variant="link"
              size="sm"
              className="text-xs text-muted-foreground"
              onClick={() => onDiscard(item.pending)}
            >
              Discard
            </Button>
          </div>
        ) : (
          <p className="px-1 text-xs text-muted-foreground">Sending…</p>
        )
      ) : null}
      {seen ? (
        <p className="px-1 text-xs text-muted-foreground" data-testid="chat-seen">
          <span title={new Date(seen).toLocaleString()}>Seen</span>
        </p>
      ) : null}
    </li>
  )
}
