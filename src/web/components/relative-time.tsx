import { useEffect, useState } from 'react'
import { formatDistanceToNow } from 'date-fns'

/** spec 000 §9: 'about 2 hours ago', kept current while the page is open; the exact time on hover. */
export function RelativeTime({ iso }: { iso: string }) {
  const [, setTick] = useState(0)
  useEffect(() => {
    const timer = setInterval(() => setTick((tick) => tick + 1), 60_000)
    return () => clearInterval(timer)
  }, [])
  const date = new Date(iso)
  return (
    <time dateTime={iso} title={date.toLocaleString()}>
      {formatDistanceToNow(date, { addSuffix: true })}
    </time>
  )
}
