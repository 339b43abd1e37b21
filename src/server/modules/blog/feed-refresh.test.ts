import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { auditLog } from '#server/db/schema/audit.ts'
import { errorOf } from '#server/testing/errors.ts'
import { fixturePath } from '#server/testing/files.ts'
import { createTestApp, type TestApp, type TestClient } from '#server/testing/harness.ts'
import { adminBlogMessages } from '#shared/blog/messages.ts'
import type { BlogEntryView, BlogListPage, NewsletterFeedStatus } from '#shared/blog/schemas.ts'
import { refreshFeed } from './feed-refresh.ts'

// The newsletter feed (issue 18; spec 001 §7 Blog feed; 000 §7 RSS): the server
// fetches the admin's feed address itself, on the queue, and stores its items, so
// /blog reads the database and a failing feed never breaks it. Every fixture of
// ../shared/fixtures/feeds is served by a local HTTP server (loopback, which the
// test app allows with FEED_ALLOW_LOOPBACK), read in place, never copied.

/** What each fixture holds (counts read off the files; see platform/feeds/parse-feed.test.ts). */
const fixtures = [
  { name: 'substack_pennspark.rss.xml', title: 'Penn Spark Newsletter', items: 18, withImage: 18 },
  { name: 'medium_content_encoded.rss.xml', title: 'Food in Invironment on Medium', items: 7, withImage: 7 },
  { name: 'guardian_media_thumbnails.rss.xml', title: 'The Guardian', items: 55, withImage: 55 },
  { name: 'heise_developer.atom.xml', title: 'heise developer neueste Meldungen', items: 15, withImage: 12 },
  { name: 'blogger_feedburner.atom.xml', title: 'Google Ads Developer Blog', items: 25, withImage: 18 },
]

/** One path of the local feed server: a body and its validators, or a failure. */
type Served = { status?: number; body: string | Buffer; type?: string; etag?: boolean; lastModified?: string }

