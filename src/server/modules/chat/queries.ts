import { and, asc, count, desc, eq, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { user } from '#server/db/schema/auth.ts'
import { chatConversations, chatMessages } from '#server/db/schema/chat.ts'
import { userProfiles } from '#server/db/schema/profile.ts'

// Conversations are private to their two parties (ARCHITECTURE.md rule 3): the
// service decides who reads a conversation (its parties, and acting admins); every
// read here that lists or counts is scoped by the viewer's own id.
//
// A message's author is null once their account is deleted. Only a coach's can be
// (a member's conversations go with them): a coach's conversations are handed over
// to another admin first (handOverConversation below), their messages stay, written
// by 'a former coach' to the member. So every condition on the author says what a
// null one means, never `author_id <> x` alone (null there is null: no row).

export type ConversationRow = typeof chatConversations.$inferSelect
export type MessageRow = typeof chatMessages.$inferSelect & { cursorAt: string }

/** A party of the conversation seen by `viewerId`: the coach for its member, the member for anyone else. */
const otherPartyOf = (viewerId: string) =>
  sql`case when ${chatConversations.memberId} = ${viewerId} then ${chatConversations.coachId} else ${chatConversations.memberId} end`

// The outer conversation named with its table: inside the subqueries an unqualified
// id would be the subquery's own.
const outerConversationId = sql`${sql.identifier('chat_conversations')}.${sql.identifier('id')}`

/**
 * Whether the message (its author `author`) is one `viewerId` received in the
 * conversation, theirs to read: for the member, everything not theirs, a former
 * coach's included; for the coach, the member's (never a former coach's: those
 * were written to the member). Nobody else receives anything.
 */
const receivedBy = (viewerId: string, author: SQL) => sql`(
  (${chatConversations.memberId} = ${viewerId} and ${author} is distinct from ${viewerId})
  or (${chatConversations.coachId} = ${viewerId} and ${author} = ${chatConversations.memberId})
)`

function summaryColumns(db: Db, viewerId: string) {
  const latest = db
    .select({
      content: chatMessages.content,
      authorId: chatMessages.authorId,
      createdAt: chatMessages.createdAt,
    })
    .from(chatMessages)
    .where(sql`${chatMessages.conversationId} = ${outerConversationId}`)
    .orderBy(desc(chatMessages.createdAt), desc(chatMessages.id))
    .limit(1)
    .as('latest_message')
  return {
    latest,
    columns: {
      id: chatConversations.id,
      status: chatConversations.status,
      memberId: chatConversations.memberId,
      coachId: chatConversations.coachId,
      lastMessageAt: chatConversations.lastMessageAt,
      // full precision (microseconds) for the cursor; a JavaScript Date keeps only milliseconds
      cursorAt: sql<string>`${chatConversations.lastMessageAt}::text`,
      otherId: user.id,
      otherFirstName: userProfiles.firstName,
      otherLastName: userProfiles.lastName,
      otherAccountName: user.name,
      otherAvatarUrl: userProfiles.avatarUrl,
      otherRole: user.role,
      latestContent: latest.content,
      latestAuthorId: latest.authorId,
      latestCreatedAt: latest.createdAt,
      // the viewer's unread: what they received and have not opened; none for a reader who is no party
      unreadCount: sql<number>`(
        select count(*)::int from ${chatMessages} as unread
        where unread.conversation_id = ${outerConversationId}
          and unread.read_at is null
          and ${receivedBy(viewerId, sql`unread.author_id`)}
      )`,
    },
  }
}

function selectSummaries(db: Db, viewerId: string) {
  const { latest, columns } = summaryColumns(db, viewerId)
  return db
    .select(columns)
    .from(chatConversations)
    .innerJoin(user, eq(user.id, otherPartyOf(viewerId)))
    .leftJoin(userProfiles, eq(userProfiles.id, user.id))
    .leftJoinLateral(latest, sql`true`)
}

export type SummaryRow = Awaited<ReturnType<typeof listConversationPage>>[number]

/**
 * One page of the viewer's conversations (as member or as coach), newest activity
 * first, after the (last_message_at, id) position `after`.
 */
export function listConversationPage(db: Db, viewerId: string, limit: number, after?: { at: string; id: string }) {
  return selectSummaries(db, viewerId)
    .where(
      and(
        or(eq(chatConversations.memberId, viewerId), eq(chatConversations.coachId, viewerId)),
        after
          ? sql`(${chatConversations.lastMessageAt}, ${chatConversations.id}) < (${after.at}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(chatConversations.lastMessageAt), desc(chatConversations.id))
    .limit(limit)
}

/** One conversation as `viewerId` sees it, whoever they are (the service decides whether they may). */
export async function findConversationSummary(db: Db, conversationId: string, viewerId: string) {
  const [row] = await selectSummaries(db, viewerId).where(eq(chatConversations.id, conversationId))
  return row
}

export async function findConversation(db: Db, conversationId: string): Promise<ConversationRow | undefined> {
  const [row] = await db.select().from(chatConversations).where(eq(chatConversations.id, conversationId))
  return row
}

/**
 * Inside a transaction: starting a conversation waits for any other start of the
 * same member's (two clicks, two tabs), so the second finds the first's conversation.
 */
export async function lockMemberStart(tx: Db, memberId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`chat-start:${memberId}`}, 0))`)
}

/** The member's open conversation, as its member (the newest, should there ever be two coaches). */
export async function findOpenConversationOfMember(db: Db, memberId: string): Promise<ConversationRow | undefined> {
  const [row] = await db
    .select()
    .from(chatConversations)
    .where(and(eq(chatConversations.memberId, memberId), eq(chatConversations.status, 'open')))
    .orderBy(desc(chatConversations.createdAt), desc(chatConversations.id))
    .limit(1)
  return row
}

/**
 * The coach for a new conversation (issue 20), or for a conversation handed over:
 * the admin, other than the member (and `exceptId`: the coach handing over), with
 * the fewest open conversations as coach; ties go to the earliest account, then the
 * id. With `twoFactorRequired`, only admins with two-factor on: the others may not
 * act as admins (ARCHITECTURE.md rule 13), so could not answer.
 */
export async function findLeastBusyCoach(
  db: Db,
  memberId: string,
  twoFactorRequired: boolean,
  exceptId?: string,
): Promise<{ id: string } | undefined> {
  const [row] = await db
    .select({ id: user.id })
    .from(user)
    .leftJoin(chatConversations, and(eq(chatConversations.coachId, user.id), eq(chatConversations.status, 'open')))
    .where(
      and(
        eq(user.role, 'admin'),
        ne(user.id, memberId),
        exceptId === undefined ? undefined : ne(user.id, exceptId),
        twoFactorRequired ? eq(user.twoFactorEnabled, true) : undefined,
      ),
    )
    .groupBy(user.id, user.createdAt)
    .orderBy(asc(count(chatConversations.id)), asc(user.createdAt), asc(user.id))
    .limit(1)
  return row
}

export async function insertConversation(db: Db, values: { memberId: string; coachId: string }) {
  const [row] = await db.insert(chatConversations).values(values).returning()
  return row!
}

// ---------- a coach's account deleted: their conversations handed over ----------

/**
 * Inside a transaction: the conversations `coachId` coaches, locked (a message
 * touching one waits for the handover), the latest activity first.
 */
export function lockConversationsOfCoach(tx: Db, coachId: string) {
  return tx
    .select({ id: chatConversations.id, memberId: chatConversations.memberId, status: chatConversations.status })
    .from(chatConversations)
    .where(eq(chatConversations.coachId, coachId))
    .orderBy(desc(chatConversations.lastMessageAt), desc(chatConversations.id))
    .for('update')
}

/** Whether the member has an open conversation with this coach (chat_conversations_open_pair_key allows one). */
export async function hasOpenConversation(db: Db, memberId: string, coachId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: chatConversations.id })
    .from(chatConversations)
    .where(
      and(
        eq(chatConversations.memberId, memberId),
        eq(chatConversations.coachId, coachId),
        eq(chatConversations.status, 'open'),
      ),
    )
    .limit(1)
  return row !== undefined
}

