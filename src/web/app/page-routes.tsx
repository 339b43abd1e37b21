import { lazy } from 'react'
import type { RouteObject } from 'react-router'
import { pages } from '#shared/pages.ts'
import { LoadingScreen } from '#web/app/loading-screen.tsx'
import { webPageNames, webPages, type PageLayout } from '#web/app/pages.tsx'

// Every page's route but the landing page's, which router.tsx declares itself: this
// module is loaded on the first navigation away from '/' (router.tsx), so the route
// table and each page's list of chunks to preload are not part of the landing
// page's JavaScript budget. Built from the pages (shared/pages.ts for paths,
// app/pages.tsx for components and layouts: docs/decisions/019).
const AdminLayout = lazy(() =>
  import('#web/features/admin/pages/admin-layout.tsx').then((m) => ({ default: m.AdminLayout })),
)
const NotFoundPage = lazy(() => import('#web/app/not-found-page.tsx').then((m) => ({ default: m.NotFoundPage })))

/** The built pages of one layout, as routes with absolute paths. */
function routesIn(layout: PageLayout | undefined): RouteObject[] {
  return webPageNames.flatMap((name) => {
    const { element, layout: pageLayout } = webPages[name]
    return element && pageLayout === layout && name !== 'home' ? [{ path: pages[name].path, element }] : []
  })
}

/** The routes to add under router.tsx's public layout route and under its shell route. */
export const pageRoutes: { public: RouteObject[]; shell: RouteObject[] } = {
  public: routesIn('public'),
  shell: [
    ...routesIn(undefined),
    { element: <AdminLayout fallback={<LoadingScreen />} />, children: routesIn('admin') },
    { path: '*', element: <NotFoundPage /> },
  ],
}
