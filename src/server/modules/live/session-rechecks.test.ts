import { describe, expect, test } from 'vitest'
import { createRecheckWheel, type Ticker } from './session-rechecks.ts'

/** A ticker turned by hand: `tick()` is one interval gone by. */
function handTicker() {
  const state = { running: 0, intervalMs: 0, tick: () => {} }
  const ticker: Ticker = (intervalMs, tick) => {
    state.running++
    state.intervalMs = intervalMs
    state.tick = tick
    return () => {
      state.running--
      state.tick = () => {}
    }
  }
  return { ticker, state, tick: () => state.tick() }
}

describe('session re-checks of the live streams', () => {
  test('streams opened at the same moment are re-checked spread over the minute, each once a minute', () => {
    const hand = handTicker()
    const wheel = createRecheckWheel({ turnMs: 60_000, slots: 60, ticker: hand.ticker })
    const checks = new Array<number>(1000).fill(0)
    checks.forEach((_, stream) => wheel.add(() => checks[stream]!++))
    expect(hand.state).toMatchObject({ running: 1, intervalMs: 1000 })

    const perTick: number[] = []
    for (let second = 0; second < 60; second++) {
      const before = checks.reduce((sum, n) => sum + n, 0)
      hand.tick()
      perTick.push(checks.reduce((sum, n) => sum + n, 0) - before)
    }
    // 1,000 over 60 ticks: 16 or 17 a tick, never the whole crowd at once
    expect(Math.min(...perTick)).toBe(16)
    expect(Math.max(...perTick)).toBe(17)
    expect(checks.every((n) => n === 1)).toBe(true)
  })

  test('a stream opened mid-minute is re-checked within the minute, and its removal stops it', () => {
    const hand = handTicker()
    const wheel = createRecheckWheel({ turnMs: 60_000, slots: 60, ticker: hand.ticker })
    for (let stream = 0; stream < 90; stream++) wheel.add(() => {})
    for (let second = 0; second < 23; second++) hand.tick()

    let late = 0
    const remove = wheel.add(() => late++)
    let ticks = 0
    while (late === 0 && ticks < 60) {
      hand.tick()
      ticks++
    }
    expect(late).toBe(1)
    for (let second = 0; second < 60; second++) hand.tick()
    expect(late).toBe(2)

    remove()
    for (let second = 0; second < 60; second++) hand.tick()
    expect(late).toBe(2)
  })

  test('the timer runs only while a stream is open', () => {
    const hand = handTicker()
    const wheel = createRecheckWheel({ ticker: hand.ticker })
    expect(hand.state.running).toBe(0)
    const removals = [wheel.add(() => {}), wheel.add(() => {})]
    expect(hand.state.running).toBe(1)
    removals[0]!()
    removals[0]!()
    expect(hand.state.running).toBe(1)
    removals[1]!()
    expect(hand.state.running).toBe(0)
    wheel.add(() => {})
    expect(hand.state.running).toBe(1)
  })
})
