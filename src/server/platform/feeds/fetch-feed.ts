import type { LookupAddress } from 'node:dns'
import { lookup } from 'node:dns/promises'
import http, { type IncomingMessage, type OutgoingHttpHeaders } from 'node:http'
import https from 'node:https'
import type { LookupFunction } from 'node:net'
import { classifyAddress, type AddressKind } from './ip-address.ts'

// The newsletter feed's URL is set by an admin, and the server fetches it itself
// (issue 18): the fetch must not become a way into the internal network, and a
// slow, huge or broken feed must fail quickly and cleanly, never hang a job or
// fill the memory. Every refusal is a FeedFetchError whose message an admin can read.

export type FeedFetchFailure =
  'url' | 'scheme' | 'address' | 'timeout' | 'too-large' | 'status' | 'redirects' | 'network'

export class FeedFetchError extends Error {
  constructor(
    readonly reason: FeedFetchFailure,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options)
    this.name = 'FeedFetchError'
  }
}

export type FetchFeedOptions = {
  /** The validators of the last good fetch, sent so an unchanged feed answers 304. */
  previous?: { etag?: string | null; lastModified?: string | null }
  /** Lets the feed be on 127.0.0.0/8 or ::1 (tests; a feed served on the same machine). */
  allowLoopback?: boolean
  /** Lets the feed be on a private network (10/8, 172.16/12, 192.168/16, fc00::/7, 100.64/10). */
  allowPrivate?: boolean
  /** For the whole fetch: name lookups, redirects, headers and body. */
  timeoutMs?: number
  maxBytes?: number
}

export type FetchedFeed =
  { status: 'fresh'; body: string; etag: string | null; lastModified: string | null } | { status: 'not-modified' }

const maxRedirects = 3
const redirectStatuses = new Set([301, 302, 303, 307, 308])

// Identity encoding only (no Accept-Encoding): the size limit then holds for the
// bytes we keep, with no decompression bomb to guard against.
const requestHeaders = {
  Accept: 'application/rss+xml, application/atom+xml, application/feed+json, application/xml;q=0.9, */*;q=0.8',
  'User-Agent': 'PrestigeLabs-FeedFetcher/1.0',
}

/**
 * Fetches a feed over http(s) from a public address (unless the options allow
 * loopback or private ones), following at most 3 redirects, within `timeoutMs`
 * and `maxBytes`. Answers 'not-modified' when `previous` still holds.
 */
export async function fetchFeed(url: string, options: FetchFeedOptions = {}): Promise<FetchedFeed> {
  const { previous, timeoutMs = 10_000, maxBytes = 5 * 1024 * 1024 } = options
  const deadline = AbortSignal.timeout(timeoutMs)
  const headers: OutgoingHttpHeaders = { ...requestHeaders }
  if (previous?.etag) headers['If-None-Match'] = previous.etag
  if (previous?.lastModified) headers['If-Modified-Since'] = previous.lastModified
  try {
    let target = feedUrl(url)
    for (let redirects = 0; ; redirects++) {
      const addresses = await beforeDeadline(vettedAddresses(target, options), deadline)
      const response = await send(target, addresses, headers, deadline)
      const status = response.statusCode ?? 0
      const location = response.headers.location
      if (redirectStatuses.has(status) && location) {
        response.destroy()
        if (redirects === maxRedirects)
          throw new FeedFetchError('redirects', `The feed redirected more than ${maxRedirects} times`)
        target = feedUrl(location, target)
        continue
      }
      if (status === 304) {
        response.destroy()
        return { status: 'not-modified' }
      }
      if (status < 200 || status >= 300) {
        response.destroy()
        const statusText = http.STATUS_CODES[status]
        throw new FeedFetchError('status', `The feed server answered ${status}${statusText ? ` ${statusText}` : ''}`)
      }
      const body = await readBody(response, maxBytes)
      return {
        status: 'fresh',
        body: decodeBody(body, response.headers['content-type']),
        etag: response.headers.etag ?? null,
        lastModified: response.headers['last-modified'] ?? null,
      }
    }
  } catch (error) {
    if (error instanceof FeedFetchError) throw error
    if (deadline.aborted)
      throw new FeedFetchError('timeout', `The feed took longer than ${duration(timeoutMs)} to answer`, {
        cause: error,
      })
    throw new FeedFetchError('network', `The connection to the feed server failed: ${(error as Error).message}`, {
      cause: error,
    })
  }
}

