import { z } from 'zod'
import { requiredText, PageQuery } from '#shared/common/fields.ts'
import { chatClientKeyPattern, chatMessageMaxLength } from './constants.ts'
import { chatMessages } from './messages.ts'

// Career coach chat (issue 20): what the chat page, the header's unread badge, the
// coach's context panel and the live topic exchange with the server
// (docs/decisions/029).

/** A party as the other one sees them: names, avatar, and whether they are a coach (the 'Admin' badge). */
export type ChatPartyView = {
  id: string
  firstName: string
  lastName: string
  avatarUrl: string | null
  isAdmin: boolean
}

export type ChatMessageView = {
  id: string
  conversationId: string
  /**
   * null: a former coach's, whose account was deleted (the conversation went to
   * another admin, its messages stayed); written to the member
   */
  authorId: string | null
  /** plain text: the page shows it as text and makes http(s) links clickable, nothing else */
  content: string
  /** the key the sender's browser gave it: the sending pane matches its pending message by it */
  clientKey: string
  createdAt: string
  /** when the other party opened it ('Seen'); null while unread */
  readAt: string | null
}

/**
 * Whether `readerId` received the message, so reads it (spec 001 §7: the other
 * party's messages): a party's, by the other party; a former coach's (no author)
 * by the member alone, never by the coach who took the conversation over.
 */
export function isReceivedBy(message: { authorId: string | null }, readerId: string, memberId: string): boolean {
  return message.authorId === null ? readerId === memberId : message.authorId !== readerId
}

/** spec 001 §3 Conversation summary, for the viewer: the other party, the newest message, the viewer's unread count. */
export type ConversationSummary = {
  id: string
  status: 'open' | 'closed'
  memberId: string
  coachId: string
  /** the party who is not the viewer (for an admin reading another coach's conversation: the member) */
  otherParty: ChatPartyView
  /** its author null for a former coach's message (as ChatMessageView) */
  latestMessage: { content: string; authorId: string | null; createdAt: string } | null
  unreadCount: number
  lastMessageAt: string
}

export type ConversationList = { conversations: ConversationSummary[]; nextCursor: string | null }

/** A page of a conversation, oldest first; `olderCursor` reads the page before it (null at the start). */
export type ChatMessagePage = { messages: ChatMessageView[]; olderCursor: string | null }

export const ConversationListQuery = PageQuery
export type ConversationListQuery = PageQuery

export const MessagePageQuery = PageQuery
export type MessagePageQuery = PageQuery

export const SendMessageInput = z.object({
  content: requiredText(chatMessages.blank, chatMessageMaxLength, chatMessages.tooLong),
  clientKey: z.string({ error: chatMessages.invalidClientKey }).regex(chatClientKeyPattern, {
    error: chatMessages.invalidClientKey,
  }),
})
export type SendMessageInput = z.infer<typeof SendMessageInput>

/** The viewer's unread messages across their conversations (the header badge). */
export type ChatUnread = { count: number }

/** What the coach sees beside a conversation: who the member is and where they stand in each area (issue 20). */
export type ChatMemberContext = {
  member: {
    id: string
    firstName: string
    lastName: string
    email: string
    avatarUrl: string | null
    memberSince: string
    careerLevel: string | null
    location: string | null
    skills: string[]
  }
  /** the member's active career goals, newest first */
  goals: Array<{ id: string; title: string; typeLabel: string; progress: number; targetDate: string | null }>
  /** the latest resume score and its band, with how many scores there were; null before the first */
  resume: { total: number; band: string; iterations: number; scoredAt: string } | null
  recentApplications: Array<{ jobId: string; title: string; company: string; status: string; appliedAt: string }>
  savedJobs: Array<{ jobId: string; title: string; company: string; savedAt: string }>
}

// ---------- live (the 'chat' topic; each event reaches its conversation's two parties only) ----------

export type ChatEvent =
  | { type: 'message.created'; data: { message: ChatMessageView } }
  | { type: 'messages.read'; data: { conversationId: string; readerId: string; readAt: string } }
  | { type: 'conversation.started'; data: { conversationId: string } }
