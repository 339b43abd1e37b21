import { useEffect, useRef, useSyncExternalStore } from 'react'
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import { chatMessages } from '#shared/chat/messages.ts'
import { answer, messageOf } from '#web/lib/api.ts'
import { useLiveTopic } from '#web/lib/live.ts'
import { chatApi, chatContextApi, conversationParam } from '#web/features/chat/api/clients.ts'
import { chatKeys } from '#web/features/chat/api/keys.ts'
import {
  addCachedMessage,
  applyChatEvent,
  applyRead,
  noteConversationRead,
  noteMessageInList,
  type ConversationPages,
} from '#web/features/chat/api/chat-cache.ts'
import { newClientKey, pendingMessages, type PendingMessage } from '#web/features/chat/api/outbox.ts'

export { chatKeys } from '#web/features/chat/api/keys.ts'

// The career coach chat (spec 001 §2 Career chat, issue 20): the conversation list,
// a conversation's messages a page at a time, sending with an idempotency key, reads
// and the coach's view of the member (the header's unread count: unread.ts).

export const conversationsQuery = () =>
  infiniteQueryOptions({
    queryKey: chatKeys.conversations,
    queryFn: ({ pageParam, signal }) =>
      answer(chatApi.conversations.$get({ query: pageParam ? { cursor: pageParam } : {} }, { init: { signal } })),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  })

export const conversationQuery = (conversationId: string) =>
  queryOptions({
    queryKey: chatKeys.conversation(conversationId),
    queryFn: ({ signal }) =>
      answer(
        chatApi.conversations[':conversationId'].$get(
          { param: conversationParam(conversationId) },
          { init: { signal } },
        ),
      ),
  })

/**
 * A conversation's messages: the newest page first; 'Load older messages' reads the
 * page before the oldest loaded (its `olderCursor`). A refetch reads the newest page
 * again and the older ones from it, so the loaded pages always join up.
 */
export const messagesQuery = (conversationId: string) =>
  infiniteQueryOptions({
    queryKey: chatKeys.messages(conversationId),
    queryFn: ({ pageParam, signal }) =>
      answer(
        chatApi.conversations[':conversationId'].messages.$get(
          { param: conversationParam(conversationId), query: pageParam ? { cursor: pageParam } : {} },
          { init: { signal } },
        ),
      ),
    initialPageParam: '',
    getNextPageParam: (last) => last.olderCursor ?? undefined,
  })

/** The member beside a conversation, for their coach (admins only). */
export const memberContextQuery = (memberId: string) =>
  queryOptions({
    queryKey: chatKeys.memberContext(memberId),
    queryFn: ({ signal }) =>
      answer(
        chatContextApi.members[':memberId'].context.$get(
          { param: { memberId: encodeURIComponent(memberId) } },
          { init: { signal } },
        ),
      ),
  })

/**
 * Starts the member's conversation with a coach, or opens the one they have (spec 001
 * §2, §6): 'No admins available for chat' when there is no coach to assign.
 */
export function useStartConversation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => answer(chatApi.conversations.$post({})),
    onSuccess: ({ conversation }) => {
      queryClient.setQueryData(chatKeys.conversation(conversation.id), conversation)
      queryClient.setQueryData<ConversationPages>(chatKeys.conversations, (data) => {
        if (!data || data.pages.some((page) => page.conversations.some((c) => c.id === conversation.id))) return data
        const [first, ...rest] = data.pages
        return { ...data, pages: [{ ...first!, conversations: [conversation, ...first!.conversations] }, ...rest] }
      })
      void queryClient.invalidateQueries({ queryKey: chatKeys.conversations })
    },
    onError: (error) => toast.error(messageOf(error, chatMessages.startFailed)),
  })
}

/**
 * Sending in a conversation (spec 001 §5: blank never sent, no double send while
 * sending). Each message gets its idempotency key once and keeps it through every
 * retry, so a send that reached the server but lost its answer is never stored twice.
 */
