import { describe, expect, test } from 'vitest'
import { checkMapping, emptyMapping, headerWords, missingColumnsMessage, suggestMapping } from './mapping.ts'

// The column mapping suggested from header names, and its check (issue 19; spec 002 §5).

/** The suggestion as field -> header name, easier to read than column numbers. */
function suggested(header: string[], rows: string[][] = []) {
  const mapping = suggestMapping(header, rows)
  return Object.fromEntries(
    Object.entries(mapping).map(([field, column]) => [field, column === null ? null : header[column]]),
  )
}

describe('suggesting a mapping', () => {
  test("the spec's own column names are taken first (spec 002 §5)", () => {
    expect(suggested(['company', 'date', 'location', 'employees_affected'])).toMatchObject({
      company: 'company',
      layoffDate: 'date',
      workersAffected: 'employees_affected',
    })
    expect(suggested(['Company', 'State', 'Workers', 'Date'])).toEqual({
      company: 'Company',
      state: 'State',
      workersAffected: 'Workers',
      layoffDate: 'Date',
      kind: null,
      notes: null,
      source: null,
    })
    expect(suggested(['COMPANY', 'employees', 'DATE', 'state']).workersAffected).toBe('employees')
  })

  test.each([
    ['Company Name', 'company'],
    ['Employer', 'company'],
    ['Employer Name', 'company'],
    ['Business Name', 'company'],
    ['Organization Name', 'company'],
    ['No. of Employees Affected', 'workersAffected'],
    ['Number of Workers', 'workersAffected'],
    ['# Affected', 'workersAffected'],
    ['Employees Affected', 'workersAffected'],
    ['Total Layoffs', 'workersAffected'],
    ['Laid_Off_Count', 'workersAffected'],
    ['AffectedWorkers', 'workersAffected'],
    ['Notice Date', 'layoffDate'],
    ['Received Date', 'layoffDate'],
    ['WARN Date', 'layoffDate'],
    ['NoticeRcvd', 'layoffDate'],
    ['Layoff Date', 'layoffDate'],
    ['Effective Date', 'layoffDate'],
    ['Date', 'layoffDate'],
    ['Closure/Layoff', 'kind'],
    ['Layoff Type', 'kind'],
    ['Event Type', 'kind'],
    ['State', 'state'],
    ['ST', 'state'],
    ['Work State', 'state'],
    ['Notes', 'notes'],
    ['Comments', 'notes'],
    ['Source', 'source'],
    ['URL', 'source'],
    ['Notice Link', 'source'],
  ])('%s is read as %s in any case and spacing', (header, field) => {
    // an all-capitals 'AFFECTEDWORKERS' has lost its word breaks: camelCase headers keep their case
    const camelCase = /[a-z][A-Z]/.test(header)
    const variants = camelCase
      ? [header]
      : [header.toUpperCase(), header.toLowerCase().replace(/ /g, '_'), ` ${header} `]
    for (const variant of variants) {
      const mapping = suggestMapping([variant])
      expect(Object.entries(mapping).find(([, column]) => column === 0)?.[0], variant).toBe(field)
    }
  })

  test('columns that are none of the fields stay unmapped', () => {
    expect(
      suggestMapping(['Track #', 'NAICS Code', 'Industry', 'County', 'City', 'percentage_laid_off', 'Phone']),
    ).toEqual(emptyMapping())
  })

  test('the layoff or effective date wins over the notice date, whatever the order', () => {
    expect(suggested(['Notice Date', 'Company', 'Effective Layoff Date']).layoffDate).toBe('Effective Layoff Date')
    expect(suggested(['LayoffBeginDate', 'NoticeRcvd']).layoffDate).toBe('LayoffBeginDate')
    expect(suggested(['State Notification Date', 'Layoff Date']).layoffDate).toBe('Layoff Date')
    expect(suggested(['Date Notice Posted', 'Closure/Layoff Date']).layoffDate).toBe('Closure/Layoff Date')
    // a layoff END date is the last resort
    expect(suggested(['Layoff End Date', 'Notice Date']).layoffDate).toBe('Notice Date')
  })

  test('each column serves one field, and a field whose best column is taken gets its next best', () => {
    expect(suggested(['Closure/Layoff Date', 'Closure/Layoff', 'Company', 'Affected Workers'])).toMatchObject({
      layoffDate: 'Closure/Layoff Date',
      kind: 'Closure/Layoff',
    })
    // 'State Notification Date' is a date, not the state
    expect(suggested(['Company Name', 'State Notification Date']).state).toBeNull()
  })

  test("a location column is the state only when its values name states (spec 002 §5's last comma part)", () => {
    const header = ['Company', 'Location', 'Date', 'Employees Affected']
    const withStates = [
      ['Acme', '2304 N. Salisbury Blvd Salisbury, MD 21801', '1/1/2020', '5'],
      ['Beta', 'Baltimore, MD', '1/2/2020', '6'],
    ]
    const withCities = [
      ['Acme', 'Sioux Falls', '1/1/2020', '5'],
      ['Beta', 'Brookings, Sioux Falls', '1/2/2020', '6'],
    ]
    expect(suggested(header, withStates).state).toBe('Location')
    expect(suggested(header, withCities).state).toBeNull()
    expect(suggested(header).state).toBeNull()
  })

  test('a vague Type column is closure or layoff only when its values say so', () => {
    const header = ['Company', 'Notice/Type']
    expect(suggested(header, [['Acme', '#202000194']]).kind).toBeNull()
    expect(suggested(header, [['Acme', 'Permanent closure']]).kind).toBe('Notice/Type')
    expect(suggested(['Company', 'Type Code'], [['Acme', '1']]).kind).toBeNull()
    expect(suggested(['NoticeType'], [['CL'], ['WR']]).kind).toBe('NoticeType')
  })

  test('header words: camelCase, punctuation, line breaks and abbreviations', () => {
    expect(headerWords('NoticeRcvd')).toBe('notice received')
    expect(headerWords('NAICSDescription')).toBe('naics description')
    expect(headerWords('Total\r\n     Employees')).toBe('total employees')
    expect(headerWords('# Affected')).toBe('number affected')
    expect(headerWords('No. of Lay-Offs')).toBe('number of layoffs')
  })
})

