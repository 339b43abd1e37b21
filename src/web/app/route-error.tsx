import { isRouteErrorResponse, useRouteError } from 'react-router'
import { pathTo } from '#shared/pages.ts'
import { PageTitle } from '#web/components/page-title.tsx'

/** Last resort when a page fails to render or its code fails to load (a new version was deployed). */
export function RouteError() {
  const error = useRouteError()
  const status = isRouteErrorResponse(error) ? error.status : undefined
  return (
    <main className="flex min-h-dvh items-center justify-center px-4">
      <div role="alert" className="grid max-w-md justify-items-center gap-4 text-center">
        <PageTitle>Something went wrong</PageTitle>
        <h1 className="text-2xl font-semibold tracking-tight">Something went wrong</h1>
        <p className="text-muted-foreground">
          {status ? `The page answered with status ${status}.` : 'This page could not be shown.'} Reload to try again.
        </p>
        <div className="flex gap-3">
          <button
            type="button"
            onClick={() => window.location.reload()}
            className="h-10 rounded-lg bg-primary px-4 text-sm font-medium text-primary-foreground hover:bg-primary-hover"
          >
            Reload
          </button>
          <a
            href={pathTo('home')}
            className="inline-flex h-10 items-center rounded-lg border border-input px-4 text-sm font-medium hover:bg-muted"
          >
            Return Home
          </a>
        </div>
      </div>
    </main>
  )
}
