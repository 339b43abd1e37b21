import { readFile } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Page } from 'playwright-core'
import { fixturePath } from '#server/testing/files.ts'
import { blogStockImagePath } from '#shared/blog/constants.ts'
import { adminBlogMessages, blogMessages } from '#shared/blog/messages.ts'
import type { AdminBlogPostView, BlogPostInput, NewsletterFeedStatus } from '#shared/blog/schemas.ts'
import { seriousAccessibilityViolations, startStack, waitForPath, type Stack } from './support/stack.ts'

// Issue 18 in a browser: the admin writes and publishes a post whose Markdown
// carries script, and members read it with none of it run; a draft saves itself
// while the admin writes (spec 002 §4) and is still there after a reload; the blog
// shows our posts and the newsletter's items in one list, newest first (spec 001 §2).

const feedFixture = fixturePath('feeds', 'medium_content_encoded.rss.xml')
// the fixture's channel and item count
const feedTitle = 'Food in Invironment on Medium'
const feedItems = 7

let stack: Stack
let feedServer: Server
let feedUrl: string

const admin = {
  email: 'blog-admin@example.com',
  password: 'Blog-Admin-2026',
  firstName: 'Bea',
  lastName: 'Logger',
  admin: true,
}
const subscriber = {
  email: 'sam.reader@example.com',
  password: 'Sam-Reader-2026',
  firstName: 'Sam',
  lastName: 'Reader',
  subscribedDays: 30,
}

beforeAll(async () => {
  stack = await startStack()
  // the newsletter: a real feed file served from a local port (the stack allows loopback feeds)
  const xml = await readFile(feedFixture)
  feedServer = createServer((request, response) => {
    if (request.url !== '/feed.xml') {
      response.writeHead(404).end()
      return
    }
    response.writeHead(200, { 'Content-Type': 'application/rss+xml; charset=utf-8' }).end(xml)
  })
  await new Promise<void>((resolve) => feedServer.listen(0, '127.0.0.1', resolve))
  feedUrl = `http://127.0.0.1:${(feedServer.address() as AddressInfo).port}/feed.xml`
})
afterAll(async () => {
  await stack?.close()
  await new Promise<void>((resolve) => (feedServer ? feedServer.close(() => resolve()) : resolve()))
})

const editor = (page: Page, title: 'New Post' | 'Edit Post') => page.getByRole('dialog', { name: title })
const postRow = (page: Page, title: string) => page.getByRole('row', { name: new RegExp(title) })

/** Writes a post through the New Post form, as an admin does. */
async function writePost(
  page: Page,
  post: { title: string; category: string; status: 'Draft' | 'Published'; content: string },
) {
  await page.getByRole('button', { name: 'New Post' }).click()
  const form = editor(page, 'New Post')
  await form.getByLabel('Title').fill(post.title)
  await form.getByLabel('Category').selectOption(post.category)
  await form.getByLabel('Status').selectOption({ label: post.status })
  await form.getByLabel('Content (Markdown)').fill(post.content)
  return form
}

/** An admin's API call, as the admin's browser sends it (the session cookie and our own Origin). */
async function adminApi(page: Page, method: 'GET' | 'PUT' | 'POST', url: string, data?: unknown) {
  const response = await page.request.fetch(url, { method, data, headers: { Origin: stack.baseUrl } })
  return { status: response.status(), body: (await response.json()) as unknown }
}

