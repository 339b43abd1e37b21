import { and, eq, notInArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { user } from '#server/db/schema/auth.ts'
import { chatConversations, chatMessages as chatMessageRows } from '#server/db/schema/chat.ts'
import { chatUnreadMailJob } from '#server/modules/chat/jobs.ts'
import { createLogger } from '#server/platform/logger.ts'
import { openEventStream } from '#server/testing/event-stream.ts'
import { createTestApp, type TestApp, type TestClient } from '#server/testing/harness.ts'
import { startSmtpServer } from '#server/testing/smtp.ts'
import { chatUnreadMailDelayMinutes } from '#shared/chat/constants.ts'
import type { ChatMessagePage, ChatMessageView, ChatUnread, ConversationList } from '#shared/chat/schemas.ts'

// Deleting a coach's account (DELETE /api/admin/users/:id; docs/decisions/029, 031):
// their conversations stay with their members, handed over in the delete's
// transaction to the least busy remaining admin; the messages they wrote stay with
// no author ('a former coach'); read marks, unread counts and the unread mail stay
// right. A member's own conversations still go with them.

type Member = TestClient & { member: { id: string; email: string } }

const logger = createLogger('silent')

async function json<T>(response: Response, status = 200): Promise<T> {
  expect(response.status, await response.clone().text()).toBe(status)
  return (await response.json()) as T
}

describe("deleting a coach's account", () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>
  let t: TestApp
  /** the admin who deletes: kept busy, so the conversations go to the admin each test expects */
  let boss: Member

  beforeAll(async () => {
    smtp = await startSmtpServer()
    t = await createTestApp({ SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port), SMTP_IGNORE_TLS: 'true' })
    boss = (await t.signedIn({ admin: true, firstName: 'Bo', lastName: 'Boss' })) as Member
    await busy(boss.member.id, 5)
  })
  afterAll(async () => {
    await t?.close()
    await smtp?.close()
  })

  const admin = async (firstName: string) => (await t.signedIn({ admin: true, firstName, lastName: 'Coach' })) as Member
  const subscriber = async (firstName = 'Mia') =>
    (await t.signedIn({ subscribed: true, firstName, lastName: 'Member' })) as Member

  /** `count` open conversations of other members with this coach: they count against them when a coach is chosen. */
  async function busy(coachId: string, count: number) {
    if (count <= 0) return
    const fillers = await t.signedInMany(count, { subscribed: true })
    await t.db.insert(chatConversations).values(fillers.map((filler) => ({ memberId: filler.member.id, coachId })))
  }
  async function openCount(coachId: string) {
    const rows = await t.db
      .select({ id: chatConversations.id })
      .from(chatConversations)
      .where(and(eq(chatConversations.coachId, coachId), eq(chatConversations.status, 'open')))
    return rows.length
  }

  async function conversationOf(member: Member, coach: Member, status: 'open' | 'closed' = 'open') {
    const [row] = await t.db
      .insert(chatConversations)
      .values({ memberId: member.member.id, coachId: coach.member.id, status })
      .returning()
    return row!
  }

  async function send(client: TestClient, conversationId: string, content: string) {
    const response = await client.post(`/api/chat/conversations/${conversationId}/messages`, {
      content,
      clientKey: crypto.randomUUID(),
    })
    return (await json<{ message: ChatMessageView }>(response, 201)).message
  }
  const markRead = async (client: TestClient, conversationId: string) =>
    json<{ readAt: string; marked: number }>(await client.post(`/api/chat/conversations/${conversationId}/read`))
  const listed = async (client: TestClient, conversationId: string) =>
    (await json<ConversationList>(await client.get('/api/chat/conversations'))).conversations.find(
      (conversation) => conversation.id === conversationId,
    )
  const unread = async (client: TestClient) => (await json<ChatUnread>(await client.get('/api/chat/unread'))).count
  const messagesOf = async (client: TestClient, conversationId: string) =>
    (await json<ChatMessagePage>(await client.get(`/api/chat/conversations/${conversationId}/messages`))).messages
  const deleteAccount = async (client: Member) =>
    expect((await boss.delete(`/api/admin/users/${client.member.id}`)).status).toBe(204)

  /** The quiet spell of the unread mail has passed: the conversation's message times move back past it. */
  async function quietSpellPassed(conversationId: string) {
    await t.db
      .update(chatMessageRows)
      .set({ createdAt: sql`${chatMessageRows.createdAt} - make_interval(mins => ${chatUnreadMailDelayMinutes + 1})` })
      .where(eq(chatMessageRows.conversationId, conversationId))
  }
  const mailsTo = async (address: string) => {
    await t.jobsSettled(['send-mail'])
    return smtp.received.filter((mail) => mail.to.includes(address))
  }

  test('the member keeps the conversation with a new coach, every message, and the right unread counts', async () => {
    const [coachA, coachB] = [await admin('Ann'), await admin('Ben')]
    const member = await subscriber('Mia')
    const conversation = await conversationOf(member, coachA)
    const welcome = await send(coachA, conversation.id, 'Welcome, Mia')
    await markRead(member, conversation.id)
    const question = await send(member, conversation.id, 'Could you look at my resume?')
    await markRead(coachA, conversation.id)
    const answers = [
      await send(coachA, conversation.id, 'Looks good overall'),
      await send(coachA, conversation.id, 'Tighten the summary'),
    ]
    const followUp = await send(member, conversation.id, 'Thanks! And the cover letter?')
    // another member's conversation, closed, ending with the coach's message
    const other = await subscriber('Olu')
    const closed = await conversationOf(other, coachA, 'closed')
    await t.db.update(chatConversations).set({ status: 'open' }).where(eq(chatConversations.id, closed.id))
    const lastWord = await send(coachA, closed.id, 'Good luck with the interview')
    await t.db.update(chatConversations).set({ status: 'closed' }).where(eq(chatConversations.id, closed.id))
    expect(await unread(member)).toBe(2)
    const unreadOfB = await unread(coachB)

    await deleteAccount(coachA)

    // the member still lists it, now with coach B as the other party, the latest message and the same unread count
    const summary = await listed(member, conversation.id)
    expect(summary).toMatchObject({
      status: 'open',
      memberId: member.member.id,
      coachId: coachB.member.id,
      otherParty: { id: coachB.member.id, isAdmin: true },
      latestMessage: { content: followUp.content, authorId: member.member.id },
      unreadCount: 2,
    })
    expect(await unread(member)).toBe(2)
    // every message is there, the former coach's with no author
    const thread = await messagesOf(member, conversation.id)
    expect(thread.map((message) => [message.id, message.authorId, message.readAt === null])).toEqual([
      [welcome.id, null, false],
      [question.id, member.member.id, false],
      [answers[0]!.id, null, true],
      [answers[1]!.id, null, true],
      [followUp.id, member.member.id, true],
    ])
    // coach B has it too: the member's unread message is theirs to read, the former coach's are not
    expect(await listed(coachB, conversation.id)).toMatchObject({
      coachId: coachB.member.id,
      otherParty: { id: member.member.id, isAdmin: false },
      unreadCount: 1,
    })
    expect(await unread(coachB)).toBe(unreadOfB + 1)
    // the closed conversation moved too, still closed, its latest message the former coach's
    expect(await listed(other, closed.id)).toMatchObject({
      status: 'closed',
      coachId: coachB.member.id,
      latestMessage: { content: lastWord.content, authorId: null },
      unreadCount: 1,
    })

    // the unread mail about the former coach's messages names no one
    await quietSpellPassed(conversation.id)
    await chatUnreadMailJob.run({ conversationId: conversation.id }, { deps: t.deps, logger, id: 'test', attempt: 1 })
    expect((await mailsTo(member.member.email)).map((mail) => mail.subject)).toEqual([
      'Your career coach sent you 2 new messages',
    ])

    // reading: coach B marks the member's message, never the former coach's; the member then reads those
    expect((await markRead(coachB, conversation.id)).marked).toBe(1)
    expect(await unread(member)).toBe(2)
    expect((await markRead(member, conversation.id)).marked).toBe(2)
    expect(await unread(member)).toBe(0)
    expect((await listed(coachB, conversation.id))?.unreadCount).toBe(0)

    // the member writes on, and coach B receives it, live and in their unread count
    const stream = await openEventStream(coachB)
    try {
      const more = await send(member, conversation.id, 'Are you my coach now?')
      await stream.next((event) => {
        const data = event.data as { type?: string; data?: { message?: ChatMessageView } }
        return data.type === 'message.created' && data.data?.message?.id === more.id
      })
    } finally {
      await stream.close()
    }
    expect(await unread(coachB)).toBe(unreadOfB + 1)
    await send(coachB, conversation.id, 'I am. Let us look at the cover letter.')
    expect(await unread(member)).toBe(1)

    // a member's own account still takes their conversations with it
    await deleteAccount(other)
    expect(await t.db.select().from(chatConversations).where(eq(chatConversations.id, closed.id))).toEqual([])
  })

  test('a member who already has an open conversation with the new coach gets the handed-over one closed', async () => {
    const [coachC, coachD] = [await admin('Cy'), await admin('Di')]
    // every other admin busier than D (who has one open conversation, below), so D takes C's conversations
    const others = await t.db
      .select({ id: user.id })
      .from(user)
      .where(and(eq(user.role, 'admin'), notInArray(user.id, [coachC.member.id, coachD.member.id])))
    for (const { id } of others) await busy(id, 2 - (await openCount(id)))
    const member = await subscriber('Pat')
    const withC = await conversationOf(member, coachC)
    const withD = await conversationOf(member, coachD)
    await send(coachC, withC.id, 'From coach C')
    await send(member, withD.id, 'To coach D')

    await deleteAccount(coachC)

    const rows = await t.db.select().from(chatConversations).where(eq(chatConversations.memberId, member.member.id))
    expect(rows.map((row) => [row.id, row.coachId, row.status]).sort()).toEqual(
      [
        [withC.id, coachD.member.id, 'closed'],
        [withD.id, coachD.member.id, 'open'],
      ].sort(),
    )
    expect((await messagesOf(member, withC.id)).map((message) => [message.content, message.authorId])).toEqual([
      ['From coach C', null],
    ])
    expect(await unread(member)).toBe(1)
  })
})
