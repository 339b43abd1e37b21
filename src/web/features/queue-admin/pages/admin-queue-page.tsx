import { useQuery } from '@tanstack/react-query'
import { RefreshCw, RotateCcw } from 'lucide-react'
import { failuresShown, queueAdminMessages, type FailedJob, type QueueSummary } from '#shared/queue-admin/schemas.ts'
import { PageTitle } from '#web/components/page-title.tsx'
import { RelativeTime } from '#web/components/relative-time.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { Card, CardContent } from '#web/components/ui/card.tsx'
import { queueOverviewQuery, queueRefreshMs, useRetryFailedJob } from '#web/features/queue-admin/api/queue-admin.ts'
import { messageOf } from '#web/lib/api.ts'

const columns: Array<{ label: string; count: (queue: QueueSummary) => number }> = [
  // a job waiting for its next try waits like a new one
  { label: 'Waiting', count: (queue) => queue.counts.created + queue.counts.retry },
  { label: 'Active', count: (queue) => queue.counts.active },
  { label: 'Completed', count: (queue) => queue.counts.completed },
  { label: 'Failed', count: (queue) => queue.counts.failed },
  { label: 'Cancelled', count: (queue) => queue.counts.cancelled },
]

/**
 * /admin/jobs-queue (issue 14 §1; docs/decisions/021): the background job queues with
 * their jobs by state, the latest failures with their error, and a retry for each.
 * Jobs move without live events, so the open page asks again every 10 seconds.
 */
export function AdminQueuePage() {
  const overview = useQuery(queueOverviewQuery())

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="grid gap-1">
          <PageTitle>Background Jobs</PageTitle>
          <h1 className="text-2xl font-semibold tracking-tight">Background jobs</h1>
          <p className="text-sm text-muted-foreground">
            Mail and recurring work, queue by queue. Updated every {queueRefreshMs / 1000} seconds while this page is
            open.
          </p>
        </div>
        <Button variant="outline" size="sm" disabled={overview.isFetching} onClick={() => void overview.refetch()}>
          <RefreshCw aria-hidden="true" className="size-4" />
          Refresh
        </Button>
      </div>

      {overview.isPending ? (
        <p role="status" className="text-muted-foreground">
          Loading job queues…
        </p>
      ) : overview.isError ? (
        <p role="alert" className="rounded-xl border border-destructive/40 p-4 text-sm text-destructive">
          {messageOf(overview.error, queueAdminMessages.loadFailed)}
        </p>
      ) : (
        <>
          <QueueTable queues={overview.data.queues} />
          <FailureList failures={overview.data.failures} />
        </>
      )}
    </div>
  )
}

function QueueTable({ queues }: { queues: QueueSummary[] }) {
  return (
    <section aria-labelledby="queue-table-heading" className="grid gap-2">
      <h2 id="queue-table-heading" className="text-lg font-semibold">
        Queues
      </h2>
      <div className="overflow-x-auto rounded-xl border border-border bg-card">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Jobs of each queue by state</caption>
          <thead className="border-b border-border text-xs text-muted-foreground uppercase">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium whitespace-nowrap">
                Queue
              </th>
              {columns.map((column) => (
                <th key={column.label} scope="col" className="px-3 py-2 text-right font-medium whitespace-nowrap">
                  {column.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {queues.map((queue) => (
              <tr key={queue.name} className="border-b border-border last:border-b-0">
                <th scope="row" className="px-3 py-2 font-mono font-medium whitespace-nowrap">
                  {queue.name}
                </th>
                {columns.map((column) => (
                  <td key={column.label} className="px-3 py-2 text-right tabular-nums">
                    {column.count(queue)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  )
}

function FailureList({ failures }: { failures: FailedJob[] }) {
  const retry = useRetryFailedJob()
  return (
    <section aria-labelledby="failures-heading" className="grid gap-2">
      <div className="grid gap-0.5">
        <h2 id="failures-heading" className="text-lg font-semibold">
          Recent failures
        </h2>
        <p className="text-sm text-muted-foreground">
          The {failuresShown} latest jobs that failed after their last try, newest first. Retry runs one again.
        </p>
      </div>
      {failures.length === 0 ? (
        <p className="rounded-xl border border-dashed border-border p-8 text-center text-muted-foreground">
          {queueAdminMessages.noFailures}
        </p>
      ) : (
        <ul className="grid gap-3" aria-labelledby="failures-heading">
          {failures.map((failure) => (
            <li key={failure.id}>
              <Card>
                <CardContent className="grid gap-3 p-4">
                  <div className="flex flex-wrap items-start justify-between gap-3">
                    <div className="grid min-w-0 gap-0.5">
                      <h3 className="font-medium break-words">{failure.summary}</h3>
                      <p className="text-sm text-muted-foreground">
                        <span className="font-mono">{failure.queue}</span> · failed{' '}
                        <RelativeTime iso={failure.failedAt} /> ·{' '}
                        {failure.attempts === 1 ? '1 attempt' : `${failure.attempts} attempts`}
                      </p>
                    </div>
                    <Button
                      variant="outline"
                      size="sm"
                      disabled={retry.isPending && retry.variables === failure.id}
                      onClick={() => retry.mutate(failure.id)}
                    >
                      <RotateCcw aria-hidden="true" className="size-4" />
                      Retry<span className="sr-only"> {failure.summary}</span>
                    </Button>
                  </div>
                  <p className="rounded-lg bg-muted p-3 font-mono text-xs break-words whitespace-pre-wrap">
                    <span className="sr-only">Error: </span>
                    {failure.error}
                  </p>
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
