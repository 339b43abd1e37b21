import { Link } from 'react-router'
import { pathTo } from '#shared/pages.ts'
import { buttonClasses } from '#web/components/ui/button-variants.ts'
import { PageTitle } from '#web/components/page-title.tsx'

/** Any path that is no page (spec 000 §2, route '*'). */
export function NotFoundPage() {
  return (
    <div className="flex flex-1 items-center justify-center px-4 py-24">
      <div className="grid max-w-md justify-items-center gap-4 text-center">
        <p className="text-sm font-semibold tracking-widest text-accent">404</p>
        <PageTitle>Page not found</PageTitle>
        <h1 className="text-3xl font-semibold tracking-tight">Page not found</h1>
        <p className="text-muted-foreground">The page you are looking for does not exist or has moved.</p>
        <Link to={pathTo('home')} className={buttonClasses('primary', 'lg', 'mt-2')}>
          Return Home
        </Link>
      </div>
    </div>
  )
}
