import { PageTitle } from '#web/components/page-title.tsx'
import { LayoffTracker } from '#web/features/layoffs/components/layoff-tracker.tsx'
import { LayoffWatches } from '#web/features/layoffs/components/layoff-watches.tsx'

/**
 * /layoffs (spec 002 §2 Layoff tracker; issue 19), for subscribers and admins: the
 * WARN notices of US states, searched, filtered, sorted, charted and exported, and the
 * member's watches of companies and states (a mail when new notices match).
 */
export function LayoffsPage() {
  return (
    <div className="mx-auto grid w-full max-w-6xl min-w-0 gap-8 px-4 py-10 sm:px-6">
      <header className="grid gap-2">
        <PageTitle>Live Layoff Tracker</PageTitle>
        <h1 className="text-3xl font-semibold tracking-tight sm:text-4xl">Live Layoff Tracker</h1>
        <p className="text-muted-foreground">
          Layoffs and closures from the WARN notices US states publish, updated as new notices are imported.
        </p>
      </header>
      <LayoffWatches />
      <LayoffTracker />
    </div>
  )
}
