import { request } from 'node:http'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { emailNotifications } from '#server/db/schema/update-signup.ts'
import { updateSignupMessages } from '#shared/update-signup/messages.ts'
import { partNotLoaded } from '#web/components/near-viewport.tsx'
import { seriousAccessibilityViolations, startStack, type Stack } from './support/stack.ts'

let stack: Stack

beforeAll(async () => {
  stack = await startStack()
})
afterAll(async () => {
  await stack?.close()
})

describe('landing page', () => {
  test('a visitor signs up for updates; empty fields are refused first', async () => {
    const { page, context } = await stack.newPage()
    await page.goto('/')
    await page.getByRole('heading', { name: 'Prestige Labs', level: 1 }).waitFor()
    // the stack runs with a promo, whose pop-up comes first (spec 000 §1)
    await page.getByRole('dialog').waitFor()
    expect(await seriousAccessibilityViolations(page)).toEqual([])
    await page.keyboard.press('Escape')
    await page.getByRole('dialog').waitFor({ state: 'detached' })
    expect(await seriousAccessibilityViolations(page)).toEqual([])

    // the form's code loads as the visitor scrolls towards it
    await page.getByRole('heading', { name: 'Get Prestige Labs updates' }).scrollIntoViewIfNeeded()
    await page.getByLabel('First name').fill('Nora')
    await page.getByRole('button', { name: 'Sign up for updates' }).click()
    await page.getByText(updateSignupMessages.missingFields).waitFor()

    await page.getByLabel('Last name').fill('Quist')
    await page.getByLabel('E-mail').fill('Nora.Quist@Example.com')
    await page.getByRole('button', { name: 'Sign up for updates' }).click()
    await page.getByText(updateSignupMessages.thanks).waitFor()
    const rows = await stack.db.select().from(emailNotifications)
    expect(rows.map((row) => row.email)).toEqual(['nora.quist@example.com'])
    await context.close()
  })

  test('the hero video shows its poster and stays still for people who prefer reduced motion', async () => {
    const { page, context } = await stack.newPage()
    await page.emulateMedia({ reducedMotion: 'reduce' })
    await page.goto('/')
    const video = page.locator('video')
    expect(await video.getAttribute('poster')).toBe('/media/hero-poster.webp')
    await page.waitForLoadState('load')
    expect(await video.evaluate((element: HTMLVideoElement) => element.paused)).toBe(true)
    await context.close()
  })

  test('every footer link opens a real page', async () => {
    const { page, context } = await stack.newPage()
    await page.goto('/')
    const footer = page.getByRole('navigation', { name: 'Footer' })
    const links = await footer
      .getByRole('link')
      .evaluateAll((anchors) => anchors.map((a) => [a.textContent, a.getAttribute('href')]))
    expect(links.length).toBeGreaterThan(4)
    for (const [, href] of links.filter(([, href]) => href !== '/community')) {
      await page.goto(href!)
      const heading = page.getByRole('heading', { level: 1 })
      await heading.waitFor()
      expect(await page.getByRole('heading', { name: 'Page not found' }).count()).toBe(0)
      expect(await seriousAccessibilityViolations(page)).toEqual([])
    }
    await context.close()
  })

  test('a below-the-fold part whose code cannot load says so in its place; the page stays', async () => {
    const { page, context } = await stack.newPage()
    // as when a deploy replaced the file while the page was open
    await page.route('**/assets/update-signup-form-*', (route) => route.abort())
    await page.goto('/')
    await page.getByRole('dialog').waitFor()
    await page.keyboard.press('Escape')
    await page.getByRole('heading', { name: 'Get Prestige Labs updates' }).scrollIntoViewIfNeeded()
    await page.getByText(partNotLoaded).waitFor()
    expect(await page.getByRole('heading', { name: 'Prestige Labs', level: 1 }).isVisible()).toBe(true)
    expect(await page.getByLabel('First name').count()).toBe(0)
    await context.close()
  })

  test("the browser gets '/'s scripts brotli-compressed by the build; a gzip-only client gets gzip; the bytes are the same", async () => {
    const { page, context } = await stack.newPage()
    const scripts: { url: string; encoding?: string; cacheControl?: string }[] = []
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return
      const headers = response.headers()
      scripts.push({
        url: response.url(),
        encoding: headers['content-encoding'],
        cacheControl: headers['cache-control'],
      })
    })
    await page.goto('/')
    await page.waitForLoadState('load')
    await context.close()
    expect(scripts.length).toBeGreaterThan(0)
    for (const script of scripts)
      expect(script).toMatchObject({ encoding: 'br', cacheControl: 'public, max-age=31536000, immutable' })

    const path = new URL(scripts[0]!.url).pathname
    const plain = await rawGet(path, 'identity')
    expect(plain.encoding).toBeUndefined()
    const brotli = await rawGet(path, 'br')
    expect(brotli.encoding).toBe('br')
    expect(brotliDecompressSync(brotli.body).equals(plain.body)).toBe(true)
    const gzip = await rawGet(path, 'gzip, deflate')
    expect(gzip.encoding).toBe('gzip')
    expect(gunzipSync(gzip.body).equals(plain.body)).toBe(true)
    expect(brotli.body.length).toBeLessThan(gzip.body.length)
  })
})

/** The bytes as sent (fetch would undo the compression this test looks at). */
function rawGet(path: string, acceptEncoding: string): Promise<{ encoding?: string; body: Buffer }> {
  return new Promise((resolve, reject) => {
    request(new URL(path, stack.baseUrl), { headers: { 'accept-encoding': acceptEncoding } }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () => resolve({ encoding: response.headers['content-encoding'], body: Buffer.concat(chunks) }))
      response.on('error', reject)
    })
      .on('error', reject)
      .end()
  })
}
