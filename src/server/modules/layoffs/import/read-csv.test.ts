import { readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import { fixturePath } from '#server/testing/files.ts'
import { decodeCsv } from './decode.ts'
import { CsvReadError, detectDelimiter, readCsv } from './read-csv.ts'

// A CSV file's text to its header and rows (issue 19): the parsing is csv-parse's;
// finding the header and the delimiter is ours.

const messy = (...parts: string[]) => readCsv(decodeCsv(readFileSync(fixturePath('messy_csv', ...parts))).text)

describe('reading a CSV file', () => {
  test('quoted commas, quoted line breaks and doubled quotes stay inside their cell', () => {
    const table = readCsv('Company,Notes,Workers\n"Acme, Inc.","line one\nline ""two""",42\nBeta,,7\n')
    expect(table.header).toEqual(['Company', 'Notes', 'Workers'])
    expect(table.rows).toEqual([
      ['Acme, Inc.', 'line one\nline "two"', '42'],
      ['Beta', '', '7'],
    ])
  })

  test('each row knows the file line it starts on, counting the header and quoted line breaks', () => {
    const table = readCsv('Company,Notes\n\nAcme,"a\nb\nc"\n,\nBeta,x\n')
    expect(table.headerLine).toBe(1)
    expect(table.lines).toEqual([3, 7])
  })

  test('cells are trimmed, fully empty rows dropped, short rows padded to the header', () => {
    const table = readCsv('a,b,c\n  x ,  "y"  ,\n,,\n\nz\n')
    expect(table.rows).toEqual([
      ['x', 'y', ''],
      ['z', '', ''],
    ])
  })

  test('header cells broken over lines read as one line', () => {
    const table = readCsv('Notice Date,"Total\n      Employees",Company\n1/10/2020,80,Macy\'s\n')
    expect(table.header).toEqual(['Notice Date', 'Total Employees', 'Company'])
  })

  test('title and note lines above the header are passed over', () => {
    const text = [
      'State of Nowhere: WARN notices received',
      'Updated weekly,,,',
      ',,,',
      'Employer,City,Workers Affected,Layoff Date',
      'Acme,Springfield,42,7/27/2020',
      'Beta,Shelbyville,7,8/1/2020',
    ].join('\n')
    const table = readCsv(text)
    expect(table.header).toEqual(['Employer', 'City', 'Workers Affected', 'Layoff Date'])
    expect(table.headerLine).toBe(4)
    expect(table.rows).toHaveLength(2)
    expect(table.lines).toEqual([5, 6])
  })

  test('a header in words no field uses is still found below a title', () => {
    const table = messy('messytables', 'excel_pasting.csv')
    expect(table.header.slice(0, 3)).toEqual(['Year', '2000', '2001'])
    expect(table.headerLine).toBe(4)
    expect(table.rows[0]!.slice(0, 2)).toEqual(['Timber', '2,666'])
  })

  test('semicolons, tabs and pipes are told apart from commas', () => {
    expect(detectDelimiter('a;b;c\n1;"x;y";3\n')).toBe(';')
    expect(detectDelimiter('a\tb\tc\n1,5\t2\t3\n')).toBe('\t')
    expect(detectDelimiter('a|b\n1|2\n')).toBe('|')
    expect(detectDelimiter('Company,City\n"Acme; Inc.",Springfield\n')).toBe(',')
    expect(detectDelimiter('just one column\n')).toBe(',')
    expect(readCsv('Company;Workers\n"Acme, Inc.";"1.609"\n').rows).toEqual([['Acme, Inc.', '1.609']])
  })

  test('a line holding several rows run together is cut back into rows', () => {
    const table = readCsv('a,b,c\n1,2,3,4,5,6\n7,8,9\n')
    expect(table.rows).toEqual([
      ['1', '2', '3'],
      ['4', '5', '6'],
      ['7', '8', '9'],
    ])
    expect(table.lines).toEqual([2, 2, 3])
  })

  test('a repeated header line is not a row', () => {
    expect(readCsv('Company,Workers\nAcme,1\nCompany,Workers\nBeta,2\n').rows).toEqual([
      ['Acme', '1'],
      ['Beta', '2'],
    ])
  })

  test('an empty file has no header and no rows', () => {
    expect(readCsv('')).toMatchObject({ header: [], rows: [], headerLine: 0 })
    expect(readCsv('\n\n,,\n')).toMatchObject({ header: [], rows: [] })
  })

  test('more rows than allowed are cut and said so', () => {
    const text = ['Company,Workers', ...Array.from({ length: 30 }, (_, i) => `C${i},${i + 1}`)].join('\n')
    expect(readCsv(text, { maxRows: 30 })).toMatchObject({ truncated: false })
    const cut = readCsv(text, { maxRows: 10 })
    expect(cut.truncated).toBe(true)
    expect(cut.rows).toHaveLength(10)
    expect(cut.lines).toHaveLength(10)
  })

  test('a quote left open is a read error with its line', () => {
    expect(() => readCsv('a,b\n"open,1\n2,3\n')).toThrow(CsvReadError)
  })

  test('the csv-spectrum files read as their expected JSON says', () => {
    for (const name of [
      'comma_in_quotes',
      'empty',
      'empty_crlf',
      'escaped_quotes',
      'json',
      'newlines',
      'newlines_crlf',
      'quotes_and_newlines',
      'simple',
      'simple_crlf',
      'utf8',
    ]) {
      const table = messy('csv-spectrum', `${name}.csv`)
      // decodeCsv makes every line break '\n', inside quoted cells too
      const expectedJson = readFileSync(fixturePath('messy_csv', 'csv-spectrum', `${name}.expected.json`), 'utf8')
      const expected = JSON.parse(expectedJson.replace(/\\r\\n/g, '\\n'))
      const objects = table.rows.map((row) => Object.fromEntries(table.header.map((key, i) => [key, row[i]])))
      expect(objects, name).toEqual(expected)
    }
  })

  test('the messytables files: BOM, UTF-16, Windows-1252, padding, blank lines', () => {
    expect(messy('messytables', 'utf8bom.csv')).toMatchObject({ header: ['kitten', 'win'], rows: [] })
    const utf16 = messy('messytables', 'utf-16le_encoded.csv')
    expect(utf16.header[1]).toBe('Organisation_name')
    expect(utf16.rows[0]!.slice(0, 2)).toEqual(['5C1', 'Enfield PCT'])
    const latin = messy('messytables', 'spanish_chars.csv')
    expect(latin.header.at(-1)).toBe('Descripción')
    expect(latin.rows[0]![6]).toBe('229,932.50')
    expect(messy('messytables', 'skip_initials.csv').rows).toEqual([
      ['hello', 'goodbye'],
      ['hello2', 'goodbye2'],
    ])
    expect(messy('messytables', 'complex.csv').rows[2]).toEqual(['2011-01-03', '', '6,000,000', 'Galway'])
    const padded = messy('messytables', 'weird_head_padding.csv')
    expect(padded.delimiter).toBe(';')
    expect(padded.header.slice(1, 3)).toEqual(['1985', '1993'])
  })
})
