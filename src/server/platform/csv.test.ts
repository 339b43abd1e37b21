import { describe, expect, test } from 'vitest'
import { toCsv } from './csv.ts'

describe('CSV export', () => {
  const columns = [
    { label: 'Name', value: (row: { name: string; note: string | null }) => row.name },
    { label: 'Note', value: (row: { name: string; note: string | null }) => row.note },
  ]

  test('quotes every field, doubles quotes and keeps commas and line breaks inside the field', () => {
    const csv = toCsv([{ name: 'Ada "the first" Lovelace', note: 'vegan, no nuts\nwheelchair' }], columns)
    expect(csv).toBe('"Name","Note"\r\n"Ada ""the first"" Lovelace","vegan, no nuts\nwheelchair"\r\n')
  })

  test('a value that starts like a formula is shown, not run, by a spreadsheet', () => {
    const csv = toCsv(
      [
        { name: '=HYPERLINK("http://evil.example")', note: '+1' },
        { name: '@SUM(A1)', note: '-2' },
      ],
      columns,
    )
    expect(csv.split('\r\n').slice(1, 3)).toEqual([`"'=HYPERLINK(""http://evil.example"")","'+1"`, `"'@SUM(A1)","'-2"`])
  })

  test('missing values are empty fields', () => {
    expect(toCsv([{ name: 'Bo', note: null }], columns)).toBe('"Name","Note"\r\n"Bo",""\r\n')
  })
})
