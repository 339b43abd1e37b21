import { useState, type ReactNode } from 'react'
import { cn } from '#web/lib/cn.ts'

/**
 * A decorative picture in a box (the title is always written next to it): the item's
 * own, or, when it has none or it cannot be loaded, `stockSrc` drawn the same way, or
 * else `fallback` in the box. Cards load theirs lazily; `eager` for a page's header.
 */
export function FallbackImage({
  imageUrl,
  className,
  eager = false,
  stockSrc,
  fallback,
}: {
  imageUrl: string | null
  className?: string
  eager?: boolean
  /** a stock picture standing in for a missing one */
  stockSrc?: string
  /** drawn in the box when there is no picture to show */
  fallback?: ReactNode
}) {
  const [failed, setFailed] = useState<string | null>(null)
  const src = imageUrl && imageUrl !== failed ? imageUrl : stockSrc
  return (
    <div className={cn('overflow-hidden bg-muted', className)}>
      {src ? (
        <img
          src={src}
          alt=""
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          className="size-full object-cover"
          onError={() => (src === stockSrc ? undefined : setFailed(src))}
        />
      ) : (
        fallback
      )}
    </div>
  )
}
