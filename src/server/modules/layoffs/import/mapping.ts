import {
  layoffImportFieldLabels,
  layoffImportFields,
  requiredLayoffImportFields,
  type LayoffImportField,
} from '#shared/layoffs/constants.ts'
import {
  columnRequired,
  columnUsedTwice,
  layoffImportMessages,
  missingRequiredColumns,
} from '#shared/layoffs/messages.ts'
import { isNotGiven, kindOf, stateCodeOf, stateFromLocation } from './records.ts'

// Which column of an uploaded file holds which field (issue 19). The suggestion
// reads header names the way offices write them, in any case, spacing or
// punctuation ('Company Name', 'No. of Employees Affected', 'NoticeRcvd', '# Affected'):
// the spec's own column names first (spec 002 §5: company, state, location, date,
// employees_affected, employees or workers), then the words WARN files use. The admin
// confirms or changes it; checkMapping says what is still missing.

/** For each field, the index of its column in the header, or null when no column holds it. */
export type LayoffImportMapping = Record<LayoffImportField, number | null>

export type MappingProblem =
  | { code: 'columnRequired'; field: LayoffImportField; message: string }
  | { code: 'columnMissing'; field: LayoffImportField; column: number; message: string }
  | { code: 'columnUsedTwice'; column: number; fields: LayoffImportField[]; message: string }
  | { code: 'unknownStateForFile'; message: string }

/**
 * A header cell as lowercase words: camelCase split ('NoticeRcvd'), punctuation and
 * line breaks made spaces ('NAICS\r\n   Code'), '#' read as 'number', and the
 * abbreviations offices use spelled out.
 */
export function headerWords(cell: string): string {
  const spelledOut: Record<string, string> = {
    no: 'number',
    num: 'number',
    nbr: 'number',
    qty: 'number',
    emp: 'employees',
    emps: 'employees',
    empl: 'employees',
    employee: 'employees',
    worker: 'workers',
    rcvd: 'received',
    recd: 'received',
    eff: 'effective',
    dt: 'date',
    org: 'organization',
    organisation: 'organization',
    st: 'state',
  }
  return cell
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .replace(/#/g, ' number ')
    .replace(/%/g, ' percent ')
    .replace(/&/g, ' and ')
    .toLowerCase()
    .replace(/\blay[\s_-]+offs?\b/g, (words) => (words.endsWith('s') ? 'layoffs' : 'layoff'))
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== '')
    .map((word) => spelledOut[word] ?? word)
    .join(' ')
}

const any = (words: string, pattern: RegExp) => pattern.test(words)

type FieldScore = { field: LayoffImportField; score: number; needsEvidence: boolean }

/**
 * How strongly a header names each field, 0 to 100: 100 for the spec's own names,
 * about 90 for the usual WARN wordings, less for vaguer ones. `needsEvidence` marks
 * guesses the column's values must confirm (see suggestMapping).
 */
function fieldScores(words: string): FieldScore[] {
  const scores: FieldScore[] = []
  const add = (field: LayoffImportField, score: number, needsEvidence = false) => {
    if (score > 0) scores.push({ field, score, needsEvidence })
  }

  add('company', companyScore(words))
  add('state', stateScore(words))
  // spec 002 §5: 'the state is taken from the last comma part of a location'; a
  // location column holds the state only in some files ('Salisbury, MD 21801', not
  // 'Sioux Falls'), so its values decide
  if (any(words, /^(location|address|city state|worksite|work site|site|place|work location)( address)?$/)) {
    add('state', words === 'location' ? 60 : 50, true)
  }
  add('workersAffected', workersScore(words))
  add('layoffDate', dateScore(words))
  // a Type column is as often a notice number or an office code (Tennessee's
  // 'Notice/Type', Maryland's 'Type Code' of 1 and 2): its values decide too
  add('kind', kindScore(words), true)
  add('notes', notesScore(words))
  add('source', sourceScore(words))
  return scores
}

