import { describe, expect, test } from 'vitest'
import { emptyMapping } from './mapping.ts'
import {
  cleanText,
  companyKey,
  isNotGiven,
  kindOf,
  stateCodeOf,
  stateFromLocation,
  toLayoffRecords,
} from './records.ts'

// Mapped rows to layoff records, and the report of the rows that are not (issue 19;
// spec 002 §3 Layoff record, §5 Layoff tracker CSV import).

const mapping = {
  ...emptyMapping(),
  company: 0,
  state: 1,
  workersAffected: 2,
  layoffDate: 3,
  kind: 4,
  notes: 5,
  source: 6,
}

describe('layoff records from rows', () => {
  test('a full row becomes a record with clean text, a state code, a count and a date', () => {
    const { records, skipped } = toLayoffRecords(
      [
        [
          '  Holiday Inn &amp;   Suites\n Wausau ',
          'wisconsin',
          '1,609',
          'July 27, 2020',
          'Permanent closure',
          'Two sites',
          'https://example.org/n.pdf',
        ],
      ],
      mapping,
    )
    expect(skipped).toEqual([])
    expect(records).toEqual([
      {
        line: 2,
        company: 'Holiday Inn & Suites Wausau',
        state: 'WI',
        workersAffected: 1609,
        layoffDate: '2020-07-27',
        isClosure: true,
        notes: 'Two sites',
        source: 'https://example.org/n.pdf',
      },
    ])
  })

  test('each row that is not a record is reported with its line, reason and values', () => {
    const rows = [
      ['', 'MD', '5', '1/1/2020'],
      ['N/A', 'MD', '5', '1/1/2020'],
      ['x'.repeat(301), 'MD', '5', '1/1/2020'],
      ['Acme', '', '5', '1/1/2020'],
      ['Acme', 'Atlantis', '5', '1/1/2020'],
      ['Acme', 'MD', '5', ''],
      ['Acme', 'MD', '5', 'Unknown at this time'],
      ['Acme', 'MD', '5', 'Late September 2019'],
      ['Acme', 'MD', '5', '2/30/2020'],
      ['Acme', 'MD', '', '1/1/2020'],
      ['Acme', 'MD', 'TBD', '1/1/2020'],
      ['Acme', 'MD', '0', '1/1/2020'],
      ['Acme', 'MD', '60-70', '1/1/2020'],
      ['Acme', 'MD', '12.5', '1/1/2020'],
    ]
    const { records, skipped } = toLayoffRecords(rows, mapping, { lines: rows.map((_, i) => 10 + i * 2) })
    expect(records).toEqual([])
    expect(skipped.map((row) => [row.line, row.reason])).toEqual([
      [10, 'missingCompany'],
      [12, 'missingCompany'],
      [14, 'companyTooLong'],
      [16, 'missingState'],
      [18, 'unknownState'],
      [20, 'missingDate'],
      [22, 'missingDate'],
      [24, 'unreadableDate'],
      [26, 'unreadableDate'],
      [28, 'missingWorkers'],
      [30, 'missingWorkers'],
      [32, 'invalidWorkers'],
      [34, 'invalidWorkers'],
      [36, 'invalidWorkers'],
    ])
    expect(skipped[12]!.values).toEqual(['Acme', 'MD', '60-70', '1/1/2020'])
  })

  test('one state for the whole file is every record’s state; no state column is read', () => {
    const fileMapping = { ...mapping, state: null }
    const rows = [['Nordstrom', 'Seattle, WA', '189', '05/14/2020']]
    expect(toLayoffRecords(rows, fileMapping, { stateForFile: 'Oregon' }).records[0]!.state).toBe('OR')
    expect(toLayoffRecords(rows, mapping, { stateForFile: 'or' }).records[0]!.state).toBe('OR')
    expect(toLayoffRecords(rows, fileMapping).skipped[0]!.reason).toBe('missingState')
    expect(() => toLayoffRecords(rows, fileMapping, { stateForFile: 'Atlantis' })).toThrow()
  })

  test('a row listed twice is one record; other rows of the notice are added into it', () => {
    const rows = [
      ['Acme Inc', 'MD', '10', '1/1/2020', '', 'site A'],
      ['Beta', 'MD', '3', '1/1/2020'],
      ['ACME  inc', 'MD', '12', '2020-01-01', '', 'site B', 'https://example.org/b'],
      ['Acme Inc', 'VA', '7', '1/1/2020'],
      ['Acme Inc', 'MD', '7', '1/2/2020'],
      ['The Acme Co.', 'Maryland', '15', 'January 1, 2020', 'closure', 'site C'],
      ['Acme Inc', 'MD', '10', '1/1/2020', '', 'site A'],
    ]
    const { records, skipped, duplicatesMerged, rowsCombined } = toLayoffRecords(rows, mapping)
    expect(duplicatesMerged).toBe(1)
    expect(rowsCombined).toBe(2)
    expect(records.map((record) => [record.line, record.company, record.state, record.workersAffected])).toEqual([
      [2, 'Acme Inc', 'MD', 37],
      [3, 'Beta', 'MD', 3],
      [5, 'Acme Inc', 'VA', 7],
      [6, 'Acme Inc', 'MD', 7],
    ])
    expect(records[0]).toMatchObject({
      isClosure: true,
      notes: 'site A; site B; site C',
      source: 'https://example.org/b',
    })
    expect(skipped.map((row) => [row.line, row.reason, row.values[5]])).toEqual([
      [4, 'combinedInFile', 'site B'],
      [7, 'combinedInFile', 'site C'],
      [8, 'duplicateInFile', 'site A'],
    ])
  })

  test('every row is either a record or in the report', () => {
    const rows = [
      ['Acme', 'MD', '1', '1/1/2020'],
      ['Acme', 'MD', '2', '1/1/2020'],
      ['', 'MD', '1', '1/1/2020'],
    ]
    const { records, skipped } = toLayoffRecords(rows, mapping)
    expect(records.length + skipped.length).toBe(rows.length)
  })
})

