import { lazy, Suspense, useState } from 'react'
import { Outlet, ScrollRestoration, useLocation } from 'react-router'
import { pathTo } from '#shared/pages.ts'
import { useViewer } from '#web/lib/session.ts'
import { usePlatformSettings } from '#web/lib/platform-settings.ts'
import { RouteGuard } from '#web/app/guards.tsx'
import { LoadingScreen } from '#web/app/loading-screen.tsx'
import { PublicFooter, usePublicLayout } from '#web/app/public-layout.tsx'

// The header (menus, dropdown, dialogs, form messages) loads only where it shows, never on '/'.
const Header = lazy(() => import('#web/app/header.tsx').then((module) => ({ default: module.Header })))

// Only members who have not verified their address load the banner (decision 014).
const EmailVerificationBanner = lazy(() =>
  import('#web/features/accounts/components/email-verification-banner.tsx').then((module) => ({
    default: module.EmailVerificationBanner,
  })),
)

// shown only while an admin has maintenance mode on (issue 22)
const MaintenancePage = lazy(() =>
  import('#web/app/maintenance-page.tsx').then((module) => ({ default: module.MaintenancePage })),
)

// sonner (about 15 KB) is not needed on the landing page, which shows no toast: the
// toaster mounts on the first other page and stays. Toasts raised before it mounts
// are replayed by sonner when it subscribes.
const Toaster = lazy(() => import('#web/app/toaster.tsx').then((module) => ({ default: module.ThemedToaster })))

// spec 000 §2: no header on these; elsewhere it shows when signed in, and on the public
// layout's pages for visitors too (spec 000 §2 names /business only; decision 015)
const headerlessPaths = new Set<string>([pathTo('home'), pathTo('login'), pathTo('createAccount')])

const maintenanceOpenPaths = new Set<string>([pathTo('login'), pathTo('resetPassword')])

function showsHeader(pathname: string, signedIn: boolean, publicPage: boolean): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname
  if (headerlessPaths.has(path)) return false
  return signedIn || publicPage
}

export function AppShell() {
  const { pathname } = useLocation()
  const { user } = useViewer()
  const publicPage = usePublicLayout()
  const withHeader = showsHeader(pathname, user !== null, publicPage)
  const onLanding = pathname === pathTo('home')
  // maintenance mode (issue 22): members and visitors get the maintenance page; admins,
  // and the sign-in page (admins must get in), pass
  const { maintenanceMode } = usePlatformSettings()
  const closed = maintenanceMode && !user?.isAdmin && !maintenanceOpenPaths.has(pathname)
  const [toasterNeeded, setToasterNeeded] = useState(!onLanding)
  if (!toasterNeeded && !onLanding) setToasterNeeded(true)

  return (
    <div className="flex min-h-dvh flex-col">
      {withHeader ? (
        <>
          <a
            href="#main"
            className="sr-only z-50 rounded-md bg-primary px-4 py-2 text-sm font-medium text-primary-foreground focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
          >
            Skip to content
          </a>
          <Suspense fallback={<div aria-hidden="true" className="h-16 border-b border-border" />}>
            <Header />
          </Suspense>
        </>
      ) : null}
      {withHeader && user && !user.emailVerified && pathname !== pathTo('verifyEmail') ? (
        <Suspense fallback={null}>
          <EmailVerificationBanner />
        </Suspense>
      ) : null}
      <main id="main" tabIndex={-1} className="flex flex-1 flex-col outline-none">
        {closed ? (
          <Suspense fallback={<LoadingScreen />}>
            <MaintenancePage signedIn={user !== null} />
          </Suspense>
        ) : (
          <RouteGuard>
            <Suspense fallback={<LoadingScreen />}>
              <Outlet />
            </Suspense>
          </RouteGuard>
        )}
      </main>
      {publicPage ? <PublicFooter /> : null}
      <ScrollRestoration />
      {toasterNeeded ? (
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      ) : null}
    </div>
  )
}
