import type { Deps } from '#server/platform/context.ts'

// Every open event stream re-reads its session once a minute: a revoked session
// ends its stream, a lapsed subscription stops its topics, within that minute.
// Streams are opened together (every browser reconnects at once after a restart
// or a deploy), and a timer per stream kept them together: a burst of one
// database read per stream, all in the same moment, every minute (issue 23).
// One wheel per instance instead: `slots` ticks a turn, each stream in the slot
// with the fewest, so each tick re-checks about 1/slots of the streams and each
// stream is re-checked once a turn, the first time within a turn of opening.

const sessionRecheckMs = 60_000
const slotsPerTurn = 60

/** Calls `tick` every `intervalMs` until the returned stop is called. */
export type Ticker = (intervalMs: number, tick: () => void) => () => void

const intervalTicker: Ticker = (intervalMs, tick) => {
  const timer = setInterval(tick, intervalMs)
  // the streams keep the process alive, not their re-checks
  timer.unref()
  return () => clearInterval(timer)
}

export type RecheckWheel = {
  /** Runs `check` once a turn from now on; returns its removal. */
  add(check: () => void): () => void
}

export function createRecheckWheel({
  turnMs = sessionRecheckMs,
  slots = slotsPerTurn,
  ticker = intervalTicker,
}: { turnMs?: number; slots?: number; ticker?: Ticker } = {}): RecheckWheel {
  const wheel = Array.from({ length: slots }, () => new Set<{ check: () => void }>())
  let cursor = 0
  let size = 0
  let stop: (() => void) | undefined

  const tick = () => {
    cursor = (cursor + 1) % slots
    for (const entry of wheel[cursor]!) entry.check()
  }

  return {
    add(check) {
      // the fewest, looking from the slot after the cursor: ties go to the slot whose turn comes first
      let chosen = (cursor + 1) % slots
      for (let step = 2; step <= slots; step++) {
        const slot = (cursor + step) % slots
        if (wheel[slot]!.size < wheel[chosen]!.size) chosen = slot
      }
      const slot = wheel[chosen]!
      const entry = { check }
      slot.add(entry)
      size++
      // no timer while no stream is open (an idle instance, a test's app)
      stop ??= ticker(turnMs / slots, tick)
      return () => {
        if (!slot.delete(entry)) return
        if (--size === 0) {
          stop?.()
          stop = undefined
        }
      }
    },
  }
}

const wheels = new WeakMap<Deps, RecheckWheel>()

/** This app's wheel (tests with apps of their own never share one). */
export function sessionRechecksOf(deps: Deps): RecheckWheel {
  let wheel = wheels.get(deps)
  if (!wheel) wheels.set(deps, (wheel = createRecheckWheel()))
  return wheel
}

/** Gives this app a wheel of the caller's: a test turns it by hand instead of waiting a minute. */
export function useSessionRechecks(deps: Deps, wheel: RecheckWheel): void {
  wheels.set(deps, wheel)
}
