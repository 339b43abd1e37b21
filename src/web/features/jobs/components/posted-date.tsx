// Built on Intl rather than date-fns so the landing teaser, which shows it too, stays small.
const units: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
]

/** '3 days ago', 'yesterday', 'just now'. */
function relativeDate(iso: string, now: number = Date.now()): string {
  const seconds = (new Date(iso).getTime() - now) / 1000
  const format = new Intl.RelativeTimeFormat('en', { numeric: 'auto' })
  for (const [unit, size] of units) {
    if (Math.abs(seconds) >= size) return format.format(Math.round(seconds / size), unit)
  }
  return 'just now'
}

/** When a job was posted, relative, with the exact date on hover. */
export function PostedDate({ iso, prefix = 'Posted ' }: { iso: string; prefix?: string }) {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return null
  return (
    <span>
      {prefix}
      <time dateTime={iso} title={date.toLocaleDateString()}>
        {relativeDate(iso)}
      </time>
    </span>
  )
}