const rss = (items: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>Inline letters</title>` +
  `<link>https://letters.example.com/</link><description>Tests</description>${items}</channel></rss>`

describe('the newsletter feed', () => {
  let t: TestApp
  let admin: TestClient
  let reader: TestClient
  let server: http.Server
  let origin: string
  const served = new Map<string, Served>()
  const requests: Array<{ path: string; ifNoneMatch?: string; ifModifiedSince?: string; status: number }> = []

  const feedAddress = (path: string) => `${origin}${path}`
  const status = async () => {
    const response = await admin.get('/api/admin/blog/feed')
    expect(response.status).toBe(200)
    return (await response.json()) as NewsletterFeedStatus
  }
  /** Sets the address (which queues a refresh) and waits for that refresh to end. */
  const setFeed = async (feedUrl: string | null) => {
    const response = await admin.put('/api/admin/blog/feed', { feedUrl })
    expect(response.status).toBe(200)
    await t.jobsSettled(['newsletter-refresh'])
    return status()
  }
  /** 'Refresh now', and its job run to the end. */
  const refreshNow = async () => {
    const response = await admin.post('/api/admin/blog/feed/refresh')
    expect(response.status).toBe(202)
    await t.jobsSettled(['newsletter-refresh'])
    return status()
  }
  /** The newsletter's cards of the merged list, every page of it. */
  const newsletterEntries = async () => {
    const entries: BlogEntryView[] = []
    let cursor: string | null = null
    do {
      const response = await reader.get(`/api/blog?limit=24${cursor ? `&cursor=${cursor}` : ''}`)
      expect(response.status).toBe(200)
      const page = (await response.json()) as BlogListPage
      entries.push(...page.entries)
      cursor = page.nextCursor
    } while (cursor)
    return entries.filter((entry) => entry.kind === 'newsletter')
  }

  beforeAll(async () => {
    for (const { name } of fixtures) {
      served.set(`/fixtures/${name}`, {
        body: readFileSync(fixturePath('feeds', name)),
        type: name.includes('.atom.') ? 'application/atom+xml' : 'application/rss+xml',
        etag: true,
        lastModified: 'Wed, 21 Oct 2015 07:28:00 GMT',
      })
    }
    server = http.createServer((request, response) => {
      const path = request.url ?? '/'
      const route = served.get(path) ?? { status: 404, body: 'Not found', type: 'text/plain' }
      const ifNoneMatch = request.headers['if-none-match']
      const ifModifiedSince = request.headers['if-modified-since']
      const etag = route.etag ? `"${createHash('sha1').update(route.body).digest('hex')}"` : undefined
      const fresh = (route.status ?? 200) === 200
      const unchanged = fresh && etag !== undefined && ifNoneMatch === etag
      const code = unchanged ? 304 : (route.status ?? 200)
      requests.push({ path, ifNoneMatch, ifModifiedSince, status: code })
      response.writeHead(code, {
        'content-type': route.type ?? 'application/rss+xml',
        ...(fresh && etag ? { etag } : {}),
        ...(fresh && route.lastModified ? { 'last-modified': route.lastModified } : {}),
      })
      response.end(unchanged ? undefined : route.body)
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    t = await createTestApp({ FEED_ALLOW_LOOPBACK: 'true' })
    admin = await t.signedIn({ admin: true, email: 'feed-admin@example.com' })
    reader = await t.signedIn({ subscribed: true })
  })
  afterAll(async () => {
    await t?.close()
    await new Promise((resolve) => server?.close(resolve))
  })

  test('with no feed, Refresh now is refused; an address that is no http(s) one is refused in the words of the form', async () => {
    expect(await status()).toEqual({
      feedUrl: null,
      source: 'none',
      feedTitle: null,
      itemCount: 0,
      lastCheckedAt: null,
      lastSucceededAt: null,
      failure: null,
    })
    const refused = await admin.post('/api/admin/blog/feed/refresh')
    expect(refused.status).toBe(409)
    expect(await errorOf(refused)).toMatchObject({ message: adminBlogMessages.noFeed })
    for (const feedUrl of ['ftp://x', 'not a url', 'javascript:alert(1)', 42]) {
      const response = await admin.put('/api/admin/blog/feed', { feedUrl })
      expect(response.status, String(feedUrl)).toBe(400)
      expect(await errorOf(response)).toMatchObject({ fields: { feedUrl: adminBlogMessages.feedUrlInvalid } })
    }
    for (const call of [reader.get('/api/admin/blog/feed'), reader.put('/api/admin/blog/feed', { feedUrl: null })])
      expect((await call).status).toBe(403)
    expect((await status()).source).toBe('none')
  })

  test.each(fixtures)(
    '$name: its $items items reach the blog as newsletter cards with links and pictures',
    async ({ name, title, items, withImage }) => {
      const url = feedAddress(`/fixtures/${name}`)
      const state = await setFeed(url)
      expect(state).toMatchObject({
        feedUrl: url,
        source: 'setting',
        feedTitle: title,
        itemCount: items,
        lastSucceededAt: expect.any(String),
        failure: null,
      })
      expect(state.lastCheckedAt).toBe(state.lastSucceededAt)
      const entries = await newsletterEntries()
      // the earlier fixture's items went with this feed's first good fetch
      expect(entries).toHaveLength(items)
      for (const entry of entries) {
        expect(entry.title.trim()).not.toBe('')
        expect(entry.href).toMatch(/^https?:\/\//)
        expect(entry.excerpt.length).toBeLessThanOrEqual(151)
        expect(entry.excerpt).not.toMatch(/<[a-z/]/i)
        expect(entry).toMatchObject({ category: null, author: null })
      }
      expect(entries.filter((entry) => entry.imageUrl?.match(/^https?:\/\//))).toHaveLength(withImage)
      const times = entries.map((entry) => Date.parse(entry.publishedAt))
      expect(times).toEqual([...times].sort((a, b) => b - a))
    },
  )

  test('a refresh asks conditionally: an unchanged feed answers 304, its items stay and the check is recorded', async () => {
    // fetched by the fixture tests above, its items since replaced by the later fixtures'
    const { name, items, title } = fixtures[1]!
    const path = `/fixtures/${name}`
    let before = requests.length
    const first = await setFeed(feedAddress(path))
    // read whole again: a 304 would have kept the other feed's items
    expect(requests.slice(before).filter((request) => request.path === path)).toEqual([
      { path, status: 200, ifNoneMatch: undefined, ifModifiedSince: undefined },
    ])
    expect(first).toMatchObject({ itemCount: items, feedTitle: title, failure: null })
    expect(await newsletterEntries()).toHaveLength(items)

    before = requests.length
    const second = await refreshNow()
    expect(requests.slice(before).filter((request) => request.path === path)).toEqual([
      {
        path,
        status: 304,
        ifNoneMatch: expect.stringMatching(/^"[0-9a-f]{40}"$/),
        ifModifiedSince: 'Wed, 21 Oct 2015 07:28:00 GMT',
      },
    ])
    expect(Date.parse(second.lastCheckedAt!)).toBeGreaterThan(Date.parse(first.lastCheckedAt!))
    expect(second).toMatchObject({ itemCount: items, feedTitle: title, failure: null })
    expect(second.lastSucceededAt).toBe(second.lastCheckedAt) // a 304 is a good fetch
    expect(await newsletterEntries()).toHaveLength(items)
  })

  test('a failing feed keeps its items on the blog and shows admins the failure and the last good fetch', async () => {
    const path = '/changing.xml'
    served.set(path, { body: readFileSync(fixturePath('feeds', fixtures[1]!.name)) })
    const good = await setFeed(feedAddress(path))
    expect(good).toMatchObject({ itemCount: 7, failure: null })
    const titles = (await newsletterEntries()).map((entry) => entry.title)

    served.set(path, { status: 500, body: 'Internal Server Error', type: 'text/plain' })
    const broken = await refreshNow()
    expect(broken.failure).toEqual({
      at: broken.lastCheckedAt,
      message: 'The feed server answered 500 Internal Server Error',
    })
    expect(broken.lastSucceededAt).toBe(good.lastSucceededAt)
    expect(broken.itemCount).toBe(7)
    expect((await newsletterEntries()).map((entry) => entry.title)).toEqual(titles)

    served.set(path, {
      body: '<!doctype html><html><head><title>Letters</title></head><body>Hi</body></html>',
      type: 'text/html',
    })
    const page = await refreshNow()
    expect(page.failure?.message).toMatch(/web page, not a feed/)
    expect(page.lastSucceededAt).toBe(good.lastSucceededAt)
    expect((await newsletterEntries()).map((entry) => entry.title)).toEqual(titles)

    // a failure stays in the past once a fetch works again
    served.set(path, { body: readFileSync(fixturePath('feeds', fixtures[1]!.name)) })
    const mended = await refreshNow()
    expect(mended.failure).toBeNull()
    expect(Date.parse(mended.lastSucceededAt!)).toBeGreaterThan(Date.parse(good.lastSucceededAt!))
  })

  test('without FEED_ALLOW_LOOPBACK the server refuses a feed on this machine, and says so', async () => {
    const url = feedAddress(`/fixtures/${fixtures[3]!.name}`)
    const good = await setFeed(url)
    expect(good.failure).toBeNull()
    const before = requests.length
    const strict = { ...t.deps, config: { ...t.deps.config, FEED_ALLOW_LOOPBACK: false } }
    expect(await refreshFeed(strict, t.deps.logger)).toBe('failed')
    expect(requests.length).toBe(before) // refused before any connection
    const refused = await status()
    expect(refused.failure?.message).toMatch(/loopback/)
    expect(refused.failure?.message).toContain('127.0.0.1')
    expect(refused.lastSucceededAt).toBe(good.lastSucceededAt)
    expect(await newsletterEntries()).toHaveLength(fixtures[3]!.items)
  })

  test("a new address keeps the old feed's items until its own first good fetch, which replaces them", async () => {
    const oldPath = `/fixtures/${fixtures[0]!.name}`
    await setFeed(feedAddress(oldPath))
    const oldTitles = (await newsletterEntries()).map((entry) => entry.title)
    expect(oldTitles).toHaveLength(fixtures[0]!.items)

    const newPath = '/moving.xml'
    served.set(newPath, { status: 500, body: 'down', type: 'text/plain' })
    const pending = await setFeed(feedAddress(newPath))
    // the blog still shows the old feed's items
    expect(pending).toMatchObject({
      feedUrl: feedAddress(newPath),
      itemCount: fixtures[0]!.items,
      lastSucceededAt: null,
    })
    expect(pending.failure?.message).toMatch(/500/)
    expect((await newsletterEntries()).map((entry) => entry.title)).toEqual(oldTitles)

    served.set(newPath, { body: readFileSync(fixturePath('feeds', fixtures[2]!.name)) })
    const moved = await refreshNow()
    expect(moved).toMatchObject({ itemCount: fixtures[2]!.items, feedTitle: fixtures[2]!.title, failure: null })
    const titles = (await newsletterEntries()).map((entry) => entry.title)
    expect(titles).toHaveLength(fixtures[2]!.items)
    expect(titles.filter((title) => oldTitles.includes(title))).toEqual([])
  })

  test('an undated item keeps the date it was first seen; a javascript: link never becomes a card’s link', async () => {
    const path = '/inline.xml'
    const undated =
      '<item><title>Undated letter</title><guid isPermaLink="false">undated-1</guid>' +
      '<link>https://letters.example.com/undated</link><description>No date here</description></item>'
    const hostile =
      '<item><title>Hostile letter</title><guid isPermaLink="false">hostile-1</guid>' +
      '<link>javascript:alert(1)</link><pubDate>Mon, 05 Jan 2026 10:00:00 GMT</pubDate>' +
      '<description><![CDATA[<p>Hello <script>alert(1)</script><img src=x onerror=alert(1)>there</p>]]></description></item>'
    served.set(path, { body: rss(undated + hostile) }) // no validators: every refresh reads it whole
    const first = await setFeed(feedAddress(path))
    expect(first).toMatchObject({ itemCount: 2, feedTitle: 'Inline letters', failure: null })
    const seen = await newsletterEntries()
    const letter = seen.find((entry) => entry.title === 'Undated letter')!
    expect(Date.parse(letter.publishedAt)).toBeLessThanOrEqual(Date.parse(first.lastSucceededAt!))
    expect(Date.parse(letter.publishedAt)).toBeGreaterThan(Date.now() - 60_000)
    expect(seen.find((entry) => entry.title === 'Hostile letter')).toMatchObject({
      href: null,
      publishedAt: '2026-01-05T10:00:00.000Z',
      excerpt: 'Hello there',
    })

    const later =
      '<item><title>Another letter</title><guid isPermaLink="false">another-1</guid>' +
      '<link>https://letters.example.com/another</link></item>'
    served.set(path, { body: rss(later + undated.replace('No date here', 'No date here, still') + hostile) })
    const second = await refreshNow()
    expect(second.itemCount).toBe(3)
    expect(Date.parse(second.lastSucceededAt!)).toBeGreaterThan(Date.parse(first.lastSucceededAt!))
    const again = await newsletterEntries()
    const kept = again.find((entry) => entry.title === 'Undated letter')!
    expect(kept).toMatchObject({ publishedAt: letter.publishedAt, excerpt: 'No date here, still' })
    expect(again.find((entry) => entry.title === 'Another letter')!.publishedAt).toBe(second.lastSucceededAt)
    expect(JSON.stringify(again)).not.toMatch(/javascript:|<script|onerror/)
  })

  test('a feed that repeats a guid, dates an issue in the future or carries a NUL is still stored, once each', async () => {
    const path = '/odd.xml'
    const item = (guid: string, title: string, date: string) =>
      `<item><title>${title}</title><guid isPermaLink="false">${guid}</guid>` +
      `<link>https://letters.example.com/${guid}</link><pubDate>${date}</pubDate></item>`
    served.set(path, {
      body: rss(
        item('same', 'First of two', 'Mon, 05 Jan 2026 10:00:00 GMT') +
          item('same', 'Second of two', 'Tue, 06 Jan 2026 10:00:00 GMT') +
          item('future', 'From the future', 'Fri, 01 Jan 2100 10:00:00 GMT') +
          item('nul', 'Nul\u0000here', 'Wed, 07 Jan 2026 10:00:00 GMT'),
      ),
    })
    const first = await setFeed(feedAddress(path))
    expect(first).toMatchObject({ itemCount: 3, failure: null })
    const seen = await newsletterEntries()
    expect(seen.map((entry) => entry.title).sort()).toEqual(['First of two', 'From the future', 'Nulhere'])
    // an issue dated in the future is dated when first seen, and keeps that date
    const future = seen.find((entry) => entry.title === 'From the future')!
    expect(Date.parse(future.publishedAt)).toBeLessThanOrEqual(Date.parse(first.lastSucceededAt!))
    const second = await refreshNow()
    expect(second.failure).toBeNull()
    const again = (await newsletterEntries()).find((entry) => entry.title === 'From the future')!
    expect(again.publishedAt).toBe(future.publishedAt)
  })

  test('turning the newsletter off takes every item off the blog at once, and the change is audited', async () => {
    const url = feedAddress(`/fixtures/${fixtures[1]!.name}`)
    await setFeed(url)
    expect(await newsletterEntries()).not.toHaveLength(0)
    const off = await setFeed(null)
    expect(off).toMatchObject({ feedUrl: null, source: 'none', itemCount: 0, failure: null })
    expect(await newsletterEntries()).toEqual([])
    const refused = await admin.post('/api/admin/blog/feed/refresh')
    expect(await errorOf(refused)).toMatchObject({ message: adminBlogMessages.noFeed })
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'newsletter.feed'), eq(auditLog.objectId, 'newsletter')))
      .orderBy(auditLog.createdAt)
    expect(entries.at(-1)).toMatchObject({
      actorEmail: 'feed-admin@example.com',
      objectType: 'settings',
      before: { feedUrl: url },
      after: { feedUrl: null },
    })
    // turned on again, the feed is read whole (its validators would answer 304 and bring nothing back)
    const on = await setFeed(url)
    expect(on).toMatchObject({ itemCount: fixtures[1]!.items, failure: null })
    expect(await newsletterEntries()).toHaveLength(fixtures[1]!.items)
  })
})