describe('cell readers', () => {
  test('states by code, name or alias in any case', () => {
    expect(stateCodeOf('Florida')).toBe('FL')
    expect(stateCodeOf('FL')).toBe('FL')
    expect(stateCodeOf('fl')).toBe('FL')
    expect(stateCodeOf(' new  york ')).toBe('NY')
    expect(stateCodeOf('District of Columbia')).toBe('DC')
    expect(stateCodeOf('Washington D.C.')).toBe('DC')
    expect(stateCodeOf('Puerto Rico')).toBe('PR')
    expect(stateCodeOf('U.S. Virgin Islands')).toBe('VI')
    expect(stateCodeOf('Ontario')).toBeNull()
    expect(stateCodeOf('')).toBeNull()
  })

  test("a location's state: its last comma part, without ZIP or country (spec 002 §5)", () => {
    expect(stateFromLocation('Peachtree City, GA')).toBe('GA')
    expect(stateFromLocation('2304 N. Salisbury Blvd Salisbury, MD 21801')).toBe('MD')
    expect(stateFromLocation('Austin, Texas, USA')).toBe('TX')
    expect(stateFromLocation('Rockville, MD 20850-4040')).toBe('MD')
    expect(stateFromLocation('1122 Kenilworth Drive, Suite 217, Towson MD')).toBe('MD')
    expect(stateFromLocation('CHILOQUIN OR. 97624')).toBe('OR')
    expect(stateFromLocation('Washington')).toBe('WA')
    // a city, a lower-case word or a name inside a city is not a state
    expect(stateFromLocation('Sioux Falls')).toBeNull()
    expect(stateFromLocation('Statewide')).toBeNull()
    expect(stateFromLocation('West Bend, Port Washington')).toBeNull()
    expect(stateFromLocation('Clackamas,  O')).toBeNull()
    expect(stateFromLocation('Salmon Arm BC Canada')).toBeNull()
  })

  test('closure or layoff from the words and codes offices use', () => {
    for (const text of [
      'Closure',
      'closing',
      'Permanent closure',
      'Closure (Temporary)',
      'C',
      'CL',
      'Plant Shutdown',
    ]) {
      expect(kindOf(text), text).toBe('closure')
    }
    for (const text of ['Layoff', 'L', 'Permanent layoff', 'Temporary Layoff', 'Lay-off', 'Reduction', 'WR', 'ML']) {
      expect(kindOf(text), text).toBe('layoff')
    }
    expect(kindOf('Closure, Layoff, Layoff')).toBe('closure')
    for (const text of ['', 'Other', '1', '#202000194', 'Relocation']) expect(kindOf(text), text).toBeNull()
  })

  test('cells that say nothing', () => {
    for (const text of [
      '',
      '  ',
      'NULL',
      'null',
      'N/A',
      'n/a',
      'NA',
      '-',
      '--',
      'Unknown',
      'Unknown at this    time',
      'TBD',
      'Undisclosed',
    ]) {
      expect(isNotGiven(text), text).toBe(true)
    }
    for (const text of ['0', 'Acme', 'Unknown Corp', 'All']) expect(isNotGiven(text), text).toBe(false)
  })

  test('clean text: entities decoded, spaces and line breaks made one space', () => {
    expect(cleanText(' A &amp; B &#39;C&#x27; &nbsp;\r\n D ')).toBe("A & B 'C' D")
    expect(cleanText('&bogus; &#0;')).toBe('&bogus; &#0;')
  })
})

describe('company keys for matching', () => {
  test('case, punctuation, "The", legal suffixes and the dba part do not count', () => {
    const acme = companyKey('Acme')
    for (const name of [
      'Acme Inc.',
      'ACME',
      'acme, inc',
      'Acme Incorporated',
      'Acme LLC',
      'Acme L.L.C.',
      'Acme Corp.',
      'Acme Corporation',
      'Acme Co.',
      'Acme Company',
      'Acme Ltd',
      'Acme LP',
      'Acme LLP',
      'Acme PLC',
      'Acme P.C.',
      'The Acme Co., Inc.',
      'Acme, Inc. dba Acme Stores',
      'Acme LLC d/b/a Roadrunner Traps',
      'Acme Inc. (Warehouse)',
      'Acmé',
    ]) {
      expect(companyKey(name), name).toBe(acme)
    }
  })

  test('different companies keep different keys', () => {
    expect(companyKey('Acme Foods')).not.toBe(companyKey('Acme'))
    expect(companyKey('Wells Fargo & Co.')).toBe(companyKey('Wells Fargo'))
    expect(companyKey('U.S. Bank')).toBe(companyKey('US Bank'))
    expect(companyKey('Wal-Mart')).toBe(companyKey('Walmart'))
    expect(companyKey("Macy's")).toBe(companyKey('Macys'))
    // a name that is only a suffix or "The" is kept
    expect(companyKey('The Company')).toBe('company')
    expect(companyKey('DBA Systems Inc')).toBe('dbasystems')
    expect(companyKey('Johnson & Johnson')).toBe('johnsonandjohnson')
  })
})
