import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { openEventStream } from '#server/testing/event-stream.ts'
import { createTestApp, type TestApp, type TestClient } from '#server/testing/harness.ts'
import { genericMessages, type ErrorBody } from '#shared/errors.ts'

const token = 'scrape-token-0123456789abcdef'

type Sample = { name: string; labels: Record<string, string>; value: number }

/**
 * Reads the Prometheus text format 0.0.4 strictly: every line is a HELP or TYPE
 * comment or a sample `name{label="value",...} number`; anything else throws.
 */
function parseExposition(text: string): { samples: Sample[]; types: Map<string, string> } {
  const samples: Sample[] = []
  const types = new Map<string, string>()
  const name = '[a-zA-Z_:][a-zA-Z0-9_:]*'
  const sample = new RegExp(`^(${name})(?:\\{(.*)\\})? (-?[0-9.e+-]+|\\+Inf|NaN)$`)
  expect(text.endsWith('\n')).toBe(true)
  for (const line of text.slice(0, -1).split('\n')) {
    if (line.startsWith('# HELP ')) continue
    const type = line.match(new RegExp(`^# TYPE (${name}) (counter|gauge|histogram|summary|untyped)$`))
    if (type) {
      types.set(type[1]!, type[2]!)
      continue
    }
    const match = line.match(sample)
    if (!match) throw new Error(`not a Prometheus line: ${line}`)
    const labels: Record<string, string> = {}
    for (const pair of (match[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)",?/g))
      labels[pair[1]!] = pair[2]!.replace(/\\n/g, '\n').replace(/\\(["\\])/g, '$1')
    samples.push({ name: match[1]!, labels, value: Number(match[3]) })
  }
  return { samples, types }
}

describe('the /metrics endpoint', () => {
  let t: TestApp
  let admin: TestClient
  let visitor: TestClient

  beforeAll(async () => {
    t = await createTestApp({ METRICS_TOKEN: token })
    admin = await t.signedIn({ admin: true })
    visitor = t.client()
  })
  afterAll(async () => {
    await t?.close()
  })

  const scrape = async (client: TestClient = visitor, headers: Record<string, string> = {}) => {
    const response = await client.request('GET', '/metrics', undefined, {
      authorization: `Bearer ${token}`,
      ...headers,
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8')
    return parseExposition(await response.text())
  }

  test('opens to the scrape token or an admin session, and to no one else', async () => {
    await scrape()
    await scrape(admin, { authorization: '' })

    const wrongToken = await visitor.request('GET', '/metrics', undefined, { authorization: 'Bearer not-the-token' })
    expect(wrongToken.status).toBe(401)
    expect(((await wrongToken.json()) as ErrorBody).error.message).toBe(genericMessages.authenticationRequired)
    // a wrong token is refused even beside an admin's session
    expect((await admin.request('GET', '/metrics', undefined, { authorization: 'Bearer wrong' })).status).toBe(401)

    expect((await visitor.get('/metrics')).status).toBe(401)
    const member = await t.signedIn({ subscribed: true })
    const refused = await member.get('/metrics')
    expect(refused.status).toBe(403)
    expect(((await refused.json()) as ErrorBody).error.message).toBe(genericMessages.adminRequired)
  })

  test('counts and times each request under its route pattern, never its raw path', async () => {
    const jobId = crypto.randomUUID()
    const subscriber = await t.signedIn({ subscribed: true })
    expect((await subscriber.get(`/api/jobs/${jobId}`)).status).toBe(404)
    expect((await visitor.get(`/api/jobs/${crypto.randomUUID()}`)).status).toBe(401)

    const { samples, types } = await scrape()
    expect(types.get('http_requests_total')).toBe('counter')
    expect(types.get('http_request_duration_seconds')).toBe('histogram')
    const counted = samples.filter(
      (s) => s.name === 'http_requests_total' && s.labels.route === '/api/jobs/:jobId' && s.labels.method === 'GET',
    )
    // the refusal in the access middleware is counted under the endpoint it was meant for
    expect(Object.fromEntries(counted.map((s) => [s.labels.status, s.value]))).toEqual({ '404': 1, '401': 1 })
    expect(samples.some((s) => Object.values(s.labels).some((value) => value.includes(jobId)))).toBe(false)
    const timed = samples.find(
      (s) => s.name === 'http_request_duration_seconds_count' && s.labels.route === '/api/jobs/:jobId',
    )
    expect(timed?.value).toBe(2)
    const infBucket = samples.find(
      (s) =>
        s.name === 'http_request_duration_seconds_bucket' &&
        s.labels.route === '/api/jobs/:jobId' &&
        s.labels.le === '+Inf',
    )
    expect(infBucket?.value).toBe(2)
  })

  test('reports open live streams, the job queues, the database and the process', async () => {
    const stream = await openEventStream(await t.signedIn())
    const openStreams = async () =>
      (await scrape()).samples.find((s) => s.name === 'http_event_streams_open' && s.labels.route === '/api/live')
        ?.value
    expect(await openStreams()).toBe(1)
    await stream.close()
    await expect.poll(openStreams).toBe(0)

    const { samples } = await scrape()
    const names = new Set(samples.map((s) => s.name))
    for (const name of ['process_resident_memory_bytes', 'process_uptime_seconds', 'nodejs_heap_size_used_bytes'])
      expect(names).toContain(name)
    expect(samples.find((s) => s.name === 'db_info')?.labels.engine).toBe(t.database.kind)
    // every product queue, with its waiting jobs (0 here)
    const mailQueued = samples.find(
      (s) => s.name === 'job_queue_jobs' && s.labels.queue === 'send-mail' && s.labels.state === 'created',
    )
    expect(mailQueued).toBeDefined()
    if (t.database.kind === 'postgres') {
      expect(samples.find((s) => s.name === 'db_pool_max_connections')?.value).toBe(4)
      expect(samples.find((s) => s.name === 'db_pool_waiting_clients')?.value).toBe(0)
    }
  })
})
