import { readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import { fixturePath } from '#server/testing/files.ts'
import type { LayoffImportField, LayoffSkipReason } from '#shared/layoffs/constants.ts'
import { decodeCsv } from './decode.ts'
import { checkMapping, suggestMapping, type LayoffImportMapping } from './mapping.ts'
import { readCsv } from './read-csv.ts'
import { toLayoffRecords } from './records.ts'

// Every real file of ../shared/fixtures/warn and ../shared/fixtures/layoffs_fyi goes
// through the whole import: bytes -> text -> table -> suggested mapping -> records
// (issue 19: "every file imports with a sensible mapping, and the skipped-row report
// is right"). The counts were checked against the raw files by hand and by a separate
// script (Oregon: 395 rows without a notification date, 16 without a count, 5
// repeated notices). Rows of one notice (company key, state, date) that are identical
// are counted once (duplicatesMerged); rows that differ are other sites of it, their
// workers added into the one record (rowsCombined).

type Counts = {
  records: number
  duplicatesMerged: number
  rowsCombined: number
  skipped: Partial<Record<LayoffSkipReason, number>>
}

/** The import of a table, with the report counted by reason (merged duplicates apart). */
function importFile(table: ReturnType<typeof readCsv>, mapping: LayoffImportMapping, stateForFile?: string) {
  const {
    records,
    skipped: report,
    duplicatesMerged,
    rowsCombined,
  } = toLayoffRecords(table.rows, mapping, {
    stateForFile,
    lines: table.lines,
  })
  const skipped: Counts['skipped'] = {}
  for (const row of report) {
    if (row.reason !== 'duplicateInFile' && row.reason !== 'combinedInFile')
      skipped[row.reason] = (skipped[row.reason] ?? 0) + 1
  }
  return { records, report, duplicatesMerged, rowsCombined, skipped }
}

const read = (...parts: string[]) => readCsv(decodeCsv(readFileSync(fixturePath(...parts))).text)

/** The suggestion as field -> header name. */
const named = (table: ReturnType<typeof readCsv>, mapping: LayoffImportMapping) =>
  Object.fromEntries(
    Object.entries(mapping).map(([field, column]) => [field, column === null ? null : table.header[column]]),
  ) as Record<LayoffImportField, string | null>

const none = { kind: null, notes: null, source: null }

const stateFiles: {
  file: string
  state: string
  rows: number
  mapping: Record<LayoffImportField, string | null>
  counts: Counts
}[] = [
  {
    file: 'districtcolumbia_warn_raw.csv',
    state: 'DC',
    rows: 68,
    mapping: {
      ...none,
      company: 'Organization Name',
      state: null,
      workersAffected: 'Number of Employees Affected',
      layoffDate: 'Effective Layoff Date',
    },
    // 'All' workers
    counts: { records: 67, duplicatesMerged: 0, rowsCombined: 0, skipped: { invalidWorkers: 1 } },
  },
  {
    file: 'florida_warn_raw.csv',
    state: 'FL',
    rows: 1062,
    mapping: {
      ...none,
      company: 'Company Name',
      state: null,
      workersAffected: 'Employees Affected',
      layoffDate: 'Layoff Date',
    },
    counts: { records: 906, duplicatesMerged: 143, rowsCombined: 13, skipped: {} },
  },
  {
    file: 'michigan_warn_raw.csv',
    state: 'MI',
    rows: 488,
    mapping: {
      ...none,
      company: 'Company',
      state: null,
      workersAffected: 'Number Affected',
      layoffDate: 'Date Notice Posted',
      kind: 'Closure Type',
    },
    // 7 'Unknown' and 4 'Undisclosed' counts; '163, 204, 130, 191' is a list
    counts: { records: 472, duplicatesMerged: 1, rowsCombined: 3, skipped: { missingWorkers: 11, invalidWorkers: 1 } },
  },
  {
    file: 'oregon_warn_raw.csv',
    state: 'OR',
    rows: 879,
    mapping: {
      ...none,
      company: 'Employer',
      state: null,
      workersAffected: 'Count',
      layoffDate: 'Notification Date',
      kind: 'Layoff Type',
    },
    counts: { records: 463, duplicatesMerged: 0, rowsCombined: 5, skipped: { missingDate: 395, missingWorkers: 16 } },
  },
  {
    file: 'southdakota_warn_raw.csv',
    state: 'SD',
    rows: 52,
    mapping: {
      ...none,
      company: 'Company',
      state: null,
      workersAffected: 'Employees Affected',
      layoffDate: 'Date',
    },
    // '1-5' workers
    counts: { records: 50, duplicatesMerged: 0, rowsCombined: 1, skipped: { invalidWorkers: 1 } },
  },
  {
    file: 'tennessee_warn_raw.csv',
    state: 'TN',
    rows: 290,
    mapping: {
      ...none,
      company: 'Company',
      state: null,
      workersAffected: 'Affected Workers',
      layoffDate: 'Closure/Layoff Date',
    },
    // '124', 'Apri 1, 2020', 'Beginning in February 2020', 'beginning  February 2020', 'Late September 2019'
    counts: { records: 274, duplicatesMerged: 0, rowsCombined: 11, skipped: { unreadableDate: 5 } },
  },
  {
    file: 'wisconsin_warn_raw.csv',
    state: 'WI',
    rows: 480,
    mapping: {
      ...none,
      company: 'Company',
      state: null,
      workersAffected: 'AffectedWorkers',
      layoffDate: 'LayoffBeginDate',
      kind: 'NoticeType',
    },
    // two '0' counts of revised notices, two 'Unknown', one date run into the next cells
    counts: {
      records: 455,
      duplicatesMerged: 5,
      rowsCombined: 15,
      skipped: { invalidWorkers: 2, missingWorkers: 2, unreadableDate: 1 },
    },
  },
]

describe('importing the real state WARN files', () => {
  test.each(stateFiles)('$file: suggested mapping, records and report', ({ file, state, rows, mapping, counts }) => {
    const table = read('warn', file)
    expect(table.headerLine).toBe(1)
    expect(table.rows).toHaveLength(rows)
    const suggestion = suggestMapping(table.header, table.rows)
    expect(named(table, suggestion)).toEqual(mapping)

    // no state column: the import needs the state the file is from
    expect(checkMapping(suggestion, { header: table.header }).map((problem) => problem.code)).toEqual([
      'columnRequired',
    ])
    expect(checkMapping(suggestion, { header: table.header, stateForFile: state })).toEqual([])

    const result = importFile(table, suggestion, state)
    expect({
      records: result.records.length,
      duplicatesMerged: result.duplicatesMerged,
      rowsCombined: result.rowsCombined,
      skipped: result.skipped,
    }).toEqual(counts)
    // every row is a record or in the report
    expect(result.records.length + result.report.length).toBe(rows)
    expect(result.records.every((record) => record.state === state && record.workersAffected > 0)).toBe(true)
  })

  test('Maryland: the Location column gives the state, a run-together line is cut into its 22 rows', () => {
    const table = read('warn', 'maryland_warn_raw.csv')
    // the header's cells are broken over six lines
    expect(table.header).toEqual([
      'Notice Date',
      'NAICS Code',
      'Company',
      'Location',
      'WIA Code',
      'Total Employees',
      'Effective Date',
      'Type Code',
    ])
    expect(table.rows).toHaveLength(726)
    expect(table.lines[0]).toBe(7)
    const suggestion = suggestMapping(table.header, table.rows)
    expect(named(table, suggestion)).toEqual({
      ...none,
      company: 'Company',
      state: 'Location',
      workersAffected: 'Total Employees',
      layoffDate: 'Effective Date',
    })
    expect(checkMapping(suggestion, { header: table.header })).toEqual([])

    const result = importFile(table, suggestion)
    expect({
      records: result.records.length,
      duplicatesMerged: result.duplicatesMerged,
      rowsCombined: result.rowsCombined,
      skipped: result.skipped,
    }).toEqual({
      records: 411,
      duplicatesMerged: 95,
      rowsCombined: 171,
      skipped: {
        // 'Statewide', 'Baltimore City', 'Westminster': a place without its state
        unknownState: 20,
        // the 'NO WARNS REPORTED' line
        missingState: 1,
        missingDate: 5,
        // '2/29/2014', '4/82011', '8/2017-12/2018', '4th quarter of this year'
        unreadableDate: 7,
        missingWorkers: 7,
        // '60-70 in Maryland', 'Starting with 35 leading up to several hundred', '8 additional'
        invalidWorkers: 9,
      },
    })
    expect(
      result.records.find((record) => record.company === 'IAS Logistics DFW, LLC d/b/a Pinnacle Logistics'),
    ).toEqual({
      line: 8,
      company: 'IAS Logistics DFW, LLC d/b/a Pinnacle Logistics',
      state: 'MD',
      workersAffected: 1609,
      layoffDate: '2020-04-14',
      isClosure: false,
      notes: null,
      source: null,
    })
  })

  test('Maryland with one state for the whole file keeps the rows whose location lacks it', () => {
    const table = read('warn', 'maryland_warn_raw.csv')
    const result = importFile(table, { ...suggestMapping(table.header, table.rows), state: null }, 'MD')
    expect({
      records: result.records.length,
      duplicatesMerged: result.duplicatesMerged,
      rowsCombined: result.rowsCombined,
      skipped: result.skipped,
    }).toEqual({
      records: 429,
      duplicatesMerged: 95,
      rowsCombined: 171,
      // the 20 places without a state and the 'NO WARNS REPORTED' line: 18 records, and
      // 'N/A' for a date, 'Not known' twice for workers
      skipped: { missingDate: 6, unreadableDate: 7, missingWorkers: 9, invalidWorkers: 9 },
    })
  })

  test('rows read the same as the raw files say', () => {
    const first = (file: string, state: string) => {
      const table = read('warn', file)
      return importFile(table, suggestMapping(table.header, table.rows), state).records[0]
    }
    // 2020/6/1,Union Station Hotel,Davidson,108,"July 27, 2020",#202000194
    expect(first('tennessee_warn_raw.csv', 'TN')).toMatchObject({
      line: 2,
      company: 'Union Station Hotel',
      workersAffected: 108,
      layoffDate: '2020-07-27',
      isClosure: false,
    })
    // OEMMCCO Inc.,Kenosha,49,20200110,CL,03/31/2020,...
    expect(first('wisconsin_warn_raw.csv', 'WI')).toMatchObject({
      company: 'OEMMCCO Inc.',
      workersAffected: 49,
      layoffDate: '2020-03-31',
      isClosure: true,
    })
    // "May 7,14 & 31, 2012",Dewey & Le Boeuf,29,"May 31, 2012<nbsp>\r\nJune 15, 2012",2
    expect(first('districtcolumbia_warn_raw.csv', 'DC')).toMatchObject({
      company: 'Dewey & Le Boeuf',
      workersAffected: 29,
      layoffDate: '2012-05-31',
    })
    // 15 December 2014,Comprehensive Logistics,Layoff,Lansing,Eaton,58
    expect(first('michigan_warn_raw.csv', 'MI')).toMatchObject({ layoffDate: '2014-12-15', workersAffected: 58 })
    // "Aramark Sports & Entertainment Svcs, LLC Raymond James Stadium4201 N Dale Mabry HighwayTAMPA, FL, 33607",01-02-19,02-28-19 thru  02-28-19,919,...
    expect(first('florida_warn_raw.csv', 'FL')).toMatchObject({ layoffDate: '2019-02-28', workersAffected: 919 })
    // 6596,05/14/2020,Permanent closure,189,Nordstrom,"Seattle, WA",
    const oregon = read('warn', 'oregon_warn_raw.csv')
    const nordstrom = importFile(oregon, suggestMapping(oregon.header, oregon.rows), 'OR').records[1]
    expect(nordstrom).toMatchObject({
      line: 4,
      company: 'Nordstrom',
      state: 'OR',
      isClosure: true,
      workersAffected: 189,
    })
  })
})

describe('importing the layoffs.fyi file', () => {
  test('the mapping is suggested; with no state in the file, the location must stand in for it', () => {
    const table = read('layoffs_fyi', 'layoffs.csv')
    expect(table.rows).toHaveLength(2361)
    const suggestion = suggestMapping(table.header, table.rows)
    expect(named(table, suggestion)).toEqual({
      ...none,
      company: 'company',
      state: null,
      workersAffected: 'total_laid_off',
      layoffDate: 'date',
    })
    expect(checkMapping(suggestion).map((problem) => problem.message)).toEqual([
      'Choose the state column or one state for the whole file',
    ])

    // spec 002 §5 reads the state from the location's last comma part; this file's
    // locations are metro areas and foreign cities, so only 'Washington D.C.' names one
    const withLocation = { ...suggestion, state: table.header.indexOf('location') }
    expect(checkMapping(withLocation)).toEqual([])
    const result = importFile(table, withLocation)
    expect({
      records: result.records.length,
      duplicatesMerged: result.duplicatesMerged,
      rowsCombined: result.rowsCombined,
      skipped: result.skipped,
    }).toEqual({
      records: 12,
      duplicatesMerged: 0,
      rowsCombined: 1,
      skipped: { unknownState: 2339, missingWorkers: 9 },
    })
    expect(result.records.every((record) => record.state === 'DC')).toBe(true)
    // Cyren,Washington D.C.,Data,121,0.24,2/1/2023,Post-IPO,United States,195 (line 183)
    expect(result.records[0]).toMatchObject({
      line: 183,
      company: 'Cyren',
      workersAffected: 121,
      layoffDate: '2023-02-01',
    })
  })
})

describe('a file of a state the importer has never seen', () => {
  test('UTF-16 with a BOM, semicolons, a title line, other headers and spelled-out dates', () => {
    const text = [
      'State of Nevada - WARN notices received in 2020',
      'Business Name;Work Site City;No. of Employees;Date of Layoff;Notice Received;Type of Action;Remarks;Notice URL',
      'Silver State Mining, Inc.;Elko;1,234;July 27, 2020;May 28, 2020;Permanent Closure;"Mine closes; all staff";https://example.org/1.pdf',
      '"Desert Inn &amp; Casino";Las Vegas;"250";Aug 3 2020;June 1, 2020;Temporary layoff;;',
      'Reno Widgets LLC;Reno;unknown;September 1, 2020;July 1, 2020;Layoff;;',
      'Tahoe Resorts;Stateline;75;2020/9/15;2020/7/15;Layoff;;',
      'tahoe resorts;Stateline;80;September 15, 2020;2020/7/20;Layoff;corrected count;',
      ';;;;;;;',
    ].join('\r\n')
    const bytes = new Uint8Array(Buffer.from(`\uFEFF${text}\r\n`, 'utf16le'))

    const decoded = decodeCsv(bytes)
    expect(decoded.encoding).toBe('utf-16le')
    const table = readCsv(decoded.text)
    expect(table.delimiter).toBe(';')
    expect(table.headerLine).toBe(2)
    expect(table.rows).toHaveLength(5)

    const suggestion = suggestMapping(table.header, table.rows)
    expect(named(table, suggestion)).toEqual({
      company: 'Business Name',
      state: null,
      workersAffected: 'No. of Employees',
      layoffDate: 'Date of Layoff',
      kind: 'Type of Action',
      notes: 'Remarks',
      source: 'Notice URL',
    })
    expect(checkMapping(suggestion, { header: table.header, stateForFile: 'Nevada' })).toEqual([])

    const result = toLayoffRecords(table.rows, suggestion, { stateForFile: 'Nevada', lines: table.lines })
    expect(result.records).toEqual([
      {
        line: 3,
        company: 'Silver State Mining, Inc.',
        state: 'NV',
        workersAffected: 1234,
        layoffDate: '2020-07-27',
        isClosure: true,
        notes: 'Mine closes; all staff',
        source: 'https://example.org/1.pdf',
      },
      {
        line: 4,
        company: 'Desert Inn & Casino',
        state: 'NV',
        workersAffected: 250,
        layoffDate: '2020-08-03',
        isClosure: false,
        notes: null,
        source: null,
      },
      // 'tahoe resorts' on line 7 is another row of the notice: its 80 workers are added
      {
        line: 6,
        company: 'Tahoe Resorts',
        state: 'NV',
        workersAffected: 155,
        layoffDate: '2020-09-15',
        isClosure: false,
        notes: 'corrected count',
        source: null,
      },
    ])
    expect(result.skipped.map((row) => [row.line, row.reason])).toEqual([
      [5, 'missingWorkers'],
      [7, 'combinedInFile'],
    ])
    expect(result.duplicatesMerged).toBe(0)
    expect(result.rowsCombined).toBe(1)
  })
})
