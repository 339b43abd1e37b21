/**
 * `text` as a LIKE/ILIKE pattern matching it anywhere, its own wildcards (%, _ and
 * \) taken literally: what every search box of the product searches with.
 */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, '\\$&')}%`
}
