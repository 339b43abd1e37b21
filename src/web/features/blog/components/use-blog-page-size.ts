import { useSyncExternalStore } from 'react'
import { blogNarrowBelowPx, blogPageSizeNarrow, blogPageSizeWide } from '#shared/blog/constants.ts'

// spec 001 §9: 8 cards on wide screens, 3 under 768 px
const narrowQuery = `(max-width: ${blogNarrowBelowPx - 0.02}px)`

function subscribe(onChange: () => void) {
  const media = window.matchMedia(narrowQuery)
  media.addEventListener('change', onChange)
  return () => media.removeEventListener('change', onChange)
}

const isNarrow = () => window.matchMedia(narrowQuery).matches

/** How many entries a page of /blog holds on this screen, following it when it turns or resizes. */
export function useBlogPageSize(): number {
  const narrow = useSyncExternalStore(subscribe, isNarrow, () => false)
  return narrow ? blogPageSizeNarrow : blogPageSizeWide
}
