import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { lt } from 'drizzle-orm'
import { withTransaction } from '#server/db/client.ts'
import { liveEvents } from '#server/db/schema/platform.ts'
import type { LiveAudience } from '#server/platform/realtime.ts'
import { openEventStream, type ReceivedEvent } from '#server/testing/event-stream.ts'
import { createTestApp, TestClient, type TestApp } from '#server/testing/harness.ts'
import type { PostView } from '#shared/community/schemas.ts'
import { createRecheckWheel, useSessionRechecks } from './session-rechecks.ts'

type Payload = { topic?: string; type?: string; control?: string; data?: { post?: PostView } }

const payload = (event: ReceivedEvent) => event.data as Payload
const isPost = (content: string) => (event: ReceivedEvent) =>
  payload(event).type === 'post.created' && payload(event).data?.post?.content === content

async function post(client: TestClient, content: string) {
  const form = new FormData()
  form.set('content', content)
  const response = await client.post('/api/community/posts', form)
  expect(response.status).toBe(201)
}

describe('live updates', () => {
  let t: TestApp
  let author: TestClient
  let reader: TestClient

  beforeAll(async () => {
    t = await createTestApp()
    author = await t.signedIn({ subscribed: true })
    reader = await t.signedIn({ subscribed: true })
  })
  afterAll(async () => t?.close())

  test('visitors get no stream', async () => {
    expect((await t.client().get('/api/live')).status).toBe(401)
  })

  test('a new post reaches an open stream, with its event id', async () => {
    const stream = await openEventStream(reader)
    expect(stream.response.headers.get('content-type')).toContain('text/event-stream')
    const hello = await stream.next((e) => payload(e).control === 'hello')
    await post(author, 'Live hello')
    const event = await stream.next(isPost('Live hello'))
    expect(Number(event.id)).toBeGreaterThan(Number(hello.id))
    expect(payload(event).topic).toBe('community')
    await stream.close()
  })

  test('community events do not reach members without a plan', async () => {
    const free = await t.signedIn()
    const freeStream = await openEventStream(free)
    const subscriberStream = await openEventStream(reader)
    await freeStream.next((e) => payload(e).control === 'hello')
    await subscriberStream.next((e) => payload(e).control === 'hello')
    await post(author, 'Members only')
    await subscriberStream.next(isPost('Members only'))
    // the subscriber's copy arrived; the same delivery skipped the free member
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(freeStream.received.some((e) => payload(e).topic === 'community')).toBe(false)
    await Promise.all([freeStream.close(), subscriberStream.close()])
  })

  test('an event with an audience reaches only the members named and, when it says so, admins; live and replayed', async () => {
    const owner = (await t.signedIn()) as TestClient & { member: { id: string } }
    const stranger = await t.signedIn()
    const coach = await t.signedIn({ admin: true })
    const streams = await Promise.all([owner, stranger, coach].map((client) => openEventStream(client)))
    await Promise.all(streams.map((stream) => stream.next((e) => payload(e).control === 'hello')))
    const startId = Number(streams[1]!.received.at(-1)!.id)

    // ids of this test only: on PostgreSQL every test file's app publishes to the same database
    const mark = `audience-${Math.random().toString(36).slice(2)}-`
    const publish = (courseId: string, audience?: LiveAudience) =>
      withTransaction(t.db, (tx) =>
        t.deps.realtime.publish(
          tx,
          'courses',
          { type: 'courses.changed', data: { courseId: mark + courseId } },
          audience,
        ),
      )
    const courseIdOf = (event: ReceivedEvent) => {
      const id = (payload(event).data as { courseId?: string } | undefined)?.courseId
      return id?.startsWith(mark) ? id.slice(mark.length) : undefined
    }
    await publish('private-to-owner-and-admins', { userIds: [owner.member.id], admins: true })
    await publish('private-to-owner', { userIds: [owner.member.id], admins: false })
    await publish('for-everyone') // published last: once a stream has it, it has had the two before
    const [ownerStream, strangerStream, coachStream] = streams
    const heard = async (stream: (typeof streams)[number]) => {
      await stream.next((e) => courseIdOf(e) === 'for-everyone')
      return stream.received.map(courseIdOf).filter(Boolean)
    }
    expect(await heard(ownerStream!)).toEqual(['private-to-owner-and-admins', 'private-to-owner', 'for-everyone'])
    expect(await heard(strangerStream!)).toEqual(['for-everyone'])
    expect(await heard(coachStream!)).toEqual(['private-to-owner-and-admins', 'for-everyone'])
    await Promise.all(streams.map((stream) => stream.close()))

    // a reconnect replays by the same rule
    const replayed = await openEventStream(stranger, { 'last-event-id': String(startId) })
    await replayed.next((e) => courseIdOf(e) === 'for-everyone')
    expect(replayed.received.map(courseIdOf).filter(Boolean)).toEqual(['for-everyone'])
    await replayed.close()
  })

  test('a stream ends at the re-check after its session is signed out; the others stay open', async () => {
    // the minute of re-checks turned by hand
    let tick = () => {}
    const ticker = (_intervalMs: number, onTick: () => void) => {
      tick = onTick
      return () => (tick = () => {})
    }
    useSessionRechecks(t.deps, createRecheckWheel({ turnMs: 60_000, slots: 60, ticker }))
    const leaving = await t.signedIn({ subscribed: true })
    const streams = await Promise.all([openEventStream(leaving), openEventStream(reader)])
    await Promise.all(streams.map((stream) => stream.next((e) => payload(e).control === 'hello')))
    const [leavingStream, readerStream] = streams

    expect((await leaving.post('/api/accounts/sign-out')).status).toBe(204)
    for (let second = 0; second < 60; second++) tick()
    await expect.poll(() => leavingStream!.ended).toBe(true)
    await post(author, 'Still here')
    await readerStream!.next(isPost('Still here'))
    expect(readerStream!.ended).toBe(false)
    await readerStream!.close()
  })

  test('a reconnect with Last-Event-ID receives what it missed, in order', async () => {
    const first = await openEventStream(reader)
    const hello = await first.next((e) => payload(e).control === 'hello')
    await first.close()
    await post(author, 'Missed one')
    await post(author, 'Missed two')
    const resumed = await openEventStream(reader, { 'last-event-id': hello.id! })
    await resumed.next(isPost('Missed two'))
    const contents = resumed.received.map((e) => payload(e).data?.post?.content).filter(Boolean)
    expect(contents).toEqual(['Missed one', 'Missed two'])
    expect(resumed.received.some((e) => payload(e).control)).toBe(false)
    await resumed.close()
  })

  test('a reconnect from beyond the replay window is told to reload', async () => {
    await post(author, 'Recent')
    const newest = await t.deps.realtime.latestId()
    await t.db.delete(liveEvents).where(lt(liveEvents.id, newest))
    const resumed = await openEventStream(reader, { 'last-event-id': '1' })
    const reset = await resumed.next((e) => payload(e).control === 'reset')
    expect(Number(reset.id)).toBe(newest)
    await resumed.close()
  })

  test('shutting the instance down ends its streams', async () => {
    const other = await createTestApp()
    const member = await other.signedIn({ subscribed: true })
    const stream = await openEventStream(member)
    await stream.next((e) => payload(e).control === 'hello')
    await other.deps.close()
    await expect.poll(() => stream.ended).toBe(true)
    await other.close()
  })
})

