import { useState } from 'react'
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query'
import { Undo2 } from 'lucide-react'
import { layoffImportMessages } from '#shared/layoffs/messages.ts'
import type { LayoffImportStatus, LayoffImportView } from '#shared/layoffs/schemas.ts'
import { LoadMoreButton } from '#web/components/load-more-button.tsx'
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx'
import { DataTable } from '#web/components/ui/data-table.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { StatusBadge } from '#web/components/ui/status-badge.tsx'
import { layoffImportsQuery, undoFailureOf, useUndoLayoffImport } from '#web/features/layoffs/api/admin-layoffs.ts'
import { importFileUrl, skippedCsvUrl } from '#web/features/layoffs/api/clients.ts'
import { layoffKeys } from '#web/features/layoffs/api/keys.ts'
import { count } from '#web/features/layoffs/components/layoff-format.ts'
import { messageOf } from '#web/lib/api.ts'
import { useLiveTopic } from '#web/lib/live.ts'

const statusLabels: Record<LayoffImportStatus, string> = {
  queued: 'Queued',
  running: 'Running',
  done: 'Done',
  failed: 'Failed',
  undone: 'Undone',
}

const whenFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' })

const columns = ['File', 'Uploaded by', 'When', 'Status', 'New', 'Updated', 'Skipped', 'Actions']

/** Every import, newest first: its file, who and when, how it ended, its counts, and undo (issue 19). */
export function ImportHistory() {
  const queryClient = useQueryClient()
  const imports = useInfiniteQuery(layoffImportsQuery())
  const refresh = () => void queryClient.invalidateQueries({ queryKey: layoffKeys.imports })
  // an import's end (admins only) changes its line
  useLiveTopic(
    'layoffs',
    (message) => {
      if (message.type !== 'layoffs.import.progress') refresh()
    },
    refresh,
  )
  const [undoing, setUndoing] = useState<LayoffImportView | null>(null)
  const undo = useUndoLayoffImport()
  const list = imports.data?.pages.flatMap((page) => page.imports)

  const close = () => {
    setUndoing(null)
    undo.reset()
  }

  return (
    <section aria-labelledby="layoff-history-heading" className="grid min-w-0 gap-3">
      <h2 id="layoff-history-heading" className="text-xl font-semibold tracking-tight">
        Import history
      </h2>
      {imports.isPending ? (
        <p role="status" className="text-muted-foreground">
          Loading imports…
        </p>
      ) : null}
      {imports.isError ? <p role="alert">{messageOf(imports.error, layoffImportMessages.loadFailed)}</p> : null}
      {list && list.length === 0 ? (
        <p className="rounded-xl border border-dashed border-border p-6 text-center text-muted-foreground">
          No imports yet.
        </p>
      ) : null}
      {list && list.length > 0 ? (
        <DataTable caption="Import history" columns={columns}>
          {list.map((item) => (
            <tr key={item.id} className="border-b border-border align-top last:border-b-0" data-testid="import-row">
              <th scope="row" className="px-3 py-2 font-medium">
                <a
                  href={importFileUrl(item.id)}
                  download
                  className="break-all underline-offset-4 hover:underline"
                  aria-label={`Download ${item.fileName}`}
                >
                  {item.fileName}
                </a>
                {item.stateForFile ? (
                  <span className="block text-xs font-normal text-muted-foreground">State {item.stateForFile}</span>
                ) : null}
              </th>
              <td className="px-3 py-2">{item.uploadedBy?.name ?? '—'}</td>
              <td className="px-3 py-2 whitespace-nowrap">
                <time dateTime={item.createdAt}>{whenFormat.format(new Date(item.createdAt))}</time>
              </td>
              <td className="px-3 py-2">
                <StatusBadge live={item.status === 'done'} compact>
                  {statusLabels[item.status]}
                </StatusBadge>
                {item.status === 'failed' && item.error ? (
                  <span className="mt-1 block max-w-56 text-xs text-destructive">{item.error}</span>
                ) : null}
              </td>
              <td className="px-3 py-2 text-right tabular-nums">{count(item.imported)}</td>
              <td className="px-3 py-2 text-right tabular-nums">{count(item.updated)}</td>
              <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">
                {item.skipped > 0 ? (
                  <a
                    href={skippedCsvUrl(item.id)}
                    download
                    className="underline-offset-4 hover:underline"
                    aria-label={`${count(item.skipped)} skipped rows of ${item.fileName} (CSV)`}
                  >
                    {count(item.skipped)}
                  </a>
                ) : (
                  '0'
                )}
              </td>
              <td className="px-3 py-2">
                {item.canUndo ? (
                  <Button
                    variant="destructive"
                    size="sm"
                    aria-label={`Undo the import of ${item.fileName}`}
                    onClick={() => setUndoing(item)}
                  >
                    <Undo2 aria-hidden="true" className="size-4" />
                    Undo
                  </Button>
                ) : null}
              </td>
            </tr>
          ))}
        </DataTable>
      ) : null}
      <LoadMoreButton list={imports} />

      <ConfirmDialog
        open={undoing !== null}
        onClose={close}
        title="Undo import"
        description={
          undoing
            ? `Undo the import of ${undoing.fileName}? The notices it added are deleted and the ones it updated get their earlier values back.`
            : ''
        }
        failure={undo.isError ? undoFailureOf(undo.error) : undefined}
        confirm={{
          label: undo.isPending ? 'Undoing…' : 'Undo import',
          disabled: undo.isPending,
          onConfirm: () => undoing && undo.mutate(undoing.id, { onSuccess: close }),
        }}
      />
    </section>
  )
}
