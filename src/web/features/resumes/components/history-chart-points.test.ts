import { describe, expect, test } from 'vitest'
import { chartPoints, linePath } from './history-chart-points.ts'

const box = { width: 200, height: 60, padding: 5 }

describe('the Resume Strength history chart', () => {
  test('totals run oldest to newest from the left edge to the right, 100 at the top and 0 at the bottom', () => {
    expect(chartPoints([0, 50, 100], box)).toEqual([
      { x: 5, y: 55 },
      { x: 100, y: 30 },
      { x: 195, y: 5 },
    ])
  })

  test('a single score sits in the middle', () => {
    expect(chartPoints([70], box)).toEqual([{ x: 100, y: 20 }])
  })

  test('no scores draw nothing, and a total out of range stays inside the chart', () => {
    expect(chartPoints([], box)).toEqual([])
    expect(linePath([])).toBe('')
    expect(chartPoints([-10, 130], box).map((point) => point.y)).toEqual([55, 5])
  })

  test('the line goes through every point in order', () => {
    expect(linePath(chartPoints([40, 66], box))).toBe('M 5 35 L 195 22')
  })
})
