import type { chatRoutes } from '#server/modules/chat/routes.ts'
import type { adminChatRoutes } from '#server/compose/chat-context/routes.ts'
import { apiClient } from '#web/lib/api-client.ts'

// The career chat's typed clients, one per server route group (mount bases: src/server/app.ts).

/** Conversations, their messages and reads, the unread count: the two parties (and admins). */
export const chatApi = apiClient<typeof chatRoutes>('/api/chat')

/** What the coach sees of the member beside a conversation (admins). */
export const chatContextApi = apiClient<typeof adminChatRoutes>('/api/admin/chat')

/** A conversation id as a path segment. */
export const conversationParam = (conversationId: string) => ({ conversationId: encodeURIComponent(conversationId) })
