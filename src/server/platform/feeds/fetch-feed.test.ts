import { readFile } from 'node:fs/promises'
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest'
import { fixturePath } from '#server/testing/files.ts'
import { freePort } from '#server/testing/free-port.ts'
import { FeedFetchError, fetchFeed, type FeedFetchFailure, type FetchFeedOptions } from './fetch-feed.ts'
import { parseFeed } from './parse-feed.ts'

// Names under .test never resolve for real (RFC 6761): only this stand-in answers them.
const standInAddresses: Record<string, string[]> = {
  'pinned.test': ['127.0.0.1'],
  'intranet.test': ['93.184.215.14', '10.0.0.5'],
}
vi.mock('node:dns/promises', async (importOriginal) => {
  const dns = await importOriginal<typeof import('node:dns/promises')>()
  const lookup = (hostname: string, options: { all: true }) => {
    const addresses = standInAddresses[hostname]
    return addresses
      ? Promise.resolve(addresses.map((address) => ({ address, family: 4 })))
      : dns.lookup(hostname, options)
  }
  return { ...dns, lookup }
})

const etag = '"substack-v1"'
const lastModified = 'Wed, 14 Jan 2026 15:42:15 GMT'
const hugeBytes = 20 * 1024 * 1024

// What the server saw: every request, and how the long answers ended.
let requests: Array<{ path: string; headers: IncomingHttpHeaders }> = []
let huge: { sent: number; finished: boolean; closed: boolean }
let hanging: { closed: boolean }

const latin1Feed = (declaration: string) =>
  Buffer.from(
    `${declaration}<rss version="2.0"><channel><title>Café Müller</title>` +
      '<item><title>Crème brûlée à gogo</title><link>https://example.com/creme</link></item></channel></rss>',
    'latin1',
  )

function drainedOrClosed(response: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      response.off('drain', done).off('close', done)
      resolve()
    }
    response.on('drain', done).on('close', done)
  })
}

async function serveHuge(response: ServerResponse) {
  huge = { sent: 0, finished: false, closed: false }
  response.on('finish', () => (huge.finished = true))
  response.on('close', () => (huge.closed = true))
  // no Content-Length: the limit has to hold while the body streams in
  response.writeHead(200, { 'Content-Type': 'application/rss+xml' })
  const chunk = Buffer.alloc(64 * 1024, ' ')
  while (huge.sent < hugeBytes && !response.destroyed) {
    huge.sent += chunk.length
    if (!response.write(chunk)) await drainedOrClosed(response)
  }
  response.end()
}

const routes: Record<string, (response: ServerResponse, headers: IncomingHttpHeaders) => unknown> = {
  '/substack': async (response, headers) => {
    if (headers['if-none-match'] === etag || headers['if-modified-since'] === lastModified)
      return response.writeHead(304).end()
    response.writeHead(200, {
      'Content-Type': 'application/rss+xml; charset=utf-8',
      ETag: etag,
      'Last-Modified': lastModified,
    })
    response.end(await readFile(fixturePath('feeds', 'substack_pennspark.rss.xml')))
  },
  // no charset anywhere: UTF-8
  '/heise': async (response) => {
    response.writeHead(200, { 'Content-Type': 'application/atom+xml' })
    response.end(await readFile(fixturePath('feeds', 'heise_developer.atom.xml')))
  },
  '/latin1-declared': (response) => {
    response.writeHead(200, { 'Content-Type': 'application/rss+xml' })
    response.end(latin1Feed('<?xml version="1.0" encoding="ISO-8859-1"?>'))
  },
  '/latin1-content-type': (response) => {
    response.writeHead(200, { 'Content-Type': 'text/xml; charset=iso-8859-1' })
    response.end(latin1Feed(''))
  },
  '/redirect-3': (response) => response.writeHead(301, { Location: '/redirect-2' }).end(),
  '/redirect-2': (response) => response.writeHead(302, { Location: '/redirect-1' }).end(),
  '/redirect-1': (response) => response.writeHead(307, { Location: '/substack' }).end(),
  '/redirect-4': (response) => response.writeHead(308, { Location: '/redirect-3' }).end(),
  '/redirect-to-private': (response) => response.writeHead(302, { Location: 'http://10.0.0.1/feed' }).end(),
  '/redirect-to-metadata': (response) =>
    response.writeHead(302, { Location: 'http://[::ffff:169.254.169.254]/latest/meta-data/' }).end(),
  '/redirect-to-file': (response) => response.writeHead(302, { Location: 'file:///etc/passwd' }).end(),
  '/huge': serveHuge,
  '/huge-declared': (response) => {
    response.writeHead(200, { 'Content-Type': 'application/rss+xml', 'Content-Length': hugeBytes })
    response.end()
  },
  '/hang-after-headers': (response) => {
    hanging = { closed: false }
    response.on('close', () => (hanging.closed = true))
    response.writeHead(200, { 'Content-Type': 'application/rss+xml' })
    response.write('<?xml version="1.0"?><rss version="2.0"><channel>')
  },
  '/hang-before-headers': (response) => {
    hanging = { closed: false }
    response.on('close', () => (hanging.closed = true))
  },
  '/missing': (response) => response.writeHead(404).end('Not here'),
  '/broken': (response) => response.writeHead(500).end(),
}

