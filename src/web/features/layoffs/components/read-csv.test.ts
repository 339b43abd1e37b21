import { describe, expect, test } from 'vitest'
import { readCsv } from '#web/features/layoffs/components/read-csv.ts'

describe('readCsv', () => {
  test('quoted commas, quotes and line breaks, CRLF and a last line without its break', () => {
    expect(readCsv('"Line","Reason"\r\n"4","a, b"\r\n"5","say ""hi""\nthere"\r\n6,x')).toEqual([
      ['Line', 'Reason'],
      ['4', 'a, b'],
      ['5', 'say "hi"\nthere'],
      ['6', 'x'],
    ])
  })

  test('an empty text has no rows', () => {
    expect(readCsv('')).toEqual([])
  })
})
