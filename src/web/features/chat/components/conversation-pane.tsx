import { Link } from 'react-router'
import { useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { ArrowLeft, UserRound } from 'lucide-react'
import { chatMessages } from '#shared/chat/messages.ts'
import { isReceivedBy, type ConversationSummary } from '#shared/chat/schemas.ts'
import type { SessionUser } from '#shared/accounts/schemas.ts'
import { Avatar } from '#web/components/avatar.tsx'
import { LoadFailedAlert } from '#web/components/load-failed-alert.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { Dialog, DialogContent, DialogTrigger } from '#web/components/ui/dialog.tsx'
import { isNotFoundError, messageOf } from '#web/lib/api.ts'
import { conversationQuery, messagesQuery, useReadWhenSeen, useSendMessage } from '#web/features/chat/api/chat.ts'
import { messagesInOrder } from '#web/features/chat/api/chat-cache.ts'
import { usePendingMessages } from '#web/features/chat/api/outbox.ts'
import { AdminBadge } from '#web/features/chat/components/admin-badge.tsx'
import { Composer } from '#web/features/chat/components/composer.tsx'
import { fullName } from '#web/features/chat/components/format.ts'
import { MemberContextPanel } from '#web/features/chat/components/member-context-panel.tsx'
import { MessageLog, type Author } from '#web/features/chat/components/message-log.tsx'

/**
 * One conversation (spec 001 §2 Career chat, issue 20): who it is with, its messages
 * and the message box; for the coach, the member's context beside it (a dialog on
 * narrower screens). Opening it reads what arrived.
 */
export function ConversationPane({
  conversationId,
  listed,
  viewer,
  backHref,
}: {
  conversationId: string
  /** the conversation as the list has it, shown while its own answer comes */
  listed: ConversationSummary | undefined
  viewer: SessionUser
  /** back to the list (on a phone, the list and the conversation take turns) */
  backHref: string
}) {
  const conversation = useQuery(conversationQuery(conversationId))
  const messages = useInfiniteQuery(messagesQuery(conversationId))
  const pending = usePendingMessages(conversationId)
  const sender = useSendMessage(conversationId, viewer.id)
  const summary = conversation.data ?? listed

  const ordered = messagesInOrder(messages.data)
  // a former coach's unread message is the member's to read, never the new coach's
  const newestUnread = summary
    ? ordered.findLast((m) => m.readAt === null && isReceivedBy(m, viewer.id, summary.memberId))
    : undefined
  useReadWhenSeen(conversationId, viewer.id, newestUnread?.id ?? null, messages.isSuccess && Boolean(summary))

  const back = (
    <Link
      to={backHref}
      className="inline-flex size-9 shrink-0 items-center justify-center rounded-lg text-muted-foreground hover:bg-muted hover:text-foreground md:hidden"
      aria-label="All conversations"
    >
      <ArrowLeft aria-hidden="true" className="size-5" />
    </Link>
  )

  const notFound =
    isNotFoundError(conversation.error, chatMessages.notFound) || isNotFoundError(messages.error, chatMessages.notFound)
  if (notFound) {
    return (
      <div className="grid flex-1 content-start gap-3 p-4">
        {back}
        <p role="alert" className="py-8 text-center text-muted-foreground">
          {chatMessages.notFound}
        </p>
      </div>
    )
  }
  if (!summary) {
    return conversation.isError ? (
      <div className="grid flex-1 content-start gap-3 p-4">
        {back}
        <LoadFailedAlert className="py-8" onRetry={() => void conversation.refetch()}>
          {messageOf(conversation.error, chatMessages.loadMessagesFailed)}
        </LoadFailedAlert>
      </div>
    ) : (
      <p role="status" className="p-6 text-sm text-muted-foreground">
        Loading conversation…
      </p>
    )
  }

  const other = summary.otherParty
  const otherName = fullName(other) || 'Member'
  // the coach's view: an admin who is not the member sees who they are helping
  const coachView = viewer.isAdmin && summary.memberId !== viewer.id
  const authorOf = (authorId: string | null): Author => {
    // the coach before this one, whose account was deleted: the other party's side, no longer an admin
    if (authorId === null) return { name: chatMessages.formerCoach, isAdmin: false, mine: false }
    if (authorId === viewer.id) return { name: fullName(viewer), isAdmin: viewer.isAdmin, mine: true }
    if (authorId === other.id) return { name: otherName, isAdmin: other.isAdmin, mine: false }
    // an admin looking in: the party who is neither the viewer nor the member is the coach
    return { name: 'Coach', isAdmin: authorId === summary.coachId, mine: false }
  }
  // an admin reading along may not write in another coach's conversation
  const party = viewer.id === summary.memberId || viewer.id === summary.coachId
  const disabledReason = !party ? chatMessages.notAParty : summary.status === 'closed' ? chatMessages.closed : undefined

  return (
    <div className="flex min-h-0 flex-1">
      <div className="flex min-h-0 min-w-0 flex-1 flex-col">
        <div className="flex items-center gap-3 border-b border-border px-3 py-2.5 sm:px-4">
          {back}
          <Avatar name={otherName} url={other.avatarUrl} size="sm" />
          <h2 className="flex min-w-0 items-center gap-2 font-semibold">
            <span className="truncate">{otherName}</span>
            {other.isAdmin ? <AdminBadge /> : null}
          </h2>
          {coachView ? (
            <Dialog>
              <DialogTrigger asChild>
                <Button variant="outline" size="sm" className="ml-auto xl:hidden">
                  <UserRound aria-hidden="true" className="size-4" />
                  Member details
                </Button>
              </DialogTrigger>
              <DialogContent side="sheet" title={`About ${otherName}`} className="w-[min(22rem,100%)]">
                <MemberContextPanel memberId={summary.memberId} />
              </DialogContent>
            </Dialog>
          ) : null}
        </div>

        {messages.isPending ? (
          <p role="status" className="flex-1 p-6 text-sm text-muted-foreground">
            Loading messages…
          </p>
        ) : messages.isError && !messages.data ? (
          <div className="flex-1">
            <LoadFailedAlert className="py-8" onRetry={() => void messages.refetch()}>
              {messageOf(messages.error, chatMessages.loadMessagesFailed)}
            </LoadFailedAlert>
          </div>
        ) : (
          <MessageLog
            label={`Messages with ${otherName}`}
            messages={ordered}
            pending={pending}
            viewerId={viewer.id}
            authorOf={authorOf}
            older={messages}
            emptyText={coachView ? 'No messages yet.' : 'No messages yet. Say hello to your coach.'}
            onRetry={sender.retry}
            onDiscard={sender.discard}
          />
        )}

        <Composer
          conversationId={conversationId}
          recipientName={otherName}
          sending={pending.some((entry) => entry.status === 'sending')}
          disabledReason={disabledReason}
          onSend={sender.send}
        />
      </div>

      {coachView ? (
        <aside
          aria-label={`About ${otherName}`}
          className="hidden w-80 shrink-0 overflow-y-auto border-l border-border p-4 xl:block"
        >
          <h2 className="mb-4 font-semibold">About {otherName}</h2>
          <MemberContextPanel memberId={summary.memberId} />
        </aside>
      ) : null}
    </div>
  )
}
