import { blogStockImagePath } from '#shared/blog/constants.ts'
import { FallbackImage } from '#web/components/fallback-image.tsx'

/**
 * A post's or newsletter item's picture, or the stock picture (spec 001 §7) when it
 * has none or it cannot be loaded: a newsletter's pictures live on other sites.
 * Decorative: the title is always written next to it.
 */
export function BlogImage(props: {
  imageUrl: string | null
  className?: string
  /** the picture at the top of a post page loads at once */
  eager?: boolean
}) {
  return <FallbackImage {...props} stockSrc={blogStockImagePath} />
}
