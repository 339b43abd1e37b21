import { existsSync } from 'node:fs'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { webRoot } from '#server/app.ts'
import { blogPosts } from '#server/db/schema/blog.ts'
import { withPageHead } from '#server/page-head.ts'
import { listCacheOf } from '#server/platform/list-cache.ts'
import { errorOf } from '#server/testing/errors.ts'
import { openEventStream } from '#server/testing/event-stream.ts'
import { solidPng } from '#server/testing/files.ts'
import { createTestApp, testBaseUrl, type TestApp, type TestClient } from '#server/testing/harness.ts'
import { blogMessages } from '#shared/blog/messages.ts'
import type {
  AdminBlogPostView,
  BlogImageAnswer,
  BlogListPage,
  BlogPostFormValues,
  BlogPostView,
  BlogEntryView,
} from '#shared/blog/schemas.ts'
import { invalidCursorMessage } from '#shared/common/fields.ts'
import { genericMessages } from '#shared/errors.ts'
import * as queries from './queries.ts'
import { postPageHead } from './service.ts'

// The blog as members read it (issue 18; spec 001 §2 Blog page and the post page,
// §7 Blog feed, §8 Blog): published posts and newsletter items in one list, newest
// first; drafts never reach a member; Markdown rendered safe; the picture of a
// published post open to a shared link's preview; the post page's own head. The
// tests look at their own posts only. Admin side: admin.test.ts; the newsletter
// feed's fetch: feed-refresh.test.ts.

const unknownId = '00000000-0000-4000-8000-000000000000'
const hour = 3_600_000

