import { describe, expect, test } from 'vitest'
import { parseWorkerCount } from './workers.ts'

// Worker counts as state WARN files write them (issue 19; spec 002 §5: above 0).

describe('worker counts', () => {
  test.each([
    ['1609', 1609],
    ['1,609', 1609],
    ['27,500', 27500],
    ['234,567', 234567],
    ['1 609', 1609],
    ['1\u00a0609', 1609],
    [' 42 ', 42],
    ['42.0', 42],
    ['~150', 150],
    ['approx. 150', 150],
    ['Approximately 150', 150],
    ['150 (approx.)', 150],
    ['Up to 122', 122],
    ['estimated 365', 365],
    ['Total 35 (At this time, number impacted at this location is unknown.)', 35],
    ['Initially 110 (Possibly as high as 160)', 110],
    ['500+', 500],
    ['150 employees', 150],
  ])('%j is %i', (text, count) => {
    expect(parseWorkerCount(text)).toBe(count)
  })

  test('nothing, zero, negatives, fractions, ranges and lists are not counts', () => {
    for (const text of [
      '',
      'N/A',
      'unknown',
      'TBD',
      'All',
      '0',
      '-5',
      '12.5',
      '1.609',
      '1,60',
      '1-5',
      '60-70 in Maryland',
      '163, 204, 130, 191',
      '8 additional',
      'Starting with\n 35 leading up to\n several hundred',
      '2000000',
    ]) {
      expect(parseWorkerCount(text), text).toBeNull()
    }
  })
})
