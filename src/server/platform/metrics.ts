import { createHash, timingSafeEqual } from 'node:crypto'
import type { Context, MiddlewareHandler } from 'hono'
import { matchedRoutes } from 'hono/route'
import { sql } from 'drizzle-orm'
import type { Database } from '#server/db/client.ts'
import { AppError } from '#server/platform/app-error.ts'
import { genericMessages } from '#shared/errors.ts'

// What an operator watches (issue 23 §6): requests and their latency by route,
// the database pool, open event streams, the job queue, the process. Written in
// the Prometheus text exposition format 0.0.4 by hand: a few counters and one
// histogram do not need a client library. Routes are Hono's route PATTERNS
// (/api/jobs/:jobId), never raw paths, so the series stay few whatever the
// clients ask for.

/** Prometheus's default latency buckets, in seconds. */
const latencyBuckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

/** The content type of the text format a Prometheus server scrapes. */
export const metricsContentType = 'text/plain; version=0.0.4; charset=utf-8'

type Histogram = { method: string; route: string; buckets: number[]; sum: number; count: number }

export type Metrics = {
  /** Counts and times every request; registered first, so it sees the final answer. */
  measure: MiddlewareHandler
  /** The exposition: the request series, then the gauges read now. */
  render(): Promise<string>
}

/** A label value escaped as the text format wants it. */
function escapeLabel(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')
}

function labels(pairs: Record<string, string>): string {
  const inner = Object.entries(pairs)
    .map(([name, value]) => `${name}="${escapeLabel(value)}"`)
    .join(',')
  return inner ? `{${inner}}` : ''
}

/**
 * The route pattern a request went to: the endpoint Hono matched for its method
 * (even when a middleware refused it before the endpoint ran), else the catch-all
 * that answered (`/api/*`, `*`).
 */
function routePatternOf(c: Context): string {
  const matched = matchedRoutes(c)
  const endpoint = matched.find((route) => route.method !== 'ALL')
  return endpoint?.path ?? matched[c.req.routeIndex]?.path ?? 'unmatched'
}

/** Queued, retrying, running and failed jobs per product queue (pg-boss's own cron hand-off left out). */
async function queueDepth(database: Database): Promise<Array<{ name: string; state: string; count: number }>> {
  const result = (await database.db.execute(sql`
    select q.name, s.state, count(j.id)::int as count
    from pgboss.queue q
    cross join unnest(array['created', 'retry', 'active', 'failed']) as s(state)
    left join pgboss.job j on j.name = q.name and j.state::text = s.state
    where not starts_with(q.name, '__pgboss__')
    group by q.name, s.state
    order by q.name, s.state
  `)) as unknown as { rows: Array<{ name: string; state: string; count: number }> }
  return result.rows
}

