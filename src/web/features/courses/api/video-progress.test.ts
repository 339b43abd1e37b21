import { describe, expect, test } from 'vitest'
import { isVideoComplete, reportIntervalMs, shouldReport, watchedFractionOf } from './video-progress.ts'

// A lesson video reports how far it has been watched as it plays, throttled, and
// counts as complete at 90 % (issue 15).

describe('reporting a video as it plays', () => {
  test('the watched share is the playhead over the length, 0 until the length is known', () => {
    expect(watchedFractionOf(30, 120)).toBe(0.25)
    expect(watchedFractionOf(5, Number.NaN)).toBe(0)
    expect(watchedFractionOf(5, 0)).toBe(0)
    expect(watchedFractionOf(130, 120)).toBe(1)
  })

  test('small steps are not sent one by one: every 5 % or every 15 seconds', () => {
    const state = { sentFraction: 0.2, sentAt: 1_000 }
    expect(shouldReport(state, 0.21, 2_000)).toBe(false)
    expect(shouldReport(state, 0.25, 2_000)).toBe(true)
    expect(shouldReport(state, 0.21, 1_000 + reportIntervalMs)).toBe(true)
  })

  test('going back or replaying what was sent sends nothing', () => {
    expect(shouldReport({ sentFraction: 0.5, sentAt: 0 }, 0.3, 60_000)).toBe(false)
    expect(shouldReport({ sentFraction: 0.5, sentAt: 0 }, 0.5, 60_000)).toBe(false)
  })

  test('reaching 90 % or the end is sent at once, so the lesson completes without waiting', () => {
    expect(shouldReport({ sentFraction: 0.88, sentAt: 1_000 }, 0.9, 1_001)).toBe(true)
    expect(shouldReport({ sentFraction: 0.97, sentAt: 1_000 }, 1, 1_001)).toBe(true)
  })

  test('the video shows complete at 90 % watched, or when the server already says so', () => {
    expect(isVideoComplete(false, 0.89)).toBe(false)
    expect(isVideoComplete(false, 0.9)).toBe(true)
    expect(isVideoComplete(true, 0)).toBe(true)
  })
})
