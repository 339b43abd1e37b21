import { describe, expect, test } from 'vitest'
import { AppError } from '#server/platform/app-error.ts'
import { Cursor, cursorMaxLength } from '#shared/common/fields.ts'
import { decodeCursor, encodeCursor, nextCursorOf, readPage, type KeysetPosition } from './paging.ts'

const newest: KeysetPosition = { at: '2026-11-23 10:38:22.123456+00', id: '0b9f2c4e-8d1a-4f7e-9c3b-5a6d7e8f9012' }
const ranked: KeysetPosition = { ...newest, rank: '0.0607927' }

/** The error `run` throws, or undefined. */
function refusalOf(run: () => unknown): AppError | undefined {
  try {
    run()
  } catch (error) {
    if (error instanceof AppError) return error
    throw error
  }
  return undefined
}

describe('keyset cursors', () => {
  test('a cursor gives back the position it was written from, at full precision', () => {
    expect(decodeCursor(encodeCursor(newest), 'newest')).toEqual(newest)
    expect(decodeCursor(encodeCursor(ranked), 'ranked')).toEqual(ranked)
  })

  test('no cursor is the first page', () => {
    expect(decodeCursor(undefined, 'newest')).toBeUndefined()
  })

  test('every cursor written passes the shared query field', () => {
    const longest = encodeCursor({ at: '2026-11-23 10:38:22.123456+05:30', id: newest.id, rank: '1.2345678e-05' })
    expect(longest.length).toBeLessThanOrEqual(cursorMaxLength)
    expect(Cursor.parse(longest)).toBe(longest)
  })

  test('a tampered or foreign cursor is a 400 saying so, never reaching SQL', () => {
    const tampered = [
      'bm90LWEtY3Vyc29y', // "not-a-cursor"
      encodeCursor({ ...newest, at: "2026-11-23'; drop table jobs; --" }),
      encodeCursor({ ...newest, id: 'not-a-uuid' }),
      Buffer.from(JSON.stringify({ at: newest.at })).toString('base64url'),
      Buffer.from(`${newest.at}|${newest.id}`).toString('base64url'),
      encodeCursor(ranked).slice(0, -4),
      // the shape of a time, but none PostgreSQL takes (it would answer 22008 or 22009: a 500)
      encodeCursor({ ...newest, at: '2026-99-23 10:38:22+00' }),
      encodeCursor({ ...newest, at: '2026-11-23 99:38:22+00' }),
      encodeCursor({ ...newest, at: '0000-11-23 10:38:22+00' }),
      encodeCursor({ ...newest, at: '2026-11-23 10:38:22+99' }),
    ]
    for (const cursor of tampered) {
      const refusal = refusalOf(() => decodeCursor(cursor, 'newest'))
      expect(refusal, cursor).toMatchObject({
        code: 'VALIDATION',
        message: 'Invalid cursor',
        fields: { cursor: 'Invalid cursor' },
      })
    }
  })

  test("a cursor of the other order is refused: a ranked one on the board, or the board's in a search", () => {
    expect(refusalOf(() => decodeCursor(encodeCursor(ranked), 'newest'))?.code).toBe('VALIDATION')
    expect(refusalOf(() => decodeCursor(encodeCursor(newest), 'ranked'))?.code).toBe('VALIDATION')
    expect(refusalOf(() => decodeCursor(encodeCursor({ ...ranked, rank: '1 or 1=1' }), 'ranked'))?.code).toBe(
      'VALIDATION',
    )
    // past what a real holds (22003 in SQL)
    expect(refusalOf(() => decodeCursor(encodeCursor({ ...ranked, rank: '1e999' }), 'ranked'))?.code).toBe('VALIDATION')
  })
})

describe('a page of rows', () => {
  const rows = Array.from({ length: 5 }, (_, i) => ({
    id: `0b9f2c4e-8d1a-4f7e-9c3b-5a6d7e8f901${i}`,
    cursorAt: `2026-11-2${9 - i} 10:00:00+00`,
  }))

  test('one more row than the page is read; it only says more follow', async () => {
    let asked = 0
    const page = await readPage(3, async (limit) => {
      asked = limit
      return rows.slice(0, limit)
    })
    expect(asked).toBe(4)
    expect(page).toEqual({ rows: rows.slice(0, 3), hasMore: true })
    expect(decodeCursor(nextCursorOf(page)!, 'newest')).toEqual({ at: rows[2]!.cursorAt, id: rows[2]!.id })
  })

  test('the last page has no next cursor, a full one included', async () => {
    const full = await readPage(5, async (limit) => rows.slice(0, limit))
    expect(full.hasMore).toBe(false)
    expect(nextCursorOf(full)).toBeNull()
    expect(nextCursorOf(await readPage(5, async () => []))).toBeNull()
  })

  test("a ranked page's cursor carries the rank of its last row", async () => {
    const page = await readPage(1, async () => rows.slice(0, 2).map((row) => ({ ...row, rank: '0.5' })))
    expect(decodeCursor(nextCursorOf(page)!, 'ranked')).toEqual({ at: rows[0]!.cursorAt, id: rows[0]!.id, rank: '0.5' })
  })
})
