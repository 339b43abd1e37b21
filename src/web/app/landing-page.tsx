import { lazy, Suspense, useEffect, useState } from 'react'
import { Link } from 'react-router'
import { useQuery } from '@tanstack/react-query'
import { pathTo } from '#shared/pages.ts'
import { NearViewport } from '#web/components/near-viewport.tsx'
import { buttonClasses } from '#web/components/ui/button-variants.ts'
import { useViewer } from '#web/lib/session.ts'
import { PageTitle } from '#web/components/page-title.tsx'
import { promoAlreadyShown, promoQuery } from '#web/features/billing/api/promo.ts'
import { FeatureGrid } from '#web/features/landing/components/feature-grid.tsx'
import { Hero } from '#web/features/landing/components/hero.tsx'
import { UpdateSignupBox } from '#web/features/update-signup/components/update-signup-box.tsx'

// The promo pop-up's code loads only when a promo is on and not yet shown in this
// browser session, so the entry page stays within its JavaScript budget.
const LatestJobs = lazy(() =>
  import('#web/features/jobs/components/latest-jobs.tsx').then((m) => ({ default: m.LatestJobs })),
)
const LayoffTeaser = lazy(() =>
  import('#web/features/layoffs/components/layoff-teaser.tsx').then((m) => ({ default: m.LayoffTeaser })),
)
const LandingPromo = lazy(() =>
  import('#web/features/billing/components/landing-promo.tsx').then((m) => ({ default: m.LandingPromo })),
)

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
 * spec 000 §1 job board teaser: the three newest real jobs. Visitors are offered
 * to sign in to apply; members open the job.
 */
function JobBoardTeaser() {
  const { user } = useViewer()
  return (
    <section aria-labelledby="job-board-heading" className="border-t border-border bg-muted/40">
      <div className="mx-auto grid w-full max-w-6xl gap-8 px-4 py-16">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div className="grid gap-2">
            <h2 id="job-board-heading" className="text-3xl font-semibold tracking-tight">
              Job board
            </h2>
            <p className="text-muted-foreground">
              Curated roles for members, matched to your skills. The latest openings:
            </p>
          </div>
          <Link to={pathTo('jobs')} className={buttonClasses('primary')}>
            View Opportunities
          </Link>
        </div>
        {/* far below the fold: its code and the jobs load as the visitor scrolls towards it */}
        <NearViewport className="min-h-40">
          <LatestJobs variant="teaser" signedOut={!user} showViewAll={false} />
        </NearViewport>
      </div>
    </section>
  )
}

/**
 * spec 000 §1: the landing page. It is the entry page, so it stays small and eager;
 * the layoff tracker teaser shows real records, never a sample table (issue 19).
 */
export function LandingPage() {
  const promo = usePromoToShow()
  return (
    <div className="flex flex-1 flex-col">
      <PageTitle />
      <Hero>
        <div className="mx-auto grid w-full max-w-3xl justify-items-center gap-6 px-4 py-24 text-center">
          <p className="rounded-full border border-white/30 px-3 py-1 text-xs font-medium tracking-wide text-white/85 uppercase">
            The career lab for ambitious professionals
          </p>
          <h1 id="hero-heading" className="text-5xl font-semibold tracking-tight sm:text-6xl">
            Prestige <span className="text-amber-300">Labs</span>
          </h1>
          <p className="max-w-xl text-lg text-white/85">
            Community, private job board, courses, a career coach and resume tools for corporate professionals and
            students, in one membership.
          </p>
          <div className="flex flex-wrap justify-center gap-3">
            <Link to={pathTo('createAccount')} className={buttonClasses('primary', 'lg')}>
              Get Started
            </Link>
            <Link
              to={pathTo('login')}
              className={buttonClasses('outline', 'lg', 'border-white/40 text-white hover:bg-white/10')}
            >
              Sign In
            </Link>
          </div>
        </div>
      </Hero>
      <FeatureGrid />
      <JobBoardTeaser />
      <NearViewport className="mx-auto min-h-64 w-full max-w-6xl px-4 py-16">
        <LayoffTeaser />
      </NearViewport>
      <UpdateSignupBox />
      {promo ? (
        <Suspense fallback={null}>
          <LandingPromo promo={promo} />
        </Suspense>
      ) : null}
    </div>
  )
}