// ARCHITECTURE.md: stateless instances on one PostgreSQL see each other's events.
describe.runIf(process.env.TEST_DB_KIND === 'postgres')('live updates across two instances on one PostgreSQL', () => {
  test('a post made through instance A reaches a stream opened on instance B', async () => {
    const a = await createTestApp()
    const b = await a.secondInstance()
    try {
      const author = await a.signedIn({ subscribed: true })
      const readerOnA = await a.signedIn({ subscribed: true })
      // the same browser, its requests now answered by instance B
      const readerOnB = b.client()
      for (const [name, value] of readerOnA.cookies) readerOnB.cookies.set(name, value)

      const stream = await openEventStream(readerOnB)
      await stream.next((e) => payload(e).control === 'hello')
      await post(author, 'Across instances')
      const event = await stream.next(isPost('Across instances'))
      expect(payload(event).topic).toBe('community')
      await stream.close()
    } finally {
      await b.close()
      await a.close()
    }
  })
})

describe('live updates when admins must use two-factor', () => {
  let t: TestApp

  beforeAll(async () => {
    t = await createTestApp({ ADMIN_REQUIRE_2FA: 'true' })
  })
  afterAll(async () => t?.close())

  test("an admin account without two-factor is not among an audience's admins", async () => {
    const owner = (await t.signedIn()) as TestClient & { member: { id: string } }
    const roleOnly = await t.signedIn({ admin: true })
    const ownerStream = await openEventStream(owner)
    const adminStream = await openEventStream(roleOnly)
    await Promise.all([ownerStream, adminStream].map((stream) => stream.next((e) => payload(e).control === 'hello')))
    const mark = `two-factor-${Math.random().toString(36).slice(2)}-`
    const courseIdOf = (event: ReceivedEvent) => {
      const id = (payload(event).data as { courseId?: string } | undefined)?.courseId
      return id?.startsWith(mark) ? id.slice(mark.length) : undefined
    }
    const publish = (courseId: string, audience?: LiveAudience) =>
      withTransaction(t.db, (tx) =>
        t.deps.realtime.publish(
          tx,
          'courses',
          { type: 'courses.changed', data: { courseId: mark + courseId } },
          audience,
        ),
      )
    await publish('owner-and-coaches', { userIds: [owner.member.id], admins: true })
    await publish('for-everyone')
    await ownerStream.next((e) => courseIdOf(e) === 'for-everyone')
    await adminStream.next((e) => courseIdOf(e) === 'for-everyone')
    expect(ownerStream.received.map(courseIdOf).filter(Boolean)).toEqual(['owner-and-coaches', 'for-everyone'])
    expect(adminStream.received.map(courseIdOf).filter(Boolean)).toEqual(['for-everyone'])
    await Promise.all([ownerStream.close(), adminStream.close()])
  })
})
