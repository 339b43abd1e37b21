import { describe, expect, test } from 'vitest'
import { layoffImportMessages } from '#shared/layoffs/messages.ts'
import { mappingProblems } from '#web/features/layoffs/components/mapping-problems.ts'

const none = {
  company: null,
  state: null,
  workersAffected: null,
  layoffDate: null,
  kind: null,
  notes: null,
  source: null,
}
const header = ['Employer', 'Count', 'Notification Date', 'State']

describe('mappingProblems', () => {
  test('a full mapping, or one state for the file, has none', () => {
    expect(mappingProblems({ ...none, company: 0, workersAffected: 1, layoffDate: 2, state: 3 }, header, '')).toEqual(
      [],
    )
    expect(mappingProblems({ ...none, company: 0, workersAffected: 1, layoffDate: 2 }, header, 'OR')).toEqual([])
  })

  test('missing fields, the state, and a column chosen twice', () => {
    expect(mappingProblems({ ...none, company: 0, notes: 0 }, header, '')).toEqual([
      layoffImportMessages.stateRequired,
      'Choose the column for Workers affected',
      'Choose the column for Layoff date',
      'The column "Employer" is chosen for Company and Notes',
    ])
  })
})
