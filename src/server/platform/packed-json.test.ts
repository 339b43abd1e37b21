import { gunzipSync } from 'node:zlib'
import { describe, expect, test } from 'vitest'
import { acceptsGzip, answerBytes, compressMinBytes, packJson } from './packed-json.ts'

// A packed answer is its shared part (packed once) and a reader's tail: gunzipped
// with node's own zlib, it must be exactly the JSON the two make together.

function answerOf(value: { shared: object; tail: object }) {
  const shared = JSON.stringify(value.shared).slice(0, -1)
  const tail = `,"viewer":${JSON.stringify(value.tail)}}`
  return { answer: { shared: packJson(shared), tail }, json: shared + tail }
}

const cards = (count: number, text = 'Data Analyst') =>
  Array.from({ length: count }, (_, i) => ({
    id: `job-${i}`,
    title: `${text} ${i}`,
    company: 'Acme',
    remote: i % 2 === 0,
  }))

describe('packed JSON answers', () => {
  test('a large answer is one gzip member that decodes to the exact JSON', () => {
    const { answer, json } = answerOf({
      shared: { jobs: cards(40), nextCursor: 'abc', truncated: false },
      tail: cards(20).map((_, i) => ({ match: i * 5, saved: i === 3, applicationStatus: null })),
    })
    const { body, gzipped } = answerBytes(answer, true)
    expect(gzipped).toBe(true)
    expect(body.length).toBeLessThan(json.length / 3)
    expect(gunzipSync(body).toString()).toBe(json)
    expect(JSON.parse(gunzipSync(body).toString())).toEqual(JSON.parse(json))
    // the same answer for a client that takes no gzip
    expect(answerBytes(answer, false)).toEqual({ body: Buffer.from(json), gzipped: false })
  })

  test('a short tail and a long one both end the member', () => {
    const shared = JSON.stringify({ posts: cards(40) }).slice(0, -1)
    const packed = packJson(shared)
    for (const likedIds of [[], ['job-1'], cards(30).map((card) => card.id)]) {
      const tail = `,"likedIds":${JSON.stringify(likedIds)}}`
      expect(gunzipSync(answerBytes({ shared: packed, tail }, true).body).toString()).toBe(shared + tail)
    }
  })

  test('an empty tail closes the object and still decodes', () => {
    const shared = JSON.stringify({ posts: cards(40) }).slice(0, -1)
    const packed = packJson(shared)
    expect(packed.deflated).toBeDefined()
    const { body, gzipped } = answerBytes({ shared: packed, tail: '}' }, true)
    expect(gzipped).toBe(true)
    expect(gunzipSync(body).toString()).toBe(`${shared}}`)
  })

  test('text beyond ASCII keeps its bytes, its length and its checksum', () => {
    const { answer, json } = answerOf({
      shared: { posts: cards(30, 'Ingénieure données 数据分析 🚀') },
      tail: [{ likedByMe: true, note: 'Zoë ✓' }],
    })
    const { body, gzipped } = answerBytes(answer, true)
    expect(gzipped).toBe(true)
    expect(gunzipSync(body).toString('utf8')).toBe(json)
  })

  test('a small answer is sent as it is, even to a client that takes gzip', () => {
    const { answer, json } = answerOf({ shared: { jobs: [], nextCursor: null, truncated: false }, tail: [] })
    expect(Buffer.byteLength(json)).toBeLessThan(compressMinBytes)
    expect(answer.shared.deflated).toBeUndefined()
    expect(answerBytes(answer, true)).toEqual({ body: Buffer.from(json), gzipped: false })
  })

  test('a small shared part with a long tail is compressed whole', () => {
    const { answer, json } = answerOf({ shared: { jobs: [] }, tail: cards(40) })
    expect(answer.shared.deflated).toBeUndefined()
    const { body, gzipped } = answerBytes(answer, true)
    expect(gzipped).toBe(true)
    expect(gunzipSync(body).toString()).toBe(json)
  })

  test('gzip is taken by name or by a wildcard, unless its weight is zero', () => {
    expect(acceptsGzip('gzip, deflate, br')).toBe(true)
    expect(acceptsGzip('br;q=1.0, GZIP;q=0.5')).toBe(true)
    expect(acceptsGzip('*')).toBe(true)
    expect(acceptsGzip('gzip;q=0, *')).toBe(false)
    expect(acceptsGzip('deflate, br')).toBe(false)
    expect(acceptsGzip('identity')).toBe(false)
    expect(acceptsGzip(undefined)).toBe(false)
  })
})
