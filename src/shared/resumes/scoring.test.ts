import { describe, expect, test } from 'vitest'
import { scoreBandLabels, scoreBandOf, subScoreOf, totalScoreOf } from './scoring.ts'

describe('resume score arithmetic (spec 002 §9) and bands (spec 001 §9)', () => {
  test('the total is the rounded weighted sum: keyword 25 %, format 25 %, content 30 %, ATS 20 %', () => {
    expect(totalScoreOf({ keyword: 100, format: 100, content: 100, ats: 100 })).toBe(100)
    expect(totalScoreOf({ keyword: 0, format: 0, content: 0, ats: 0 })).toBe(0)
    expect(totalScoreOf({ keyword: 80, format: 60, content: 70, ats: 50 })).toBe(66) // 20 + 15 + 21 + 10
    expect(totalScoreOf({ keyword: 100, format: 0, content: 0, ats: 0 })).toBe(25)
    expect(totalScoreOf({ keyword: 0, format: 0, content: 100, ats: 0 })).toBe(30)
    expect(totalScoreOf({ keyword: 0, format: 0, content: 0, ats: 100 })).toBe(20)
    // halves round up: 0.3 * 45 = 13.5 -> 14 (and not 13 through a float error)
    expect(totalScoreOf({ keyword: 0, format: 0, content: 45, ats: 0 })).toBe(14)
    expect(totalScoreOf({ keyword: 2, format: 0, content: 0, ats: 0 })).toBe(1) // 0.5 -> 1
    expect(totalScoreOf({ keyword: 1, format: 1, content: 0, ats: 0 })).toBe(1) // 0.5 -> 1
  })

  test('a sub-score is an integer 0-100; anything else becomes 0', () => {
    expect(subScoreOf(0)).toBe(0)
    expect(subScoreOf(100)).toBe(100)
    expect(subScoreOf('73')).toBe(73)
    for (const invalid of [101, -1, 50.5, '', '  ', 'abc', '12abc', null, undefined, Number.NaN, '1e2x'])
      expect(subScoreOf(invalid), String(invalid)).toBe(0)
  })

  test('bands at their edges: 39/40 and 69/70', () => {
    expect(scoreBandOf(0)).toBe('needs-major-improvement')
    expect(scoreBandOf(39)).toBe('needs-major-improvement')
    expect(scoreBandOf(40)).toBe('needs-optimization')
    expect(scoreBandOf(69)).toBe('needs-optimization')
    expect(scoreBandOf(70)).toBe('highly-competitive')
    expect(scoreBandOf(100)).toBe('highly-competitive')
    expect(scoreBandLabels[scoreBandOf(70)]).toBe('Highly Competitive')
    expect(scoreBandLabels[scoreBandOf(40)]).toBe('Needs Optimization')
    expect(scoreBandLabels[scoreBandOf(39)]).toBe('Needs Major Improvement')
  })
})
