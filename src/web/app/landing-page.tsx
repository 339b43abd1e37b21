import { lazy, Suspense, useEffect, useState } from 'react'
import { Link } from 'react-router'
import { useQuery } from '@tanstack/react-query'
import { buttonClasses } from '#web/components/ui/button-variants.ts'
import { useViewer } from '#web/lib/session.ts'
import { promoAlreadyShown, promoQuery } from '#web/features/billing/api/promo.ts'

// The promo pop-up's code loads only when a promo is on and not yet shown in this
// browser session, so the entry page stays within its JavaScript budget.
const LandingPromo = lazy(() => import('#web/features/billing/components/landing-promo.tsx').then((m) => ({ default: m.LandingPromo })))

/** True from the frame after the first paint on: work that can wait does not compete with it. */
function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false)
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true))
    })
    return () => {
      cancelAnimationFrame(frame)
      clearTimeout(timer)
    }
  }, [])
  return painted
}

/**
 * spec 000 §1: the limited-time promo pop-up, once per browser session, when the server
 * has a promo configured. Subscribers and admins have nothing to claim.
 */
function usePromoToShow() {
  const { status, viewer } = useViewer()
  const [alreadyShown] = useState(promoAlreadyShown)
  const painted = useAfterFirstPaint()
  const wanted = painted && !alreadyShown && status === 'ready' && !viewer.subscribed && !viewer.isAdmin
  const promo = useQuery({ ...promoQuery(), enabled: wanted }).data?.promo
  return wanted ? promo : undefined
}

// A minimal, honest '/' until the real landing page lands (spec 000 §1: video hero,
// feature grid, teasers). It is the entry page, so it stays small and eager.
export function LandingPage() {
  const promo = usePromoToShow()
  return (
    <div className="relative flex flex-1 flex-col items-center justify-center overflow-hidden px-4 py-24 text-center">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 bg-[radial-gradient(ellipse_at_top,color-mix(in_oklab,var(--primary)_18%,transparent),transparent_65%)]"
      />
      <div className="relative grid max-w-2xl justify-items-center gap-6">
        <p className="rounded-full border border-border px-3 py-1 text-xs font-medium tracking-wide text-muted-foreground uppercase">
          The career lab for ambitious professionals
        </p>
        <h1 className="text-5xl font-semibold tracking-tight sm:text-6xl">
          Prestige <span className="text-accent">Labs</span>
        </h1>
        <p className="max-w-xl text-lg text-muted-foreground">
          Community, private job board, courses, a career coach and resume tools for corporate professionals and students, in one
          membership.
        </p>
        <div className="flex flex-wrap justify-center gap-3">
          <Link to="/create-account" className={buttonClasses('primary', 'lg')}>
            Get Started
          </Link>
          <Link to="/login" className={buttonClasses('outline', 'lg')}>
            Sign In
          </Link>
        </div>
      </div>
      {promo ? (
        <Suspense fallback={null}>
          <LandingPromo promo={promo} />
        </Suspense>
      ) : null}
    </div>
  )
}
