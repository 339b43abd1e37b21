import { QueryClient } from '@tanstack/react-query'
import { beforeEach, describe, expect, test } from 'vitest'
import type { ChatEvent, ChatMessageView, ConversationSummary } from '#shared/chat/schemas.ts'
import type { LiveMessage } from '#shared/live.ts'
import { chatKeys } from './keys.ts'
import {
  addCachedMessage,
  applyChatEvent,
  messagesInOrder,
  noteMessageInList,
  type ConversationPages,
  type MessagePages,
} from './chat-cache.ts'

// What a sent message, a read or a live 'chat' event changes in this browser's cache, on a real QueryClient.

const member = 'member-1'
const coach = 'coach-1'

const at = (minute: number) => `2026-03-01T10:${String(minute).padStart(2, '0')}:00.000Z`

const chat = (
  id: string,
  minute: number,
  authorId: string | null = coach,
  conversationId = 'conv-1',
): ChatMessageView => ({
  id,
  conversationId,
  authorId,
  content: `Message ${id}`,
  clientKey: `key-${id}`,
  createdAt: at(minute),
  readAt: null,
})

const summary = (id: string, minute: number, unreadCount = 0): ConversationSummary => ({
  id,
  status: 'open',
  memberId: member,
  coachId: coach,
  otherParty: { id: coach, firstName: 'Cora', lastName: 'Coach', avatarUrl: null, isAdmin: true },
  latestMessage: { content: 'Earlier', authorId: coach, createdAt: at(minute) },
  unreadCount,
  lastMessageAt: at(minute),
})

let sequence = 0
const live = (event: ChatEvent): LiveMessage<'chat'> => ({ id: ++sequence, topic: 'chat', ...event })

