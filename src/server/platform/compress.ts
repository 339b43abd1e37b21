import { gzipSync } from 'node:zlib'
import type { Context, MiddlewareHandler } from 'hono'
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/utils/compress'
import { acceptsGzip, compressMinBytes } from '#server/platform/packed-json.ts'

// gzip for the answers built per request (docs/decisions/034).
// hono/compress pipes every answer through a CompressionStream at its default
// level: a stream and its promises per answer, and the finished answer rebuilt
// around it. JSON and HTML are built whole in memory here (c.json, c.html), so
// they are compressed in one call to zlib, at a level measured for answers made
// once and sent once; other text (CSV exports, metrics) may be a long stream and
// stays one, compressed as it flows. Event streams, answers already encoded (the
// packed board and feed, precompressed scripts) and small answers are left alone.

/**
 * zlib's level for answers compressed on every request: on the board's and the
 * feed's 6-7 KB answers level 6 took no more CPU than level 1 (about 40 µs) for 5 %
 * fewer bytes; CompressionStream took 330-530 µs for the same bytes (decision record).
 */
const answerGzipLevel = 6

const inMemoryType = /^\s*(?:application\/json|text\/html)\b/i
const noTransform = /(?:^|,)\s*no-transform\s*(?:,|$)/i

export function compressAnswers(): MiddlewareHandler {
  return async function compressAnswers(c, next) {
    await next()
    const res = c.res
    const type = res.headers.get('Content-Type')
    const length = res.headers.get('Content-Length')
    if (
      c.req.method === 'HEAD' ||
      res.status === 206 ||
      res.status === 204 ||
      !type ||
      !COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type) ||
      res.headers.has('Content-Encoding') ||
      res.headers.has('Transfer-Encoding') ||
      (length !== null && Number(length) < compressMinBytes) ||
      noTransform.test(res.headers.get('Cache-Control') ?? '')
    )
      return
    // the answer differs by Accept-Encoding whether or not this client takes gzip
    // (the API sets Vary before its handlers: decision 011)
    const vary = res.headers.get('Vary')
    if (!vary || !/\baccept-encoding\b/i.test(vary))
      res.headers.set('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding')
    if (!acceptsGzip(c.req.header('Accept-Encoding'))) return
    // c.json's and c.html's text, read before anything builds the answer's body stream
    const text = inMemoryType.test(type) ? pendingText(res) : undefined
    // smaller than compressing pays for (it had no Content-Length): sent as it is, untouched
    if (text !== undefined && Buffer.byteLength(text) < compressMinBytes) return
    if (text === undefined && !res.body) return

    const headers = new Headers(res.headers)
    headers.set('Content-Encoding', 'gzip')
    const etag = headers.get('ETag')
    if (etag && !etag.startsWith('W/')) headers.set('ETag', `W/${etag}`)
    let body: Uint8Array<ArrayBuffer> | ReadableStream<Uint8Array>
    if (text !== undefined) {
      body = gzipSync(text, { level: answerGzipLevel }) as Uint8Array<ArrayBuffer>
      headers.set('Content-Length', String(body.length))
    } else if (inMemoryType.test(type)) {
      const plain = new Uint8Array(await res.arrayBuffer())
      // (the same for an answer read from its body)
      if (plain.length < compressMinBytes) return replaceAnswer(c, new Response(plain, res))
      body = gzipSync(plain, { level: answerGzipLevel }) as Uint8Array<ArrayBuffer>
      headers.set('Content-Length', String(body.length))
    } else {
      // (an answer with neither text nor body returned above)
      body = res.body!.pipeThrough(new CompressionStream('gzip'))
      headers.delete('Content-Length')
    }
    replaceAnswer(c, new Response(body, { status: res.status, headers }))
  }
}

/**
 * The text an answer of @hono/node-server's was made with, while it is still its
 * lightweight stand-in (c.json and c.html under `serve`: status, text and headers,
 * written out as they are). Reading `.body` or `.arrayBuffer()` builds the real
 * Response and its body stream instead, which cost a small answer more than the rest
 * of its middleware together (the decision record on middleware cost). The stand-in
 * keeps them under a symbol of its own module, found once here; anything else
 * (app.request in tests, another version of the adapter) answers undefined and takes
 * the general path.
 */
function pendingText(res: Response): string | undefined {
  standInKey ??= Object.getOwnPropertySymbols(res).find((symbol) => symbol.description === 'cache')
  if (standInKey === undefined) return undefined
  const parts = (res as unknown as Record<symbol, unknown>)[standInKey]
  return Array.isArray(parts) && typeof parts[1] === 'string' ? parts[1] : undefined
}
let standInKey: symbol | undefined

/**
 * Hono's `c.res =` copies the answer it replaces into yet another Response (its
 * body as a stream); cleared first, the new answer is kept as it is: bytes that
 * @hono/node-server writes out in one call.
 */
function replaceAnswer(c: Context, answer: Response) {
  c.res = undefined
  c.res = answer
}