let server: Server
let port: number
const local = (path: string) => `http://127.0.0.1:${port}${path}`
const loopback: FetchFeedOptions = { allowLoopback: true }

beforeAll(async () => {
  server = createServer((request, response) => {
    const path = request.url ?? '/'
    requests.push({ path, headers: request.headers })
    const route = routes[path]
    if (route) void route(response, request.headers)
    else response.writeHead(404).end()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  port = (server.address() as AddressInfo).port
})

afterAll(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
})

beforeEach(() => {
  requests = []
})

/** The FeedFetchError `fetching` failed with, checked to be for `reason`. */
async function refusal(fetching: Promise<unknown>, reason: FeedFetchFailure): Promise<FeedFetchError> {
  const error = await fetching.then(
    () => undefined,
    (failure: unknown) => failure,
  )
  expect(error).toBeInstanceOf(FeedFetchError)
  expect((error as FeedFetchError).reason).toBe(reason)
  return error as FeedFetchError
}

describe('fetching the newsletter feed', () => {
  test('a feed is fetched with its validators, and asking again with them answers not modified', async () => {
    const first = await fetchFeed(local('/substack'), loopback)
    expect(first).toMatchObject({ status: 'fresh', etag, lastModified })
    if (first.status !== 'fresh') throw new Error('expected a fresh feed')
    expect(parseFeed(first.body).items).toHaveLength(18)

    const again = await fetchFeed(local('/substack'), { ...loopback, previous: { etag, lastModified } })
    expect(again).toEqual({ status: 'not-modified' })
    expect(requests[1]!.headers).toMatchObject({ 'if-none-match': etag, 'if-modified-since': lastModified })

    const byDateOnly = await fetchFeed(local('/substack'), { ...loopback, previous: { etag: null, lastModified } })
    expect(byDateOnly).toEqual({ status: 'not-modified' })
    expect(requests[2]!.headers['if-none-match']).toBeUndefined()
  })

  test('a feed named by host name is asked for under that name', async () => {
    const fetched = await fetchFeed(`http://localhost:${port}/heise`, loopback)
    expect(fetched.status).toBe('fresh')
    expect(requests[0]!.headers.host).toBe(`localhost:${port}`)
  })

  test('the connection goes to the address that was checked, never to a second lookup', async () => {
    // the system resolver cannot find pinned.test: the server is reached only through the checked address
    const fetched = await fetchFeed(`http://pinned.test:${port}/heise`, loopback)
    expect(fetched.status).toBe('fresh')
    expect(requests[0]!.headers.host).toBe(`pinned.test:${port}`)
  })

  test('a host name with any private address among its addresses is refused', async () => {
    const error = await refusal(fetchFeed('http://intranet.test/feed'), 'address')
    expect(error.message).toBe(
      "The feed's host intranet.test is at 10.0.0.5, a private network address: feeds must be on the public internet",
    )
  })

  test('a feed without a charset is read as UTF-8', async () => {
    const fetched = await fetchFeed(local('/heise'), loopback)
    if (fetched.status !== 'fresh') throw new Error('expected a fresh feed')
    expect(parseFeed(fetched.body).items[4]!.title).toBe(
      'Änderungen bei der Authentifizierung in Microsofts v2.0 App Model',
    )
  })

  test.each(['/latin1-declared', '/latin1-content-type'])('a Latin-1 feed (%s) is decoded right', async (path) => {
    const fetched = await fetchFeed(local(path), loopback)
    if (fetched.status !== 'fresh') throw new Error('expected a fresh feed')
    const feed = parseFeed(fetched.body)
    expect(feed.title).toBe('Café Müller')
    expect(feed.items[0]!.title).toBe('Crème brûlée à gogo')
  })

  test('up to 3 redirects are followed', async () => {
    const fetched = await fetchFeed(local('/redirect-3'), loopback)
    expect(fetched.status).toBe('fresh')
    expect(requests.map((request) => request.path)).toEqual(['/redirect-3', '/redirect-2', '/redirect-1', '/substack'])
  })

  test('a fourth redirect is refused', async () => {
    const error = await refusal(fetchFeed(local('/redirect-4'), loopback), 'redirects')
    expect(error.message).toBe('The feed redirected more than 3 times')
    expect(requests).toHaveLength(4)
  })

  test.each([
    [
      '/redirect-to-private',
      'address',
      "The feed's address 10.0.0.1 is a private network address: feeds must be on the public internet",
    ],
    ['/redirect-to-metadata', 'address', "The feed's address ::ffff:a9fe:a9fe is a link-local address"],
    ['/redirect-to-file', 'scheme', 'Only http and https feed addresses are allowed, not file:'],
  ] as const)('a redirect to where a feed may not be (%s) is checked and refused', async (path, reason, message) => {
    const error = await refusal(fetchFeed(local(path), loopback), reason)
    expect(error.message).toContain(message)
  })

  test('a 20 MB body is cut off as soon as it passes the 5 MB limit', async () => {
    const error = await refusal(fetchFeed(local('/huge'), loopback), 'too-large')
    expect(error.message).toBe('The feed is larger than 5 MB')
    await expect.poll(() => huge.closed).toBe(true)
    expect(huge.finished).toBe(false)
    expect(huge.sent).toBeLessThan(hugeBytes / 2)
  })

  test('a body declared larger than the limit is refused before it is read', async () => {
    const error = await refusal(fetchFeed(local('/huge-declared'), { ...loopback, maxBytes: 1024 * 1024 }), 'too-large')
    expect(error.message).toBe('The feed is larger than 1 MB')
  })

  test.each(['/hang-after-headers', '/hang-before-headers'])(
    'a server that stops answering (%s) is cut off at the timeout',
    async (path) => {
      const error = await refusal(fetchFeed(local(path), { ...loopback, timeoutMs: 300 }), 'timeout')
      expect(error.message).toBe('The feed took longer than 300 ms to answer')
      await expect.poll(() => hanging.closed).toBe(true)
    },
  )

  test.each([
    ['/missing', 'The feed server answered 404 Not Found'],
    ['/broken', 'The feed server answered 500 Internal Server Error'],
  ])('an error answer (%s) is refused', async (path, message) => {
    const error = await refusal(fetchFeed(local(path), loopback), 'status')
    expect(error.message).toBe(message)
  })

  test('a server that is not there is a network failure', async () => {
    const closedPort = await freePort()
    const error = await refusal(fetchFeed(`http://127.0.0.1:${closedPort}/feed`, loopback), 'network')
    expect(error.message).toBe(`The connection to the feed server failed: connect ECONNREFUSED 127.0.0.1:${closedPort}`)
  })
})

describe('what the fetcher refuses before connecting', () => {
  test.each(['ftp://example.com/feed.xml', 'file:///etc/passwd', 'javascript:alert(1)', 'data:text/xml,<rss/>'])(
    'a %s address is refused by its scheme',
    async (url) => {
      const error = await refusal(fetchFeed(url), 'scheme')
      expect(error.message).toMatch(/^Only http and https feed addresses are allowed, not [a-z]+:$/)
    },
  )

  test('text that is no address is refused', async () => {
    const error = await refusal(fetchFeed('not a feed address'), 'url')
    expect(error.message).toBe('The feed address is not a valid web address: not a feed address')
  })

  test.each(['127.0.0.1', 'localhost', '[::1]'])(
    'this machine (%s) is refused unless loopback is allowed',
    async (host) => {
      const error = await refusal(fetchFeed(`http://${host}:${port}/substack`), 'address')
      expect(error.message).toMatch(
        /^The feed's (address 127\.0\.0\.1 is|host localhost is at (127\.0\.0\.1|::1),|address ::1 is) a loopback address \(this machine\): feeds must be on the public internet$/,
      )
      expect(requests).toEqual([])
    },
  )

  test.each([
    ['http://10.1.2.3/feed', 'a private network address'],
    ['http://192.168.1.1/feed', 'a private network address'],
    ['http://100.100.100.100/feed', 'a shared (carrier-grade NAT) network address'],
    ['http://169.254.169.254/latest/meta-data/', 'a link-local address'],
    ['http://[fe80::1]/feed', 'a link-local address'],
    ['http://[::ffff:10.0.0.1]/feed', 'a private network address'],
    ['http://0.0.0.0/feed', 'an unspecified address'],
    ['http://224.0.0.1/feed', 'a multicast address'],
  ])('%s is refused as %s', async (url, kind) => {
    const error = await refusal(fetchFeed(url, loopback), 'address')
    expect(error.message).toContain(kind)
  })
})
