import { useState } from 'react'
import { CalendarDays } from 'lucide-react'
import { cn } from '#web/lib/cn.ts'

/**
 * An event's image, or a plain tile with a calendar when it has none or it fails to
 * load. Decorative: the title is always written next to it.
 */
export function EventImage({ imageUrl, className }: { imageUrl: string | null; className?: string }) {
  const [failed, setFailed] = useState(false)
  const box = cn('overflow-hidden bg-muted', className)
  if (imageUrl && !failed) {
    return (
      <div className={box}>
        <img
          src={imageUrl}
          alt=""
          loading="lazy"
          decoding="async"
          className="size-full object-cover"
          onError={() => setFailed(true)}
        />
      </div>
    )
  }
  return (
    <div aria-hidden="true" className={cn(box, 'grid place-items-center bg-gradient-to-br from-muted to-primary/20')}>
      <CalendarDays className="size-1/2 max-h-10 max-w-10 text-muted-foreground" />
    </div>
  )
}
