import { Component, Suspense, useEffect, useRef, useState, type ReactNode } from 'react'

export const partNotLoaded = 'This part of the page could not be loaded. Reload the page to try again.'

/**
 * Renders `children` once this box comes within `margin` of the viewport, and from
 * then on. For sections far below the fold of the entry page: lazy children load
 * their code and data as the visitor scrolls towards them, not with the first
 * paint (the '/' JavaScript budget). `className` should hold their height meanwhile.
 */
export function NearViewport({
  children,
  className,
  margin = '600px',
}: {
  children: ReactNode
  className?: string
  margin?: string
}) {
  const box = useRef<HTMLDivElement>(null)
  const [near, setNear] = useState(false)
  useEffect(() => {
    const element = box.current
    if (near || !element) return
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true)
      return
    }
    const observer = new IntersectionObserver(
      (entries) => entries.some((entry) => entry.isIntersecting) && setNear(true),
      { rootMargin: margin },
    )
    observer.observe(element)
    return () => observer.disconnect()
  }, [margin, near])
  return (
    <div ref={box} className={className}>
      {near ? (
        <SayWhenNotLoaded>
          <Suspense fallback={null}>{children}</Suspense>
        </SayWhenNotLoaded>
      ) : null}
    </div>
  )
}

// A part whose code cannot load (a deploy replaced its file while the page was
// open) says so in its place instead of taking the whole page down.
class SayWhenNotLoaded extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false }

  static getDerivedStateFromError() {
    return { failed: true }
  }

  render() {
    if (!this.state.failed) return this.props.children
    return <p className="py-6 text-center text-sm text-muted-foreground">{partNotLoaded}</p>
  }
}
