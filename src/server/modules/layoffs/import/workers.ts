import { layoffWorkersMax } from '#shared/layoffs/constants.ts'

// The number of workers a notice affects, as the state files write it (issue 19).
// spec 002 §5 keeps the digits only, but that reads '60-70' as 6070 and '1-5' as 15;
// here the cell must hold ONE whole number, written with thousands separators or
// not, and may carry the words offices put around it ('approx. 150', 'Up to 122',
// '150 (approx.)', 'Total 35 (at this time ...)'). A range, a list or a fraction is
// not a count: the row is reported instead of guessed at.

/** Words before the number that do not change it. */
const leadingWords =
  /^(?:~|≈|approx(?:imately|\.)?|about|around|circa|ca\.|estimated|est\.?|up to|at least|total|initially|over)\s*/
/** Words after it. */
const trailingWords = /\s*(?:\+|employees|workers|people|positions|jobs|staff|approx(?:imately|\.)?|estimated)$/

/**
 * '1,609', '1 609' and '1609' are the same number: commas or spaces between groups
 * of three digits. A decimal point is only allowed before zeros ('42.0', as
 * spreadsheets export whole numbers).
 */
const wholeNumber = /^(\d{1,3}(?:,\d{3})+|\d{1,3}(?: \d{3})+|\d+)(?:\.0+)?$/

/** A positive whole number of workers, or null ('', 'N/A', 'unknown', '0', '-5', '12.5', '60-70'). */
export function parseWorkerCount(text: string): number | null {
  let cell = text
    .replace(/\([^)]*\)/g, ' ')
    .replace(/[\s\u00a0\u2007\u202f]+/g, ' ')
    .trim()
    .toLowerCase()
  for (let match = leadingWords.exec(cell); match && match[0]; match = leadingWords.exec(cell)) {
    cell = cell.slice(match[0].length)
  }
  for (let match = trailingWords.exec(cell); match && match[0]; match = trailingWords.exec(cell)) {
    cell = cell.slice(0, match.index)
  }
  const number = wholeNumber.exec(cell)
  if (!number) return null
  const count = Number(number[1]!.replace(/[, ]/g, ''))
  return count > 0 && count <= layoffWorkersMax ? count : null
}
