import { pathTo } from '#shared/pages.ts'
import { PageTitle } from '#web/components/page-title.tsx'
import { BackLink } from '#web/components/ui/back-link.tsx'
import { ImportHistory } from '#web/features/layoffs/components/import-history.tsx'
import { ImportPanel } from '#web/features/layoffs/components/import-panel.tsx'
import { LayoffTracker } from '#web/features/layoffs/components/layoff-tracker.tsx'

/**
 * /admin/layoffs (spec 002 §2 admin dashboard layoff import, §5; issue 19): the CSV
 * import with its preview, column mapping, live progress and report, the history of
 * imports with undo, and the tracker as members see it.
 */
export function AdminLayoffsPage() {
  return (
    <div className="grid min-w-0 gap-8">
      <BackLink to={pathTo('admin')}>Back to Admin Dashboard</BackLink>
      <div className="grid gap-1">
        <PageTitle>Layoff Tracker</PageTitle>
        <h1 className="text-2xl font-semibold tracking-tight">Layoff tracker</h1>
        <p className="text-sm text-muted-foreground">
          Import states&rsquo; WARN notice files; members with a plan see them on the Live Layoff Tracker.
        </p>
      </div>
      <ImportPanel />
      <ImportHistory />
      <section aria-labelledby="admin-layoff-tracker-heading" className="grid min-w-0 gap-4">
        <h2 id="admin-layoff-tracker-heading" className="text-xl font-semibold tracking-tight">
          Live Layoff Tracker
        </h2>
        <LayoffTracker />
      </section>
    </div>
  )
}
