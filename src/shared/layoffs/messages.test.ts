import { describe, expect, test } from 'vitest'
import { layoffSkipReasons } from './constants.ts'
import {
  columnRequired,
  columnUsedTwice,
  importedRecords,
  layoffImportMessages,
  layoffSkipReasonMessages,
  missingRequiredColumns,
  processedRecords,
} from './messages.ts'

// The layoff import's words: the spec's exactly (spec 002 §5, §8), and issue 19's.

describe('layoff import messages', () => {
  test("the spec's messages, word for word", () => {
    expect(layoffImportMessages.notCsv).toBe('Please upload a CSV file')
    expect(layoffImportMessages.empty).toBe('CSV file is empty')
    expect(layoffImportMessages.noValidRecords).toBe('No valid records found in CSV')
    expect(layoffImportMessages.imported).toBe('Layoff records imported successfully')
    expect(layoffImportMessages.importFailed).toBe('Failed to import records')
    expect(layoffImportMessages.loadFailed).toBe('Failed to load records')
    expect(processedRecords(300, 1062)).toBe('Processed 300 of 1062 records')
    expect(importedRecords(931)).toBe('Successfully imported 931 records')
    expect(missingRequiredColumns(['Company', 'Layoff date'])).toBe('Missing required columns: Company, Layoff date')
  })

  test('the limits are said with their numbers', () => {
    expect(layoffImportMessages.tooLarge).toBe('CSV file must be 50 MB or smaller')
    expect(layoffImportMessages.tooManyRows).toBe('CSV file must have 200,000 rows or fewer')
  })

  test('every skip reason has its words', () => {
    expect(Object.keys(layoffSkipReasonMessages).sort()).toEqual([...layoffSkipReasons].sort())
    for (const reason of layoffSkipReasons) expect(layoffSkipReasonMessages[reason]).toMatch(/^[A-Z].+[^.]$/)
  })

  test('mapping problems name the field or the column', () => {
    expect(columnRequired('Company')).toBe('Choose the column for Company')
    expect(columnUsedTwice('Date', ['Layoff date', 'Notes'])).toBe(
      'The column "Date" is chosen for Layoff date and Notes',
    )
  })
})
