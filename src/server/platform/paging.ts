import { AppError } from '#server/platform/app-error.ts'
import { invalidCursorMessage } from '#shared/common/fields.ts'

// Keyset paging, the one way every list pages (the job board, its search, the
// admin's job table, the community feed): rows newest first, each page read after
// the last row of the one before, so a page costs one index walk however deep it
// lies and a row written meanwhile neither repeats nor skips one. The position
// travels to the browser as an opaque cursor (the shared `Cursor` field) and is
// checked again when it comes back: it ends up in SQL.

/**
 * A row's place in a newest-first order: its timestamp at full precision as
 * PostgreSQL wrote it (`::text`: a JavaScript Date keeps only milliseconds), its
 * id, and in a ranked search its rank (a real's text, compared back as ::real).
 */
export type KeysetPosition = { at: string; id: string; rank?: string }

/** What a keyset query selects for the cursor beside the row's own columns. */
export type KeysetRow = { id: string; cursorAt: string; rank?: string }

/** A page of rows, and whether more follow it. */
export type Page<Row> = { rows: Row[]; hasMore: boolean }

export function encodeCursor(position: KeysetPosition): string {
  return Buffer.from(JSON.stringify(position)).toString('base64url')
}

const timestampText = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(\.\d{1,6})?[+-]\d\d(:\d\d)?$/
const uuidText = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
const realText = /^\d+(\.\d+)?(e[+-]?\d+)?$/
/** The largest PostgreSQL real: a rank past it is refused in SQL (22003). */
const realMax = 3.4028235e38

/**
 * A time of the text form that is a real time: month, day, hour and offset in
 * range and a year from 1 (PostgreSQL refuses the others, 22008 and 22009).
 */
function isRealTime(at: string): boolean {
  const [, year, month, day, hour, minute, second, offsetHours] =
    /^(\d{4})-(\d\d)-(\d\d) (\d\d):(\d\d):(\d\d)(?:\.\d+)?([+-]\d\d)/.exec(at) ?? []
  const parts = [year, month, day, hour, minute, second, offsetHours].map(Number)
  const [y = 0, mo = 0, d = 0, h = 0, mi = 0, s = 0, off = 99] = parts
  const date = new Date(Date.UTC(y, mo - 1, d))
  return (
    y >= 1 &&
    date.getUTCMonth() === mo - 1 &&
    date.getUTCDate() === d &&
    h <= 23 &&
    mi <= 59 &&
    s <= 59 &&
    Math.abs(off) <= 15
  )
}

/**
 * The position a cursor the browser sent back holds; undefined for none (the first
 * page). `order` is the list's: a ranked cursor in a list that ranks nothing, or
 * the other way round, is refused like any token the server did not write
 * (VALIDATION, 400).
 */
export function decodeCursor(cursor: string | undefined, order: 'newest' | 'ranked'): KeysetPosition | undefined {
  if (cursor === undefined) return undefined
  let parsed: Partial<Record<keyof KeysetPosition, unknown>> | undefined
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString())
  } catch {
    parsed = undefined
  }
  const { at, id, rank } = parsed ?? {}
  const valid =
    typeof at === 'string' &&
    timestampText.test(at) &&
    isRealTime(at) &&
    typeof id === 'string' &&
    uuidText.test(id) &&
    (order === 'ranked'
      ? typeof rank === 'string' && realText.test(rank) && Math.abs(Number(rank)) <= realMax
      : rank === undefined)
  if (!valid) throw new AppError('VALIDATION', invalidCursorMessage, { cursor: invalidCursorMessage })
  return order === 'ranked' ? { at, id, rank: rank as string } : { at, id }
}

/**
 * One page, read as `pageSize + 1` rows (`read` gets that limit): the extra row
 * only says another page follows, and is not shown.
 */
export async function readPage<Row>(pageSize: number, read: (limit: number) => Promise<Row[]>): Promise<Page<Row>> {
  const found = await read(pageSize + 1)
  return { rows: found.slice(0, pageSize), hasMore: found.length > pageSize }
}

/** The cursor of the page after `page`: its last row's position; null on the last page. */
export function nextCursorOf(page: Page<KeysetRow>): string | null {
  const last = page.rows.at(-1)
  if (!page.hasMore || !last) return null
  return encodeCursor(
    last.rank === undefined ? { at: last.cursorAt, id: last.id } : { at: last.cursorAt, id: last.id, rank: last.rank },
  )
}
