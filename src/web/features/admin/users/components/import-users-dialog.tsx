import { useEffect, useId, useState } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Upload } from 'lucide-react'
import {
  importedUsers,
  processedUsers,
  userImportMaxBytes,
  userImportMessages,
  userImportRequiredColumns,
  type UserImportPreview,
  type UserImportView,
} from '#shared/admin/users.ts'
import { Button } from '#web/components/ui/button.tsx'
import { Dialog, DialogContent } from '#web/components/ui/dialog.tsx'
import { FieldError } from '#web/components/ui/field.tsx'
import { controlClasses } from '#web/components/ui/input.tsx'
import { Label } from '#web/components/ui/label.tsx'
import { ApiError, messageOf } from '#web/lib/api.ts'
import { cn } from '#web/lib/cn.ts'
import { useLiveTopic } from '#web/lib/live.ts'
import { usePreviewUserImport, useStartUserImport, userImportQuery } from '#web/features/admin/users/api/imports.ts'
import { adminUserKeys } from '#web/features/admin/users/api/keys.ts'
import { count } from '#web/features/admin/users/components/format.ts'

type Stage = { step: 'choose' } | { step: 'preview'; preview: UserImportPreview } | { step: 'run'; importId: string }

/**
 * spec 002 §2, §5 User CSV import (issue 22): a .csv file whose header names email,
 * first_name and last_name (any case), its header and first 5 rows, then the import
 * as a job with a live progress bar, and its report: 'Successfully imported {n} users
 * ({m} failed)' with each failure and its reason. Every new user gets an invitation
 * e-mail; closing the dialog does not stop an import.
 */
export function ImportUsersDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [stage, setStage] = useState<Stage>({ step: 'choose' })
  const close = () => {
    setStage({ step: 'choose' })
    onClose()
  }
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : close())}>
      {open ? (
        <DialogContent
          title="Import Users"
          description="A CSV file with the columns email, first_name and last_name. Each new user gets an invitation e-mail to set a password."
          className="max-h-[calc(100dvh-2rem)] max-w-2xl overflow-y-auto"
        >
          {stage.step === 'choose' ? (
            <ChooseFile onPreview={(preview) => setStage({ step: 'preview', preview })} />
          ) : stage.step === 'preview' ? (
            <PreviewStep
              preview={stage.preview}
              onStarted={(started) => setStage({ step: 'run', importId: started.id })}
              onCancel={() => setStage({ step: 'choose' })}
            />
          ) : (
            <ImportRun importId={stage.importId} onAnother={() => setStage({ step: 'choose' })} onClose={close} />
          )}
        </DialogContent>
      ) : null}
    </Dialog>
  )
}

