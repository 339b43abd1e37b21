import { describe, expect, test } from 'vitest'
import {
  layoffImportFieldLabels,
  layoffImportFields,
  requiredLayoffImportFields,
  usStateAliases,
  usStateCodes,
  usStates,
} from './constants.ts'

// The import's fields and the states a record can be in (issue 19; spec 002 §3).

describe('layoff import constants', () => {
  test('50 states, DC and five territories, each code and name once', () => {
    expect(usStates).toHaveLength(56)
    expect(new Set(usStateCodes).size).toBe(56)
    expect(new Set(usStates.map((state) => state.name)).size).toBe(56)
    for (const code of usStateCodes) expect(code).toMatch(/^[A-Z]{2}$/)
    for (const code of Object.values(usStateAliases)) expect(usStateCodes).toContain(code)
  })

  test('every field has a label; the required ones are fields', () => {
    expect(Object.keys(layoffImportFieldLabels)).toEqual([...layoffImportFields])
    for (const field of requiredLayoffImportFields) expect(layoffImportFields).toContain(field)
  })
})
