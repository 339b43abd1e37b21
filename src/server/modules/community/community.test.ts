import { gunzipSync } from 'node:zlib'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestApp, type TestApp, type TestClient } from '#server/testing/harness.ts'
import { plainText, solidPng } from '#server/testing/files.ts'
import { errorOf } from '#server/testing/errors.ts'
import { insertComment } from '#server/modules/community/queries.ts'
import {
  commentsPageSize,
  communityMessages,
  defaultJobTrends,
  feedPageSize,
  type CommentsPage,
  type CommentView,
  type FeedAnswer,
  type PostView,
} from '#shared/community/schemas.ts'
import { invalidCursorMessage } from '#shared/common/fields.ts'
import { joinFeedAnswer } from '#shared/community/feed-answer.ts'
import { genericMessages } from '#shared/errors.ts'

function postForm(content: string, media?: { bytes: Buffer; name: string; type: string }) {
  const form = new FormData()
  form.set('content', content)
  if (media) form.set('media', new File([new Uint8Array(media.bytes)], media.name, { type: media.type }))
  return form
}

async function createPost(client: TestClient, content: string, media?: { bytes: Buffer; name: string; type: string }) {
  const response = await client.post('/api/community/posts', postForm(content, media))
  expect(response.status).toBe(201)
  return (await response.json()) as PostView
}

/** A feed page as the web shows it: the shared posts joined with the reader's likes (FeedAnswer). */
async function feedOf(client: TestClient, query = '') {
  const response = await client.get(`/api/community/posts${query}`)
  expect(response.status).toBe(200)
  return joinFeedAnswer((await response.json()) as FeedAnswer)
}