/** The conversation's coach becomes `coachId`, closed when `close` (its messages and times stay as they are). */
export async function handOverConversation(
  tx: Db,
  conversationId: string,
  coachId: string,
  { close }: { close: boolean },
): Promise<void> {
  await tx
    .update(chatConversations)
    .set({ coachId, ...(close ? { status: 'closed' } : {}) })
    .where(eq(chatConversations.id, conversationId))
}

const messageColumns = {
  id: chatMessages.id,
  conversationId: chatMessages.conversationId,
  authorId: chatMessages.authorId,
  content: chatMessages.content,
  clientKey: chatMessages.clientKey,
  createdAt: chatMessages.createdAt,
  readAt: chatMessages.readAt,
  cursorAt: sql<string>`${chatMessages.createdAt}::text`,
}

/** One page of a conversation, newest first, before the (created_at, id) position `before`. */
export function listMessagePage(
  db: Db,
  conversationId: string,
  limit: number,
  before?: { at: string; id: string },
): Promise<MessageRow[]> {
  return db
    .select(messageColumns)
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.conversationId, conversationId),
        before
          ? sql`(${chatMessages.createdAt}, ${chatMessages.id}) < (${before.at}::timestamptz, ${before.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(chatMessages.createdAt), desc(chatMessages.id))
    .limit(limit)
}

/**
 * The message, or undefined when the author already sent one with this key in
 * this conversation (a retried send): the unique key keeps the first.
 */
export async function insertMessage(
  tx: Db,
  values: { conversationId: string; authorId: string; content: string; clientKey: string },
): Promise<MessageRow | undefined> {
  const [row] = await tx.insert(chatMessages).values(values).onConflictDoNothing().returning(messageColumns)
  return row
}

export async function findMessageByClientKey(
  db: Db,
  key: { conversationId: string; authorId: string; clientKey: string },
): Promise<MessageRow | undefined> {
  const [row] = await db
    .select(messageColumns)
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.conversationId, key.conversationId),
        eq(chatMessages.authorId, key.authorId),
        eq(chatMessages.clientKey, key.clientKey),
      ),
    )
  return row
}

/** The conversation moves to the top of its parties' lists (now(): the message's own time, in this transaction). */
export async function touchConversation(tx: Db, conversationId: string): Promise<void> {
  await tx
    .update(chatConversations)
    .set({ lastMessageAt: sql`greatest(${chatConversations.lastMessageAt}, now())` })
    .where(eq(chatConversations.id, conversationId))
}

/**
 * The coach's messages (or a former coach's: no author) the member has not opened
 * and has not been mailed about (written after member_mailed_at, compared in SQL
 * at full precision).
 */
const unmailedCoachMessages = and(
  or(eq(chatMessages.authorId, chatConversations.coachId), isNull(chatMessages.authorId)),
  isNull(chatMessages.readAt),
  sql`${chatMessages.createdAt} > coalesce(${chatConversations.memberMailedAt}, '-infinity'::timestamptz)`,
)

/**
 * Whether the coach has another message in the conversation, apart from
 * `exceptId`, that the member has neither opened nor been mailed about: then the
 * unread-mail job queued with that earlier message is already on its way.
 */
export async function hasEarlierUnmailedCoachMessage(db: Db, conversationId: string, exceptId: string) {
  const [row] = await db
    .select({ id: chatMessages.id })
    .from(chatMessages)
    .innerJoin(chatConversations, eq(chatConversations.id, chatMessages.conversationId))
    .where(and(eq(chatMessages.conversationId, conversationId), ne(chatMessages.id, exceptId), unmailedCoachMessages))
    .limit(1)
  return row !== undefined
}

/**
 * Marks what the reader (a party) received and has not opened as read; the ids
 * marked. As receivedBy: the member reads everything not theirs, a former coach's
 * included; the coach reads the member's only.
 */
export async function markRead(
  tx: Db,
  conversation: { id: string; memberId: string },
  readerId: string,
  at: Date,
): Promise<string[]> {
  const rows = await tx
    .update(chatMessages)
    .set({ readAt: at })
    .where(
      and(
        eq(chatMessages.conversationId, conversation.id),
        readerId === conversation.memberId
          ? sql`${chatMessages.authorId} is distinct from ${readerId}`
          : eq(chatMessages.authorId, conversation.memberId),
        isNull(chatMessages.readAt),
      ),
    )
    .returning({ id: chatMessages.id })
  return rows.map((row) => row.id)
}

/** The viewer's unread messages over every conversation they are a party of. */
export async function countUnread(db: Db, viewerId: string): Promise<number> {
  const [row] = await db
    .select({ unread: count() })
    .from(chatMessages)
    .innerJoin(chatConversations, eq(chatConversations.id, chatMessages.conversationId))
    .where(
      and(
        or(eq(chatConversations.memberId, viewerId), eq(chatConversations.coachId, viewerId)),
        isNull(chatMessages.readAt),
        receivedBy(viewerId, sql`${chatMessages.authorId}`),
      ),
    )
  return row?.unread ?? 0
}

// ---------- the unread-mail job ----------

/** Inside a transaction: the conversation locked (two runs take turns), with its member's address and names. */
export async function lockConversationForMail(tx: Db, conversationId: string) {
  const [row] = await tx
    .select({
      id: chatConversations.id,
      memberId: chatConversations.memberId,
      coachId: chatConversations.coachId,
      memberMailedAt: chatConversations.memberMailedAt,
      memberEmail: user.email,
      memberAccountName: user.name,
      memberFirstName: userProfiles.firstName,
    })
    .from(chatConversations)
    .innerJoin(user, eq(user.id, chatConversations.memberId))
    .leftJoin(userProfiles, eq(userProfiles.id, chatConversations.memberId))
    .where(eq(chatConversations.id, conversationId))
    .for('update', { of: chatConversations })
  return row
}

/**
 * Of those, the ones written at least `quietMinutes` ago: what the mail is about;
 * with how many of them a former coach wrote (the mail then names no coach).
 */
export async function countMailableCoachMessages(tx: Db, conversationId: string, quietMinutes: number) {
  const [row] = await tx
    .select({
      unread: count(),
      byFormerCoach: sql<number>`(count(*) filter (where ${chatMessages.authorId} is null))::int`,
    })
    .from(chatMessages)
    .innerJoin(chatConversations, eq(chatConversations.id, chatMessages.conversationId))
    .where(
      and(
        eq(chatMessages.conversationId, conversationId),
        unmailedCoachMessages,
        lte(chatMessages.createdAt, sql`now() - make_interval(mins => ${quietMinutes})`),
      ),
    )
  return { unread: row?.unread ?? 0, byFormerCoach: row?.byFormerCoach ?? 0 }
}

/** The coach's names, for the mail's words. */
export async function findPartyNames(db: Db, userId: string) {
  const [row] = await db
    .select({ firstName: userProfiles.firstName, lastName: userProfiles.lastName, accountName: user.name })
    .from(user)
    .leftJoin(userProfiles, eq(userProfiles.id, user.id))
    .where(eq(user.id, userId))
  return row
}

export async function setMemberMailed(tx: Db, conversationId: string): Promise<void> {
  await tx
    .update(chatConversations)
    .set({ memberMailedAt: sql`now()` })
    .where(eq(chatConversations.id, conversationId))
}
