import type { TextQuery } from './queries.ts'

// What the board's and the admin table's search boxes become in SQL
// (docs/decisions/009); their pages' cursors are platform/paging.ts's.

/** At most this many words of a search or a location count (each is one more index lookup). */
const maxSearchTokens = 8

/** Lower-case words of letters and digits only: nothing of to_tsquery's own syntax survives. */
function tokensOf(text: string | undefined): string[] {
  return (text?.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, maxSearchTokens)
}

/**
 * The board's search box (docs/decisions/009): every word must match, and the
 * last one, still being typed, also as a prefix once it has 3 characters (a
 * prefix of one or two letters matches most of the GIN index). Undefined when no
 * word remains. A search of English stop-words only ("the") becomes an empty
 * tsquery in PostgreSQL and matches no job: documented, not worked around.
 */
export function textSearchQuery(q: string | undefined, weights = ''): TextQuery | undefined {
  const tokens = tokensOf(q)
  const last = tokens.at(-1)
  if (last === undefined) return undefined
  // 'word:AC' matches the word only where jobs.search gave it weight A or C
  const exact = (token: string) => (weights ? `${token}:${weights}` : token)
  if (last.length < 3) return { terms: tokens.map(exact).join(' & ') }
  return { terms: tokens.slice(0, -1).map(exact).join(' & '), prefix: `${last}:*${weights}` }
}

/** The location filter as a to_tsquery('simple', ...) string: every word as a prefix ("new yo" finds New York). */
export function locationSearchQuery(location: string | undefined): string | undefined {
  const tokens = tokensOf(location)
  return tokens.length === 0 ? undefined : tokens.map((token) => `${token}:*`).join(' & ')
}