describe('community feed', () => {
  let t: TestApp
  let alice: TestClient
  let bob: TestClient
  let admin: TestClient

  beforeAll(async () => {
    t = await createTestApp()
    alice = await t.signedIn({ subscribed: true, firstName: 'Alice', lastName: 'Author' })
    bob = await t.signedIn({ subscribed: true, firstName: 'Bob', lastName: 'Reader' })
    admin = await t.signedIn({ admin: true, firstName: 'Ada', lastName: 'Admin' })
  })
  afterAll(async () => t?.close())

  test('visitors are asked to sign in and members without a plan are refused', async () => {
    const visitor = await t.client().get('/api/community/posts')
    expect(visitor.status).toBe(401)
    expect((await errorOf(visitor)).message).toBe(genericMessages.authenticationRequired)
    const free = await t.signedIn()
    const refused = await free.post('/api/community/posts', postForm('hello'))
    expect(refused.status).toBe(403)
    expect((await free.get('/api/community/posts')).status).toBe(403)
  })

  test('a post needs text or media', async () => {
    const response = await alice.post('/api/community/posts', postForm('   '))
    expect(response.status).toBe(400)
    expect((await errorOf(response)).message).toBe(communityMessages.postEmpty)
  })

  test('a photo post is stored under a name of ours and served to members only', async () => {
    const png = solidPng(8, 8)
    const post = await createPost(alice, 'My first photo', {
      bytes: png,
      name: '../../etc/passwd.png',
      type: 'image/png',
    })
    expect(post.media?.type).toBe('image')
    expect(post.media?.url).toBe(`/api/community/posts/${post.id}/media`)
    expect(post.author).toMatchObject({ name: 'Alice Author', isAdmin: false })

    const served = await bob.get(post.media!.url)
    expect(served.status).toBe(200)
    // an opaque photo is re-encoded as JPEG (media.test.ts)
    expect(served.headers.get('content-type')).toBe('image/jpeg')
    expect(served.headers.get('cache-control')).toBe('private, max-age=3600')
    const stored = Buffer.from(await served.arrayBuffer())
    expect(await sharp(stored).metadata()).toMatchObject({ format: 'jpeg', width: 8, height: 8 })

    const partial = await bob.request('GET', post.media!.url, undefined, { range: 'bytes=0-7' })
    expect(partial.status).toBe(206)
    expect(partial.headers.get('content-range')).toBe(`bytes 0-7/${stored.length}`)
    expect((await partial.arrayBuffer()).byteLength).toBe(8)

    expect((await t.client().get(post.media!.url)).status).toBe(401)
    expect((await (await t.signedIn()).get(post.media!.url)).status).toBe(403)
  })

  test('a text file named .png and a file over 5 MB are refused and nothing is stored', async () => {
    const before = (await feedOf(alice)).posts.length
    const fake = await alice.post(
      '/api/community/posts',
      postForm('fake', { bytes: plainText, name: 'photo.png', type: 'image/png' }),
    )
    expect(fake.status).toBe(400)
    expect((await errorOf(fake)).message).toBe(communityMessages.fileNotMedia)

    const big = Buffer.concat([solidPng(), Buffer.alloc(6 * 1024 * 1024)])
    const tooLarge = await alice.post(
      '/api/community/posts',
      postForm('big', { bytes: big, name: 'big.png', type: 'image/png' }),
    )
    expect(tooLarge.status).toBe(400)
    expect((await errorOf(tooLarge)).message).toBe(communityMessages.fileTooLarge)

    const after = (await feedOf(alice)).posts.length
    expect(after).toBe(before)
  })

  test('post text is kept exactly as typed, markup included', async () => {
    const post = await createPost(bob, '<img src=x onerror=alert(1)>')
    expect(post.content).toBe('<img src=x onerror=alert(1)>')
  })

  test('the feed is newest first and pages with a cursor', async () => {
    const writer = await t.signedIn({ subscribed: true })
    const ids: string[] = []
    for (let i = 0; i < feedPageSize + 5; i++) ids.push((await createPost(writer, `numbered post ${i}`)).id)
    const first = await feedOf(bob)
    expect(first.posts).toHaveLength(feedPageSize)
    expect(first.posts[0]!.id).toBe(ids.at(-1))
    expect(first.nextCursor).toBeTruthy()
    const second = await feedOf(bob, `?cursor=${first.nextCursor}`)
    const seen = [...first.posts, ...second.posts].map((p) => p.id)
    expect(new Set(seen).size).toBe(seen.length)
    // the 25 numbered posts, newest first, across the page boundary
    expect(seen.slice(0, ids.length)).toEqual([...ids].reverse())
    expect((await bob.get('/api/community/posts?cursor=not*valid')).status).toBe(400)

    // as a browser asks for it: the same answer, gzipped (the shared posts compressed once)
    const plain: unknown = await (await bob.get('/api/community/posts')).json()
    const gzipped = await bob.request('GET', '/api/community/posts', undefined, { 'accept-encoding': 'gzip, br' })
    expect(gzipped.headers.get('content-encoding')).toBe('gzip')
    expect(gzipped.headers.get('vary')).toBe('Accept-Encoding')
    expect(JSON.parse(gunzipSync(await gzipped.arrayBuffer()).toString())).toEqual(plain)
  })

  test('a like is one per member and toggles', async () => {
    const post = await createPost(alice, 'Like me')
    expect(await (await bob.put(`/api/community/posts/${post.id}/like`)).json()).toEqual({ likeCount: 1, liked: true })
    expect(await (await bob.put(`/api/community/posts/${post.id}/like`)).json()).toEqual({ likeCount: 1, liked: true })
    expect(await (await alice.put(`/api/community/posts/${post.id}/like`)).json()).toEqual({
      likeCount: 2,
      liked: true,
    })
    expect(await (await bob.delete(`/api/community/posts/${post.id}/like`)).json()).toEqual({
      likeCount: 1,
      liked: false,
    })
    expect(await (await bob.delete(`/api/community/posts/${post.id}/like`)).json()).toEqual({
      likeCount: 1,
      liked: false,
    })
    const feed = await feedOf(alice)
    expect(feed.posts.find((p) => p.id === post.id)).toMatchObject({ likeCount: 1, likedByMe: true })
  })

  test('comments must not be blank and read oldest first', async () => {
    const post = await createPost(alice, 'Discuss')
    const blank = await bob.post(`/api/community/posts/${post.id}/comments`, { content: '   ' })
    expect(blank.status).toBe(400)
    expect((await errorOf(blank)).message).toBe(communityMessages.commentEmpty)
    await bob.post(`/api/community/posts/${post.id}/comments`, { content: 'First' })
    await alice.post(`/api/community/posts/${post.id}/comments`, { content: 'Second' })
    const { comments } = (await (await bob.get(`/api/community/posts/${post.id}/comments`)).json()) as {
      comments: CommentView[]
    }
    expect(comments.map((c) => c.content)).toEqual(['First', 'Second'])
    const feed = await feedOf(alice)
    expect(feed.posts.find((p) => p.id === post.id)?.commentCount).toBe(2)
  })

  test('a post’s comments come a page at a time, the latest first, and page back through all 45 without a gap or a repeat', async () => {
    const post = await createPost(alice, 'Much discussed')
    const talker = await t.signedIn({ subscribed: true })
    const written: { id: string; at: number }[] = []
    // three at each instant: between equal times the id keeps the order
    const start = Date.now() - 60_000
    for (let i = 0; i < 45; i++) {
      const at = start + Math.floor(i / 3) * 1000
      const inserted = await insertComment(t.db, post.id, talker.member.id, `comment ${i}`, new Date(at))
      written.push({ id: inserted!.id, at })
    }
    const oldestFirst = written.sort((a, b) => a.at - b.at || (a.id < b.id ? -1 : 1)).map((c) => c.id)

    const pages: CommentsPage[] = []
    let cursor: string | null = null
    do {
      const response = await bob.get(
        `/api/community/posts/${post.id}/comments${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`,
      )
      expect(response.status).toBe(200)
      const page = (await response.json()) as CommentsPage
      pages.push(page)
      cursor = page.nextCursor
    } while (cursor && pages.length < 5)
    expect(pages.map((page) => page.comments.length)).toEqual([commentsPageSize, commentsPageSize, 5])
    // each page oldest first, the earlier pages above the latest: every comment once, in order
    expect(pages.toReversed().flatMap((page) => page.comments.map((c) => c.id))).toEqual(oldestFirst)
    const feed = await feedOf(bob)
    expect(feed.posts.find((p) => p.id === post.id)?.commentCount).toBe(45)

    for (const bad of ['not*valid', Buffer.from('{"at":"yesterday","id":"x"}').toString('base64url')]) {
      const refused = await bob.get(`/api/community/posts/${post.id}/comments?cursor=${bad}`)
      expect(refused.status).toBe(400)
      expect((await errorOf(refused)).message).toBe(invalidCursorMessage)
    }
  })

  test('members delete their own posts only; an admin moderates any post or comment when two-factor is not required', async () => {
    const post = await createPost(alice, 'Mine', { bytes: solidPng(), name: 'a.png', type: 'image/png' })
    const refused = await bob.delete(`/api/community/posts/${post.id}`)
    expect(refused.status).toBe(403)
    expect((await errorOf(refused)).message).toBe(communityMessages.notYours)

    const comment = (await (
      await alice.post(`/api/community/posts/${post.id}/comments`, { content: 'my note' })
    ).json()) as CommentView
    expect((await bob.delete(`/api/community/comments/${comment.id}`)).status).toBe(403)
    expect((await admin.delete(`/api/community/comments/${comment.id}`)).status).toBe(204)

    expect((await alice.delete(`/api/community/posts/${post.id}`)).status).toBe(204)
    expect((await bob.get(post.media!.url)).status).toBe(404)
    expect((await alice.delete(`/api/community/posts/${post.id}`)).status).toBe(404)

    const other = await createPost(bob, 'Spam')
    expect((await admin.delete(`/api/community/posts/${other.id}`)).status).toBe(204)
  })

  test("admins' posts carry the Admin badge", async () => {
    const post = await createPost(admin, 'Welcome to the community')
    expect(post.author).toMatchObject({ name: 'Ada Admin', isAdmin: true })
  })

  test('the trends panel has the defaults until an admin saves it, with empty lines dropped', async () => {
    expect(await (await bob.get('/api/community/trends')).json()).toEqual(defaultJobTrends)
    const trends = { trendingSkills: ['Go', '', '  ', 'Kubernetes'], inDemandRoles: ['SRE'], emergingRoles: [] }
    const refused = await bob.put('/api/community/trends', trends)
    expect(refused.status).toBe(403)
    expect((await errorOf(refused)).message).toBe(genericMessages.adminRequired)
    const saved = await admin.put('/api/community/trends', trends)
    expect(saved.status).toBe(200)
    expect(await (await bob.get('/api/community/trends')).json()).toEqual({
      trendingSkills: ['Go', 'Kubernetes'],
      inDemandRoles: ['SRE'],
      emergingRoles: [],
    })
  })

  test('the profile card shows the member and their post count', async () => {
    const card = await (await alice.get('/api/community/profile-card')).json()
    expect(card).toMatchObject({ name: 'Alice Author', isAdmin: false })
    expect(card.postCount).toBeGreaterThan(0)
  })
})

