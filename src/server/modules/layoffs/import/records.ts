import {
  layoffCompanyMaxLength,
  layoffNotesMaxLength,
  layoffSourceMaxLength,
  layoffWorkersMax,
  usStateAliases,
  usStates,
  type LayoffKind,
  type LayoffSkipReason,
  type UsStateCode,
} from '#shared/layoffs/constants.ts'
import { parseLayoffDate } from './dates.ts'
import type { LayoffImportMapping } from './mapping.ts'
import { parseWorkerCount } from './workers.ts'

// The mapped rows of an import to layoff records (issue 19; spec 002 §3 Layoff record,
// §5 Layoff tracker CSV import). A row without company, state, date or a positive
// worker count is reported with the reason instead of being imported.

export type LayoffImportRecord = {
  /** The file line the record's row starts on (the header's line counts), for error reports. */
  line: number
  company: string
  state: UsStateCode
  workersAffected: number
  /** YYYY-MM-DD */
  layoffDate: string
  isClosure: boolean
  notes: string | null
  source: string | null
}

export type SkippedLayoffRow = {
  /** The file line the row starts on, as an editor shows it (the header's line counts). */
  line: number
  reason: LayoffSkipReason
  /** The row's cells as read, so the report can show what was there. */
  values: string[]
}

export type LayoffRecordsResult = {
  records: LayoffImportRecord[]
  /** Every row that is not a record, in file order: rows + skipped = the file's rows. */
  skipped: SkippedLayoffRow[]
  /** Rows identical to an earlier row of the same notice, kept once (also in `skipped`). */
  duplicatesMerged: number
  /** Rows of a notice listed before that differ from it (another site), added into its record (also in `skipped`). */
  rowsCombined: number
}

// ---------- cells ----------

/** What offices write where they have nothing to say. */
const notGivenWords = new Set([
  '',
  'null',
  'na',
  'n a',
  'none',
  'nil',
  'unknown',
  'not known',
  'tbd',
  'tba',
  'to be determined',
  'not available',
  'unavailable',
  'not applicable',
  'not provided',
  'undisclosed',
  'not disclosed',
])

/** The cell says nothing: empty, NULL, N/A, '-', 'Unknown (at this time)', TBD, 'Undisclosed'. */
export function isNotGiven(cell: string): boolean {
  const words = cell
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
  return notGivenWords.has(words) || words.startsWith('unknown at ')
}

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' }

/**
 * A text cell as one clean line: HTML entities that scraped exports keep ('Holiday
 * Inn &amp; Suites') decoded, line breaks and runs of spaces made one space.
 */
export function cleanText(cell: string): string {
  return cell
    .replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, (entity, name: string) => {
      if (name[0] !== '#') return entities[name.toLowerCase()] ?? entity
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1))
      return code > 0 && code < 0x110000 ? String.fromCodePoint(code) : entity
    })
    .normalize('NFC')
    .replace(/\s+/g, ' ')
    .trim()
}

// ---------- states ----------

