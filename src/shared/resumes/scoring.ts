import { scoreCriteria, scoreWeights, type ScoreCriterion } from './constants.ts'

// A score's arithmetic (spec 002 §9) and its band (spec 001 §9), shared by the
// admin score form (which shows the total as it is typed), the server (which
// stores it) and the Resume Strength card.

export type SubScores = Record<ScoreCriterion, number>

/** spec 002 §5: a sub-score is an integer 0-100; anything else typed becomes 0. */
export function subScoreOf(value: unknown): number {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value
  return typeof number === 'number' && Number.isInteger(number) && number >= 0 && number <= 100 ? number : 0
}

/** The rounded weighted sum: keyword 25 %, format 25 %, content 30 %, ATS 20 %. */
export function totalScoreOf(scores: SubScores): number {
  // in hundredths first, so 0.3 * 45 and friends never round the wrong way on a float error
  const hundredths = scoreCriteria.reduce(
    (sum, criterion) => sum + scores[criterion] * scoreWeights[criterion] * 100,
    0,
  )
  return Math.round(Math.round(hundredths) / 100)
}

export type ScoreBand = 'highly-competitive' | 'needs-optimization' | 'needs-major-improvement'

export const scoreBandLabels: Record<ScoreBand, string> = {
  'highly-competitive': 'Highly Competitive',
  'needs-optimization': 'Needs Optimization',
  'needs-major-improvement': 'Needs Major Improvement',
}

/** spec 001 §9: 70 and above, 40 to 69, below 40. */
export function scoreBandOf(total: number): ScoreBand {
  if (total >= 70) return 'highly-competitive'
  if (total >= 40) return 'needs-optimization'
  return 'needs-major-improvement'
}