describe('moderation when admins must use two-factor authentication', () => {
  let t: TestApp

  beforeAll(async () => {
    t = await createTestApp({ ADMIN_REQUIRE_2FA: 'true' })
  })
  afterAll(async () => t?.close())

  test("an admin account without two-factor cannot delete another member's post or comment", async () => {
    const member = await t.signedIn({ subscribed: true })
    const admin = await t.signedIn({ admin: true })
    const post = await createPost(member, 'Please keep this')
    const comment = (await (
      await member.post(`/api/community/posts/${post.id}/comments`, { content: 'and this' })
    ).json()) as CommentView

    const refusedComment = await admin.delete(`/api/community/comments/${comment.id}`)
    expect(refusedComment.status).toBe(403)
    expect((await errorOf(refusedComment)).message).toBe(communityMessages.notYours)
    const refusedPost = await admin.delete(`/api/community/posts/${post.id}`)
    expect(refusedPost.status).toBe(403)
    expect((await errorOf(refusedPost)).message).toBe(communityMessages.notYours)

    const { comments } = (await (await member.get(`/api/community/posts/${post.id}/comments`)).json()) as {
      comments: CommentView[]
    }
    expect(comments.map((c) => c.id)).toEqual([comment.id])
    // the admin still posts, with the badge, and deletes their own post
    const own = await createPost(admin, 'Admin notice')
    expect(own.author.isAdmin).toBe(true)
    expect((await admin.delete(`/api/community/posts/${own.id}`)).status).toBe(204)
  })
})
