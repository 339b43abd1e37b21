import { gunzipSync } from 'node:zlib'
import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import { Hono } from 'hono'
import { describe, expect, test } from 'vitest'
import { compressAnswers } from './compress.ts'
import { compressMinBytes } from './packed-json.ts'

// The app's gzip for answers built per request: JSON at once, text streams as they
// flow, and nothing for small answers, event streams or answers already encoded.

const rows = Array.from({ length: 60 }, (_, i) => ({ id: i, title: `Row number ${i}`, note: 'Zoë wrote this ✓' }))

const app = new Hono()
  .use('*', compressAnswers())
  .get('/big', (c) => c.json({ rows }))
  .get('/small', (c) => c.json({ status: 'ok' }))
  .get('/csv', () => {
    const lines = rows.map((row) => `${row.id},${row.title}\n`)
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        const line = lines.shift()
        if (line === undefined) controller.close()
        else controller.enqueue(new TextEncoder().encode(line))
      },
    })
    return new Response(body, { headers: { 'Content-Type': 'text/csv; charset=utf-8' } })
  })
  .get('/events', (c) => c.body('data: '.padEnd(2000, 'x'), 200, { 'Content-Type': 'text/event-stream' }))
  .get('/encoded', (c) =>
    c.body(new Uint8Array(2000), 200, { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' }),
  )

const browser = { 'Accept-Encoding': 'gzip, deflate, br' }

describe('compressing answers', () => {
  test('a large JSON answer is gzipped for a browser and plain for a client that takes no gzip', async () => {
    const gzipped = await app.request('/big', { headers: browser })
    expect(gzipped.headers.get('Content-Encoding')).toBe('gzip')
    expect(gzipped.headers.get('Vary')).toBe('Accept-Encoding')
    const bytes = Buffer.from(await gzipped.arrayBuffer())
    expect(Number(gzipped.headers.get('Content-Length'))).toBe(bytes.length)
    expect(JSON.parse(gunzipSync(bytes).toString())).toEqual({ rows })

    const plain = await app.request('/big')
    expect(plain.headers.get('Content-Encoding')).toBeNull()
    expect(plain.headers.get('Vary')).toBe('Accept-Encoding')
    expect(await plain.json()).toEqual({ rows })
  })

  test('a small answer, an event stream and an answer already encoded are left as they are', async () => {
    const small = await app.request('/small', { headers: browser })
    expect(small.headers.get('Content-Encoding')).toBeNull()
    expect(await small.json()).toEqual({ status: 'ok' })
    expect(JSON.stringify({ status: 'ok' }).length).toBeLessThan(compressMinBytes)

    const events = await app.request('/events', { headers: browser })
    expect(events.headers.get('Content-Encoding')).toBeNull()
    expect((await events.text()).length).toBe(2000)

    const encoded = await app.request('/encoded', { headers: browser })
    expect(encoded.headers.get('Content-Encoding')).toBe('gzip')
    expect((await encoded.arrayBuffer()).byteLength).toBe(2000)

    const head = await app.request('/big', { method: 'HEAD', headers: browser })
    expect(head.status).toBe(200)
    expect(head.headers.get('Content-Encoding')).toBeNull()
  })

  test('a streamed text answer stays a stream and decodes whole', async () => {
    const csv = await app.request('/csv', { headers: browser })
    expect(csv.headers.get('Content-Encoding')).toBe('gzip')
    expect(csv.headers.get('Content-Length')).toBeNull()
    expect(gunzipSync(Buffer.from(await csv.arrayBuffer())).toString()).toBe(
      rows.map((row) => `${row.id},${row.title}\n`).join(''),
    )
  })
})

test("under the real server, a small answer stays the adapter's lightweight answer and a large one is gzipped", async () => {
  // @hono/node-server writes c.json's text out as it is unless something reads the
  // answer's body; compress.ts reads the text without doing so (its pendingText)
  let untouched: boolean | undefined
  let handlerAnswer: Response | undefined
  const served = new Hono()
    .use('*', async (c, next) => {
      await next()
      untouched = c.res === handlerAnswer && Object.getOwnPropertySymbols(c.res).some((s) => s.description === 'cache')
    })
    .use('*', compressAnswers())
    .use('*', async (c, next) => {
      await next()
      handlerAnswer = c.res
    })
    .get('/big', (c) => c.json({ rows }))
    .get('/small', (c) => c.json({ status: 'ok' }))
  const server = serve({ fetch: served.fetch, port: 0, hostname: '127.0.0.1' })
  await new Promise((resolve) => server.once('listening', resolve))
  try {
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    const small = await fetch(`${base}/small`, { headers: browser })
    expect(small.headers.get('Content-Encoding')).toBeNull()
    expect(small.headers.get('Vary')).toBe('Accept-Encoding')
    expect(await small.json()).toEqual({ status: 'ok' })
    expect(untouched).toBe(true)

    // fetch decodes the gzip itself
    const big = await fetch(`${base}/big`, { headers: browser })
    expect(big.headers.get('Content-Encoding')).toBe('gzip')
    expect(big.headers.get('Vary')).toBe('Accept-Encoding')
    expect(await big.json()).toEqual({ rows })
  } finally {
    await new Promise((resolve) => server.close(resolve))
  }
})