describe('blog', () => {
  test('an admin publishes a post whose Markdown carries script; a subscriber reads its bold text and nothing runs', async () => {
    const title = 'Negotiating Your First Offer'
    const { page: adminPage } = await stack.signedInPage(admin)

    // from the admin navigation to the blog management page
    await adminPage.goto('/admin')
    await adminPage.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Blog' }).click()
    await waitForPath(adminPage, '/admin/blog')
    await adminPage.getByRole('heading', { level: 1, name: 'Blog management' }).waitFor()
    await adminPage.getByText(adminBlogMessages.empty).waitFor({ timeout: 15_000 })
    expect(await seriousAccessibilityViolations(adminPage)).toEqual([])

    const form = await writePost(adminPage, {
      title,
      category: 'Career Growth',
      status: 'Published',
      content: [
        'Ask for the range first, and say **the bold part** out loud.',
        '',
        '<script>window.__pwned = 1</script>',
        '',
        '<img src="x" onerror="window.__pwned = 2">',
      ].join('\n'),
    })
    // the preview is the server's rendering: the bold text, and no script in it
    await form.getByRole('button', { name: 'Preview' }).click()
    const preview = form.getByTestId('blog-preview')
    await preview.locator('strong', { hasText: 'the bold part' }).waitFor({ timeout: 15_000 })
    expect(await preview.locator('script, [onerror]').count()).toBe(0)
    expect(await seriousAccessibilityViolations(adminPage)).toEqual([])
    await form.getByRole('button', { name: 'Write' }).click()
    await form.getByRole('button', { name: 'Create Post' }).click()
    await adminPage.getByText(adminBlogMessages.created).waitFor()
    await form.waitFor({ state: 'detached' })
    await postRow(adminPage, title).getByText('Published').waitFor()

    // a subscriber finds it on /blog, from the top bar, and opens it
    const { page } = await stack.signedInPage(subscriber)
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Blog' }).click()
    await waitForPath(page, '/blog')
    const card = page.getByRole('article', { name: title })
    await card.getByText('Career Growth').waitFor({ timeout: 15_000 })
    await card.getByText('By Bea Logger').waitFor()
    expect(await seriousAccessibilityViolations(page)).toEqual([])
    const href = await card.getByRole('link', { name: title }).getAttribute('href')
    expect(href).toMatch(/^\/blog\/[0-9a-f-]{36}$/)
    await card.getByRole('link', { name: title }).click()
    await waitForPath(page, href!)

    const article = page.getByRole('article', { name: title })
    await article.getByRole('heading', { level: 1, name: title }).waitFor({ timeout: 15_000 })
    await article.locator('strong', { hasText: 'the bold part' }).waitFor()
    expect(await page.title()).toBe(`${title} · Prestige Labs`)
    expect(await page.evaluate(() => (window as { __pwned?: unknown }).__pwned)).toBeUndefined()
    expect(await article.locator('script').count()).toBe(0)
    expect(await page.locator('[onerror]').count()).toBe(0)
    expect(await seriousAccessibilityViolations(page)).toEqual([])

    // a post that does not exist
    await page.goto('/blog/00000000-0000-4000-8000-000000000000')
    await page.getByRole('heading', { level: 1, name: blogMessages.notFoundTitle }).waitFor({ timeout: 15_000 })
  })

  test('a draft saves itself while the admin writes, and the change is still there after a reload', async () => {
    const title = 'Draft About Portfolios'
    const { page } = await stack.signedInPage({ ...admin, email: 'blog-admin-2@example.com' })
    await page.goto('/admin/blog')
    const form = await writePost(page, {
      title,
      category: 'Tutorials',
      status: 'Draft',
      content: 'The first version.',
    })
    await form.getByRole('button', { name: 'Create Post' }).click()
    await page.getByText(adminBlogMessages.created).waitFor()
    await form.waitFor({ state: 'detached' })

    await postRow(page, title)
      .getByRole('button', { name: `Edit ${title}` })
      .click()
    const edit = editor(page, 'Edit Post')
    const content = edit.getByLabel('Content (Markdown)')
    await expect.poll(() => content.inputValue(), { timeout: 15_000 }).toBe('The first version.')
    await content.fill('The second version, saved by itself.')
    // spec 002 §4: 'Draft saved', without pressing Update
    await edit.getByTestId('autosave-status').getByText(adminBlogMessages.draftSaved).waitFor({ timeout: 15_000 })
    expect(await seriousAccessibilityViolations(page)).toEqual([])

    // the editor sits in the URL: a reload opens it again, with what the server kept
    await page.reload()
    const reopened = editor(page, 'Edit Post')
    const reopenedContent = reopened.getByLabel('Content (Markdown)')
    await expect
      .poll(() => reopenedContent.inputValue(), { timeout: 15_000 })
      .toBe('The second version, saved by itself.')

    // a content error while the preview shows: Write comes back, with the focus in the field
    await reopenedContent.fill('')
    await reopened.getByRole('button', { name: 'Preview' }).click()
    await reopened.getByRole('button', { name: 'Update' }).click()
    await reopened.getByText(adminBlogMessages.contentRequired).waitFor()
    expect(await reopened.getByRole('button', { name: 'Write' }).getAttribute('aria-pressed')).toBe('true')
    await expect.poll(() => reopenedContent.evaluate((field) => field === document.activeElement)).toBe(true)
    // the autosave refuses it too, and its status line says why
    await reopened
      .getByTestId('autosave-status')
      .getByText(`${adminBlogMessages.draftSaveFailed}: ${adminBlogMessages.contentRequired}`)
      .waitFor({ timeout: 15_000 })

    // closing within the autosave's two seconds still keeps the edit, as a draft
    const isDraftSave = (method: string, url: string) => method === 'PUT' && new URL(url).pathname.endsWith('/draft')
    const third = 'The third version, saved as the editor closed.'
    const closingSave = page.waitForResponse(
      (response) =>
        isDraftSave(response.request().method(), response.url()) &&
        Boolean(response.request().postData()?.includes(third)),
    )
    await reopenedContent.fill(third)
    await reopened.getByRole('button', { name: 'Cancel' }).click()
    await reopened.waitFor({ state: 'detached' })
    expect((await closingSave).status()).toBe(200)
    await postRow(page, title)
      .getByRole('button', { name: `Edit ${title}` })
      .click()
    const again = editor(page, 'Edit Post')
    const againContent = again.getByLabel('Content (Markdown)')
    await expect.poll(() => againContent.inputValue(), { timeout: 15_000 }).toBe(third)

    // Update waits for a running draft save, and a double click on it sends one update
    let release = () => {}
    const slowDraft = new Promise<void>((resolve) => (release = resolve))
    await page.route('**/api/admin/blog/*/draft', async (route) => {
      await slowDraft
      await route.continue()
    })
    const updates: string[] = []
    page.on('request', (request) => {
      if (request.method() === 'PUT' && /^\/api\/admin\/blog\/[0-9a-f-]{36}$/.test(new URL(request.url()).pathname)) {
        updates.push(request.url())
      }
    })
    const draftSent = page.waitForRequest((request) => isDraftSave(request.method(), request.url()))
    await againContent.fill('The fourth version, sent with Update.')
    await draftSent
    await again.getByRole('button', { name: 'Update' }).dblclick()
    release()
    await page.getByText(adminBlogMessages.updated).waitFor()
    await again.waitFor({ state: 'detached' })
    expect(updates).toHaveLength(1)
    await page.unroute('**/api/admin/blog/*/draft')
    // still a draft: autosave never publishes
    await postRow(page, title).getByText('Draft', { exact: true }).waitFor()

    // deleting asks first (spec 002 §2, §8)
    await postRow(page, title)
      .getByRole('button', { name: `Delete ${title}` })
      .click()
    const confirm = page.getByRole('alertdialog', { name: 'Delete post' })
    await confirm.getByText(adminBlogMessages.deleteConfirm, { exact: true }).waitFor()
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click()
    await page.getByText(adminBlogMessages.deleted).waitFor()
    await expect.poll(() => postRow(page, title).count()).toBe(0)
  })

  test("the blog shows our posts and the newsletter's items in one list, newest first", async () => {
    const { page: adminPage } = await stack.signedInPage({ ...admin, email: 'blog-admin-3@example.com' })
    await adminPage.goto('/admin/blog')
    await adminPage.getByRole('heading', { level: 1, name: 'Blog management' }).waitFor({ timeout: 15_000 })

    // the newsletter feed, set and fetched through the admin API
    const post: BlogPostInput = {
      title: 'Five Questions for Your Next Interview',
      content: 'Ask about **the team** first.',
      excerpt: '',
      category: 'Industry Insights',
      status: 'published',
      imageKey: null,
    }
    const created = await adminApi(adminPage, 'POST', '/api/admin/blog', post)
    expect(created.status).toBe(201)
    expect((created.body as AdminBlogPostView).publishedAt).not.toBeNull()
    const saved = await adminApi(adminPage, 'PUT', '/api/admin/blog/feed', { feedUrl })
    expect(saved).toMatchObject({ status: 200, body: { feedUrl, source: 'setting' } })
    expect((await adminApi(adminPage, 'POST', '/api/admin/blog/feed/refresh')).status).toBe(202)
    await expect
      .poll(
        async () => ((await adminApi(adminPage, 'GET', '/api/admin/blog/feed')).body as NewsletterFeedStatus).itemCount,
        { timeout: 30_000, interval: 250 },
      )
      .toBe(feedItems)

    // the admin's feed card says where the address comes from and what was read
    const feedCard = adminPage.getByRole('region', { name: 'Newsletter feed' })
    await feedCard.getByText(feedTitle).waitFor({ timeout: 15_000 })
    expect(await feedCard.getByTestId('feed-item-count').textContent()).toBe(String(feedItems))
    expect(await feedCard.getByLabel('Feed address (RSS or Atom)').inputValue()).toBe(feedUrl)
    await feedCard.getByText('Saved here by an admin').waitFor()
    // an address that is no web address is refused under the field, and the saved one stays
    await feedCard.getByLabel('Feed address (RSS or Atom)').fill('ftp://example.com/feed.xml')
    await feedCard.getByRole('button', { name: 'Save feed' }).click()
    await feedCard.getByText(adminBlogMessages.feedUrlInvalid).waitFor()
    expect(((await adminApi(adminPage, 'GET', '/api/admin/blog/feed')).body as NewsletterFeedStatus).feedUrl).toBe(
      feedUrl,
    )

    const { page } = await stack.signedInPage({ ...subscriber, email: 'sam.reader-2@example.com' })
    await page.goto('/blog')
    const cards = page.getByTestId('blog-card')
    await page.getByRole('article', { name: post.title }).waitFor({ timeout: 15_000 })
    await cards.and(page.locator('[data-kind="newsletter"]')).first().waitFor()
    const dates = () =>
      cards.evaluateAll((articles) =>
        articles.map((article) => article.querySelector('time')!.getAttribute('dateTime')!),
      )

    // 8 a page on a wide screen (spec 001 §9), newest first, and the rest behind 'Load more posts'
    expect(await cards.count()).toBe(8)
    const first = await dates()
    expect(first).toEqual([...first].sort().reverse())
    await page.getByRole('button', { name: blogMessages.loadMore }).click()
    await expect.poll(() => cards.count()).toBeGreaterThan(8)
    const all = await dates()
    expect(all).toEqual([...all].sort().reverse())
    expect(all.slice(0, 8)).toEqual(first)
    const kinds = await cards.evaluateAll((articles) => articles.map((article) => article.getAttribute('data-kind')))
    expect(new Set(kinds)).toEqual(new Set(['post', 'newsletter']))
    await expect.poll(() => page.getByRole('button', { name: blogMessages.loadMore }).count()).toBe(0)

    // a newsletter card opens the item on its own site, in a new tab, and says so
    const newsletter = cards.and(page.locator('[data-kind="newsletter"]')).first()
    await newsletter.getByText('Newsletter', { exact: true }).waitFor()
    const link = newsletter.getByRole('link')
    expect(await link.getAttribute('target')).toBe('_blank')
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer')
    expect(await link.getAttribute('href')).toMatch(/^https:\/\/medium\.com\//)
    // its picture lives on another site, which this page may not load: the stock picture stands in
    await expect.poll(() => newsletter.locator('img').getAttribute('src')).toBe(blogStockImagePath)
    expect(await seriousAccessibilityViolations(page)).toEqual([])

    // 3 a page under 768 px
    await page.setViewportSize({ width: 400, height: 800 })
    await expect.poll(() => cards.count(), { timeout: 15_000 }).toBe(3)

    // the dashboard's and the community's cards show the three newest
    await page.goto('/prestige-club')
    const latest = page.getByRole('region', { name: 'Latest Blog Posts' })
    await latest.getByRole('link', { name: post.title }).waitFor({ timeout: 15_000 })
    expect(await latest.getByTestId('latest-blog-posts').getByRole('listitem').count()).toBe(3)
    await latest.getByRole('link', { name: 'All Posts' }).click()
    await waitForPath(page, '/blog')
  })
})
