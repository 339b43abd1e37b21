import { useSearchParams } from 'react-router'
import { useInfiniteQuery } from '@tanstack/react-query'
import { auditMessages } from '#shared/audit/messages.ts'
import {
  auditActionLabels,
  auditActions,
  auditObjectLabels,
  type AuditAction,
  type AuditEntry,
} from '#shared/audit/schemas.ts'
import { LoadMoreButton } from '#web/components/load-more-button.tsx'
import { PageTitle } from '#web/components/page-title.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { DataTable } from '#web/components/ui/data-table.tsx'
import { controlClasses } from '#web/components/ui/input.tsx'
import { Label } from '#web/components/ui/label.tsx'
import { auditQuery, type AuditFilters } from '#web/features/audit/api/audit.ts'
import { messageOf } from '#web/lib/api.ts'
import { cn } from '#web/lib/cn.ts'
import { useUrlTextParam } from '#web/lib/use-url-text-param.ts'

// Days are filtered in UTC (the API's rule), so times are shown in UTC too.
const timeFormat = new Intl.DateTimeFormat('en', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  second: '2-digit',
  timeZone: 'UTC',
  timeZoneName: 'short',
})

const filterNames = ['action', 'actor', 'from', 'to'] as const

function isAction(value: string | null): value is AuditAction {
  return (auditActions as readonly string[]).includes(value ?? '')
}

/** A stored value as one short line. */
function shown(value: unknown): string {
  if (value === null || value === undefined) return '(none)'
  if (Array.isArray(value)) return value.length ? value.map((item) => shown(item)).join(', ') : '(empty)'
  if (typeof value === 'object') return JSON.stringify(value)
  const text = String(value)
  return text.length > 160 ? `${text.slice(0, 159)}…` : text
}

/** /admin/audit (issue 14 §3): who did which administrative write, newest first, filtered by the URL. */
export function AdminAuditPage() {
  const [params, setParams] = useSearchParams()
  const [actorDraft, setActorDraft] = useUrlTextParam('actor')
  const action = params.get('action')
  const filters: AuditFilters = {
    action: isAction(action) ? action : '',
    actor: params.get('actor') ?? '',
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
  }
  const log = useInfiniteQuery(auditQuery(filters))
  const entries = log.isError ? undefined : log.data?.pages.flatMap((page) => page.entries)
  const filtered = filterNames.some((name) => params.get(name))

  const setParam = (name: (typeof filterNames)[number], value: string) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous)
        if (value) next.set(name, value)
        else next.delete(name)
        return next
      },
      { replace: true },
    )

  return (
    <div className="grid gap-6">
      <div className="grid gap-1">
        <PageTitle>Audit Log</PageTitle>
        <h1 className="text-2xl font-semibold tracking-tight">Audit log</h1>
        <p className="text-sm text-muted-foreground">
          Every administrative change, newest first: who made it, what it changed and the request it came in. Times and
          dates are in UTC.
        </p>
      </div>

      <div role="search" aria-label="Filter the audit log" className="flex flex-wrap items-end gap-4">
        <div className="grid w-52 gap-1.5">
          <Label htmlFor="audit-action">Action</Label>
          <select
            id="audit-action"
            value={filters.action}
            onChange={(event) => setParam('action', event.target.value)}
            className={cn(controlClasses, 'h-10')}
          >
            <option value="">All actions</option>
            {auditActions.map((value) => (
              <option key={value} value={value}>
                {auditActionLabels[value]}
              </option>
            ))}
          </select>
        </div>
        <div className="grid min-w-48 flex-1 gap-1.5">
          <Label htmlFor="audit-actor">Actor e-mail</Label>
          <input
            id="audit-actor"
            type="search"
            value={actorDraft}
            onChange={(event) => setActorDraft(event.target.value)}
            maxLength={254}
            placeholder="Part of an e-mail address"
            className={cn(controlClasses, 'h-10')}
          />
        </div>
        <div className="grid w-40 gap-1.5">
          <Label htmlFor="audit-from">From</Label>
          <input
            id="audit-from"
            type="date"
            value={filters.from}
            max={filters.to || undefined}
            onChange={(event) => setParam('from', event.target.value)}
            className={cn(controlClasses, 'h-10')}
          />
        </div>
        <div className="grid w-40 gap-1.5">
          <Label htmlFor="audit-to">To</Label>
          <input
            id="audit-to"
            type="date"
            value={filters.to}
            min={filters.from || undefined}
            onChange={(event) => setParam('to', event.target.value)}
            className={cn(controlClasses, 'h-10')}
          />
        </div>
        {filtered ? (
          <Button
            variant="outline"
            onClick={() => {
              setActorDraft('')
              setParams(new URLSearchParams(), { replace: true })
            }}
          >
            Clear filters
          </Button>
        ) : null}
      </div>

      {log.isPending ? (
        <p role="status" className="text-muted-foreground">
          Loading the audit log…
        </p>
      ) : null}
      {log.isError ? <p role="alert">{messageOf(log.error, auditMessages.loadFailed)}</p> : null}
      {entries && entries.length === 0 ? (
        <p className="rounded-xl border border-dashed border-border p-8 text-center text-muted-foreground">
          {auditMessages.empty}
        </p>
      ) : null}
      {entries && entries.length > 0 ? (
        <div className="grid gap-2">
          <p role="status" className="text-sm text-muted-foreground">
            {entries.length === 1 ? '1 entry shown' : `${entries.length} entries shown`}
            {log.hasNextPage ? ', more below' : ''}
          </p>
          <DataTable
            caption="Audit entries"
            columns={['When', 'Who', 'Action', 'Object', 'What changed', 'Request id']}
          >
            {entries.map((entry) => (
              <AuditRow key={entry.id} entry={entry} />
            ))}
          </DataTable>
          <LoadMoreButton list={log} />
        </div>
      ) : null}
    </div>
  )
}

function AuditRow({ entry }: { entry: AuditEntry }) {
  return (
    <tr className="border-b border-border align-top last:border-b-0">
      <td className="px-3 py-2 whitespace-nowrap">
        <time dateTime={entry.createdAt}>{timeFormat.format(new Date(entry.createdAt))}</time>
      </td>
      <td className="min-w-40 px-3 py-2 [overflow-wrap:anywhere]">{entry.actor.email ?? 'System'}</td>
      <th scope="row" className="px-3 py-2 font-medium whitespace-nowrap">
        {auditActionLabels[entry.action] ?? entry.action}
      </th>
      <td className="px-3 py-2">
        <span className="block">{auditObjectLabels[entry.objectType] ?? entry.objectType}</span>
        <span className="block font-mono text-xs break-all text-muted-foreground">{entry.objectId}</span>
      </td>
      <td className="px-3 py-2">
        {entry.changes.length === 0 ? (
          <span className="text-muted-foreground">No field changed</span>
        ) : (
          <ul className="grid gap-1">
            {entry.changes.map((change) => (
              <li key={change.field} className="break-words">
                <span className="font-medium">{change.field}:</span> {shown(change.before)} → {shown(change.after)}
              </li>
            ))}
          </ul>
        )}
      </td>
      <td className="px-3 py-2 font-mono text-xs break-all text-muted-foreground">{entry.requestId ?? ''}</td>
    </tr>
  )
}
