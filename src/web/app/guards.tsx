import { lazy, Suspense, type ReactNode } from 'react'
import { Navigate, useLocation } from 'react-router'
import { decideAccess, isPublicPage, pageAccessFor } from '#shared/access.ts'
import { pathTo } from '#shared/pages.ts'
import { useViewer } from '#web/lib/session.ts'
import { LoadingScreen } from '#web/app/loading-screen.tsx'

// shown only to signed-in members, so it stays out of the entry bundle
const PremiumLock = lazy(() => import('#web/app/premium-lock.tsx').then((module) => ({ default: module.PremiumLock })))

/**
 * Every route passes here: the access table (shared/access.ts) decides (spec 000 §2,
 * guard behaviour). Because it re-runs whenever the session changes, a session that is
 * lost (signed out elsewhere, revoked, expired: any 401 refreshes it) sends a user on a
 * non-public page to /login.
 */
export function RouteGuard({ children }: { children: ReactNode }) {
  const location = useLocation()
  const { status, viewer } = useViewer()
  // public pages, and paths that are no page (the not-found page), never wait for the session
  if (isPublicPage(location.pathname)) return children
  const level = pageAccessFor(location.pathname) ?? 'visitor'
  if (status === 'loading') return <LoadingScreen />

  switch (decideAccess(level, viewer)) {
    case 'sign-in':
      return <Navigate to={pathTo('login')} state={{ from: location.pathname + location.search }} replace />
    case 'admin-only':
      return <Navigate to={pathTo('dashboard')} replace />
    case 'premium':
      return (
        <Suspense fallback={<LoadingScreen />}>
          <PremiumLock />
        </Suspense>
      )
    case 'allow':
      return children
  }
}