/** A state's name, code or alias as a lookup key: lowercase, dots and apostrophes dropped. */
const stateKey = (text: string) =>
  text
    .toLowerCase()
    .replace(/[.']/g, '')
    .replace(/[^a-z]+/g, ' ')
    .trim()

const statesByKey = new Map<string, UsStateCode>([
  ...usStates.flatMap((state) => [
    [stateKey(state.code), state.code] as const,
    [stateKey(state.name), state.code] as const,
  ]),
  ...Object.entries(usStateAliases).map(([alias, code]) => [stateKey(alias), code] as const),
])
const countryWords = new Set(['us', 'usa', 'united states', 'united states of america'])

/** 'Florida', 'FL', 'fl', 'Washington D.C.' -> the state's code; anything else -> null. */
export function stateCodeOf(text: string): UsStateCode | null {
  return statesByKey.get(stateKey(text)) ?? null
}

/**
 * The state a location names: the whole cell, else its last comma part (spec 002 §5),
 * without a ZIP code or a trailing 'USA' ('2304 N. Salisbury Blvd Salisbury, MD 21801'
 * -> MD), else that part's last word when it is an upper-case code ('Towson MD'). A
 * last word spelled as a name is not enough: 'Port Washington' is in Wisconsin.
 */
export function stateFromLocation(text: string): UsStateCode | null {
  const whole = stateCodeOf(text)
  if (whole) return whole
  const last = text
    .split(',')
    .map((part) => part.replace(/\b\d{5}(?:-\d{4})?\s*$/, '').trim())
    .filter((part) => part !== '' && !countryWords.has(stateKey(part)))
    .at(-1)
  if (last === undefined) return null
  const lastWord = last.split(/\s+/).at(-1)!
  return stateCodeOf(last) ?? (/^[A-Z]{2}\.?$/.test(lastWord) ? stateCodeOf(lastWord) : null)
}

// ---------- closure or layoff ----------

const closureWords = /\b(?:closures?|closings?|closed|close|shut ?downs?|shutting down)\b/
const layoffWords = /\b(?:lay ?-?offs?|laid off|reductions?|rif|furloughs?)\b/
// Single-letter and office codes: C/L, Wisconsin's CL (facility closure) and WR
// (workforce reduction), the federal PC (plant closing) and ML (mass layoff).
const closureCodes = new Set(['c', 'cl', 'pc'])
const layoffCodes = new Set(['l', 'lo', 'ml', 'wr'])

/**
 * Whether a Type cell says closure or layoff; null when it says neither. A notice
 * naming both ('Closure, Layoff, Layoff') closes a site, so closure wins.
 */
export function kindOf(text: string): LayoffKind | null {
  const cell = text.toLowerCase().replace(/\s+/g, ' ').trim()
  if (closureWords.test(cell) || closureCodes.has(cell)) return 'closure'
  if (layoffWords.test(cell) || layoffCodes.has(cell)) return 'layoff'
  return null
}

// ---------- companies ----------

const legalSuffixes = new Set([
  'inc',
  'incorporated',
  'llc',
  'corp',
  'corporation',
  'co',
  'company',
  'ltd',
  'limited',
  'lp',
  'llp',
  'lllp',
  'pllc',
  'plc',
  'pc',
])

/**
 * A company name for matching (the job cards' WARN notice, issue 19): case, accents,
 * punctuation, spacing, a leading 'The', remarks in parentheses, the 'dba ...' part
 * and legal suffixes do not count, so 'Acme Inc.', 'ACME' and 'The Acme Co., LLC'
 * are one company.
 */
export function companyKey(name: string): string {
  const text = cleanText(name)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\([^)]*\)?/g, ' ')
    .replace(/[\s,]+(?:d\/b\/a|d\.b\.a|dba|doing business as)\b[\s\S]*$/, '')
    .replace(/&/g, ' and ')
    .replace(/[.'’]/g, '')
  const words = text.split(/[^a-z0-9]+/).filter((word) => word !== '')
  if (words[0] === 'the' && words.length > 1) words.shift()
  while (words.length > 1 && legalSuffixes.has(words.at(-1)!)) {
    words.pop()
    // 'Wells Fargo & Co.': the '&' belonged to the suffix
    if (words.length > 1 && words.at(-1) === 'and') words.pop()
  }
  return words.join('')
}

/**
 * Two rows are the same notice when company (companyKey: any case, punctuation or
 * legal suffix), state and date agree (issue 19): the stored records' unique key.
 */
export function layoffRecordKey(record: Pick<LayoffImportRecord, 'company' | 'state' | 'layoffDate'>): string {
  return `${companyKey(record.company)}|${record.state}|${record.layoffDate}`
}

// ---------- rows ----------

type RowResult = { record: Omit<LayoffImportRecord, 'line'> } | { reason: LayoffSkipReason }

function toRecord(row: readonly string[], mapping: LayoffImportMapping, fileState: UsStateCode | null): RowResult {
  const cell = (column: number | null) => (column === null ? '' : (row[column] ?? ''))

  const company = cleanText(cell(mapping.company))
  if (isNotGiven(company)) return { reason: 'missingCompany' }
  if (company.length > layoffCompanyMaxLength) return { reason: 'companyTooLong' }

  let state = fileState
  if (state === null) {
    const stateCell = cell(mapping.state)
    if (isNotGiven(stateCell)) return { reason: 'missingState' }
    state = stateFromLocation(stateCell)
    if (state === null) return { reason: 'unknownState' }
  }

  const dateCell = cell(mapping.layoffDate)
  if (isNotGiven(dateCell)) return { reason: 'missingDate' }
  const layoffDate = parseLayoffDate(dateCell)
  if (layoffDate === null) return { reason: 'unreadableDate' }

  const workersCell = cell(mapping.workersAffected)
  if (isNotGiven(workersCell)) return { reason: 'missingWorkers' }
  const workersAffected = parseWorkerCount(workersCell)
  if (workersAffected === null) return { reason: 'invalidWorkers' }

  const optional = (column: number | null, max: number) => {
    const text = cleanText(cell(column))
    return isNotGiven(text) ? null : text.slice(0, max)
  }
  return {
    record: {
      company,
      state,
      workersAffected,
      layoffDate,
      // spec 002 §3 is_closure: a type that says neither is a layoff
      isClosure: kindOf(cell(mapping.kind)) === 'closure',
      notes: optional(mapping.notes, layoffNotesMaxLength),
      source: optional(mapping.source, layoffSourceMaxLength),
    },
  }
}

/**
 * The import's records and its report. `lines[i]` is the file line `rows[i]` starts
 * on (readCsv gives them); without it rows are counted from line 2, under a header
 * on line 1. With `stateForFile`, every record is in that state and no state column
 * is read: a state's WARN file lists its own notices, even when a City column holds
 * an employer's out-of-state address ('Seattle, WA' in Oregon's file).
 */
export function toLayoffRecords(
  rows: readonly (readonly string[])[],
  mapping: LayoffImportMapping,
  options: { stateForFile?: string | null; lines?: readonly number[] } = {},
): LayoffRecordsResult {
  const fileState = options.stateForFile ? stateCodeOf(options.stateForFile) : null
  if (options.stateForFile && fileState === null) throw new Error(`Not a US state: ${options.stateForFile}`)

  const records: LayoffImportRecord[] = []
  // per record: the values of each row it is made of, to tell a row listed twice from another site
  const rowsOf: string[][] = []
  const indexByKey = new Map<string, number>()
  const skipped: SkippedLayoffRow[] = []
  let duplicatesMerged = 0
  let rowsCombined = 0

  rows.forEach((row, index) => {
    const line = options.lines?.[index] ?? index + 2
    const result = toRecord(row, mapping, fileState)
    if ('reason' in result) {
      skipped.push({ line, reason: result.reason, values: [...row] })
      return
    }
    const record = { line, ...result.record }
    const key = layoffRecordKey(record)
    const signature = valuesSignature(record)
    const earlier = indexByKey.get(key)
    if (earlier === undefined) {
      indexByKey.set(key, records.length)
      records.push(record)
      rowsOf.push([signature])
      return
    }
    if (rowsOf[earlier]!.includes(signature)) {
      // the same notice listed twice (Florida repeats whole rows): counted once
      skipped.push({ line, reason: 'duplicateInFile', values: [...row] })
      duplicatesMerged++
      return
    }
    // Another row of the notice that says something else: Maryland lists each site of
    // one notice on its own row. Its workers are added, so none is lost under the key.
    records[earlier] = combine(records[earlier]!, record)
    rowsOf[earlier]!.push(signature)
    skipped.push({ line, reason: 'combinedInFile', values: [...row] })
    rowsCombined++
  })

  skipped.sort((a, b) => a.line - b.line)
  return { records, skipped, duplicatesMerged, rowsCombined }
}

/** A row's values as read (the key's company spelling apart: 'ACME' and 'Acme Inc.' are one notice). */
function valuesSignature(record: LayoffImportRecord): string {
  return JSON.stringify([record.workersAffected, record.isClosure, record.notes, record.source])
}

/**
 * Two rows of one notice as one record: workers added, notes joined with '; ' (each
 * once), the first source kept, a closure if either row says so; the first row's
 * line and company spelling stay.
 */
function combine(first: LayoffImportRecord, other: LayoffImportRecord): LayoffImportRecord {
  const notes = first.notes === null ? [] : first.notes.split('; ')
  if (other.notes !== null && !notes.includes(other.notes)) notes.push(other.notes)
  return {
    ...first,
    workersAffected: Math.min(first.workersAffected + other.workersAffected, layoffWorkersMax),
    isClosure: first.isClosure || other.isClosure,
    notes: notes.length === 0 ? null : notes.join('; ').slice(0, layoffNotesMaxLength),
    source: first.source ?? other.source,
  }
}