describe('the blog for members', () => {
  let t: TestApp
  let admin: TestClient
  let reader: TestClient

  const postForm = (overrides: Partial<BlogPostFormValues> = {}): BlogPostFormValues => ({
    title: `Negotiating an offer ${Math.random().toString(36).slice(2, 8)}`,
    content: 'Ask for the **range** first.',
    excerpt: '',
    category: 'Career Growth',
    status: 'published',
    imageKey: null,
    ...overrides,
  })
  const created = async (overrides: Partial<BlogPostFormValues> = {}) => {
    const response = await admin.post('/api/admin/blog', postForm(overrides))
    expect(response.status).toBe(201)
    return (await response.json()) as AdminBlogPostView
  }
  const uploadedImage = async () => {
    const form = new FormData()
    form.set('image', new File([new Uint8Array(solidPng(8, 8))], 'cover.png', { type: 'image/png' }))
    const response = await admin.post('/api/admin/blog/images', form)
    expect(response.status).toBe(201)
    return ((await response.json()) as BlogImageAnswer).imageKey
  }
  /** Every entry of the merged list, page after page of `limit`. */
  const allEntries = async (client: TestClient, limit = 24) => {
    const entries: BlogEntryView[] = []
    let cursor: string | null = null
    do {
      const response = await client.get(`/api/blog?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`)
      expect(response.status).toBe(200)
      const page = (await response.json()) as BlogListPage
      expect(page.entries.length).toBeLessThanOrEqual(limit)
      entries.push(...page.entries)
      cursor = page.nextCursor
    } while (cursor)
    return entries
  }
  /** Moves a post's publication date (the form dates it now); the cached lists are dropped as a write would. */
  const publishedAgo = async (postId: string, ms: number) => {
    await t.db
      .update(blogPosts)
      .set({ publishedAt: new Date(Date.now() - ms) })
      .where(eq(blogPosts.id, postId))
    listCacheOf(t.deps, 'blog').clear()
  }

  beforeAll(async () => {
    t = await createTestApp()
    admin = await t.signedIn({ admin: true, firstName: 'Ada', lastName: 'Editor' })
    reader = await t.signedIn({ subscribed: true })
  })
  afterAll(async () => {
    await t?.close()
  })

  test('the blog is for subscribers: a visitor is asked to sign in, a free member to subscribe', async () => {
    const post = await created()
    const visitor = t.client()
    const free = await t.signedIn()
    for (const route of ['/api/blog', `/api/blog/posts/${post.id}`]) {
      const anonymous = await visitor.get(route)
      expect(anonymous.status, route).toBe(401)
      expect(await errorOf(anonymous)).toMatchObject({ message: genericMessages.authenticationRequired })
      const unpaid = await free.get(route)
      expect(unpaid.status, route).toBe(403)
      expect(await errorOf(unpaid)).toMatchObject({ message: genericMessages.subscriptionRequired })
      expect((await reader.get(route)).status, route).toBe(200)
      expect((await admin.get(route)).status, route).toBe(200)
    }
    // members never reach the management side
    for (const client of [reader, free]) {
      expect((await client.get('/api/admin/blog')).status).toBe(403)
      expect((await client.post('/api/admin/blog', postForm())).status).toBe(403)
      expect((await client.delete(`/api/admin/blog/${post.id}`)).status).toBe(403)
    }
    expect((await visitor.get('/api/admin/blog')).status).toBe(401)
    expect((await reader.get(`/api/blog/posts/${post.id}`)).status).toBe(200) // still there
  })

  test('a published post is read with its author, category and reading time; unknown and malformed ids are not found', async () => {
    const post = await created({ title: 'Five questions to ask', category: 'Tutorials', content: 'word '.repeat(660) })
    const response = await reader.get(`/api/blog/posts/${post.id}`)
    expect(response.status).toBe(200)
    const view = (await response.json()) as BlogPostView
    expect(view).toMatchObject({
      id: post.id,
      title: 'Five questions to ask',
      category: 'Tutorials',
      publishedAt: post.publishedAt,
      readingMinutes: 3, // 660 words at 220 a minute
      imageUrl: null,
      author: { firstName: 'Ada', lastName: 'Editor' },
    })
    for (const id of [unknownId, 'not-an-id']) {
      const missing = await reader.get(`/api/blog/posts/${id}`)
      expect(missing.status, id).toBe(404)
      expect(await errorOf(missing)).toMatchObject({ message: blogMessages.notFound })
    }
  })

  test('a draft never reaches a member: not listed, not found by its id; an admin previews it', async () => {
    const draft = await created({ status: 'draft', title: 'Unfinished thoughts' })
    const published = await created()
    const ids = (await allEntries(reader)).map((entry) => entry.id)
    expect(ids).toContain(published.id)
    expect(ids).not.toContain(draft.id)
    const refused = await reader.get(`/api/blog/posts/${draft.id}`)
    expect(refused.status).toBe(404)
    expect(await errorOf(refused)).toMatchObject({ message: blogMessages.notFound })
    const preview = await admin.get(`/api/blog/posts/${draft.id}`)
    expect(preview.status).toBe(200)
    expect((await preview.json()) as BlogPostView).toMatchObject({ id: draft.id, title: 'Unfinished thoughts' })
    // admins read the merged list as members do: without drafts
    expect((await allEntries(admin)).map((entry) => entry.id)).not.toContain(draft.id)

    // taken back to draft, a published post leaves the list and its page at once
    const back = await admin.put(
      `/api/admin/blog/${published.id}`,
      postForm({ title: published.title, status: 'draft' }),
    )
    expect(back.status).toBe(200)
    expect((await allEntries(reader)).map((entry) => entry.id)).not.toContain(published.id)
    expect((await reader.get(`/api/blog/posts/${published.id}`)).status).toBe(404)
  })

  test('the list merges posts and newsletter items newest first, and pages by cursor without repeats', async () => {
    const older = await created({ title: 'Older post' })
    const newer = await created({ title: 'Newer post' })
    await publishedAgo(older.id, 2 * hour)
    const feedUrl = `https://news.example.com/${older.id}.xml`
    await queries.upsertItems(
      t.db,
      feedUrl,
      [
        {
          guid: 'mid',
          title: 'Newsletter: between',
          link: 'https://news.example.com/mid',
          excerpt: 'Mid',
          imageUrl: null,
          publishedAt: new Date(Date.now() - hour),
        },
        {
          guid: 'old',
          title: 'Newsletter: oldest',
          link: 'https://news.example.com/old',
          excerpt: 'Old',
          imageUrl: 'https://news.example.com/old.jpg',
          publishedAt: new Date(Date.now() - 3 * hour),
        },
      ],
      true,
    )
    listCacheOf(t.deps, 'blog').clear()

    const entries = await allEntries(reader, 2)
    expect(new Set(entries.map((entry) => `${entry.kind}:${entry.id}`)).size).toBe(entries.length)
    const times = entries.map((entry) => Date.parse(entry.publishedAt))
    expect(times).toEqual([...times].sort((a, b) => b - a))
    const ours = entries.filter(
      (entry) => [older.id, newer.id].includes(entry.id) || entry.href?.startsWith('https://news.example.com/'),
    )
    expect(ours.map((entry) => entry.title)).toEqual([
      'Newer post',
      'Newsletter: between',
      'Older post',
      'Newsletter: oldest',
    ])
    expect(ours[1]).toMatchObject({
      kind: 'newsletter',
      href: 'https://news.example.com/mid',
      category: null,
      author: null,
      imageUrl: null,
    })
    expect(ours[3]).toMatchObject({ kind: 'newsletter', excerpt: 'Old', imageUrl: 'https://news.example.com/old.jpg' })
    expect(ours[0]).toMatchObject({
      kind: 'post',
      href: `/blog/${newer.id}`,
      category: 'Career Growth',
      author: { firstName: 'Ada' },
    })
    // the same list in one page
    expect((await allEntries(reader, 24)).map((entry) => entry.id)).toEqual(entries.map((entry) => entry.id))
  })

  test('a page holds 8 entries unless asked for 1 to 24; a bad limit or cursor is refused', async () => {
    for (let index = 0; index < 9; index++) await created()
    const first = (await (await reader.get('/api/blog')).json()) as BlogListPage
    expect(first.entries).toHaveLength(8)
    expect(first.nextCursor).toEqual(expect.any(String))
    const one = (await (await reader.get('/api/blog?limit=1')).json()) as BlogListPage
    expect(one.entries).toHaveLength(1)
    const next = (await (await reader.get(`/api/blog?limit=1&cursor=${one.nextCursor}`)).json()) as BlogListPage
    expect(next.entries[0]!.id).not.toBe(one.entries[0]!.id)
    expect(Date.parse(next.entries[0]!.publishedAt)).toBeLessThanOrEqual(Date.parse(one.entries[0]!.publishedAt))
    for (const limit of ['0', '25', 'many']) {
      const response = await reader.get(`/api/blog?limit=${limit}`)
      expect(response.status, limit).toBe(400)
      expect(await errorOf(response)).toMatchObject({ fields: { limit: expect.any(String) } })
    }
    const forged = Buffer.from(JSON.stringify({ at: 'yesterday', id: unknownId })).toString('base64url')
    for (const cursor of ['not*a*cursor', 'abc', forged]) {
      const response = await reader.get(`/api/blog?cursor=${cursor}`)
      expect(response.status, cursor).toBe(400)
      expect(await errorOf(response)).toMatchObject({ message: invalidCursorMessage })
    }
  })

  test("a card's excerpt is the written one, else the content's text, cut to 150 characters and an ellipsis", async () => {
    const unbroken = await created({ content: 'a'.repeat(300) })
    const prose =
      'Salary conversations go better when you know the range, the role and your own walk-away number before the call. '
    const words = await created({ content: `## Before the call\n\n${prose.repeat(3)}` })
    const written = await created({ excerpt: 'Short and written by hand.', content: 'b'.repeat(400) })
    const entries = await allEntries(reader)
    const excerptOf = (id: string) => entries.find((entry) => entry.id === id)!.excerpt
    expect(excerptOf(unbroken.id)).toBe(`${'a'.repeat(150)}…`)
    const cut = excerptOf(words.id)
    expect(cut.endsWith('…')).toBe(true)
    expect(cut.length).toBeLessThanOrEqual(151)
    expect(`Before the call ${prose.repeat(3)}`.startsWith(cut.slice(0, -1))).toBe(true) // Markdown's text, no '##'
    expect(excerptOf(written.id)).toBe('Short and written by hand.')
    expect(unbroken.cardExcerpt).toBe(`${'a'.repeat(150)}…`)
    const post = (await (await reader.get(`/api/blog/posts/${unbroken.id}`)).json()) as BlogPostView
    expect(post.excerpt).toBe(`${'a'.repeat(150)}…`)
  })

  test('Markdown with a script, an event handler or a javascript: link renders without any of them', async () => {
    const content = [
      'Read this <script>alert(1)</script> carefully.',
      '<img src=x onerror=alert(1)>',
      '[x](javascript:alert(1)) and [a guide](https://example.com/guide)',
      '<a href="https://example.com" onclick="alert(1)">raw link</a>',
    ].join('\n\n')
    const post = await created({ content })
    const view = (await (await reader.get(`/api/blog/posts/${post.id}`)).json()) as BlogPostView
    const html = view.contentHtml.toLowerCase()
    expect(html).not.toContain('<script')
    expect(html).not.toContain('onerror')
    expect(html).not.toContain('onclick')
    expect(html).not.toContain('javascript:')
    expect(view.contentHtml).toContain('carefully.')
    expect(view.contentHtml).toMatch(/<a [^>]*href="https:\/\/example\.com\/guide"[^>]*>a guide<\/a>/)
    for (const link of view.contentHtml.match(/<a [^>]*>/g) ?? []) expect(link).toContain('rel="noopener noreferrer"')
    // the card's excerpt is text: no tag, and the script's words are gone with it
    const card = (await allEntries(reader)).find((entry) => entry.id === post.id)!
    expect(card.excerpt).not.toMatch(/<|alert/)
  })

  test("a published post's picture is anyone's (a shared link's preview); a draft's is the admin's alone", async () => {
    const visitor = t.client()
    const published = await created({ imageKey: await uploadedImage() })
    expect(published.imageUrl).toMatch(new RegExp(`^/api/blog/images/${published.id}\\?v=\\d+$`))
    const entry = (await allEntries(reader)).find((candidate) => candidate.id === published.id)!
    expect(entry.imageUrl).toBe(published.imageUrl)
    for (const client of [visitor, reader]) {
      const image = await client.get(published.imageUrl!)
      expect(image.status).toBe(200)
      expect(image.headers.get('content-type')).toMatch(/^image\/(png|jpeg)$/) // re-encoded: JPEG unless transparent
      expect(image.headers.get('cache-control')).toMatch(/^public, max-age=\d+/)
      expect((await image.arrayBuffer()).byteLength).toBeGreaterThan(0)
    }
    const draft = await created({ status: 'draft', imageKey: await uploadedImage() })
    for (const client of [visitor, reader]) {
      const hidden = await client.get(`/api/blog/images/${draft.id}`)
      expect(hidden.status).toBe(404)
      expect(await errorOf(hidden)).toMatchObject({ message: blogMessages.notFound })
    }
    // an admin previews a draft's picture; no shared cache may keep it
    const preview = await admin.get(`/api/blog/images/${draft.id}`)
    expect(preview.status).toBe(200)
    expect(preview.headers.get('cache-control')).toBe('private, max-age=0')
    // a post without a picture, and no post at all
    const plain = await created()
    for (const id of [plain.id, unknownId, 'not-an-id'])
      expect((await visitor.get(`/api/blog/images/${id}`)).status, id).toBe(404)
  })

  test("publishing reaches open blog pages as 'blog.changed' on the 'blog' topic", async () => {
    const draft = await created({ status: 'draft' })
    const stream = await openEventStream(reader)
    try {
      // a draft's change reaches no one by its id (it tells members nothing)
      expect(
        (await admin.put(`/api/admin/blog/${draft.id}`, postForm({ title: 'Still a draft', status: 'draft' }))).status,
      ).toBe(200)
      expect((await admin.put(`/api/admin/blog/${draft.id}`, postForm({ status: 'published' }))).status).toBe(200)
      const message = await stream.next((received) => {
        const data = received.data as { topic?: string; data?: { postId?: string | null } }
        return data.topic === 'blog' && data.data?.postId === draft.id
      })
      expect(message.data).toMatchObject({ topic: 'blog', type: 'blog.changed' })
      expect(stream.received.filter((received) => JSON.stringify(received.data).includes(draft.id))).toHaveLength(1)
    } finally {
      await stream.close()
    }
  })

  test("the post page's head carries a published post's title, excerpt, address and picture; a draft's does not", async () => {
    const post = await created({
      title: 'Salary talks & "offers"',
      excerpt: 'What to say when they ask for a number.',
      imageKey: await uploadedImage(),
    })
    const head = await postPageHead(t.deps, post.id)
    expect(head).toEqual({
      title: 'Salary talks & "offers"',
      description: 'What to say when they ask for a number.',
      url: `${testBaseUrl}/blog/${post.id}`,
      imageUrl: `${testBaseUrl}${post.imageUrl}`,
    })
    const shell =
      '<html><head><meta name="description" content="App" /><title>Prestige Labs</title></head><body></body></html>'
    const html = withPageHead(shell, head!)
    expect(html).toContain('<meta property="og:title" content="Salary talks &amp; &quot;offers&quot;" />')
    expect(html).toContain(`<meta property="og:image" content="${testBaseUrl}${post.imageUrl}" />`)

    const draft = await created({ status: 'draft' })
    expect(await postPageHead(t.deps, draft.id)).toBeUndefined()
    expect(await postPageHead(t.deps, unknownId)).toBeUndefined()
    expect(await postPageHead(t.deps, 'not-a-uuid')).toBeUndefined()
    // taken back to draft, the head is the app's own again (the cached one is dropped)
    expect((await admin.put(`/api/admin/blog/${post.id}`, postForm({ status: 'draft' }))).status).toBe(200)
    expect(await postPageHead(t.deps, post.id)).toBeUndefined()
  })

  // the HTML pages exist only with the built web app (npm test builds it first)
  test.skipIf(!existsSync(path.join(webRoot, 'index.html')))(
    "GET /blog/{id} sends a published post's Open Graph tags in the page itself",
    async () => {
      const post = await created({ title: 'Shared on LinkedIn' })
      const visitor = t.client()
      const page = await visitor.get(`/blog/${post.id}`)
      expect(page.status).toBe(200)
      const html = await page.text()
      expect(html).toContain('<meta property="og:title" content="Shared on LinkedIn" />')
      expect(html).toContain('<title>Shared on LinkedIn | Prestige Labs</title>')
      expect(html).toContain('<meta name="description" content="Ask for the range first." />')
      expect(html).toContain(`<meta property="og:url" content="${testBaseUrl}/blog/${post.id}" />`)
      const draft = await created({ status: 'draft', title: 'Not shared yet' })
      const shell = await (await visitor.get(`/blog/${draft.id}`)).text()
      expect(shell).not.toContain('og:title')
      expect(shell).not.toContain('Not shared yet')
    },
  )
})
