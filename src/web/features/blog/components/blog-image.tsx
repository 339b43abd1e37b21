import { useState } from 'react'
import { blogStockImagePath } from '#shared/blog/constants.ts'
import { cn } from '#web/lib/cn.ts'

/**
 * A post's or newsletter item's picture, or the stock picture (spec 001 §7) when it
 * has none or it cannot be loaded: a newsletter's pictures live on other sites.
 * Decorative: the title is always written next to it.
 */
export function BlogImage({
  imageUrl,
  className,
  eager = false,
}: {
  imageUrl: string | null
  className?: string
  /** the picture at the top of a post page loads at once */
  eager?: boolean
}) {
  const [failed, setFailed] = useState<string | null>(null)
  const src = imageUrl && imageUrl !== failed ? imageUrl : blogStockImagePath
  return (
    <div className={cn('overflow-hidden bg-muted', className)}>
      <img
        src={src}
        alt=""
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
        className="size-full object-cover"
        onError={() => (src === blogStockImagePath ? undefined : setFailed(src))}
      />
    </div>
  )
}
