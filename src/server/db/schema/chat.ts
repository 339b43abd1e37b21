import { sql } from 'drizzle-orm'
import { check, index, pgTable, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { user } from './auth.ts'

// Career coach chat (issue 20; spec 001 §3 Chat message, Conversation summary;
// docs/decisions/029). A conversation has exactly two parties: the member and the
// coach (an admin) assigned when it started. One OPEN conversation per member and
// coach; a closed one stays readable. A coach whose account is deleted hands their
// conversations over to another admin first (chat service, handOverConversations):
// only the member's own account deletion takes a conversation with it.
export const chatConversations = pgTable(
  'chat_conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memberId: text('member_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    coachId: text('coach_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** the newest message's time (the creation time before the first): the list's order */
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    /** when the member was last mailed about unread coach messages (one mail per quiet spell) */
    memberMailedAt: timestamp('member_mailed_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('chat_conversations_open_pair_key')
      .on(table.memberId, table.coachId)
      .where(sql`${table.status} = 'open'`),
    index('chat_conversations_member_idx').on(table.memberId, table.lastMessageAt),
    index('chat_conversations_coach_idx').on(table.coachId, table.lastMessageAt),
    check('chat_conversations_status_check', sql`${table.status} in ('open', 'closed')`),
    check('chat_conversations_parties_check', sql`${table.memberId} <> ${table.coachId}`),
  ],
)

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => chatConversations.id, { onDelete: 'cascade' }),
    /**
     * null once its author's account is deleted: only a coach's can be (a member's
     * conversations go with them), so a message without an author is a former
     * coach's, written to the member (the conversation was handed over, chat service)
     */
    authorId: text('author_id').references(() => user.id, { onDelete: 'set null' }),
    content: text('content').notNull(),
    /** the sending browser's idempotency key: a retried send finds the message it already made */
    clientKey: text('client_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** when the other party opened it (spec 001 §3 `read`); null while unread */
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (table) => [
    unique('chat_messages_client_key').on(table.conversationId, table.authorId, table.clientKey),
    index('chat_messages_conversation_idx').on(table.conversationId, table.createdAt, table.id),
    // foreign key index (issue 23 §5): the keys above lead with the conversation; deleting a
    // coach's account sets their messages' author to null
    index('chat_messages_author_idx').on(table.authorId),
    // unread counts: a party's unread messages are the other party's with no read_at
    index('chat_messages_unread_idx')
      .on(table.conversationId, table.authorId)
      .where(sql`${table.readAt} is null`),
  ],
)