/** `text` as an absolute http(s) URL (resolved against `base`, for a redirect's Location). */
function feedUrl(text: string, base?: URL): URL {
  let url: URL
  try {
    url = new URL(text, base)
  } catch {
    throw new FeedFetchError('url', `The feed address is not a valid web address: ${text}`)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new FeedFetchError('scheme', `Only http and https feed addresses are allowed, not ${url.protocol}`)
  return url
}

const addressKindNames: Record<Exclude<AddressKind, 'public'>, string> = {
  loopback: 'a loopback address (this machine)',
  private: 'a private network address',
  shared: 'a shared (carrier-grade NAT) network address',
  'link-local': 'a link-local address',
  unspecified: 'an unspecified address',
  multicast: 'a multicast address',
  reserved: 'a reserved address',
}

/**
 * The addresses `url`'s host resolves to, when every one of them is allowed; the
 * request then connects only to these (`pinnedLookup`), so the name cannot be
 * made to resolve elsewhere between this check and the connection (DNS rebinding).
 */
async function vettedAddresses(url: URL, options: FetchFeedOptions): Promise<LookupAddress[]> {
  // an IPv6 literal's brackets are URL syntax, not part of the address
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1')
  let addresses: LookupAddress[]
  try {
    addresses = await lookup(host, { all: true })
  } catch (error) {
    throw new FeedFetchError('network', `The feed's host name ${host} could not be found`, { cause: error })
  }
  for (const { address } of addresses) {
    const kind = classifyAddress(address)
    const allowed =
      kind === 'public' ||
      (kind === 'loopback' && options.allowLoopback) ||
      ((kind === 'private' || kind === 'shared') && options.allowPrivate)
    if (!allowed) {
      const kindName = addressKindNames[kind as Exclude<AddressKind, 'public'>]
      const where = address === host ? `The feed's address ${host} is` : `The feed's host ${host} is at ${address},`
      throw new FeedFetchError('address', `${where} ${kindName}: feeds must be on the public internet`)
    }
  }
  return addresses
}

/** A `lookup` for node:http that answers with the addresses already checked, whatever DNS says now. */
function pinnedLookup(addresses: LookupAddress[]): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) callback(null, addresses)
    else callback(null, addresses[0]!.address, addresses[0]!.family)
  }
}

function send(
  url: URL,
  addresses: LookupAddress[],
  headers: OutgoingHttpHeaders,
  deadline: AbortSignal,
): Promise<IncomingMessage> {
  const client = url.protocol === 'https:' ? https : http
  return new Promise((resolve, reject) => {
    // The URL keeps the host name, so the Host header and the TLS server name (and
    // its certificate check) are the feed's own. No agent: a fresh connection each
    // time, none pooled across fetches. The signal also ends the body's stream.
    const request = client.request(url, { headers, lookup: pinnedLookup(addresses), agent: false, signal: deadline })
    request.once('response', resolve)
    request.once('error', reject)
    request.end()
  })
}

/** The body, refused as soon as it passes `maxBytes` (the connection is closed, nothing more is read). */
async function readBody(response: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const tooLarge = () => new FeedFetchError('too-large', `The feed is larger than ${size(maxBytes)}`)
  if (Number(response.headers['content-length']) > maxBytes) {
    response.destroy()
    throw tooLarge()
  }
  const chunks: Buffer[] = []
  let received = 0
  for await (const chunk of response as AsyncIterable<Buffer>) {
    received += chunk.length
    // leaving the loop destroys the response and its connection
    if (received > maxBytes) throw tooLarge()
    chunks.push(chunk)
  }
  return Buffer.concat(chunks, received)
}

/**
 * The body as text: in the charset the Content-Type names (it wins, RFC 7303), else
 * the one the XML declaration names, else UTF-8. An unknown charset reads as UTF-8.
 */
function decodeBody(bytes: Buffer, contentType: string | undefined): string {
  const declared =
    contentType?.match(/;\s*charset\s*=\s*"?([\w.:-]+)/i)?.[1] ??
    // the declaration is ASCII in every charset it can name, so latin1 reads it
    bytes
      .subarray(0, 256)
      .toString('latin1')
      .match(/^\s*<\?xml[^>]*?\sencoding\s*=\s*["']([\w.:-]+)["']/)?.[1]
  let decoder: TextDecoder
  try {
    decoder = new TextDecoder(declared ?? 'utf-8')
  } catch {
    decoder = new TextDecoder('utf-8')
  }
  return decoder.decode(bytes)
}

const duration = (ms: number) => (ms < 1000 ? `${ms} ms` : `${+(ms / 1000).toFixed(1)} s`)

const size = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${+(bytes / 1024 / 1024).toFixed(1)} MB` : `${+(bytes / 1024).toFixed(1)} KB`

/** `work`, or the deadline's rejection if it passes first (a name lookup cannot itself be cancelled). */
function beforeDeadline<T>(work: Promise<T>, deadline: AbortSignal): Promise<T> {
  return new Promise((resolve, reject) => {
    deadline.throwIfAborted()
    const abort = () => reject(deadline.reason)
    deadline.addEventListener('abort', abort, { once: true })
    work.then(resolve, reject).finally(() => deadline.removeEventListener('abort', abort))
  })
}