// Words that make a header about something else ('Company Address', 'Employees Affected Date')
const notCompany =
  /\b(address|city|location|state|county|zip|id|code|number|type|phone|contact|date|naics|industry|size|url|email|website|count)\b/
const notState = /\b(date|notification|notice|number|id|zip|fips|county|city|industry|address)\b/
const notWorkers =
  /\b(date|type|percent|percentage|funds|funding|raised|id|naics|code|track|phone|zip|wia|industry|county|city|size|salary|wage|notice)\b/

function companyScore(words: string): number {
  if (words === 'company') return 100
  if (any(words, notCompany)) return 0
  if (any(words, /\b(company|employer|business|organization|firm|establishment)\b/)) return 90
  if (words === 'name' || words === 'facility name') return 40
  return 0
}

function stateScore(words: string): number {
  if (words === 'state') return 100
  if (any(words, notState)) return 0
  if (any(words, /\b(state|province)\b/)) return 90
  return 0
}

function workersScore(words: string): number {
  if (words === 'employees affected' || words === 'employees' || words === 'workers') return 100
  if (any(words, notWorkers)) return 0
  const affected = any(words, /\b(affected|impacted|laid off|layoffs?|dislocated|separated|separations|terminated)\b/)
  const counted = any(words, /\b(employees|workers|number|total|count|jobs|positions|people|headcount|staff)\b/)
  if (affected && counted) return 95
  if (any(words, /\b(affected|impacted)\b/)) return 85
  if (words === 'layoffs') return 60
  if (any(words, /\b(employees|workers|headcount|jobs|positions)\b/)) return 75
  if (words === 'count' || words === 'number' || words === 'total') return 55
  return 0
}

/**
 * The record's date is the layoff date (spec 002 §3 layoff_date): when workers lose
 * their jobs, which the tracker sorts and charts by. WARN files also carry the
 * notice date, filed about 60 days earlier (the Act's notice period); it is taken
 * only when a file has no layoff or effective date.
 */
function dateScore(words: string): number {
  if (words === 'date') return 100
  if (!any(words, /\b(date|dated|received)\b/)) return 0
  if (any(words, /\b(end|ending|through|thru|update|updated|created|modified|birth|last)\b/)) return 30
  if (any(words, /\b(layoff|layoffs|effective|separation|closure|closing|begin|beginning|start|termination|impact)\b/))
    return 95
  if (any(words, /\b(notice|notification|received|warn|posted|filed|report|submitted|signed)\b/)) return 70
  return 50
}

function kindScore(words: string): number {
  if (any(words, /\b(date|industry|naics|business|company|employer|organization|number|count)\b/)) return 0
  if (any(words, /\b(closure|closing|closed)\b/)) return 90
  if (any(words, /\b(type|kind|action)\b/) && any(words, /\b(layoff|notice|warn|event|separation)\b/)) return 85
  if (words === 'type') return 70
  if (any(words, /\btype\b/)) return 60
  return 0
}

function notesScore(words: string): number {
  if (any(words, /\b(date|naics|industry)\b/)) return 0
  if (any(words, /\b(notes?|comments?|remarks?|description|details|reason|explanation)\b/)) return 80
  return 0
}

function sourceScore(words: string): number {
  if (words === 'source') return 90
  if (any(words, /\b(funds|funding)\b/)) return 0
  if (any(words, /\b(url|link|website|web|href)\b/))
    return words.includes('source') || words.includes('notice') ? 95 : 85
  if (any(words, /\bsource\b/)) return 70
  return 0
}

/** A header word strong enough to be taken without its column's values. */
const strongScore = 80

/** The fields a header cell clearly names (for telling a header row from a title or data row). */
export function fieldsNamedBy(cell: string): LayoffImportField[] {
  return fieldScores(headerWords(cell))
    .filter((candidate) => candidate.score >= strongScore)
    .map((candidate) => candidate.field)
}

/** How many sample rows confirm a guessed column. */
const evidenceRows = 100

/**
 * A guessed column is taken when at least half of its first non-empty values read as
 * what it is meant to hold: a state (for a location column) or closure/layoff (for a
 * vague 'Type' column: Tennessee's 'Notice/Type' holds notice numbers).
 */
