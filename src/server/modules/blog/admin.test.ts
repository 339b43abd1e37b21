import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { auditLog } from '#server/db/schema/audit.ts'
import { blogPosts } from '#server/db/schema/blog.ts'
import { errorOf } from '#server/testing/errors.ts'
import { plainText, solidPng } from '#server/testing/files.ts'
import { createTestApp, type TestApp, type TestClient } from '#server/testing/harness.ts'
import { adminBlogMessages, blogMessages } from '#shared/blog/messages.ts'
import type {
  AdminBlogPage,
  AdminBlogPostView,
  BlogImageAnswer,
  BlogListPage,
  BlogPostFormValues,
  BlogPreview,
  DraftSaved,
} from '#shared/blog/schemas.ts'

// Blog management (issue 18; spec 002 §2 Blog management, §3 Blog post, §4 Blog
// post and auto-save, §8 Blog): the form's rules in the spec's words, the
// publication date, auto-save of drafts, the picture kept in storage, the search,
// the preview, delete, and every write in the audit log.

type Member = TestClient & { member: { id: string; email: string } }
const base = '/api/admin/blog'
const unknownId = '00000000-0000-4000-8000-000000000000'

describe('blog management', () => {
  let t: TestApp
  let admin: Member
  let reader: TestClient

  const postForm = (overrides: Partial<BlogPostFormValues> = {}): BlogPostFormValues => ({
    title: 'Remote interviews that go well',
    content: 'Test your **camera** first.',
    excerpt: '',
    category: 'Career Growth',
    status: 'draft',
    imageKey: null,
    ...overrides,
  })
  const created = async (overrides: Partial<BlogPostFormValues> = {}) => {
    const response = await admin.post(base, postForm(overrides))
    expect(response.status).toBe(201)
    return (await response.json()) as AdminBlogPostView
  }
  const saved = async (postId: string, form: BlogPostFormValues) => {
    const response = await admin.put(`${base}/${postId}`, form)
    expect(response.status).toBe(200)
    return (await response.json()) as AdminBlogPostView
  }
  const upload = (bytes: Uint8Array, name: string, type: string) => {
    const form = new FormData()
    form.set('image', new File([new Uint8Array(bytes)], name, { type }))
    return admin.post(`${base}/images`, form)
  }
  const uploadedImage = async () => {
    const response = await upload(solidPng(8, 8), 'cover.png', 'image/png')
    expect(response.status).toBe(201)
    return ((await response.json()) as BlogImageAnswer).imageKey
  }
  const stored = async (key: string) => {
    const object = await t.deps.storage.get(key)
    await object?.body.cancel()
    return object !== undefined
  }
  const search = async (query: string) => {
    const response = await admin.get(`${base}?${query}`)
    expect(response.status).toBe(200)
    return ((await response.json()) as AdminBlogPage).posts
  }
  const auditOf = (objectId: string) =>
    t.db.select().from(auditLog).where(eq(auditLog.objectId, objectId)).orderBy(auditLog.createdAt)

  beforeAll(async () => {
    t = await createTestApp()
    admin = (await t.signedIn({ admin: true, email: 'blog-admin@example.com' })) as Member
    reader = await t.signedIn({ subscribed: true })
  })
  afterAll(async () => {
    await t?.close()
  })

  test('the form refuses what issue 18 requires, in its words, and stores nothing', async () => {
    const before = (await t.db.select({ id: blogPosts.id }).from(blogPosts)).length
    const { title: _title, ...untitled } = postForm()
    const cases = [
      [{ title: '   ' }, 'title', adminBlogMessages.titleRequired],
      [untitled, 'title', adminBlogMessages.titleRequired],
      [{ title: 'x'.repeat(201) }, 'title', adminBlogMessages.titleTooLong],
      [{ content: ' \n ' }, 'content', adminBlogMessages.contentRequired],
      [{ content: 'x'.repeat(100_001) }, 'content', adminBlogMessages.contentTooLong],
      [{ excerpt: 'x'.repeat(501) }, 'excerpt', adminBlogMessages.excerptTooLong],
      [{ category: 'Cooking' }, 'category', adminBlogMessages.categoryRequired],
      [{ category: undefined }, 'category', adminBlogMessages.categoryRequired],
      [{ status: 'archived' }, 'status', adminBlogMessages.statusInvalid],
      [{ imageKey: 'avatars/x.png' }, 'imageKey', adminBlogMessages.imageNotFound],
      [{ imageKey: `blog-images/${unknownId}.png` }, 'imageKey', adminBlogMessages.imageNotFound],
      [{ imageKey: `event-images/${unknownId}.png` }, 'imageKey', adminBlogMessages.imageNotFound],
    ] as const
    for (const [overrides, field, message] of cases) {
      const form = overrides === untitled ? untitled : { ...postForm(), ...overrides }
      const response = await admin.post(base, form)
      expect(response.status, `${field}: ${JSON.stringify(overrides).slice(0, 60)}`).toBe(400)
      expect(await errorOf(response)).toMatchObject({ fields: { [field]: message } })
    }
    // the same rules on an edit and on auto-save
    const post = await created()
    expect(await errorOf(await admin.put(`${base}/${post.id}`, postForm({ title: '' })))).toMatchObject({
      fields: { title: adminBlogMessages.titleRequired },
    })
    expect(await errorOf(await admin.put(`${base}/${post.id}/draft`, postForm({ content: '' })))).toMatchObject({
      fields: { content: adminBlogMessages.contentRequired },
    })
    expect((await t.db.select({ id: blogPosts.id }).from(blogPosts)).length).toBe(before + 1)
  })

  test('a new post answers its view, trimmed, with its author; the client says the success words', async () => {
    const response = await admin.post(base, postForm({ title: '  Portfolio tips  ', category: 'Tutorials' }))
    expect(response.status).toBe(201)
    const post = (await response.json()) as AdminBlogPostView
    expect(post).toMatchObject({
      title: 'Portfolio tips',
      category: 'Tutorials',
      status: 'draft',
      publishedAt: null,
      excerpt: '',
      cardExcerpt: 'Test your camera first.',
      content: 'Test your **camera** first.',
      imageKey: null,
      author: { firstName: 'Test', lastName: 'Member' },
    })
    expect(JSON.stringify(post)).not.toContain(adminBlogMessages.created)
    expect((await (await admin.get(`${base}/${post.id}`)).json()) as AdminBlogPostView).toEqual(post)
    for (const path of [`${base}/${unknownId}`, `${base}/not-an-id`]) {
      const missing = await admin.get(path)
      expect(missing.status, path).toBe(404)
      expect(await errorOf(missing)).toMatchObject({ message: blogMessages.notFound })
    }
    const edit = await admin.put(`${base}/${unknownId}`, postForm())
    expect(edit.status).toBe(404)
  })

  test('publishing dates a post; later saves keep the date, a draft has none, publishing again dates it anew', async () => {
    const draft = await created()
    expect(draft.publishedAt).toBeNull()
    const published = await saved(draft.id, postForm({ status: 'published' }))
    expect(Date.parse(published.publishedAt!)).toBeGreaterThan(Date.now() - 60_000)
    const edited = await saved(draft.id, postForm({ status: 'published', title: 'Remote interviews, revised' }))
    expect(edited.publishedAt).toBe(published.publishedAt)
    expect(edited.title).toBe('Remote interviews, revised')
    const unpublished = await saved(draft.id, postForm({ status: 'draft' }))
    expect(unpublished.publishedAt).toBeNull()
    const republished = await saved(draft.id, postForm({ status: 'published' }))
    expect(Date.parse(republished.publishedAt!)).toBeGreaterThan(Date.parse(published.publishedAt!))
    // created published: dated at once
    const direct = await created({ status: 'published' })
    expect(direct.publishedAt).not.toBeNull()
  })

  test('auto-save keeps a draft’s fields and never its status; a published post is refused', async () => {
    const draft = await created({ title: 'Half written' })
    const response = await admin.put(`${base}/${draft.id}/draft`, {
      ...postForm({ title: 'Half written, more', content: 'Now with a *second* line.', excerpt: 'Mine' }),
      status: 'published',
    })
    expect(response.status).toBe(200)
    const { savedAt } = (await response.json()) as DraftSaved
    const after = (await (await admin.get(`${base}/${draft.id}`)).json()) as AdminBlogPostView
    expect(after).toMatchObject({
      title: 'Half written, more',
      content: 'Now with a *second* line.',
      excerpt: 'Mine',
      cardExcerpt: 'Mine',
      status: 'draft',
      publishedAt: null,
      updatedAt: savedAt,
    })
    expect((await reader.get(`/api/blog/posts/${draft.id}`)).status).toBe(404)

    const published = await created({ status: 'published', title: 'Live words' })
    const refused = await admin.put(`${base}/${published.id}/draft`, postForm({ title: 'Live words, half edited' }))
    expect(refused.status).toBe(409)
    expect(await errorOf(refused)).toMatchObject({ message: adminBlogMessages.autosaveDraftsOnly })
    expect(((await (await admin.get(`${base}/${published.id}`)).json()) as AdminBlogPostView).title).toBe('Live words')
    const unknown = await admin.put(`${base}/${unknownId}/draft`, postForm())
    expect(unknown.status).toBe(404)
    expect(await errorOf(unknown)).toMatchObject({ message: blogMessages.notFound })
  })

  test('an image is checked by its bytes and size, stored under blog-images/, and one post’s alone', async () => {
    const refused = await upload(plainText, 'cover.png', 'image/png')
    expect(refused.status).toBe(400)
    expect(await errorOf(refused)).toMatchObject({ message: adminBlogMessages.invalidImage })
    const empty = await admin.post(`${base}/images`, new FormData())
    expect(await errorOf(empty)).toMatchObject({ message: adminBlogMessages.invalidImage })
    const huge = Buffer.concat([solidPng(), Buffer.alloc(5 * 1024 * 1024)])
    const tooLarge = await upload(huge, 'huge.png', 'image/png')
    expect(tooLarge.status).toBe(400)
    expect(await errorOf(tooLarge)).toMatchObject({ message: adminBlogMessages.imageTooLarge })

    const jpeg = await sharp({ create: { width: 16, height: 9, channels: 3, background: '#c2410c' } })
      .jpeg()
      .toBuffer()
    for (const [bytes, name, type] of [
      [solidPng(8, 8), 'cover.png', 'image/png'],
      [jpeg, 'photo.jpg', 'image/jpeg'],
    ] as const) {
      const answer = await upload(bytes, name, type)
      expect(answer.status, name).toBe(201)
      const { imageKey } = (await answer.json()) as BlogImageAnswer
      expect(imageKey).toMatch(/^blog-images\/[0-9a-f-]{36}\.(png|jpg)$/)
      expect(await stored(imageKey)).toBe(true)
    }

    const first = await uploadedImage()
    const post = await created({ imageKey: first })
    expect(post.imageKey).toBe(first)
    // another post may not take this post's file
    const thief = await admin.post(base, postForm({ imageKey: first }))
    expect(thief.status).toBe(400)
    expect(await errorOf(thief)).toMatchObject({ fields: { imageKey: adminBlogMessages.imageNotFound } })
    // saving the post with its own image again is no new upload
    expect((await saved(post.id, postForm({ imageKey: first }))).imageKey).toBe(first)
    // a replaced picture's file goes
    const second = await uploadedImage()
    expect((await saved(post.id, postForm({ imageKey: second }))).imageKey).toBe(second)
    expect(await stored(first)).toBe(false)
    expect(await stored(second)).toBe(true)
  })

  test('the preview renders Markdown as members will read it, sanitised', async () => {
    const response = await admin.post(`${base}/preview`, {
      content: [
        '# Title',
        '<script>alert(1)</script>',
        '<img src=x onerror=alert(1)>',
        '[x](javascript:alert(1)) [ok](https://example.com)',
      ].join('\n\n'),
    })
    expect(response.status).toBe(200)
    const { html } = (await response.json()) as BlogPreview
    expect(html).toContain('<h1')
    expect(html).not.toMatch(/<script|onerror|javascript:/i)
    expect(html).toContain('rel="noopener noreferrer"')
    expect(((await (await admin.post(`${base}/preview`, { content: '' })).json()) as BlogPreview).html).toBe('')
    expect((await reader.post(`${base}/preview`, { content: 'x' })).status).toBe(403)
  })

  test('the list searches title and excerpt, any case, % taken literally, and filters by status', async () => {
    const tag = `zq${Math.random().toString(36).slice(2, 8)}`
    const byTitle = await created({ title: `${tag} 100% remote`, status: 'published' })
    const byExcerpt = await created({ title: 'Another title', excerpt: `All about ${tag.toUpperCase()} 100 percent` })
    const byContent = await created({
      title: 'Third',
      content: `The word ${tag} is only in the content text that is long. ${'x '.repeat(100)}`,
    })
    const ids = (posts: AdminBlogPostView[]) => posts.map((post) => post.id).sort()
    // the content's start is the card's excerpt when none is written, so it is found too
    expect(ids(await search(`q=${tag.toUpperCase()}`))).toEqual(ids([byTitle, byExcerpt, byContent]))
    expect(ids(await search(`q=${encodeURIComponent(`${tag} 100%`)}`))).toEqual([byTitle.id])
    expect(ids(await search(`q=${encodeURIComponent(`${tag.toUpperCase()} 100`)}&status=draft`))).toEqual([
      byExcerpt.id,
    ])
    expect(ids(await search(`q=${tag}&status=published`))).toEqual([byTitle.id])
    expect(await search(`q=${encodeURIComponent('%')}${tag}`)).toEqual([])
    // newest change first
    const all = await search(`q=${tag}`)
    const updated = all.map((post) => Date.parse(post.updatedAt))
    expect(updated).toEqual([...updated].sort((a, b) => b - a))
    expect((await admin.get(`${base}?status=archived`)).status).toBe(400)
    expect((await admin.get(`${base}?q=${'x'.repeat(101)}`)).status).toBe(400)
  })

  test('the admin list pages 20 at a time without repeats', async () => {
    const tag = `pg${Math.random().toString(36).slice(2, 8)}`
    const made = []
    for (let index = 0; index < 21; index++) made.push((await created({ title: `${tag} ${index}` })).id)
    const first = (await (await admin.get(`${base}?q=${tag}`)).json()) as AdminBlogPage
    expect(first.posts).toHaveLength(20)
    const second = (await (await admin.get(`${base}?q=${tag}&cursor=${first.nextCursor}`)).json()) as AdminBlogPage
    expect(second.posts).toHaveLength(1)
    expect(second.nextCursor).toBeNull()
    expect([...first.posts, ...second.posts].map((post) => post.id).sort()).toEqual(made.sort())
  })

  test('delete removes the post, its picture and its card; every write is in the audit log', async () => {
    const imageKey = await uploadedImage()
    const post = await created({ title: 'To be removed', imageKey })
    await admin.put(`${base}/${post.id}/draft`, postForm({ title: 'To be removed soon', imageKey }))
    await saved(post.id, postForm({ title: 'To be removed soon', imageKey, status: 'published' }))
    const listed = (await (await reader.get('/api/blog?limit=24')).json()) as BlogListPage
    expect(listed.entries.map((entry) => entry.id)).toContain(post.id)

    const response = await admin.delete(`${base}/${post.id}`)
    expect(response.status).toBe(204)
    expect(await response.text()).toBe('')
    expect(await stored(imageKey)).toBe(false)
    expect((await admin.get(`${base}/${post.id}`)).status).toBe(404)
    expect((await reader.get(`/api/blog/posts/${post.id}`)).status).toBe(404)
    const after = (await (await reader.get('/api/blog?limit=24')).json()) as BlogListPage
    expect(after.entries.map((entry) => entry.id)).not.toContain(post.id)
    const again = await admin.delete(`${base}/${post.id}`)
    expect(again.status).toBe(404)
    expect(await errorOf(again)).toMatchObject({ message: blogMessages.notFound })

    const entries = await auditOf(post.id)
    expect(entries.map((entry) => entry.action)).toEqual([
      'blog_post.create',
      'blog_post.autosave',
      'blog_post.update',
      'blog_post.delete',
    ])
    for (const entry of entries)
      expect(entry).toMatchObject({ actorEmail: 'blog-admin@example.com', objectType: 'blog_post' })
    // each row holds the fields its write changed
    expect(entries[0]!.after).toMatchObject({ title: 'To be removed', status: 'draft', image: imageKey })
    expect(entries[1]).toMatchObject({ before: { title: 'To be removed' }, after: { title: 'To be removed soon' } })
    expect(entries[2]).toMatchObject({ before: { status: 'draft' }, after: { status: 'published' } })
    expect(entries[3]!.before).toMatchObject({ title: 'To be removed soon' })
  })
})
