import { constants, crc32, deflateRawSync, gzipSync } from 'node:zlib'
import type { Context, TypedResponse } from 'hono'

// Answers whose bulk is the same for every reader (the job board's cards, the
// community feed's posts; a reader's own marks are a few bytes beside them) are
// built and compressed once, when their cache entry is made, and each request
// adds only its reader's part (docs/decisions/034).
//
// A gzip member is a 10-byte header, a deflate stream and a trailer (the CRC-32 and
// the length of the plain bytes; RFC 1952). A deflate stream may be cut after any
// block that ends on a byte (a full flush) and continued with blocks of another
// compressor, so the shared part is deflated once, flushed and not finished, and a
// request appends its tail as a final block, continuing the CRC-32 over the tail.

/**
 * Answers below this many bytes go uncompressed (here and in platform/compress.ts):
 * with their headers (about 1 KB) they arrive in the first round trip either way,
 * and each zlib call costs a fixed 15-20 µs of CPU to save a few hundred bytes.
 * The figures are in the decision record.
 */
export const compressMinBytes = 1400

/**
 * The deflate level of the shared parts (once per cache entry): on the board's and
 * the feed's pages level 6 took no longer than 1 or 4 and came within 1 % of 9.
 */
const sharedDeflateLevel = 6

/**
 * The tail (a reader's own marks) is compressed on every request: a short one
 * goes as a stored block (copied: deflating a few hundred bytes costs more time
 * than the bytes it saves), a longer one at the fastest level with a small window,
 * which costs a fraction of the default's set-up and loses little on so short a text.
 */
const tailDeflateMinBytes = 512
const tailOptions = { level: 1, memLevel: 1, windowBits: 10 }

/** The shared part of an answer, packed once: its JSON text (an object left open), its CRC-32, its deflate. */
export type PackedJson = {
  /** UTF-8 of the JSON text without its closing brace, e.g. `{"jobs":[...],"nextCursor":null` */
  readonly plain: Buffer
  readonly crc: number
  /** Raw deflate of `plain`, ended by a full flush (byte-aligned, not final); absent when `plain` is small. */
  readonly deflated: Buffer | undefined
}

/**
 * An answer of type `T` as its shared part plus this reader's tail (the rest of
 * the object, e.g. `,"viewer":[...]}`): what a service returns and `packedJson`
 * sends. `T` only types the route for the web's client.
 */
export type PackedAnswer<T> = { readonly shared: PackedJson; readonly tail: string; readonly answerType?: T }

/** Packs `shared`, the part of an answer every reader gets (an object with at least one field), left open for each reader's own. */
export function packShared(shared: object): PackedJson {
  return packJson(JSON.stringify(shared).slice(0, -1))
}

/** The answer of `shared` (packed by `packShared`) closed by this reader's own field. */
export function withReaderField<T>(shared: PackedJson, field: keyof T & string, value: unknown): PackedAnswer<T> {
  return { shared, tail: `,${JSON.stringify(field)}:${JSON.stringify(value)}}` }
}

/** Packs `openObject`, the JSON text of an object without its closing brace. */
export function packJson(openObject: string): PackedJson {
  const plain = Buffer.from(openObject)
  return {
    plain,
    crc: crc32(plain),
    deflated:
      plain.length >= compressMinBytes
        ? deflateRawSync(plain, { level: sharedDeflateLevel, finishFlush: constants.Z_FULL_FLUSH })
        : undefined,
  }
}

/** Whether an Accept-Encoding header takes gzip (by name or `*`, with a weight above zero). */
export function acceptsGzip(acceptEncoding: string | undefined): boolean {
  if (!acceptEncoding) return false
  let wildcard = false
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...parameters] = part.split(';')
    const coding = name.trim().toLowerCase()
    if (coding !== 'gzip' && coding !== 'x-gzip' && coding !== '*') continue
    const weight = parameters.map((p) => p.trim().toLowerCase()).find((p) => p.startsWith('q='))
    const accepted = weight === undefined || Number(weight.slice(2)) > 0
    if (coding === '*') wildcard = accepted
    else return accepted
  }
  return wildcard
}

const gzipHeader = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff])

/** The answer's bytes: a gzip member when `gzip` and it is large enough, the plain JSON otherwise. */
export function answerBytes(answer: PackedAnswer<unknown>, gzip: boolean): { body: Buffer; gzipped: boolean } {
  const { shared } = answer
  const tail = Buffer.from(answer.tail)
  const length = shared.plain.length + tail.length
  if (!gzip || length < compressMinBytes) return { body: Buffer.concat([shared.plain, tail], length), gzipped: false }
  // a small shared part with a long tail: nothing packed to reuse, compressed whole now
  if (!shared.deflated)
    return { body: gzipSync(Buffer.concat([shared.plain, tail], length), { level: sharedDeflateLevel }), gzipped: true }
  const deflatedTail = tail.length >= tailDeflateMinBytes ? deflateRawSync(tail, tailOptions) : undefined
  const endLength = deflatedTail ? deflatedTail.length : 5 + tail.length
  const body = Buffer.allocUnsafe(gzipHeader.length + shared.deflated.length + endLength + 8)
  let at = gzipHeader.copy(body, 0)
  at += shared.deflated.copy(body, at)
  if (deflatedTail) at += deflatedTail.copy(body, at)
  else {
    // a final stored block (RFC 1951 3.2.4): BFINAL 1, BTYPE 00, then LEN and its complement
    body[at] = 1
    at = body.writeUInt16LE(tail.length, at + 1)
    at = body.writeUInt16LE(~tail.length & 0xffff, at)
    at += tail.copy(body, at)
  }
  at = body.writeUInt32LE(crc32(tail, shared.crc), at)
  // ISIZE: the plain length modulo 2^32
  body.writeUInt32LE(length % 2 ** 32, at)
  return { body, gzipped: true }
}

/**
 * Sends a packed answer as JSON, gzipped when the client takes gzip; the app's
 * compress middleware leaves an answer with a Content-Encoding alone. Typed as
 * `c.json(answer)` would be, so the web's typed client reads `T`.
 */
export function packedJson<T>(c: Context, answer: PackedAnswer<T>): Response & TypedResponse<T, 200, 'json'> {
  const { body, gzipped } = answerBytes(answer, acceptsGzip(c.req.header('accept-encoding')))
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    'Content-Length': String(body.length),
    Vary: 'Accept-Encoding',
  }
  if (gzipped) headers['Content-Encoding'] = 'gzip'
  // a Buffer is a Uint8Array, which @hono/node-server writes out as it is
  return c.body(body as Uint8Array<ArrayBuffer>, 200, headers) as unknown as Response & TypedResponse<T, 200, 'json'>
}
