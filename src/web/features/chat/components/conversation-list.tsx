import { Link } from 'react-router'
import { useInfiniteQuery } from '@tanstack/react-query'
import { MessageSquarePlus } from 'lucide-react'
import { chatMessages } from '#shared/chat/messages.ts'
import type { ConversationSummary } from '#shared/chat/schemas.ts'
import { Avatar } from '#web/components/avatar.tsx'
import { LoadFailedAlert } from '#web/components/load-failed-alert.tsx'
import { LoadMoreButton } from '#web/components/load-more-button.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { messageOf } from '#web/lib/api.ts'
import { cn } from '#web/lib/cn.ts'
import { conversationsQuery } from '#web/features/chat/api/chat.ts'
import { AdminBadge } from '#web/features/chat/components/admin-badge.tsx'
import { formatMessageTime, fullName, latestAuthorPrefix, unreadLabel } from '#web/features/chat/components/format.ts'

/**
 * spec 001 §2: the viewer's conversations, each with the other party, the newest
 * message and the unread count; 'Start Conversation' for a member with no open one.
 */
export function ConversationList({
  viewerId,
  viewerIsAdmin,
  selectedId,
  hrefOf,
  onStart,
  starting,
}: {
  viewerId: string
  viewerIsAdmin: boolean
  selectedId: string | null
  hrefOf: (conversationId: string) => string
  onStart: () => void
  starting: boolean
}) {
  const list = useInfiniteQuery(conversationsQuery())

  if (list.isPending) {
    return (
      <p role="status" className="p-4 text-sm text-muted-foreground">
        Loading conversations…
      </p>
    )
  }
  if (list.isError) {
    return (
      <LoadFailedAlert className="px-4 py-6" onRetry={() => void list.refetch()}>
        {messageOf(list.error, chatMessages.loadConversationsFailed)}
      </LoadFailedAlert>
    )
  }

  const conversations = list.data.pages.flatMap((page) => page.conversations)
  // one open conversation per member and coach (issue 20): a member without one may start it
  const canStart = !viewerIsAdmin && !conversations.some((c) => c.status === 'open' && c.memberId === viewerId)
  return (
    <div className="grid content-start gap-3">
      {conversations.length === 0 ? (
        <p className="px-4 pt-4 text-sm text-muted-foreground">
          {viewerIsAdmin
            ? 'No conversations yet. Members who start one with you appear here.'
            : 'No conversations yet. A career coach is one message away.'}
        </p>
      ) : (
        <ul aria-label="Conversations" className="grid">
          {conversations.map((conversation) => (
            <li key={conversation.id}>
              <ConversationLink
                conversation={conversation}
                viewerId={viewerId}
                selected={conversation.id === selectedId}
                href={hrefOf(conversation.id)}
              />
            </li>
          ))}
        </ul>
      )}
      <LoadMoreButton list={list}>More conversations</LoadMoreButton>
      {canStart ? (
        <Button className="mx-4 mb-4" onClick={onStart} disabled={starting}>
          <MessageSquarePlus aria-hidden="true" className="size-4" />
          {starting ? 'Starting…' : chatMessages.start}
        </Button>
      ) : null}
    </div>
  )
}

function ConversationLink({
  conversation,
  viewerId,
  selected,
  href,
}: {
  conversation: ConversationSummary
  viewerId: string
  selected: boolean
  href: string
}) {
  const { otherParty, latestMessage, unreadCount } = conversation
  const name = fullName(otherParty) || 'Member'
  return (
    <Link
      to={href}
      aria-current={selected ? 'true' : undefined}
      data-testid="conversation"
      className={cn(
        'flex gap-3 border-l-4 px-4 py-3 transition-colors focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring',
        selected ? 'border-primary bg-muted' : 'border-transparent hover:bg-muted/60',
      )}
    >
      <Avatar name={name} url={otherParty.avatarUrl} />
      <span className="grid min-w-0 flex-1 gap-0.5">
        <span className="flex items-center gap-2">
          <span className="truncate font-medium">{name}</span>
          {otherParty.isAdmin ? <AdminBadge /> : null}
          <span className="ml-auto shrink-0 text-xs text-muted-foreground">
            <time dateTime={conversation.lastMessageAt}>{formatMessageTime(conversation.lastMessageAt)}</time>
          </span>
        </span>
        <span className="flex items-center gap-2">
          <span
            className={cn('truncate text-sm', unreadCount > 0 ? 'font-medium' : 'text-muted-foreground')}
            data-testid="conversation-latest"
          >
            {latestMessage
              ? `${latestAuthorPrefix(latestMessage.authorId, viewerId)}${latestMessage.content}`
              : 'No messages yet'}
          </span>
          {unreadCount > 0 ? (
            <span
              data-testid="conversation-unread"
              className="ml-auto grid h-5 min-w-5 shrink-0 place-items-center rounded-full bg-primary px-1.5 text-xs leading-none font-semibold text-primary-foreground tabular-nums"
            >
              <span aria-hidden="true">{unreadCount}</span>
              <span className="sr-only">{unreadLabel(unreadCount)}</span>
            </span>
          ) : null}
        </span>
        {conversation.status === 'closed' ? <span className="text-xs text-muted-foreground">Closed</span> : null}
      </span>
    </Link>
  )
}
