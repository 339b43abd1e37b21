import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { user } from '#server/db/schema/auth.ts'
import { chatConversations, chatMessages as chatMessageRows } from '#server/db/schema/chat.ts'
import { userProfiles } from '#server/db/schema/profile.ts'
import { createLogger } from '#server/platform/logger.ts'
import { errorOf } from '#server/testing/errors.ts'
import { openEventStream, type ReceivedEvent } from '#server/testing/event-stream.ts'
import { createTestApp, type TestApp, type TestClient } from '#server/testing/harness.ts'
import { startSmtpServer } from '#server/testing/smtp.ts'
import { accountMessages } from '#shared/accounts/schemas.ts'
import {
  chatConversationPageSize,
  chatMessageMaxLength,
  chatMessagePageSize,
  chatUnreadMailDelayMinutes,
} from '#shared/chat/constants.ts'
import { chatMessages } from '#shared/chat/messages.ts'
import type {
  ChatMessagePage,
  ChatMessageView,
  ChatUnread,
  ConversationList,
  ConversationSummary,
} from '#shared/chat/schemas.ts'
import { genericMessages } from '#shared/errors.ts'
import { invalidCursorMessage } from '#shared/common/fields.ts'
import { chatUnreadMailJob } from './jobs.ts'
import { findLeastBusyCoach } from './queries.ts'

// Career coach chat (issue 20; spec 001 §2 Career chat, §3 Chat message and
// Conversation summary, §6, §7 Chat, §8 Chat): starting a conversation with the
// least busy coach, sending once per key, reading a page at a time, read marks and
// unread counts, live delivery to the two parties only, the one e-mail per quiet
// spell, and the refusals of everyone else.

type Member = TestClient & { member: { id: string; email: string } }

const unknownId = '00000000-0000-4000-8000-000000000000'
const logger = createLogger('silent')

async function json<T>(response: Response, status = 200): Promise<T> {
  expect(response.status, await response.clone().text()).toBe(status)
  return (await response.json()) as T
}

/** A key as a browser makes one per message. */
const newKey = () => crypto.randomUUID()

type Payload = { topic?: string; type?: string; data?: Record<string, unknown> }
const payload = (event: ReceivedEvent) => event.data as Payload