export function useSendMessage(conversationId: string, viewerId: string | undefined) {
  const queryClient = useQueryClient()

  const deliver = async (pending: PendingMessage) => {
    try {
      const { message } = await answer(
        chatApi.conversations[':conversationId'].messages.$post({
          param: conversationParam(pending.conversationId),
          json: { content: pending.content, clientKey: pending.clientKey },
        }),
      )
      addCachedMessage(queryClient, message)
      noteMessageInList(queryClient, message, viewerId, true)
      pendingMessages.remove(pending.conversationId, pending.clientKey)
    } catch (error) {
      const said = messageOf(error, chatMessages.sendFailed)
      pendingMessages.update(pending.conversationId, pending.clientKey, { status: 'failed', error: said })
      toast.error(said)
    }
  }

  return {
    /** Sends the text as it will be stored (trimmed); false when there is nothing to send. */
    send(content: string): boolean {
      const text = content.trim()
      if (!text) return false
      const pending: PendingMessage = {
        conversationId,
        clientKey: newClientKey(),
        content: text,
        createdAt: new Date().toISOString(),
        status: 'sending',
      }
      pendingMessages.add(pending)
      void deliver(pending)
      return true
    },
    /** Sends a failed message again, under the same key. */
    retry(pending: PendingMessage) {
      if (pending.status === 'sending') return
      pendingMessages.update(pending.conversationId, pending.clientKey, { status: 'sending', error: undefined })
      void deliver({ ...pending, status: 'sending' })
    },
    /** Gives up on a failed message. */
    discard(pending: PendingMessage) {
      pendingMessages.remove(pending.conversationId, pending.clientKey)
    },
  }
}

/** Marks what the viewer has received in a conversation as read ('Seen' for the sender). */
export function useMarkRead(conversationId: string, viewerId: string | undefined) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () =>
      answer(chatApi.conversations[':conversationId'].read.$post({ param: conversationParam(conversationId) })),
    // an admin reading along marks nothing (marked 0): what they see stays as it is
    onSuccess: ({ readAt, marked }) => {
      if (marked === 0 || !viewerId) return
      applyRead(queryClient, conversationId, viewerId, readAt)
      noteConversationRead(queryClient, conversationId)
    },
  })
}

function subscribeToVisibility(onChange: () => void) {
  document.addEventListener('visibilitychange', onChange)
  return () => document.removeEventListener('visibilitychange', onChange)
}

/** Is this tab before the viewer's eyes? (A hidden tab's new messages stay unread.) */
export function useDocumentVisible(): boolean {
  return useSyncExternalStore(
    subscribeToVisibility,
    () => document.visibilityState === 'visible',
    () => true,
  )
}

/**
 * The chat page's live updates: new messages join their conversation and the list,
 * reads show 'Seen', new conversations join the list; after missed events everything
 * of the chat is read again.
 */
export function useLiveChat(viewerId: string | undefined, openConversationId: string | null) {
  const queryClient = useQueryClient()
  const visible = useDocumentVisible()
  useLiveTopic(
    'chat',
    (message) => {
      applyChatEvent(queryClient, message, viewerId, (id) => visible && id === openConversationId)
      // the viewer's own message, stored although its answer was lost: it is sent, not failed
      if (message.type === 'message.created' && message.data.message.authorId === viewerId) {
        const { conversationId, clientKey } = message.data.message
        pendingMessages.remove(conversationId, clientKey)
      }
    },
    () => void queryClient.invalidateQueries({ queryKey: chatKeys.all }),
  )
}

/**
 * Reads a conversation when the viewer has it before their eyes and something in it
 * is unread for them: on opening it, on returning to the tab, and on each new
 * message from the other party. Each newest unread message is marked once, so a
 * viewer whose reads the server does not record (an admin looking in) asks once.
 */
export function useReadWhenSeen(
  conversationId: string,
  viewerId: string | undefined,
  newestUnreadId: string | null,
  ready: boolean,
) {
  const visible = useDocumentVisible()
  const markRead = useMarkRead(conversationId, viewerId)
  const asked = useRef<string | null>(null)
  const { mutate } = markRead
  useEffect(() => {
    if (!ready || !visible || !newestUnreadId || asked.current === newestUnreadId) return
    asked.current = newestUnreadId
    mutate()
  }, [ready, visible, newestUnreadId, mutate])
}
