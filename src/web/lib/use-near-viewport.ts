import { useEffect, useState, type RefObject } from 'react'

/**
 * True once the element comes within `margin` of the viewport, and from then on.
 * For sections far below the fold of the entry page: their code and data load
 * when the visitor scrolls towards them, not with the first paint.
 */
export function useNearViewport(ref: RefObject<Element | null>, margin = '600px'): boolean {
  const [near, setNear] = useState(false)
  useEffect(() => {
    const element = ref.current
    if (near || !element) return
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true)
      return
    }
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && setNear(true), { rootMargin: margin })
    observer.observe(element)
    return () => observer.disconnect()
  }, [ref, margin, near])
  return near
}
