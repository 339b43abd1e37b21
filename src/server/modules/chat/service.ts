import { withTransaction, type Db } from '#server/db/client.ts'
import { AppError } from '#server/platform/app-error.ts'
import type { Ctx } from '#server/platform/context.ts'
import {
  actsAsAdmin,
  adminsNeedTwoFactor,
  requireAccess,
  requireUser,
  requireVerified,
} from '#server/platform/guards.ts'
import { decodeCursor, nextCursorOf, readPage } from '#server/platform/paging.ts'
import type { LiveAudience } from '#server/platform/realtime.ts'
import { chatConversationPageSize, chatMessagePageSize, chatUnreadMailDelayMinutes } from '#shared/chat/constants.ts'
import { chatMessages } from '#shared/chat/messages.ts'
import type {
  ChatEvent,
  ChatMessagePage,
  ChatMessageView,
  ChatUnread,
  ConversationList,
  ConversationListQuery,
  ConversationSummary,
  MessagePageQuery,
  SendMessageInput,
} from '#shared/chat/schemas.ts'
import { chatUnreadMailJob } from './jobs.ts'
import * as queries from './queries.ts'
import { toMessageView, toSummary } from './views.ts'

// Career coach chat (issue 20; spec 001 §2 Career chat, §3 Chat message and
// Conversation summary, §6, §7 Chat, §8). A conversation is its member's and its
// coach's: they read and write it; an acting admin may read it (never write or mark
// it read); anyone else is told it does not exist.

const notFound = () => new AppError('NOT_FOUND', chatMessages.notFound)

/** The audience of a conversation's live events: its two parties, no one else (not even other admins). */
const partiesOf = (conversation: { memberId: string; coachId: string }): LiveAudience => ({
  userIds: [conversation.memberId, conversation.coachId],
  admins: false,
})

const isParty = (conversation: { memberId: string; coachId: string }, userId: string) =>
  conversation.memberId === userId || conversation.coachId === userId

function publish(ctx: Ctx, tx: Db, conversation: { memberId: string; coachId: string }, event: ChatEvent) {
  return ctx.deps.realtime.publish(tx, 'chat', event, partiesOf(conversation))
}

/**
 * The conversation when the viewer may read it (a party, or an acting admin), with
 * whether they are a party; the same 404 as a missing one otherwise.
 */
async function readableConversation(ctx: Ctx, db: Db, conversationId: string) {
  await requireAccess(ctx, 'subscriber')
  const viewer = requireUser(ctx)
  const conversation = await queries.findConversation(db, conversationId)
  if (!conversation) throw notFound()
  const party = isParty(conversation, viewer.id)
  if (!party && !actsAsAdmin(ctx)) throw notFound()
  return { viewer, conversation, party }
}

/** spec 001 §7: the viewer's conversations, as member or as coach, the latest activity first. */
export async function listConversations(ctx: Ctx, query: ConversationListQuery): Promise<ConversationList> {
  await requireAccess(ctx, 'subscriber')
  const viewer = requireUser(ctx)
  const after = decodeCursor(query.cursor, 'newest')
  const page = await readPage(chatConversationPageSize, (limit) =>
    queries.listConversationPage(ctx.deps.db, viewer.id, limit, after),
  )
  return { conversations: page.rows.map(toSummary), nextCursor: nextCursorOf(page) }
}

/**
 * spec 001 §2 Start Conversation, §6: the member's open conversation when there
 * is one; otherwise a new one with the admin who has the fewest open
 * conversations as its coach (issue 20), or 'No admins available for chat'. An
 * advisory lock on the member makes two clicks or two tabs start one conversation.
 */
export async function startConversation(ctx: Ctx): Promise<{ conversation: ConversationSummary; created: boolean }> {
  await requireAccess(ctx, 'subscriber')
  const member = requireVerified(ctx) // decision 014: writing asks a verified address
  const { db } = ctx.deps
  // read before the transaction: the settings' cache may ask the database
  const twoFactorRequired = adminsNeedTwoFactor(ctx.deps)
  const { id, created } = await withTransaction(db, async (tx) => {
    await queries.lockMemberStart(tx, member.id)
    const open = await queries.findOpenConversationOfMember(tx, member.id)
    if (open) return { id: open.id, created: false }
    const coach = await queries.findLeastBusyCoach(tx, member.id, twoFactorRequired)
    if (!coach) throw new AppError('CONFLICT', chatMessages.noAdmins)
    const conversation = await queries.insertConversation(tx, { memberId: member.id, coachId: coach.id })
    await publish(ctx, tx, conversation, { type: 'conversation.started', data: { conversationId: conversation.id } })
    return { id: conversation.id, created: true }
  })
  const row = await queries.findConversationSummary(db, id, member.id)
  if (!row) throw notFound() // deleted in the instant between (its coach's account went)
  return { conversation: toSummary(row), created }
}

/** One conversation's summary, for its parties and acting admins. */
export async function getConversation(ctx: Ctx, conversationId: string): Promise<ConversationSummary> {
  const { db } = ctx.deps
  const { viewer } = await readableConversation(ctx, db, conversationId)
  const row = await queries.findConversationSummary(db, conversationId, viewer.id)
  if (!row) throw notFound()
  return toSummary(row)
}

/**
 * spec 001 §7 (oldest first) a page at a time: the newest page first, its messages
 * oldest first, and the cursor of the page before it ('Load older messages').
 */
export async function listMessages(
  ctx: Ctx,
  conversationId: string,
  query: MessagePageQuery,
): Promise<ChatMessagePage> {
  const { db } = ctx.deps
  await readableConversation(ctx, db, conversationId)
  const before = decodeCursor(query.cursor, 'newest')
  const page = await readPage(chatMessagePageSize, (limit) =>
    queries.listMessagePage(db, conversationId, limit, before),
  )
  return { messages: page.rows.map(toMessageView).reverse(), olderCursor: nextCursorOf(page) }
}

