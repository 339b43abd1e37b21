import type { InfiniteData, QueryClient } from '@tanstack/react-query'
import {
  isReceivedBy,
  type ChatMessagePage,
  type ChatMessageView,
  type ConversationList,
  type ConversationSummary,
} from '#shared/chat/schemas.ts'
import type { LiveMessage } from '#shared/live.ts'
import { chatKeys } from '#web/features/chat/api/keys.ts'

// What a message, a read or a live 'chat' event changes in what this browser shows.
// The stream sends a conversation's events to its two parties only (issue 20), so
// whatever arrives belongs to this viewer. Every step is idempotent: the sender's own
// message comes back on the stream as well as in the answer to its POST.

/** A conversation's messages: the newest page first (pages[0]), each page oldest first. */
export type MessagePages = InfiniteData<ChatMessagePage, string>

/** The conversation list, page by page (newest activity first). */
export type ConversationPages = InfiniteData<ConversationList, string>

/** The messages in reading order: oldest first, across every loaded page. */
export function messagesInOrder(data: { pages: ChatMessagePage[] } | undefined): ChatMessageView[] {
  if (!data) return []
  return [...data.pages].reverse().flatMap((page) => page.messages)
}

/** Is this message already shown: the same id, or the same sender's same idempotency key? */
function sameMessage(a: ChatMessageView, b: ChatMessageView): boolean {
  return a.id === b.id || (a.authorId !== null && a.clientKey === b.clientKey && a.authorId === b.authorId)
}

/** The conversation's member as this browser has it (its own query, else the list); undefined when neither is loaded. */
function cachedMemberId(queryClient: QueryClient, conversationId: string): string | undefined {
  return (
    queryClient.getQueryData<ConversationSummary>(chatKeys.conversation(conversationId))?.memberId ??
    queryClient
      .getQueryData<ConversationPages>(chatKeys.conversations)
      ?.pages.flatMap((page) => page.conversations)
      .find((conversation) => conversation.id === conversationId)?.memberId
  )
}

/** Adds a message to its conversation's newest page, once and in time order, if that conversation is loaded. */
export function addCachedMessage(queryClient: QueryClient, message: ChatMessageView) {
  queryClient.setQueryData<MessagePages>(chatKeys.messages(message.conversationId), (data) => {
    if (!data || data.pages.length === 0) return data
    if (data.pages.some((page) => page.messages.some((existing) => sameMessage(existing, message)))) return data
    const [newest, ...older] = data.pages
    const messages = [...newest!.messages]
    let at = messages.length
    while (at > 0 && messages[at - 1]!.createdAt > message.createdAt) at--
    messages.splice(at, 0, message)
    return { ...data, pages: [{ ...newest!, messages }, ...older] }
  })
}

/**
 * Someone read a conversation up to `readAt`: the messages they had received by then
 * are read ('Seen' for their sender). The reader's own messages do not change, nor
 * does a former coach's (no author) unless the reader is the member (isReceivedBy):
 * with the member unknown here, it waits for the next load.
 */
export function applyRead(queryClient: QueryClient, conversationId: string, readerId: string, readAt: string) {
  const memberId = cachedMemberId(queryClient, conversationId)
  const received = (m: ChatMessageView) =>
    memberId === undefined ? m.authorId !== null && m.authorId !== readerId : isReceivedBy(m, readerId, memberId)
  const readNow = (m: ChatMessageView) => m.readAt === null && m.createdAt <= readAt && received(m)
  queryClient.setQueryData<MessagePages>(chatKeys.messages(conversationId), (data) => {
    if (!data) return data
    let changed = false
    const pages = data.pages.map((page) => {
      if (!page.messages.some(readNow)) return page
      changed = true
      return { ...page, messages: page.messages.map((m) => (readNow(m) ? { ...m, readAt } : m)) }
    })
    return changed ? { ...data, pages } : data
  })
}

