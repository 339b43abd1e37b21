import { videoCompleteFraction } from '#shared/courses/constants.ts'

// How a playing video reports how far it has been watched (issue 15): the furthest
// point reached, sent often enough that a reload loses little, seldom enough that a
// playing video is not a stream of requests. Pure, for the unit tests.

/** Send when the furthest point moved on by this share of the video... */
export const reportStepFraction = 0.05
/** ...or this long after the last report, whichever comes first. */
export const reportIntervalMs = 15_000

export type ReportState = { sentFraction: number; sentAt: number }

/** The furthest share of the video reached, from the playhead; 0 while the length is unknown. */
export function watchedFractionOf(currentTime: number, duration: number): number {
  if (!Number.isFinite(duration) || duration <= 0 || !Number.isFinite(currentTime)) return 0
  return Math.min(1, Math.max(0, currentTime / duration))
}

/**
 * Whether `fraction` should be sent now: never backwards or twice; at once when it
 * completes the lesson (>= 90 %) or reaches the end; otherwise each step or interval.
 */
export function shouldReport(state: ReportState, fraction: number, now: number): boolean {
  if (fraction <= state.sentFraction) return false
  if (state.sentFraction < videoCompleteFraction && fraction >= videoCompleteFraction) return true
  if (fraction >= 1) return true
  // (a hair under the step still counts: 0.25 - 0.2 is 0.04999… in floating point)
  return fraction - state.sentFraction >= reportStepFraction - 1e-9 || now - state.sentAt >= reportIntervalMs
}

/** Whether the video counts as watched: the server said so, or the furthest point here reached 90 %. */
export function isVideoComplete(serverCompleted: boolean, fraction: number): boolean {
  return serverCompleted || fraction >= videoCompleteFraction
}
