import { layoffYearMax, layoffYearMin } from '#shared/layoffs/constants.ts'

// A layoff date as the state files write it, to 'YYYY-MM-DD' (issue 19; spec 002 §5:
// year-first, dash or slash forms, two-digit years get a 20 prefix). Numeric dates
// are read month first (M/D/Y), the US order every WARN office uses. A cell often
// holds a range or a list ('3/8/19 - 6/30/19', 'June 29, 2012 & August 3, 2012',
// 'May 7,14 & 31, 2012'): the layoff begins on the first date, so the first wins.

const monthNames =
  'jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?'
const monthOf = (name: string) =>
  ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'].indexOf(
    name.slice(0, 3).toLowerCase(),
  ) + 1

type Parts = { year: string; month: number; day: string }

/** Each form with how its match becomes year, month and day; the earliest match in the cell wins. */
const forms: { pattern: RegExp; parts: (match: RegExpExecArray) => Parts }[] = [
  // 2020-07-27, 2020/6/1, '2018/4/ 27', 2020-07-27T00:00:00Z (the calendar date as written: no zone shift)
  {
    pattern: /(?<!\d)(\d{4}) ?([-/.]) ?(\d{1,2}) ?\2 ?(\d{1,2})(?!\d)/,
    parts: (m) => ({ year: m[1]!, month: Number(m[3]), day: m[4]! }),
  },
  // 7/27/2020, 01-02-19, '3/8/19-\n6/30/19'
  {
    pattern: /(?<!\d)(\d{1,2}) ?([-/]) ?(\d{1,2}) ?\2 ?(\d{4}|\d{2})(?!\d)/,
    parts: (m) => ({ year: m[4]!, month: Number(m[1]), day: m[3]! }),
  },
  // 20200110
  {
    pattern: /(?<!\d)(\d{4})(\d{2})(\d{2})(?!\d)/,
    parts: (m) => ({ year: m[1]!, month: Number(m[2]), day: m[3]! }),
  },
  // 'July 27, 2020', 'Jul 27 2020', 'March, 20, 2020', 'April 18. 2020', and a list or range
  // before the year: 'May 7,14 & 31, 2012', 'March 20-24, 2020', 'April 14 and ending June 30, 2020'
  {
    pattern: new RegExp(
      `\\b(${monthNames})\\b\\.?,? *(\\d{1,2})(?!\\d)(?:st|nd|rd|th)?\\b[\\s\\S]{0,60}?(?<!\\d)(\\d{4})(?!\\d)`,
      'i',
    ),
    parts: (m) => ({ year: m[3]!, month: monthOf(m[1]!), day: m[2]! }),
  },
  // '15 December 2014', '15-Dec-2014', '15-Dec-14'
  {
    pattern: new RegExp(
      `(?<!\\d)(\\d{1,2})(?:st|nd|rd|th)?[ -]*(${monthNames})\\b\\.?,?[ -]*(\\d{4}|\\d{2})(?!\\d)`,
      'i',
    ),
    parts: (m) => ({ year: m[3]!, month: monthOf(m[2]!), day: m[1]! }),
  },
]

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate()
}

/** 'YYYY-MM-DD', or null when the cell holds no date or an impossible one (2/30/2020, year 1899). */
export function parseLayoffDate(text: string): string | null {
  const cell = text.replace(/\s+/g, ' ')
  let first: { index: number; parts: Parts } | null = null
  for (const form of forms) {
    const match = form.pattern.exec(cell)
    if (match && (first === null || match.index < first.index)) first = { index: match.index, parts: form.parts(match) }
  }
  if (first === null) return null
  const { month } = first.parts
  const year = first.parts.year.length === 2 ? 2000 + Number(first.parts.year) : Number(first.parts.year)
  const day = Number(first.parts.day)
  if (year < layoffYearMin || year > layoffYearMax || month < 1 || month > 12) return null
  if (day < 1 || day > daysInMonth(year, month)) return null
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`
}
