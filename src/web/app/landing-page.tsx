import { lazy, Suspense, useEffect, useState } from 'react'
import { Link } from 'react-router'
import { useQuery } from '@tanstack/react-query'
import { buttonClasses } from '#web/components/ui/button-variants.ts'
import { useViewer } from '#web/lib/session.ts'
import { promoAlreadyShown, promoQuery } from '#web/features/billing/api/promo.ts'
import { FeatureGrid } from '#web/features/landing/components/feature-grid.tsx'
import { Hero } from '#web/features/landing/components/hero.tsx'
import { LandingFooter } from '#web/features/landing/components/landing-footer.tsx'
import { UpdateSignupBox } from '#web/features/landing/components/update-signup-box.tsx'

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

/**
 * spec 000 §1: the landing page. It is the entry page, so it stays small and eager;
 * the job board and layoff tracker teasers join it when those areas exist (they
 * show real records, never a sample table).
 */
export function LandingPage() {
  const promo = usePromoToShow()
  return (
    <div className="flex flex-1 flex-col">
      <Hero>
        <div className="mx-auto grid w-full max-w-3xl justify-items-center gap-6 px-4 py-24 text-center">
          <p className="rounded-full border border-white/30 px-3 py-1 text-xs font-medium tracking-wide text-white/85 uppercase">
            The career lab for ambitious professionals
          </p>
          <h1 id="hero-heading" className="text-5xl font-semibold tracking-tight sm:text-6xl">
            Prestige <span className="text-amber-300">Labs</span>
          </h1>
          <p className="max-w-xl text-lg text-white/85">
            Community, private job board, courses, a career coach and resume tools for corporate professionals and students, in one
            membership.
          </p>
          <div className="flex flex-wrap justify-center gap-3">
            <Link to="/create-account" className={buttonClasses('primary', 'lg')}>
              Get Started
            </Link>
            <Link to="/login" className={buttonClasses('outline', 'lg', 'border-white/40 text-white hover:bg-white/10')}>
              Sign In
            </Link>
          </div>
        </div>
      </Hero>
      <FeatureGrid />
      <UpdateSignupBox />
      <LandingFooter />
      {promo ? (
        <Suspense fallback={null}>
          <LandingPromo promo={promo} />
        </Suspense>
      ) : null}
    </div>
  )
}