describe('career coach chat', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>
  let t: TestApp
  /** every admin of this app by id, so a test finds the client (and names) of whichever coach was assigned */
  const admins = new Map<string, Member>()
  const adminNames = new Map<string, string>()

  const subscriber = (names: { firstName?: string; lastName?: string } = {}) =>
    t.signedIn({ subscribed: true, ...names }) as Promise<Member>
  async function newAdmin(names = { firstName: 'Coach', lastName: `Number ${admins.size + 1}` }) {
    const admin = (await t.signedIn({ admin: true, ...names })) as Member
    admins.set(admin.member.id, admin)
    adminNames.set(admin.member.id, `${names.firstName} ${names.lastName}`)
    return admin
  }

  /** The member's conversation and the client of its coach. */
  async function started(member: Member) {
    const response = await member.post('/api/chat/conversations')
    expect([200, 201]).toContain(response.status)
    const { conversation } = (await response.json()) as { conversation: ConversationSummary }
    return { conversation, coach: admins.get(conversation.coachId)! }
  }

  async function send(client: TestClient, conversationId: string, content: string, clientKey = newKey()) {
    const response = await client.post(`/api/chat/conversations/${conversationId}/messages`, { content, clientKey })
    return (await json<{ message: ChatMessageView }>(response, 201)).message
  }

  const list = async (client: TestClient, cursor?: string) =>
    json<ConversationList>(await client.get(`/api/chat/conversations${cursor ? `?cursor=${cursor}` : ''}`))
  const unread = async (client: TestClient) => (await json<ChatUnread>(await client.get('/api/chat/unread'))).count
  const page = async (client: TestClient, conversationId: string, cursor?: string) =>
    json<ChatMessagePage>(
      await client.get(`/api/chat/conversations/${conversationId}/messages${cursor ? `?cursor=${cursor}` : ''}`),
    )
  const markRead = async (client: TestClient, conversationId: string) =>
    json<{ readAt: string; marked: number }>(await client.post(`/api/chat/conversations/${conversationId}/read`))

  beforeAll(async () => {
    smtp = await startSmtpServer()
    t = await createTestApp({ SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port), SMTP_IGNORE_TLS: 'true' })
    await newAdmin({ firstName: 'Carla', lastName: 'Coach' })
  })
  afterAll(async () => {
    await t?.close()
    await smtp?.close()
  })

  test('a member reaches a coach in one click; a second click or a second tab finds the same conversation', async () => {
    const member = await subscriber({ firstName: 'Mona', lastName: 'Member' })
    const first = await member.post('/api/chat/conversations')
    const { conversation } = await json<{ conversation: ConversationSummary }>(first, 201)
    const coach = admins.get(conversation.coachId)!
    expect(coach).toBeDefined()
    expect(conversation).toMatchObject({
      status: 'open',
      memberId: member.member.id,
      otherParty: { id: coach.member.id, isAdmin: true, avatarUrl: null },
      latestMessage: null,
      unreadCount: 0,
    })
    const again = await json<{ conversation: ConversationSummary }>(await member.post('/api/chat/conversations'))
    expect(again.conversation.id).toBe(conversation.id)

    // two tabs at once: one conversation
    const other = await subscriber()
    const answers = await Promise.all([0, 1].map(() => other.post('/api/chat/conversations')))
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 201])
    const ids = await Promise.all(
      answers.map(async (answer) => ((await answer.json()) as { conversation: ConversationSummary }).conversation.id),
    )
    expect(ids[0]).toBe(ids[1])
    const rows = await t.db.select().from(chatConversations).where(eq(chatConversations.memberId, other.member.id))
    expect(rows).toHaveLength(1)
  })

  test('member and coach talk: each sees the other party, the latest message, and their own unread count', async () => {
    const member = await subscriber({ firstName: 'Nadia', lastName: 'Novak' })
    const { conversation, coach } = await started(member)
    const avatarUrl = `/api/profile/avatars/${coach.member.id}?v=1`
    await t.db.update(userProfiles).set({ avatarUrl }).where(eq(userProfiles.id, coach.member.id))
    const coachUnreadBefore = await unread(coach)

    const hello = await send(member, conversation.id, '  Hello, can you look at my plan?  ')
    expect(hello).toMatchObject({
      conversationId: conversation.id,
      authorId: member.member.id,
      content: 'Hello, can you look at my plan?',
      readAt: null,
    })
    const coachView = (await list(coach)).conversations.find((item) => item.id === conversation.id)!
    expect(coachView).toMatchObject({
      otherParty: { id: member.member.id, firstName: 'Nadia', lastName: 'Novak', isAdmin: false },
      latestMessage: { content: hello.content, authorId: member.member.id, createdAt: hello.createdAt },
      unreadCount: 1,
    })
    expect(await unread(coach)).toBe(coachUnreadBefore + 1)
    expect(await unread(member)).toBe(0)

    const reply = await send(coach, conversation.id, 'Of course. Send it over.')
    const memberView = await list(member)
    expect(memberView.conversations).toHaveLength(1)
    const { firstName, lastName } = memberView.conversations[0]!.otherParty
    expect(`${firstName} ${lastName}`).toBe(adminNames.get(coach.member.id))
    expect(memberView.conversations[0]).toMatchObject({
      id: conversation.id,
      otherParty: { id: coach.member.id, isAdmin: true, avatarUrl },
      latestMessage: { content: reply.content, authorId: coach.member.id },
      unreadCount: 1,
      lastMessageAt: reply.createdAt,
    })
    expect(await unread(member)).toBe(1)
    const single = await json<ConversationSummary>(await member.get(`/api/chat/conversations/${conversation.id}`))
    expect(single).toEqual(memberView.conversations[0])

    // opening it marks the coach's message read, once
    const read = await markRead(member, conversation.id)
    expect(read.marked).toBe(1)
    expect(await unread(member)).toBe(0)
    expect((await markRead(member, conversation.id)).marked).toBe(0)
    const thread = await page(coach, conversation.id)
    expect(thread.messages.map((message) => [message.content, message.readAt])).toEqual([
      [hello.content, null],
      [reply.content, read.readAt],
    ])
    expect(thread.olderCursor).toBeNull()
    expect((await markRead(coach, conversation.id)).marked).toBe(1)
    expect(await unread(coach)).toBe(coachUnreadBefore)
  })

  test("the coach's list puts the conversation with the latest message first", async () => {
    const [first, second] = [await subscriber(), await subscriber()]
    const a = await started(first)
    const b = await started(second)
    // a coach of both, whoever was assigned
    const coach = a.coach
    if (b.coach.member.id !== coach.member.id) {
      await t.db
        .update(chatConversations)
        .set({ coachId: coach.member.id })
        .where(eq(chatConversations.id, b.conversation.id))
    }
    await send(first, a.conversation.id, 'First')
    await send(second, b.conversation.id, 'Second')
    const order = () =>
      list(coach).then((listed) =>
        listed.conversations
          .map((item) => item.id)
          .filter((id) => id === a.conversation.id || id === b.conversation.id),
      )
    expect(await order()).toEqual([b.conversation.id, a.conversation.id])
    await send(first, a.conversation.id, 'Me again')
    expect(await order()).toEqual([a.conversation.id, b.conversation.id])
  })

  test('a coach with many conversations pages through them newest first, without gaps or repeats', async () => {
    const coach = await newAdmin()
    const members = await t.signedInMany(chatConversationPageSize + 5, { subscribed: true })
    const base = Date.now() - 86_400_000
    const rows = await t.db
      .insert(chatConversations)
      .values(
        members.map((member, index) => ({
          memberId: member.member.id,
          coachId: coach.member.id,
          // two share each time: the id orders them
          lastMessageAt: new Date(base + Math.floor(index / 2) * 1000),
        })),
      )
      .returning()
    const expected = [...rows]
      .sort((x, y) => y.lastMessageAt.getTime() - x.lastMessageAt.getTime() || (x.id < y.id ? 1 : -1))
      .map((row) => row.id)
    const first = await list(coach)
    expect(first.conversations).toHaveLength(chatConversationPageSize)
    expect(first.nextCursor).not.toBeNull()
    const second = await list(coach, first.nextCursor!)
    expect(second.nextCursor).toBeNull()
    expect([...first.conversations, ...second.conversations].map((item) => item.id)).toEqual(expected)
    // the coach sees the members
    expect(first.conversations[0]!.otherParty).toMatchObject({ firstName: 'Crowd', isAdmin: false })

    const bad = await coach.get('/api/chat/conversations?cursor=not-a-cursor')
    expect(bad.status).toBe(400)
    expect((await errorOf(bad)).message).toBe(invalidCursorMessage)
  })

  test('200 messages page back newest page first, each page oldest first, with no gaps or repeats', async () => {
    const member = await subscriber()
    const { conversation, coach } = await started(member)
    const base = Date.now() - 3_600_000
    const inserted = await t.db
      .insert(chatMessageRows)
      .values(
        Array.from({ length: 200 }, (_, index) => ({
          conversationId: conversation.id,
          authorId: index % 3 === 0 ? coach.member.id : member.member.id,
          content: `Message ${index + 1}`,
          clientKey: `bulk-key-${index + 1}`,
          // three at a time share one instant: the id orders them
          createdAt: new Date(base + Math.floor(index / 3) * 1000),
        })),
      )
      .returning({ id: chatMessageRows.id, createdAt: chatMessageRows.createdAt })
    const expected = [...inserted]
      .sort((x, y) => x.createdAt.getTime() - y.createdAt.getTime() || (x.id < y.id ? -1 : 1))
      .map((row) => row.id)

    const pages: ChatMessagePage[] = []
    let cursor: string | undefined
    do {
      const next = await page(member, conversation.id, cursor)
      pages.push(next)
      cursor = next.olderCursor ?? undefined
    } while (cursor)
    expect(pages.map((one) => one.messages.length)).toEqual(
      Array.from({ length: 200 / chatMessagePageSize }, () => chatMessagePageSize),
    )
    // each page reads oldest first; the pages go back in time
    const seen = pages.reverse().flatMap((one) => one.messages.map((message) => message.id))
    expect(seen).toEqual(expected)
    expect(new Set(seen).size).toBe(200)
    // the coach reads the same thread
    expect((await page(coach, conversation.id)).messages.map((message) => message.id)).toEqual(expected.slice(-50))
  })

  test('a retried send with the same key answers the same message (200) and stores it once', async () => {
    const member = await subscriber()
    const { conversation, coach } = await started(member)
    const clientKey = newKey()
    const first = await send(member, conversation.id, 'Only once, please', clientKey)
    const retried = await member.post(`/api/chat/conversations/${conversation.id}/messages`, {
      content: 'Only once, please (edited while retrying)',
      clientKey,
    })
    expect((await json<{ message: ChatMessageView }>(retried, 200)).message).toEqual(first)

    // a double click: both at once
    const racingKey = newKey()
    const racing = await Promise.all(
      [0, 1].map(() =>
        member.post(`/api/chat/conversations/${conversation.id}/messages`, { content: 'Twice?', clientKey: racingKey }),
      ),
    )
    expect(racing.map((response) => response.status).sort()).toEqual([200, 201])
    const [one, two] = await Promise.all(
      racing.map(async (response) => ((await response.json()) as { message: ChatMessageView }).message),
    )
    expect(one).toEqual(two)

    // a key is the author's own: the coach's message with the same key is another message
    const coachOwn = await send(coach, conversation.id, 'Mine', clientKey)
    expect(coachOwn.id).not.toBe(first.id)
    const stored = await t.db
      .select({ content: chatMessageRows.content })
      .from(chatMessageRows)
      .where(eq(chatMessageRows.conversationId, conversation.id))
    expect(stored.map((row) => row.content).sort()).toEqual(['Mine', 'Only once, please', 'Twice?'])
  })

  test('a blank or over-long message, or a bad key, is refused with its message and stores nothing', async () => {
    const member = await subscriber()
    const { conversation } = await started(member)
    const path = `/api/chat/conversations/${conversation.id}/messages`
    for (const [content, message] of [
      ['', chatMessages.blank],
      ['  \n\t ', chatMessages.blank],
      [undefined, chatMessages.blank],
      [42, chatMessages.blank],
      ['x'.repeat(chatMessageMaxLength + 1), chatMessages.tooLong],
    ] as const) {
      const response = await member.post(path, { content, clientKey: newKey() })
      expect(response.status).toBe(400)
      expect(await errorOf(response)).toMatchObject({ code: 'VALIDATION', message, fields: { content: message } })
    }
    for (const clientKey of [undefined, 'short', 'has spaces in it', 'x'.repeat(65)]) {
      const response = await member.post(path, { content: 'Hello', clientKey })
      expect(response.status).toBe(400)
      expect(await errorOf(response)).toMatchObject({ fields: { clientKey: chatMessages.invalidClientKey } })
    }
    expect((await page(member, conversation.id)).messages).toEqual([])
    // the longest allowed message goes through
    expect((await send(member, conversation.id, 'y'.repeat(chatMessageMaxLength))).content).toHaveLength(
      chatMessageMaxLength,
    )
  })

  test('a member whose address is not verified cannot write', async () => {
    const member = (await t.signedIn({ subscribed: true, emailVerified: false })) as Member
    const response = await member.post('/api/chat/conversations')
    expect(response.status).toBe(403)
    expect((await errorOf(response)).message).toBe(accountMessages.emailNotVerified)
  })

  test('a closed conversation stays readable but refuses messages (409); starting again opens a new one', async () => {
    const member = await subscriber()
    const { conversation } = await started(member)
    await send(member, conversation.id, 'Before it closed')
    await t.db.update(chatConversations).set({ status: 'closed' }).where(eq(chatConversations.id, conversation.id))
    const refused = await member.post(`/api/chat/conversations/${conversation.id}/messages`, {
      content: 'After',
      clientKey: newKey(),
    })
    expect(refused.status).toBe(409)
    expect(await errorOf(refused)).toMatchObject({ code: 'CONFLICT', message: chatMessages.closed })
    expect((await page(member, conversation.id)).messages.map((message) => message.content)).toEqual([
      'Before it closed',
    ])
    const reopened = await json<{ conversation: ConversationSummary }>(
      await member.post('/api/chat/conversations'),
      201,
    )
    expect(reopened.conversation.id).not.toBe(conversation.id)
    expect((await list(member)).conversations.map((item) => [item.id, item.status])).toEqual([
      [reopened.conversation.id, 'open'],
      [conversation.id, 'closed'],
    ])
  })

  test('another member gets 404 on every conversation route; visitors 401; members without a plan 403', async () => {
    const member = await subscriber()
    const { conversation } = await started(member)
    await send(member, conversation.id, 'Private words')
    const third = await subscriber()
    const id = conversation.id
    const routes: Array<[string, string, unknown?]> = [
      ['GET', `/api/chat/conversations/${id}`],
      ['GET', `/api/chat/conversations/${id}/messages`],
      ['POST', `/api/chat/conversations/${id}/messages`, { content: 'Let me in', clientKey: newKey() }],
      ['POST', `/api/chat/conversations/${id}/read`, {}],
    ]
    for (const [method, path, body] of routes) {
      const response = await third.request(method, path, body)
      expect(response.status, `${method} ${path}`).toBe(404)
      expect((await errorOf(response)).message).toBe(chatMessages.notFound)
    }
    // a conversation that does not exist, or a path that is no id, reads the same
    for (const other of [unknownId, 'not-an-id', '1%27%20or%201=1']) {
      const response = await third.get(`/api/chat/conversations/${other}/messages`)
      expect(response.status, other).toBe(404)
      expect((await errorOf(response)).message).toBe(chatMessages.notFound)
    }
    expect((await list(third)).conversations).toEqual([])
    expect(await unread(third)).toBe(0)
    // and nothing the third member did touched it
    const [kept] = (await page(member, id)).messages
    expect(kept).toMatchObject({ content: 'Private words', readAt: null })

    const visitor = t.client()
    const free = await t.signedIn()
    const everyRoute: Array<[string, string, unknown?]> = [
      ['GET', '/api/chat/conversations'],
      ['POST', '/api/chat/conversations', {}],
      ['GET', '/api/chat/unread'],
      ...routes,
    ]
    for (const [method, path, body] of everyRoute) {
      const asVisitor = await visitor.request(method, path, body)
      expect(asVisitor.status, `${method} ${path}`).toBe(401)
      expect((await errorOf(asVisitor)).message).toBe(genericMessages.authenticationRequired)
      const asFree = await free.request(method, path, body)
      expect(asFree.status, `${method} ${path}`).toBe(403)
      expect((await errorOf(asFree)).message).toBe(genericMessages.subscriptionRequired)
    }
    expect(await t.db.select().from(chatConversations).where(eq(chatConversations.memberId, free.member.id))).toEqual(
      [],
    )
  })

  test('an admin who is no party reads a conversation, but neither writes in it (403) nor marks it read', async () => {
    const member = await subscriber({ firstName: 'Rita', lastName: 'Reader' })
    const { conversation, coach } = await started(member)
    const onlooker = await newAdmin()
    await send(member, conversation.id, 'For my coach')
    const summary = await json<ConversationSummary>(await onlooker.get(`/api/chat/conversations/${conversation.id}`))
    expect(summary).toMatchObject({
      id: conversation.id,
      coachId: coach.member.id,
      otherParty: { id: member.member.id, firstName: 'Rita' },
      unreadCount: 0,
    })
    expect((await page(onlooker, conversation.id)).messages.map((message) => message.content)).toEqual(['For my coach'])
    const written = await onlooker.post(`/api/chat/conversations/${conversation.id}/messages`, {
      content: 'Let me add something',
      clientKey: newKey(),
    })
    expect(written.status).toBe(403)
    expect((await errorOf(written)).message).toBe(chatMessages.notAParty)
    expect((await markRead(onlooker, conversation.id)).marked).toBe(0)
    // still unread for the coach
    expect((await page(coach, conversation.id)).messages[0]!.readAt).toBeNull()
    // and not in the onlooker's own list
    expect((await list(onlooker)).conversations.some((item) => item.id === conversation.id)).toBe(false)
  })

  test("a conversation's events reach its two parties' streams, and no other member's or admin's", async () => {
    const member = await subscriber()
    const { conversation, coach } = await started(member)
    const third = await subscriber()
    const onlooker = await newAdmin()
    const streams = {
      member: await openEventStream(member),
      coach: await openEventStream(coach),
      third: await openEventStream(third),
      onlooker: await openEventStream(onlooker),
    }
    try {
      const chatEvents = (stream: (typeof streams)[keyof typeof streams]) =>
        stream.received.filter((event) => payload(event).topic === 'chat')
      const message = await send(member, conversation.id, 'Live, please')
      const isThisMessage = (event: ReceivedEvent) =>
        payload(event).type === 'message.created' &&
        (payload(event).data?.message as ChatMessageView | undefined)?.id === message.id
      expect(payload(await streams.member.next(isThisMessage)).data).toEqual({ message })
      await streams.coach.next(isThisMessage)

      const read = await markRead(coach, conversation.id)
      const isRead = (event: ReceivedEvent) =>
        payload(event).type === 'messages.read' && payload(event).data?.conversationId === conversation.id
      expect(payload(await streams.member.next(isRead)).data).toEqual({
        conversationId: conversation.id,
        readerId: coach.member.id,
        readAt: read.readAt,
      })

      // events of their own, published after the others: once they arrive, each stream has been passed the others
      const theirs = await started(third)
      const theirMessage = await send(third, theirs.conversation.id, 'My own question')
      await streams.third.next(
        (event) => (payload(event).data?.message as ChatMessageView | undefined)?.id === theirMessage.id,
      )
      const onlookersOwn = await started(onlooker)
      await streams.onlooker.next(
        (event) =>
          payload(event).type === 'conversation.started' &&
          payload(event).data?.conversationId === onlookersOwn.conversation.id,
      )
      const leaked = [...chatEvents(streams.third), ...chatEvents(streams.onlooker)].filter(
        (event) =>
          JSON.stringify(event.data).includes(conversation.id) || JSON.stringify(event.data).includes('Live, please'),
      )
      expect(leaked).toEqual([])
    } finally {
      await Promise.all(Object.values(streams).map((stream) => stream.close()))
    }
  })

  describe('the e-mail about unread coach messages', () => {
    const jobsOf = async (conversationId: string) => {
      const result = (await t.db.execute(sql`
        select state, extract(epoch from (start_after - created_on))::int as "delaySeconds"
        from pgboss.job
        where name = ${chatUnreadMailJob.name} and data->>'conversationId' = ${conversationId}
      `)) as unknown as { rows: Array<{ state: string; delaySeconds: number }> }
      return result.rows
    }
    const spell = sql`make_interval(mins => ${chatUnreadMailDelayMinutes + 1})`
    /** The quiet spell has passed: the conversation's times (messages and last mail) move back past the delay. */
    async function quietSpellPassed(conversationId: string) {
      await t.db
        .update(chatMessageRows)
        .set({ createdAt: sql`${chatMessageRows.createdAt} - ${spell}` })
        .where(eq(chatMessageRows.conversationId, conversationId))
      await t.db
        .update(chatConversations)
        .set({ memberMailedAt: sql`${chatConversations.memberMailedAt} - ${spell}` })
        .where(eq(chatConversations.id, conversationId))
    }
    const runJob = (conversationId: string) =>
      chatUnreadMailJob.run({ conversationId }, { deps: t.deps, logger, id: 'test', attempt: 1 })
    const mailsTo = async (address: string) => {
      await t.jobsSettled(['send-mail'])
      return smtp.received.filter((mail) => mail.to.includes(address))
    }

    test('several coach messages left unread make one e-mail after the quiet spell, and never a second', async () => {
      const member = await subscriber({ firstName: 'Una', lastName: 'Unread' })
      const { conversation, coach } = await started(member)
      await send(member, conversation.id, 'A question')
      expect(await jobsOf(conversation.id)).toEqual([]) // a member's message mails nobody
      for (const content of ['First answer', 'Second answer', 'Third answer'])
        await send(coach, conversation.id, content)
      // one job for the spell, due when it ends
      expect(await jobsOf(conversation.id)).toEqual([
        { state: 'created', delaySeconds: chatUnreadMailDelayMinutes * 60 },
      ])

      // before the spell has passed, nothing goes
      await runJob(conversation.id)
      expect(await mailsTo(member.member.email)).toEqual([])

      await quietSpellPassed(conversation.id)
      await runJob(conversation.id)
      const mails = await mailsTo(member.member.email)
      expect(mails).toHaveLength(1)
      expect(mails[0]!.subject).toBe(`${adminNames.get(coach.member.id)} sent you 3 new messages`)
      expect(mails[0]!.text).toContain('Hello Una,')
      expect(mails[0]!.text).toContain('http://localhost:3000/career-chat')
      expect(mails[0]!.text).not.toContain('First answer')

      // a retry, or the job of another message of the same spell: no second mail
      await runJob(conversation.id)
      expect(await mailsTo(member.member.email)).toHaveLength(1)
      const [row] = await t.db.select().from(chatConversations).where(eq(chatConversations.id, conversation.id))
      expect(row!.memberMailedAt).not.toBeNull()

      // a new message after the mail starts a new spell, with its own job
      await send(coach, conversation.id, 'Are you there?')
      expect((await jobsOf(conversation.id)).filter((job) => job.state === 'created')).toHaveLength(2)
      await quietSpellPassed(conversation.id)
      await runJob(conversation.id)
      const later = await mailsTo(member.member.email)
      expect(later).toHaveLength(2)
      expect(later[1]!.subject).toBe(`${adminNames.get(coach.member.id)} sent you a new message`)
    })

    test('no e-mail when the member read the messages meanwhile', async () => {
      const member = await subscriber()
      const { conversation, coach } = await started(member)
      await send(coach, conversation.id, 'Welcome aboard')
      await send(coach, conversation.id, 'Tell me about your goals')
      await markRead(member, conversation.id)
      await quietSpellPassed(conversation.id)
      await runJob(conversation.id)
      expect(await mailsTo(member.member.email)).toEqual([])
      // read, then a new one: its own job, and a mail about it alone
      await send(coach, conversation.id, 'One more thing')
      expect(await jobsOf(conversation.id)).toHaveLength(2)
      await quietSpellPassed(conversation.id)
      await runJob(conversation.id)
      const mails = await mailsTo(member.member.email)
      expect(mails.map((mail) => mail.subject)).toEqual([`${adminNames.get(coach.member.id)} sent you a new message`])
    })
  })
})