export function createMetrics(options: { database: Database }): Metrics {
  const { database } = options
  const requests = new Map<string, { method: string; route: string; status: string; count: number }>()
  const latencies = new Map<string, Histogram>()
  const openStreams = new Map<string, number>()

  const record = (method: string, route: string, status: number, seconds: number) => {
    const counterKey = `${method} ${route} ${status}`
    const counter = requests.get(counterKey)
    if (counter) counter.count++
    else requests.set(counterKey, { method, route, status: String(status), count: 1 })
    const histogramKey = `${method} ${route}`
    let histogram = latencies.get(histogramKey)
    if (!histogram) {
      histogram = { method, route, buckets: latencyBuckets.map(() => 0), sum: 0, count: 0 }
      latencies.set(histogramKey, histogram)
    }
    for (let index = 0; index < latencyBuckets.length; index++)
      if (seconds <= latencyBuckets[index]!) histogram.buckets[index]!++
    histogram.sum += seconds
    histogram.count++
  }

  // An event stream's answer is sent at once and its body runs until the client
  // leaves or the server stops: counted open while the body is being read.
  const countWhileOpen = (c: Context, route: string) => {
    const source = c.res.body!.getReader()
    openStreams.set(route, (openStreams.get(route) ?? 0) + 1)
    let open = true
    const ended = () => {
      if (!open) return
      open = false
      openStreams.set(route, openStreams.get(route)! - 1)
    }
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        try {
          const { done, value } = await source.read()
          if (done) {
            ended()
            controller.close()
          } else controller.enqueue(value)
        } catch (error) {
          ended()
          controller.error(error)
        }
      },
      cancel(reason) {
        ended()
        return source.cancel(reason)
      },
    })
    c.res = new Response(body, c.res)
  }

  const measure: MiddlewareHandler = async (c, next) => {
    const started = performance.now()
    await next()
    const route = routePatternOf(c)
    record(c.req.method, route, c.res.status, (performance.now() - started) / 1000)
    // (a HEAD answer's body is dropped unread: no stream stays open)
    // (the content type first: `.body` turns @hono/node-server's lightweight answer into a real Response)
    if (c.req.method !== 'HEAD' && c.res.headers.get('content-type')?.startsWith('text/event-stream') && c.res.body)
      countWhileOpen(c, route)
  }

  const render = async () => {
    const lines: string[] = []
    const family = (name: string, type: 'counter' | 'gauge' | 'histogram', help: string) =>
      lines.push(`# HELP ${name} ${help}`, `# TYPE ${name} ${type}`)

    family('http_requests_total', 'counter', 'HTTP requests answered, by method, route pattern and status.')
    for (const { method, route, status, count } of requests.values())
      lines.push(`http_requests_total${labels({ method, route, status })} ${count}`)

    family('http_request_duration_seconds', 'histogram', 'Time to the answer (an event stream: to its first byte).')
    for (const { method, route, buckets, sum, count } of latencies.values()) {
      latencyBuckets.forEach((bound, index) =>
        lines.push(
          `http_request_duration_seconds_bucket${labels({ method, route, le: String(bound) })} ${buckets[index]}`,
        ),
      )
      lines.push(`http_request_duration_seconds_bucket${labels({ method, route, le: '+Inf' })} ${count}`)
      lines.push(`http_request_duration_seconds_sum${labels({ method, route })} ${sum}`)
      lines.push(`http_request_duration_seconds_count${labels({ method, route })} ${count}`)
    }

    family('http_event_streams_open', 'gauge', 'Server-Sent Event streams open now (live updates), by route pattern.')
    for (const [route, open] of openStreams) lines.push(`http_event_streams_open${labels({ route })} ${open}`)

    family('db_info', 'gauge', 'The database engine: pglite (embedded, one connection) or postgres (a pool).')
    lines.push(`db_info${labels({ engine: database.kind })} 1`)
    if (database.pool) {
      const { totalCount, idleCount } = database.pool
      family('db_pool_connections', 'gauge', 'Connections of the PostgreSQL pool, by state.')
      lines.push(`db_pool_connections${labels({ state: 'idle' })} ${idleCount}`)
      lines.push(`db_pool_connections${labels({ state: 'in_use' })} ${totalCount - idleCount}`)
      family('db_pool_max_connections', 'gauge', 'The most connections the PostgreSQL pool opens.')
      lines.push(`db_pool_max_connections ${database.pool.options.max}`)
      family('db_pool_waiting_clients', 'gauge', 'Queries and transactions waiting for a free connection of the pool.')
      lines.push(`db_pool_waiting_clients ${database.poolWaiting?.() ?? database.pool.waitingCount}`)
    }

    family('job_queue_jobs', 'gauge', 'Background jobs by queue and pg-boss state (created: waiting to run).')
    for (const { name, state, count } of await queueDepth(database))
      lines.push(`job_queue_jobs${labels({ queue: name, state })} ${count}`)

    const memory = process.memoryUsage()
    family('process_resident_memory_bytes', 'gauge', 'Resident memory of the server process.')
    lines.push(`process_resident_memory_bytes ${memory.rss}`)
    family('nodejs_heap_size_used_bytes', 'gauge', 'JavaScript heap in use.')
    lines.push(`nodejs_heap_size_used_bytes ${memory.heapUsed}`)
    family('nodejs_heap_size_total_bytes', 'gauge', 'JavaScript heap reserved.')
    lines.push(`nodejs_heap_size_total_bytes ${memory.heapTotal}`)
    family(
      'nodejs_external_memory_bytes',
      'gauge',
      'Memory outside the heap (buffers; PGlite keeps its database memory here).',
    )
    lines.push(`nodejs_external_memory_bytes ${memory.external}`)
    family('process_start_time_seconds', 'gauge', 'When the process started, seconds since the Unix epoch.')
    lines.push(`process_start_time_seconds ${Math.round(Date.now() / 1000 - process.uptime())}`)
    family('process_uptime_seconds', 'gauge', 'Seconds since the process started.')
    lines.push(`process_uptime_seconds ${process.uptime()}`)
    return lines.join('\n') + '\n'
  }

  return { measure, render }
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest()
}

/**
 * Who may read /metrics: a scraper sending `Authorization: Bearer <METRICS_TOKEN>`
 * (compared in constant time), else whoever `otherwise` lets in (the API's own
 * session and access check: admins). A bearer token that is not the one is refused
 * outright, whatever session comes with it.
 */
export function metricsAccess(token: string | undefined, otherwise: MiddlewareHandler): MiddlewareHandler {
  const expected = token === undefined ? undefined : digest(token)
  return async (c, next) => {
    const presented = c.req.header('authorization')?.match(/^Bearer\s+(\S+)\s*$/i)?.[1]
    if (presented === undefined) return otherwise(c, next)
    if (!expected || !timingSafeEqual(digest(presented), expected))
      throw new AppError('UNAUTHORIZED', genericMessages.authenticationRequired)
    await next()
  }
}
