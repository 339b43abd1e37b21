// Live fan-out (issue 4; ARCHITECTURE.md budget: with 1,000 open event streams, a
// new post reaches every stream within 500 ms, p99). Opens STREAMS event streams on
// the real server (members signed in through the real endpoint, several tabs each),
// then makes POSTS posts one after another and times, for each, from sending the
// POST to each stream receiving it. The server runs in a process of its own
// (bench/server.ts), the streams and the POSTs come from this one.
//
//   npx tsx bench/live-fanout.ts                                                       # PGlite
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/live-fanout.ts  # PostgreSQL
//
// With SPAN_SECONDS=80 it keeps posting until that long after the streams opened,
// through the minute at which streams opened together re-check their sessions
// (issue 23), and reports the posts sent around that minute apart from the others.
import http from 'node:http'
import { fanEmail } from './seed.ts'
import { cookieHeader, engineFromEnv, startBenchServer } from './support.ts'

const streamCount = Number(process.env.STREAMS ?? 1000)
const postCount = Number(process.env.POSTS ?? 20)
const spanSeconds = Number(process.env.SPAN_SECONDS ?? 0)
// streams re-check their sessions a minute after they open (modules/live/session-rechecks.ts)
const recheckWindow = { fromSeconds: 58, toSeconds: 68 }
// under the per-IP sign-in limit (30 a minute): each member holds several tabs
const members = 25

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
}

async function main() {
  const bench = await startBenchServer(engineFromEnv(), { fans: members })
  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity })
  const cookies: string[] = []
  for (let i = 0; i < members; i++) cookies.push(cookieHeader((await bench.signIn(fanEmail(i))).cookies))

  // marker -> arrival times, one per stream
  const arrivals = new Map<string, number[]>()
  const requests: http.ClientRequest[] = []
  const opening = performance.now()
  let open = 0
  await new Promise<void>((resolve, reject) => {
    for (let i = 0; i < streamCount; i++) {
      const request = http.get(
        `${bench.baseUrl}/api/live`,
        { agent, headers: { cookie: cookies[i % members]!, accept: 'text/event-stream' } },
        (response) => {
          if (response.statusCode !== 200) return reject(new Error(`stream ${i} refused: ${response.statusCode}`))
          response.setEncoding('utf8')
          let first = true
          response.on('data', (chunk: string) => {
            if (first) {
              first = false
              if (++open === streamCount) resolve()
            }
            const now = performance.now()
            for (const match of chunk.matchAll(/fanout-marker-(\d+)/g)) arrivals.get(match[1]!)?.push(now)
          })
        },
      )
      request.on('error', reject)
      requests.push(request)
    }
  })
  console.log(`${open} streams open (${bench.kind})`)

  const author = cookies[0]!
  const toLast: number[] = []
  const all: number[] = []
  // with SPAN_SECONDS: each post's time to the last stream, by when it was sent (seconds after opening)
  const spanned: Array<{ sentAt: number; toLast: number }> = []
  const more = (n: number) => (spanSeconds > 0 ? performance.now() - opening < spanSeconds * 1000 : n < postCount)
  for (let n = 0; more(n); n++) {
    const marker = String(n)
    arrivals.set(marker, [])
    const form = new FormData()
    form.set('content', `fanout-marker-${marker}`)
    const sent = performance.now()
    const response = await fetch(`${bench.baseUrl}/api/community/posts`, {
      method: 'POST',
      body: form,
      headers: { cookie: author, origin: bench.baseUrl },
    })
    if (response.status !== 201) throw new Error(`post failed: ${response.status}`)
    const deadline = Date.now() + 10_000
    while (arrivals.get(marker)!.length < streamCount && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 5))
    const times = arrivals.get(marker)!.map((t) => t - sent)
    if (times.length < streamCount)
      console.log(`post ${n}: only ${times.length} of ${streamCount} streams received it within 10 s`)
    toLast.push(Math.max(...times))
    all.push(...times)
    spanned.push({ sentAt: (sent - opening) / 1000, toLast: Math.max(...times) })
    await new Promise((resolve) => setTimeout(resolve, 200))
  }

  all.sort((a, b) => a - b)
  toLast.sort((a, b) => a - b)
  console.log(`${streamCount} streams, ${toLast.length} posts, ${all.length} deliveries`)
  console.log(
    `POST to a stream: p50 ${percentile(all, 50).toFixed(0)} ms, p99 ${percentile(all, 99).toFixed(0)} ms, max ${all.at(-1)!.toFixed(0)} ms`,
  )
  console.log(
    `POST to the LAST stream, per post: p50 ${percentile(toLast, 50).toFixed(0)} ms, p99 ${percentile(toLast, 99).toFixed(0)} ms (goal < 500)`,
  )
  if (spanSeconds > 0) {
    const during = (post: { sentAt: number }) =>
      post.sentAt >= recheckWindow.fromSeconds && post.sentAt < recheckWindow.toSeconds
    for (const [label, posts] of [
      [
        `sent ${recheckWindow.fromSeconds}-${recheckWindow.toSeconds} s after opening (the re-check minute)`,
        spanned.filter(during),
      ],
      ['sent at any other time', spanned.filter((post) => !during(post))],
    ] as const) {
      const sorted = posts.map((post) => post.toLast).sort((a, b) => a - b)
      if (sorted.length === 0) continue
      console.log(
        `POST to the LAST stream, ${label}: ${sorted.length} posts, p50 ${percentile(sorted, 50).toFixed(0)} ms, max ${sorted.at(-1)!.toFixed(0)} ms`,
      )
    }
  }

  for (const request of requests) request.destroy()
  agent.destroy()
  await bench.close()
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