describe('choosing the coach', () => {
  let t: TestApp

  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(async () => t?.close())

  const start = (member: TestClient) => member.post('/api/chat/conversations')
  const coachOf = async (member: TestClient) =>
    ((await json<{ conversation: ConversationSummary }>(await start(member), 201)).conversation as ConversationSummary)
      .coachId

  test("without an admin, starting says 'No admins available for chat' (409) and stores nothing", async () => {
    const member = (await t.signedIn({ subscribed: true })) as Member
    const response = await start(member)
    expect(response.status).toBe(409)
    expect(await errorOf(response)).toMatchObject({ code: 'CONFLICT', message: chatMessages.noAdmins })
    expect(await t.db.select().from(chatConversations)).toEqual([])
    // an admin is never their own coach
    const loneAdmin = (await t.signedIn({ admin: true })) as Member
    const own = await start(loneAdmin)
    expect(own.status).toBe(409)
    expect((await errorOf(own)).message).toBe(chatMessages.noAdmins)
    expect(await coachOf(member)).toBe(loneAdmin.member.id)
  })

  test('the coach is the admin with the fewest open conversations, the earliest account first on a tie', async () => {
    // the admins of the test above have conversations: close them, so these start level
    await t.db.update(chatConversations).set({ status: 'closed' })
    const existing = await t.db.select({ coachId: chatConversations.coachId }).from(chatConversations)
    const [a, b, c] = [
      (await t.signedIn({ admin: true })) as Member,
      (await t.signedIn({ admin: true })) as Member,
      (await t.signedIn({ admin: true })) as Member,
    ]
    // earlier admins hold as many open conversations as needed to stay out of the way
    for (const coachId of new Set(existing.map((row) => row.coachId))) {
      const fillers = await t.signedInMany(3, { subscribed: true })
      await t.db.insert(chatConversations).values(fillers.map((filler) => ({ memberId: filler.member.id, coachId })))
    }
    const members = await t.signedInMany(5, { subscribed: true })
    expect(await coachOf(members[0]!)).toBe(a.member.id) // all at 0: the earliest
    expect(await coachOf(members[1]!)).toBe(b.member.id)
    expect(await coachOf(members[2]!)).toBe(c.member.id)
    expect(await coachOf(members[3]!)).toBe(a.member.id) // all at 1: the earliest again
    // a's two conversations close: a has the fewest open ones
    await t.db.update(chatConversations).set({ status: 'closed' }).where(eq(chatConversations.coachId, a.member.id))
    expect(await coachOf(members[4]!)).toBe(a.member.id)
  })

  test('where admins must use two-factor, only an admin with it on is chosen', async () => {
    const member = (await t.signedIn()) as Member
    const anyCoach = await findLeastBusyCoach(t.db, member.member.id, false)
    expect(anyCoach).toBeDefined()
    expect(await findLeastBusyCoach(t.db, member.member.id, true)).toBeUndefined()
    const secured = (await t.signedIn({ admin: true })) as Member
    await t.db.update(user).set({ twoFactorEnabled: true }).where(eq(user.id, secured.member.id))
    expect(await findLeastBusyCoach(t.db, member.member.id, true)).toEqual({ id: secured.member.id })
  })
})
