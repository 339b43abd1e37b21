import { lazy } from 'react'
import { createBrowserRouter, type RouteObject } from 'react-router'
import { pages } from '#shared/pages.ts'
import { AppShell } from '#web/app/app-shell.tsx'
import { LoadingScreen } from '#web/app/loading-screen.tsx'
import { webPageNames, webPages, type PageLayout } from '#web/app/pages.tsx'
import { publicLayout } from '#web/app/public-layout.tsx'
import { RouteError } from '#web/app/route-error.tsx'

// The routes are built from the pages (shared/pages.ts for paths, app/pages.tsx for
// components and layouts: docs/decisions/019); only the layouts and the not-found
// page are declared here. Both load lazily, like every page but the landing page.
const AdminLayout = lazy(() =>
  import('#web/features/admin/pages/admin-layout.tsx').then((m) => ({ default: m.AdminLayout })),
)
const NotFoundPage = lazy(() => import('#web/app/not-found-page.tsx').then((m) => ({ default: m.NotFoundPage })))

/** The built pages of one layout, as routes with absolute paths; planned pages have none (they are 'Page not found'). */
function routesIn(layout: PageLayout | undefined): RouteObject[] {
  return webPageNames.flatMap((name) => {
    const { element, layout: pageLayout } = webPages[name]
    return element && pageLayout === layout ? [{ path: pages[name].path, element }] : []
  })
}

// Access to each path is not decided here but in the shared access table, read by
// RouteGuard inside AppShell for every route.
export const router = createBrowserRouter([
  {
    element: <AppShell />,
    errorElement: <RouteError />,
    children: [
      // the public pages: one layout, the public header and the site footer (decision 015)
      { handle: publicLayout, children: routesIn('public') },
      ...routesIn(undefined),
      { element: <AdminLayout fallback={<LoadingScreen />} />, children: routesIn('admin') },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
])
