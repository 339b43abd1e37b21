import { createBrowserRouter } from 'react-router'
import { pages } from '#shared/pages.ts'
import { AppShell } from '#web/app/app-shell.tsx'
import { LandingPage } from '#web/app/landing-page.tsx'
import { publicLayout } from '#web/app/public-layout.tsx'
import { RouteError } from '#web/app/route-error.tsx'

// '/' ships with its own route only. Every other route (app/page-routes.tsx, built
// from the pages) is added on the first navigation to a path the router does not
// know yet, including a first load of a deep link: the table of some eighty lazy
// pages, each with the chunks it preloads, cost about 6 KB of the landing page's
// 120 KB gzip budget (ARCHITECTURE.md, performance budgets; bench/lighthouse.ts).
//
// Access to each path is not decided here but in the shared access table, read by
// RouteGuard inside AppShell for every route.
let discovered = false

export const router = createBrowserRouter(
  [
    {
      id: 'shell',
      element: <AppShell />,
      errorElement: <RouteError />,
      children: [
        // the public pages: one layout, the public header and the site footer (decision 015)
        { id: 'public', handle: publicLayout, children: [{ path: pages.home.path, element: <LandingPage /> }] },
      ],
    },
  ],
  {
    async patchRoutesOnNavigation({ patch }) {
      if (discovered) return
      const { pageRoutes } = await import('#web/app/page-routes.tsx')
      // two navigations may have waited for the same import: the routes go in once
      if (discovered) return
      discovered = true
      patch('public', pageRoutes.public)
      patch('shell', pageRoutes.shell)
    },
  },
)