function valuesConfirm(field: LayoffImportField, column: number, rows: readonly (readonly string[])[]): boolean {
  const values = rows
    .slice(0, evidenceRows)
    .map((row) => row[column] ?? '')
    .filter((value) => !isNotGiven(value))
  if (values.length === 0) return false
  const read = field === 'state' ? stateFromLocation : kindOf
  return values.filter((value) => read(value) !== null).length * 2 >= values.length
}

/**
 * The mapping the header suggests. `rows` (the file's rows; the first 100 are read)
 * confirm the guesses that need their values; without rows, only such a guess with a
 * strong header ('Closure/Layoff') is taken. Each column serves one field: the strongest claim wins it, and a field
 * whose best column is taken gets its next best.
 */
export function suggestMapping(
  header: readonly string[],
  rows: readonly (readonly string[])[] = [],
): LayoffImportMapping {
  const candidates = header.flatMap((cell, column) =>
    fieldScores(headerWords(cell))
      .filter(
        (candidate) =>
          !candidate.needsEvidence ||
          (rows.length === 0 ? candidate.score >= strongScore : valuesConfirm(candidate.field, column, rows)),
      )
      .map((candidate) => ({ ...candidate, column })),
  )
  candidates.sort(
    (a, b) =>
      b.score - a.score ||
      layoffImportFields.indexOf(a.field) - layoffImportFields.indexOf(b.field) ||
      a.column - b.column,
  )
  const mapping = emptyMapping()
  const taken = new Set<number>()
  for (const { field, column } of candidates) {
    if (mapping[field] !== null || taken.has(column)) continue
    mapping[field] = column
    taken.add(column)
  }
  return mapping
}

export function emptyMapping(): LayoffImportMapping {
  return Object.fromEntries(layoffImportFields.map((field) => [field, null])) as LayoffImportMapping
}

/**
 * What stops an import with this mapping: a required field without a column (the
 * state may instead be given for the whole file), a column chosen for two fields, a
 * column the file does not have (with `header`), a state for the file that is not one.
 */
export function checkMapping(
  mapping: LayoffImportMapping,
  options: { stateForFile?: string | null; header?: readonly string[] } = {},
): MappingProblem[] {
  const problems: MappingProblem[] = []
  const { stateForFile, header } = options
  if (stateForFile && stateCodeOf(stateForFile) === null) {
    problems.push({ code: 'unknownStateForFile', message: layoffImportMessages.unknownStateForFile })
  }
  for (const field of requiredLayoffImportFields) {
    if (mapping[field] !== null || (field === 'state' && stateForFile)) continue
    const message =
      field === 'state' ? layoffImportMessages.stateRequired : columnRequired(layoffImportFieldLabels[field])
    problems.push({ code: 'columnRequired', field, message })
  }
  const fieldsByColumn = new Map<number, LayoffImportField[]>()
  for (const field of layoffImportFields) {
    const column = mapping[field]
    if (column === null) continue
    if (header && (!Number.isInteger(column) || column < 0 || column >= header.length)) {
      problems.push({ code: 'columnMissing', field, column, message: layoffImportMessages.columnMissing })
      continue
    }
    fieldsByColumn.set(column, [...(fieldsByColumn.get(column) ?? []), field])
  }
  for (const [column, fields] of fieldsByColumn) {
    if (fields.length < 2) continue
    const name = header?.[column] || `column ${column + 1}`
    const labels = fields.map((field) => layoffImportFieldLabels[field])
    problems.push({ code: 'columnUsedTwice', column, fields, message: columnUsedTwice(name, labels) })
  }
  return problems
}

/** The spec's summary of the missing required columns ('Missing required columns: Company, Layoff date'). */
export function missingColumnsMessage(problems: readonly MappingProblem[]): string | null {
  const labels = problems.flatMap((problem) =>
    problem.code === 'columnRequired' ? [layoffImportFieldLabels[problem.field]] : [],
  )
  return labels.length === 0 ? null : missingRequiredColumns(labels)
}