describe('checking a mapping', () => {
  const complete = { ...emptyMapping(), company: 0, state: 1, workersAffected: 2, layoffDate: 3 }

  test('a complete mapping has no problems', () => {
    expect(checkMapping(complete)).toEqual([])
  })

  test('each required field without a column is a problem, in the words the admin sees', () => {
    const problems = checkMapping(emptyMapping())
    expect(problems.map((problem) => problem.message)).toEqual([
      'Choose the column for Company',
      'Choose the state column or one state for the whole file',
      'Choose the column for Workers affected',
      'Choose the column for Layoff date',
    ])
    expect(missingColumnsMessage(problems)).toBe(
      'Missing required columns: Company, State, Workers affected, Layoff date',
    )
    expect(missingColumnsMessage([])).toBeNull()
  })

  test('one state for the whole file stands in for the state column', () => {
    const withoutState = { ...complete, state: null }
    expect(checkMapping(withoutState, { stateForFile: 'OR' })).toEqual([])
    expect(checkMapping(withoutState, { stateForFile: 'Oregon' })).toEqual([])
    expect(checkMapping(withoutState, { stateForFile: 'Atlantis' }).map((problem) => problem.code)).toEqual([
      'unknownStateForFile',
    ])
  })

  test('one column chosen for two fields is a problem naming the column', () => {
    const problems = checkMapping({ ...complete, notes: 3 }, { header: ['Company', 'State', 'Workers', 'Date'] })
    expect(problems).toEqual([
      {
        code: 'columnUsedTwice',
        column: 3,
        fields: ['layoffDate', 'notes'],
        message: 'The column "Date" is chosen for Layoff date and Notes',
      },
    ])
  })

  test('a column the file does not have is a problem', () => {
    expect(checkMapping({ ...complete, source: 9 }, { header: ['a', 'b', 'c', 'd'] })).toMatchObject([
      { code: 'columnMissing', field: 'source', column: 9 },
    ])
  })
})