function ChooseFile({ onPreview }: { onPreview: (preview: UserImportPreview) => void }) {
  const preview = usePreviewUserImport()
  const [error, setError] = useState<string>()
  const inputId = useId()
  const choose = (file: File | undefined) => {
    setError(undefined)
    if (!file) return
    // spec 002 §5: the name first; the server judges the bytes and the header
    if (!/\.csv$/i.test(file.name)) {
      setError(userImportMessages.notCsv)
      return
    }
    preview.mutate(file, {
      onSuccess: onPreview,
      // 'Missing required columns: …' and the file's other refusals come as the file field's message
      onError: (failure) =>
        setError(
          (failure instanceof ApiError && failure.fields?.file) || messageOf(failure, userImportMessages.failed),
        ),
    })
  }
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={inputId}>CSV file</Label>
      <input
        id={inputId}
        type="file"
        accept=".csv,text/csv"
        disabled={preview.isPending}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${inputId}-error` : `${inputId}-hint`}
        onChange={(change) => {
          choose(change.target.files?.[0])
          change.target.value = ''
        }}
        className={cn(
          controlClasses,
          'h-auto py-2 file:mr-3 file:rounded-md file:border-0 file:bg-muted file:px-3 file:py-1 file:text-sm file:font-medium',
        )}
      />
      {preview.isPending ? (
        <p role="status" className="text-sm text-muted-foreground">
          Reading the file…
        </p>
      ) : (
        <p id={`${inputId}-hint`} className="text-xs text-muted-foreground">
          Required columns: {userImportRequiredColumns.join(', ')} (any case). E-mails must be unique: an address that
          already has an account is reported, not imported again. Up to {userImportMaxBytes / 1024 / 1024} MB; you see
          its first rows before anything is imported.
        </p>
      )}
      <FieldError id={`${inputId}-error`}>{error}</FieldError>
    </div>
  )
}

function PreviewStep({
  preview,
  onStarted,
  onCancel,
}: {
  preview: UserImportPreview
  onStarted: (started: UserImportView) => void
  onCancel: () => void
}) {
  const start = useStartUserImport()
  const [failure, setFailure] = useState<string>()
  const submit = () => {
    setFailure(undefined)
    start.mutate(
      { uploadId: preview.uploadId, fileName: preview.fileName },
      { onSuccess: onStarted, onError: (error) => setFailure(messageOf(error, userImportMessages.failed)) },
    )
  }
  return (
    <div className="grid min-w-0 gap-4">
      <p className="text-sm">
        <span className="font-medium break-all">{preview.fileName}</span>:{' '}
        <span data-testid="user-import-total">
          {preview.totalRows === 1 ? '1 row' : `${count(preview.totalRows)} rows`}
        </span>
      </p>
      {/* a scrolling box a keyboard can scroll too */}
      <div
        tabIndex={0}
        role="region"
        aria-label="The file's first rows"
        className="overflow-x-auto rounded-lg border border-border"
      >
        <table className="w-full text-left text-sm" data-testid="user-import-preview">
          <caption className="sr-only">
            The header and first {preview.previewRows.length} rows of {preview.fileName}
          </caption>
          <thead className="border-b border-border bg-muted/50 text-xs">
            <tr>
              {preview.header.map((name, index) => (
                <th key={index} scope="col" className="px-3 py-2 font-medium whitespace-nowrap">
                  {name || `Column ${index + 1}`}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {preview.previewRows.map((row, rowIndex) => (
              <tr key={rowIndex} className="border-b border-border last:border-b-0">
                {preview.header.map((_, column) => (
                  <td key={column} className="max-w-56 truncate px-3 py-1.5" title={row[column]}>
                    {row[column] ?? ''}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <FieldError>{failure}</FieldError>
      <div className="flex flex-wrap gap-2">
        <Button onClick={submit} disabled={start.isPending}>
          <Upload aria-hidden="true" className="size-4" />
          {start.isPending
            ? 'Starting…'
            : `Import ${preview.totalRows === 1 ? '1 user' : `${count(preview.totalRows)} users`}`}
        </Button>
        <Button variant="outline" onClick={onCancel} disabled={start.isPending}>
          Choose another file
        </Button>
      </div>
    </div>
  )
}

type Progress = { processed: number; total: number }

function ImportRun({ importId, onAnother, onClose }: { importId: string; onAnother: () => void; onClose: () => void }) {
  const queryClient = useQueryClient()
  const view = useQuery(userImportQuery(importId))
  const [progress, setProgress] = useState<Progress | null>(null)
  const reread = () => void queryClient.invalidateQueries({ queryKey: adminUserKeys.import(importId) })
  // the job's signals (admins only): its progress batch by batch, and its end; the
  // import's own record is polled meanwhile, so a lost stream still reaches the end
  useLiveTopic(
    'admin',
    (message) => {
      if (message.type === 'users.import.progress' && message.data.importId === importId)
        setProgress({ processed: message.data.processed, total: message.data.total })
      else if (message.type === 'users.import.finished' && message.data.importId === importId) reread()
    },
    reread,
  )

  const data = view.data
  const status = data?.status
  const finished = status === 'done' || status === 'failed'
  // the table and the dashboard show the new users, live stream or not
  useEffect(() => {
    if (!finished) return
    void queryClient.invalidateQueries({ queryKey: adminUserKeys.all })
    void queryClient.invalidateQueries({ queryKey: adminUserKeys.dashboard })
  }, [finished, queryClient])
  const polled: Progress | null = data ? { processed: data.processed, total: data.totalRows } : null
  // whichever has got further: the signal arrives first, the record says where a page opened later stands
  const shown = [progress, polled].reduce<Progress | null>(
    (best, next) => (next && (!best || next.processed > best.processed) ? next : best),
    null,
  )
  const percent = shown && shown.total > 0 ? Math.round((shown.processed / shown.total) * 100) : 0
  const text = shown ? processedUsers(shown.processed, shown.total) : 'Waiting for the import to start…'

  return (
    <div className="grid gap-4" data-testid="user-import-run">
      {status === 'failed' ? null : (
        <div className="grid gap-2">
          <div
            role="progressbar"
            aria-label="Import progress"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            aria-valuetext={text}
            className="h-3 w-full overflow-hidden rounded-full bg-muted"
          >
            <div className="h-full rounded-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
          </div>
          <p className="text-sm text-muted-foreground tabular-nums">{text}</p>
        </div>
      )}
      {view.isError ? <p role="alert">{messageOf(view.error, userImportMessages.failed)}</p> : null}
      {status === 'failed' ? (
        <p role="alert" className="text-destructive">
          {data?.message || userImportMessages.failed}
        </p>
      ) : null}
      {status === 'done' && data ? <ImportReport view={data} /> : null}
      {finished ? (
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={onAnother}>
            Import another file
          </Button>
          <Button onClick={onClose}>Done</Button>
        </div>
      ) : (
        <p className="text-xs text-muted-foreground">
          The import runs on the server: closing this dialog does not stop it.
        </p>
      )}
    </div>
  )
}

/** spec 002 §8: 'Successfully imported {n} users ({m} failed)', and each failure with its line and reason. */
function ImportReport({ view }: { view: UserImportView }) {
  return (
    <div className="grid gap-3 rounded-lg border border-border p-4" data-testid="user-import-report">
      <p role="status" className="font-semibold text-emerald-700 dark:text-emerald-300">
        {view.message || importedUsers(view.invited, view.failed)}
      </p>
      {view.failures.length > 0 ? (
        <div className="grid gap-1">
          <p className="text-sm font-medium">Not imported:</p>
          <ul className="grid max-h-60 gap-1 overflow-y-auto text-sm" aria-label="Rows not imported">
            {view.failures.map((failure) => (
              <li key={`${failure.line}-${failure.email}`}>
                <span className="text-muted-foreground tabular-nums">Line {failure.line}</span>
                {failure.email ? <span className="font-medium break-all"> · {failure.email}</span> : null}
                <span> · {failure.message}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  )
}