describe('the chat in the cache', () => {
  let queryClient: QueryClient
  beforeEach(() => {
    queryClient = new QueryClient()
  })

  const thread = (conversationId = 'conv-1') =>
    messagesInOrder(queryClient.getQueryData<MessagePages>(chatKeys.messages(conversationId))).map((m) => m.id)
  const list = () =>
    queryClient
      .getQueryData<ConversationPages>(chatKeys.conversations)!
      .pages.flatMap((page) => page.conversations.map((c) => [c.id, c.unreadCount, c.latestMessage?.content]))
  const setThread = (...pages: ChatMessageView[][]) =>
    queryClient.setQueryData<MessagePages>(chatKeys.messages('conv-1'), {
      pages: pages.map((messages, index) => ({ messages, olderCursor: index < pages.length - 1 ? `c${index}` : null })),
      pageParams: pages.map((_, index) => (index === 0 ? '' : `c${index - 1}`)),
    })
  const setList = (...conversations: ConversationSummary[]) =>
    queryClient.setQueryData<ConversationPages>(chatKeys.conversations, {
      pages: [{ conversations, nextCursor: null }],
      pageParams: [''],
    })

  test('pages read oldest first: the older pages above the newest', () => {
    setThread([chat('m3', 3), chat('m4', 4)], [chat('m1', 1), chat('m2', 2)])
    expect(thread()).toEqual(['m1', 'm2', 'm3', 'm4'])
  })

  test('a new message joins once, even when both the answer and the stream bring it', () => {
    setThread([chat('m1', 1)])
    const message = chat('m2', 2, member)
    addCachedMessage(queryClient, message)
    applyChatEvent(queryClient, live({ type: 'message.created', data: { message } }), member)
    expect(thread()).toEqual(['m1', 'm2'])
  })

  test('a late message takes its place in time', () => {
    setThread([chat('m1', 1), chat('m3', 3)])
    addCachedMessage(queryClient, chat('m2', 2))
    expect(thread()).toEqual(['m1', 'm2', 'm3'])
  })

  test('a conversation that is not loaded is left alone', () => {
    addCachedMessage(queryClient, chat('m1', 1))
    expect(queryClient.getQueryData(chatKeys.messages('conv-1'))).toBeUndefined()
  })

  test("the other party's message counts as unread and moves its conversation to the top, once", () => {
    setList(summary('conv-2', 5), summary('conv-1', 1))
    const message = chat('m9', 9)
    applyChatEvent(queryClient, live({ type: 'message.created', data: { message } }), member)
    applyChatEvent(queryClient, live({ type: 'message.created', data: { message } }), member)
    expect(list()).toEqual([
      ['conv-1', 1, 'Message m9'],
      ['conv-2', 0, 'Earlier'],
    ])
  })

  test("the viewer's own message, or one in the conversation they are reading, is not unread", () => {
    setList(summary('conv-1', 1))
    noteMessageInList(queryClient, chat('m2', 2, member), member, false)
    applyChatEvent(
      queryClient,
      live({ type: 'message.created', data: { message: chat('m3', 3) } }),
      member,
      (id) => id === 'conv-1',
    )
    expect(list()).toEqual([['conv-1', 0, 'Message m3']])
  })

  test('a message of a conversation the list has not seen reads the list again', () => {
    setList(summary('conv-1', 1))
    applyChatEvent(
      queryClient,
      live({ type: 'message.created', data: { message: chat('m1', 2, member, 'conv-new') } }),
      coach,
    )
    expect(queryClient.getQueryState(chatKeys.conversations)?.isInvalidated).toBe(true)
  })

  test("a read by the other party shows 'Seen' on the viewer's messages up to then, not on later ones", () => {
    setThread([chat('m1', 1, member), chat('m2', 2, coach), chat('m3', 5, member)])
    applyChatEvent(
      queryClient,
      live({ type: 'messages.read', data: { conversationId: 'conv-1', readerId: coach, readAt: at(3) } }),
      member,
    )
    const messages = messagesInOrder(queryClient.getQueryData<MessagePages>(chatKeys.messages('conv-1')))
    expect(messages.map((m) => [m.id, m.readAt])).toEqual([
      ['m1', at(3)],
      ['m2', null],
      ['m3', null],
    ])
  })

  test("a former coach's message (no author) is read by the member, never by the coach who took over", () => {
    // the conversation went to `coach` when the first coach's account was deleted
    queryClient.setQueryData<ConversationSummary>(chatKeys.conversation('conv-1'), summary('conv-1', 1))
    setThread([chat('m1', 1, null), chat('m2', 2, member)])
    const readAtOf = () =>
      messagesInOrder(queryClient.getQueryData<MessagePages>(chatKeys.messages('conv-1'))).map((m) => [m.id, m.readAt])
    applyChatEvent(
      queryClient,
      live({ type: 'messages.read', data: { conversationId: 'conv-1', readerId: coach, readAt: at(3) } }),
      member,
    )
    expect(readAtOf()).toEqual([
      ['m1', null],
      ['m2', at(3)],
    ])
    applyChatEvent(
      queryClient,
      live({ type: 'messages.read', data: { conversationId: 'conv-1', readerId: member, readAt: at(4) } }),
      member,
    )
    expect(readAtOf()).toEqual([
      ['m1', at(4)],
      ['m2', at(3)],
    ])
  })

  test("the viewer's own read elsewhere clears the conversation's unread count", () => {
    setList(summary('conv-1', 1, 4))
    applyChatEvent(
      queryClient,
      live({ type: 'messages.read', data: { conversationId: 'conv-1', readerId: member, readAt: at(3) } }),
      member,
    )
    expect(list()).toEqual([['conv-1', 0, 'Earlier']])
  })

  test('a new conversation reads the list again', () => {
    setList()
    applyChatEvent(queryClient, live({ type: 'conversation.started', data: { conversationId: 'conv-9' } }), coach)
    expect(queryClient.getQueryState(chatKeys.conversations)?.isInvalidated).toBe(true)
  })
})