function updateSummary(
  queryClient: QueryClient,
  conversationId: string,
  change: (summary: ConversationSummary) => ConversationSummary,
) {
  queryClient.setQueryData<ConversationSummary>(chatKeys.conversation(conversationId), (summary) =>
    summary ? change(summary) : summary,
  )
}

/** Changes one conversation of the list; false when the list is loaded without it. */
function updateListed(
  queryClient: QueryClient,
  conversationId: string,
  change: (summary: ConversationSummary) => ConversationSummary,
  { toTop = false } = {},
): boolean {
  let found = false
  queryClient.setQueryData<ConversationPages>(chatKeys.conversations, (data) => {
    if (!data) return data
    const current = data.pages.flatMap((page) => page.conversations).find((c) => c.id === conversationId)
    if (!current) return data
    found = true
    const updated = change(current)
    if (updated === current) return data
    const pages = data.pages.map((page) => ({
      ...page,
      conversations: page.conversations.flatMap((c) => (c.id !== conversationId ? [c] : toTop ? [] : [updated])),
    }))
    if (toTop) pages[0] = { ...pages[0]!, conversations: [updated, ...pages[0]!.conversations] }
    return { ...data, pages }
  })
  return found || queryClient.getQueryData(chatKeys.conversations) === undefined
}

/**
 * A new message moves its conversation to the top of the list with its text; a
 * message from the other party counts as unread unless the viewer has the
 * conversation open before their eyes. A message older than the one shown already
 * counted (the same event twice changes nothing).
 */
export function noteMessageInList(
  queryClient: QueryClient,
  message: ChatMessageView,
  viewerId: string | undefined,
  openAndVisible: boolean,
) {
  const change = (summary: ConversationSummary): ConversationSummary => {
    const latest = summary.latestMessage
    if (latest && latest.createdAt >= message.createdAt) return summary
    const incoming = message.authorId !== viewerId && !openAndVisible
    return {
      ...summary,
      latestMessage: { content: message.content, authorId: message.authorId, createdAt: message.createdAt },
      lastMessageAt: message.createdAt,
      unreadCount: summary.unreadCount + (incoming ? 1 : 0),
    }
  }
  updateSummary(queryClient, message.conversationId, change)
  const listed = updateListed(queryClient, message.conversationId, change, { toTop: true })
  // a conversation this list has not seen yet (a coach's new member): read the list again
  if (!listed) void queryClient.invalidateQueries({ queryKey: chatKeys.conversations })
}

/** The viewer read a conversation: nothing of it is unread for them any more. */
export function noteConversationRead(queryClient: QueryClient, conversationId: string) {
  const read = (summary: ConversationSummary) => (summary.unreadCount === 0 ? summary : { ...summary, unreadCount: 0 })
  updateSummary(queryClient, conversationId, read)
  updateListed(queryClient, conversationId, read)
  void queryClient.invalidateQueries({ queryKey: chatKeys.unread })
}

/**
 * Applies a live 'chat' event. `isOpenAndVisible(id)` says whether the viewer has
 * that conversation open in a visible tab (its new messages are read at once).
 */
export function applyChatEvent(
  queryClient: QueryClient,
  message: LiveMessage<'chat'>,
  viewerId: string | undefined,
  isOpenAndVisible: (conversationId: string) => boolean = () => false,
) {
  switch (message.type) {
    case 'message.created': {
      const chat = message.data.message
      addCachedMessage(queryClient, chat)
      noteMessageInList(queryClient, chat, viewerId, isOpenAndVisible(chat.conversationId))
      if (chat.authorId !== viewerId) void queryClient.invalidateQueries({ queryKey: chatKeys.unread })
      return
    }
    case 'messages.read': {
      const { conversationId, readerId, readAt } = message.data
      applyRead(queryClient, conversationId, readerId, readAt)
      // the viewer read it in another tab or window
      if (readerId === viewerId) noteConversationRead(queryClient, conversationId)
      return
    }
    case 'conversation.started':
      return void queryClient.invalidateQueries({ queryKey: chatKeys.conversations })
  }
}
