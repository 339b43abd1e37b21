import type { TestClient } from './harness.ts'

export type ReceivedEvent = { id?: string; data: unknown }

/**
 * Opens the live-update stream as a browser's EventSource would, and reads its
 * messages as they arrive. `next(predicate)` waits for the first matching one.
 */
export async function openEventStream(client: TestClient, headers: Record<string, string> = {}) {
  const response = await client.request('GET', '/api/live', undefined, { accept: 'text/event-stream', ...headers })
  if (response.status !== 200 || !response.body)
    throw new Error(`event stream refused: ${response.status} ${await response.text()}`)
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader()
  const received: ReceivedEvent[] = []
  let buffer = ''
  let waiters: Array<() => void> = []
  let ended = false

  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read()
        if (done) break
        buffer += value
        let boundary: number
        while ((boundary = buffer.indexOf('\n\n')) >= 0) {
          const frame = buffer.slice(0, boundary)
          buffer = buffer.slice(boundary + 2)
          const lines = frame.split('\n')
          const data = lines.filter((l) => l.startsWith('data:')).map((l) => l.slice(5).trimStart())
          if (data.length === 0) continue // a heartbeat comment
          const id = lines
            .find((l) => l.startsWith('id:'))
            ?.slice(3)
            .trim()
          received.push({ id, data: JSON.parse(data.join('\n')) })
        }
        for (const wake of waiters) wake()
        waiters = []
      }
    } catch {
      // cancelled
    } finally {
      ended = true
      for (const wake of waiters) wake()
    }
  })()

  return {
    response,
    received,
    async next(predicate: (event: ReceivedEvent) => boolean, timeoutMs = 5000): Promise<ReceivedEvent> {
      const deadline = Date.now() + timeoutMs
      for (;;) {
        const found = received.find(predicate)
        if (found) return found
        if (ended) throw new Error('event stream ended')
        const left = deadline - Date.now()
        if (left <= 0)
          throw new Error(`no matching event within ${timeoutMs} ms; received: ${JSON.stringify(received)}`)
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left)
          waiters.push(() => {
            clearTimeout(timer)
            resolve()
          })
        })
      }
    },
    get ended() {
      return ended
    },
    close: () => reader.cancel().catch(() => {}),
  }
}
