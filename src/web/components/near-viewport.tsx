import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react'

/**
 * Renders `children` once this box comes within `margin` of the viewport, and from
 * then on. For sections far below the fold of the entry page: lazy children load
 * their code and data as the visitor scrolls towards them, not with the first
 * paint (the '/' JavaScript budget). `className` should hold their height meanwhile.
 */
export function NearViewport({ children, className, margin = '600px' }: { children: ReactNode; className?: string; margin?: string }) {
  const box = useRef<HTMLDivElement>(null)
  const [near, setNear] = useState(false)
  useEffect(() => {
    const element = box.current
    if (near || !element) return
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true)
      return
    }
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && setNear(true), { rootMargin: margin })
    observer.observe(element)
    return () => observer.disconnect()
  }, [margin, near])
  return (
    <div ref={box} className={className}>
      {near ? <Suspense fallback={null}>{children}</Suspense> : null}
    </div>
  )
}
