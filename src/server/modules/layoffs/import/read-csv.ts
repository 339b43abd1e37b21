import { CsvError, parse, type Info } from 'csv-parse/sync'
import { unreadableCsv } from '#shared/layoffs/messages.ts'
import { parseLayoffDate } from './dates.ts'
import { fieldsNamedBy } from './mapping.ts'

// An uploaded file's text to a header and rows (issue 19), with csv-parse: quoted
// commas, quoted line breaks and doubled quotes are its business. Ours is what state
// exports add around the table: another delimiter (semicolons from European
// spreadsheets, tabs from "text" exports), title and note lines above the header,
// rows shorter or longer than the header, and rows that lost their line break.

export type CsvTable = {
  /** The header's cells, each one line with single spaces ('Total\r\n   Employees' -> 'Total Employees'). */
  header: string[]
  /** The rows under the header, trimmed; a row shorter than the header is padded with ''. */
  rows: string[][]
  /** The file line each row starts on (1-based, counting every line of the file). */
  lines: number[]
  /** The file line of the header. */
  headerLine: number
  delimiter: string
  /** More than `maxRows` rows: the rest were not read. */
  truncated: boolean
}

export class CsvReadError extends Error {
  constructor(readonly line: number) {
    super(unreadableCsv(line))
  }
}

const delimiters = [',', ';', '\t', '|'] as const
/** Lines read to guess the delimiter and to look for the header. */
const sniffLines = 50
/** Title and note lines above a header are a handful; the header is within these rows. */
const headerSearchRows = 20

/**
 * The delimiter that splits the first lines most consistently: the one whose most
 * common count per line (outside quotes) is shared by the most lines. A comma wins ties.
 */
export function detectDelimiter(text: string): string {
  const countsPerLine: Record<string, number>[] = []
  let counts: Record<string, number> = {}
  let quoted = false
  for (let i = 0; i < text.length && countsPerLine.length < sniffLines; i++) {
    const char = text[i]!
    if (char === '"') quoted = !quoted
    else if (!quoted && char === '\n') {
      countsPerLine.push(counts)
      counts = {}
    } else if (!quoted && (delimiters as readonly string[]).includes(char)) counts[char] = (counts[char] ?? 0) + 1
  }
  countsPerLine.push(counts)

  let best: { delimiter: string; lines: number } = { delimiter: ',', lines: 0 }
  for (const delimiter of delimiters) {
    const lineCountsByTotal = new Map<number, number>()
    for (const line of countsPerLine) {
      const count = line[delimiter] ?? 0
      if (count > 0) lineCountsByTotal.set(count, (lineCountsByTotal.get(count) ?? 0) + 1)
    }
    const lines = Math.max(0, ...lineCountsByTotal.values())
    if (lines > best.lines) best = { delimiter, lines }
  }
  return best.delimiter
}

const oneLine = (cell: string) => cell.replace(/\s+/g, ' ').trim()
const filled = (cells: readonly string[]) => cells.filter((cell) => cell !== '')
const isNumberLike = (cell: string) => /^[\d\s.,:;/%$€£()+-]+$/.test(cell)

/**
 * How much a row looks like the header: the target fields its cells name, and whether
 * it is mostly short words (not numbers, not dates) across most of the table's width.
 */
function headerLikeness(cells: readonly string[], tableWidth: number): { named: number; wordy: boolean } {
  const values = filled(cells)
  const words = values.filter((cell) => !isNumberLike(cell) && cell.length <= 100 && parseLayoffDate(cell) === null)
  const named = new Set(values.flatMap((cell) => fieldsNamedBy(cell))).size
  const wordy = words.length >= 2 && words.length >= values.length * 0.8 && values.length >= tableWidth / 2
  return { named, wordy }
}

/**
 * The header row among the first rows: the one naming the most target fields ('Company
 * Name', 'Layoff Date'), the first on a tie; for a file whose headers name none, the
 * first row of words about as wide as the table; else the first row that wide (a
 * title line above it is narrower).
 */
function findHeader(records: readonly string[][]): number {
  const widths = records
    .slice(0, sniffLines)
    .map((cells) => filled(cells).length)
    .sort((a, b) => a - b)
  const tableWidth = widths[Math.floor(widths.length / 2)] ?? 0
  const candidates = records.slice(0, headerSearchRows)
  let best = { index: -1, score: 0 }
  candidates.forEach((cells, index) => {
    const { named, wordy } = headerLikeness(cells, tableWidth)
    const score = (named >= 2 ? named * 10 : 0) + (wordy ? 1 : 0)
    if (score > best.score) best = { index, score }
  })
  if (best.index >= 0) return best.index
  return Math.max(
    candidates.findIndex((cells) => filled(cells).length >= Math.max(2, tableWidth / 2)),
    0,
  )
}

/**
 * Rows of a file that lost its line breaks hold several records run together (one
 * line of Maryland's file holds 22): a row exactly two or more header widths long is
 * cut back into rows of the header's width.
 */
function splitRunTogether(cells: string[], width: number): string[][] {
  while (cells.length > width && cells.at(-1) === '') cells.pop()
  if (width < 3 || cells.length < width * 2 || cells.length % width !== 0) return [cells]
  const rows: string[][] = []
  for (let start = 0; start < cells.length; start += width) rows.push(cells.slice(start, start + width))
  return rows
}

/** The table in `text` (decoded, line breaks as '\n'); `maxRows` caps the rows read. */
export function readCsv(text: string, options: { maxRows?: number } = {}): CsvTable {
  const delimiter = detectDelimiter(text)
  let parsed: { record: string[]; info: Info }[]
  try {
    parsed = parse(text.replace(/^\uFEFF/, ''), {
      delimiter,
      info: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
      trim: true,
      to: options.maxRows === undefined ? -1 : options.maxRows + headerSearchRows + 1,
      // with `info`, each record comes as { record, info }; csv-parse's types do not say so
    }) as unknown as { record: string[]; info: Info }[]
  } catch (error) {
    if (error instanceof CsvError) throw new CsvReadError(Number((error as { lines?: number }).lines ?? 1))
    throw error
  }

  // A record's info says the line it ends on; it starts as many lines earlier as its
  // quoted cells hold line breaks.
  const records: { cells: string[]; line: number }[] = []
  for (const { record, info } of parsed) {
    const breaks = record.reduce((sum, cell) => sum + (cell.match(/\n/g)?.length ?? 0), 0)
    const cells = record.map((cell) => cell.trim())
    if (filled(cells).length > 0) records.push({ cells, line: info.lines - breaks })
  }
  if (records.length === 0) return { header: [], rows: [], lines: [], headerLine: 0, delimiter, truncated: false }

  const headerIndex = findHeader(records.map((record) => record.cells))
  const header = records[headerIndex]!.cells.map(oneLine)
  const rows: string[][] = []
  const lines: number[] = []
  for (const { cells, line } of records.slice(headerIndex + 1)) {
    // a header repeated on every page of a printed export is not a row
    if (cells.every((cell, index) => oneLine(cell) === (header[index] ?? ''))) continue
    for (const row of splitRunTogether(cells, header.length)) {
      if (filled(row).length === 0) continue
      while (row.length < header.length) row.push('')
      rows.push(row)
      lines.push(line)
    }
  }
  const truncated = options.maxRows !== undefined && rows.length > options.maxRows
  if (truncated) {
    rows.length = options.maxRows!
    lines.length = options.maxRows!
  }
  return { header, rows, lines, headerLine: records[headerIndex]!.line, delimiter, truncated }
}