/**
 * spec 001 §5 Chat message: trimmed, never blank, sent once however often the
 * browser retries (its key: the same key from the same author answers the message
 * it made). Only the two parties write, in an open conversation. The message
 * reaches both parties live; a coach's, unread for a while, reaches the member by
 * e-mail (jobs.ts).
 */
export async function sendMessage(
  ctx: Ctx,
  conversationId: string,
  input: SendMessageInput,
): Promise<{ message: ChatMessageView; created: boolean }> {
  requireVerified(ctx) // decision 014
  const { db } = ctx.deps
  const { viewer, conversation, party } = await readableConversation(ctx, db, conversationId)
  // an admin may read another coach's conversation, never speak in it
  if (!party) throw new AppError('FORBIDDEN', chatMessages.notAParty)
  if (conversation.status !== 'open') throw new AppError('CONFLICT', chatMessages.closed)
  const key = { conversationId, authorId: viewer.id, clientKey: input.clientKey }
  return withTransaction(db, async (tx) => {
    const inserted = await queries.insertMessage(tx, { ...key, content: input.content })
    if (!inserted) {
      const sent = await queries.findMessageByClientKey(tx, key)
      if (!sent) throw new AppError('CONFLICT', chatMessages.sendFailed) // unreachable: the key's row exists
      return { message: toMessageView(sent), created: false }
    }
    await queries.touchConversation(tx, conversationId)
    const message = toMessageView(inserted)
    await publish(ctx, tx, conversation, { type: 'message.created', data: { message } })
    if (
      viewer.id === conversation.coachId &&
      !(await queries.hasEarlierUnmailedCoachMessage(tx, conversationId, inserted.id))
    )
      await ctx.deps.queue.enqueue(
        chatUnreadMailJob,
        { conversationId },
        { tx, startAfterSeconds: chatUnreadMailDelayMinutes * 60 },
      )
    return { message, created: true }
  })
}

/**
 * spec 001 §7: opening a conversation marks the other party's messages read. Only
 * a party's opening counts: an admin reading along marks nothing.
 */
export async function markConversationRead(
  ctx: Ctx,
  conversationId: string,
): Promise<{ readAt: string; marked: number }> {
  const { db } = ctx.deps
  const { viewer, conversation, party } = await readableConversation(ctx, db, conversationId)
  const readAt = new Date()
  if (!party) return { readAt: readAt.toISOString(), marked: 0 }
  const marked = await withTransaction(db, async (tx) => {
    const ids = await queries.markRead(tx, conversation, viewer.id, readAt)
    if (ids.length > 0)
      await publish(ctx, tx, conversation, {
        type: 'messages.read',
        data: { conversationId, readerId: viewer.id, readAt: readAt.toISOString() },
      })
    return ids.length
  })
  return { readAt: readAt.toISOString(), marked }
}

/** The header's badge: the viewer's unread messages over their conversations. */
export async function getUnread(ctx: Ctx): Promise<ChatUnread> {
  await requireAccess(ctx, 'subscriber')
  const viewer = requireUser(ctx)
  return { count: await queries.countUnread(ctx.deps.db, viewer.id) }
}

/**
 * Inside the transaction that deletes `fromCoachId`'s account (compose/user-deletion),
 * before the delete: each conversation they coach goes to another admin, so the
 * member keeps it and everything said in it (docs/decisions/029). The new coach is
 * chosen as for a new conversation (findLeastBusyCoach: the fewest open
 * conversations, never the member, never the leaving coach), one conversation at a
 * time, so several spread over the admins; with two-factor required and no other
 * admin with it on, the least busy admin all the same (they answer once they turn it
 * on: better than the conversation going with its coach). The leaving coach's
 * messages stay, their author emptied by the delete (chat_messages.author_id on
 * delete set null): 'a former coach' to the member, never unread for the new coach.
 *
 * Should the member already have an OPEN conversation with the new coach (one open
 * per pair: chat_conversations_open_pair_key), the handed-over one is moved closed:
 * still theirs and readable, while the one already with that coach stays the one
 * they write in. (Not picking another admin instead: there may be none, and the
 * member would then have two open conversations, where starting keeps one.) Only
 * when no admin but the member themself is left does a conversation go with its
 * coach, as a member's own conversations go with them.
 *
 * Nothing is published: the leaving coach's streams end with their account, and the
 * member and the new coach read the conversation as it is when they next load it.
 * Returns how many conversations were handed over.
 */
export async function handOverConversations(ctx: Ctx, tx: Db, fromCoachId: string): Promise<number> {
  const twoFactorRequired = adminsNeedTwoFactor(ctx.deps)
  let handedOver = 0
  for (const conversation of await queries.lockConversationsOfCoach(tx, fromCoachId)) {
    const coach =
      (await queries.findLeastBusyCoach(tx, conversation.memberId, twoFactorRequired, fromCoachId)) ??
      (twoFactorRequired ? await queries.findLeastBusyCoach(tx, conversation.memberId, false, fromCoachId) : undefined)
    if (!coach) continue
    const close =
      conversation.status === 'open' && (await queries.hasOpenConversation(tx, conversation.memberId, coach.id))
    await queries.handOverConversation(tx, conversation.id, coach.id, { close })
    handedOver++
  }
  if (handedOver > 0)
    ctx.logger.info({ coachId: fromCoachId, handedOver, requestId: ctx.requestId }, 'chat conversations handed over')
  return handedOver
}
