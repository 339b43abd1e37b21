import { useEffect, useRef, type ReactNode } from 'react'

/**
 * spec 000 §1: the video hero. The poster paints first and the video (our own
 * footage in public/media) starts only after the page is up, and never for people
 * who asked their system for reduced motion.
 */
export function Hero({ children }: { children: ReactNode }) {
  const video = useRef<HTMLVideoElement>(null)
  useEffect(() => {
    const element = video.current
    if (!element) return
    const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)')
    const apply = () => {
      if (reducedMotion.matches) element.pause()
      else void element.play().catch(() => {})
    }
    // after the load event, so the video does not compete with the first paint
    if (document.readyState === 'complete') apply()
    else window.addEventListener('load', apply, { once: true })
    reducedMotion.addEventListener('change', apply)
    return () => {
      window.removeEventListener('load', apply)
      reducedMotion.removeEventListener('change', apply)
    }
  }, [])

  return (
    <section
      aria-labelledby="hero-heading"
      className="relative isolate flex min-h-[36rem] items-center overflow-hidden bg-[#0b1020] text-white"
    >
      <video
        ref={video}
        aria-hidden="true"
        tabIndex={-1}
        muted
        loop
        playsInline
        preload="none"
        poster="/media/hero-poster.webp"
        className="absolute inset-0 -z-10 size-full object-cover"
      >
        <source src="/media/hero.webm" type="video/webm" />
        <source src="/media/hero.mp4" type="video/mp4" />
      </video>
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-gradient-to-b from-black/30 via-black/40 to-black/70"
      />
      {children}
    </section>
  )
}
