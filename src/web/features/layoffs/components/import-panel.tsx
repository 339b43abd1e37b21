import { useId, useState } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Download, Upload } from 'lucide-react'
import {
  layoffImportFieldLabels,
  layoffImportFields,
  requiredLayoffImportFields,
  usStates,
  type LayoffImportField,
} from '#shared/layoffs/constants.ts'
import { importedRecords, layoffImportMessages, processedRecords } from '#shared/layoffs/messages.ts'
import type { LayoffImportMappingInput, LayoffImportPreview, LayoffImportView } from '#shared/layoffs/schemas.ts'
import { Button, buttonClasses } from '#web/components/ui/button.tsx'
import { FieldError } from '#web/components/ui/field.tsx'
import { controlClasses } from '#web/components/ui/input.tsx'
import { Label } from '#web/components/ui/label.tsx'
import { SelectField } from '#web/components/ui/select.tsx'
import {
  layoffImportQuery,
  usePreviewLayoffImport,
  useStartLayoffImport,
} from '#web/features/layoffs/api/admin-layoffs.ts'
import { skippedCsvUrl } from '#web/features/layoffs/api/clients.ts'
import { layoffKeys } from '#web/features/layoffs/api/keys.ts'
import { count } from '#web/features/layoffs/components/layoff-format.ts'
import { mappingProblems } from '#web/features/layoffs/components/mapping-problems.ts'
import { messageOf } from '#web/lib/api.ts'
import { cn } from '#web/lib/cn.ts'
import { useLiveTopic } from '#web/lib/live.ts'

const delimiterNames: Record<string, string> = { ',': 'Comma', ';': 'Semicolon', '\t': 'Tab', '|': 'Vertical bar' }
const stateOptions = usStates.map((state) => ({ value: state.code, label: `${state.name} (${state.code})` }))
const required = new Set<LayoffImportField>(requiredLayoffImportFields)

type Stage = { step: 'choose' } | { step: 'map'; preview: LayoffImportPreview } | { step: 'run'; importId: string }

/**
 * The CSV import (spec 002 §5; issue 19): a file, its header and first rows with a
 * column for each field (suggested from the header), the import as a job with a live
 * progress bar, and its report. Closing the page does not stop an import: the
 * history below shows how it ends.
 */
export function ImportPanel() {
  const [stage, setStage] = useState<Stage>({ step: 'choose' })
  return (
    <section
      aria-labelledby="layoff-import-heading"
      className="grid min-w-0 gap-4 rounded-xl border border-border bg-card p-4 sm:p-6"
    >
      <div className="grid gap-1">
        <h2 id="layoff-import-heading" className="text-xl font-semibold tracking-tight">
          Import CSV
        </h2>
        <p className="text-sm text-muted-foreground">
          A state&rsquo;s WARN notice file or any table of layoffs. Notices already in the tracker are updated, never
          doubled; an import can be undone as a whole.
        </p>
      </div>
      {stage.step === 'choose' ? (
        <ChooseFile onPreview={(preview) => setStage({ step: 'map', preview })} />
      ) : stage.step === 'map' ? (
        <MappingStep
          preview={stage.preview}
          onStarted={(started) => setStage({ step: 'run', importId: started.id })}
          onCancel={() => setStage({ step: 'choose' })}
        />
      ) : (
        <ImportRun importId={stage.importId} onAnother={() => setStage({ step: 'choose' })} />
      )}
    </section>
  )
}

function ChooseFile({ onPreview }: { onPreview: (preview: LayoffImportPreview) => void }) {
  const preview = usePreviewLayoffImport()
  const [error, setError] = useState<string>()
  const inputId = useId()
  const choose = (file: File | undefined) => {
    setError(undefined)
    if (!file) return
    // spec 002 §5: the name first; the server judges the bytes
    if (!/\.csv$/i.test(file.name)) {
      setError(layoffImportMessages.notCsv)
      return
    }
    preview.mutate(file, {
      onSuccess: onPreview,
      onError: (failure) => setError(messageOf(failure, layoffImportMessages.notCsv)),
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
          .csv, UTF-8, UTF-16 or Windows-1252, up to 50 MB. You see its first rows before anything is imported.
        </p>
      )}
      <FieldError id={`${inputId}-error`}>{error}</FieldError>
    </div>
  )
}

function columnOptions(header: readonly string[]) {
  return header.map((name, index) => ({ value: String(index), label: name.trim() || `Column ${index + 1}` }))
}

function MappingStep({
  preview,
  onStarted,
  onCancel,
}: {
  preview: LayoffImportPreview
  onStarted: (started: LayoffImportView) => void
  onCancel: () => void
}) {
  const queryClient = useQueryClient()
  const start = useStartLayoffImport()
  const [mapping, setMapping] = useState<LayoffImportMappingInput>(preview.suggestedMapping)
  const [stateForFile, setStateForFile] = useState('')
  const [failure, setFailure] = useState<string>()
  const untouched = mapping === preview.suggestedMapping && !stateForFile
  // the server's words for the suggestion; the same checks as the mapping changes
  const problems = untouched ? preview.problems : mappingProblems(mapping, preview.header, stateForFile)
  const options = columnOptions(preview.header)

  const submit = () => {
    setFailure(undefined)
    start.mutate(
      { uploadId: preview.uploadId, fileName: preview.fileName, mapping, stateForFile: stateForFile || null },
      {
        onSuccess: (started) => {
          void queryClient.invalidateQueries({ queryKey: layoffKeys.imports })
          onStarted(started)
        },
        onError: (error) => setFailure(messageOf(error, layoffImportMessages.importFailed)),
      },
    )
  }

  return (
    <div className="grid min-w-0 gap-5">
      <dl className="grid grid-cols-2 gap-x-6 gap-y-2 text-sm sm:grid-cols-4" data-testid="import-file-facts">
        <div className="min-w-0">
          <dt className="text-muted-foreground">File</dt>
          <dd className="font-medium break-all">{preview.fileName}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Encoding</dt>
          <dd className="font-medium">{preview.encoding}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Delimiter</dt>
          <dd className="font-medium">{delimiterNames[preview.delimiter] ?? preview.delimiter}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Rows</dt>
          <dd className="font-medium tabular-nums" data-testid="import-total-rows">
            {count(preview.totalRows)}
          </dd>
        </div>
      </dl>

      {/* a scrolling box a keyboard can scroll too */}
      <div
        tabIndex={0}
        role="region"
        aria-label="The file's first rows"
        className="overflow-x-auto rounded-lg border border-border"
      >
        <table className="w-full text-left text-sm" data-testid="import-preview">
          <caption className="sr-only">
            The header and first {preview.previewRows.length} rows of {preview.fileName}
          </caption>
          <thead className="border-b border-border bg-muted/50 text-xs">
            <tr>
              {options.map((column) => (
                <th key={column.value} scope="col" className="px-3 py-2 font-medium whitespace-nowrap">
                  {column.label}
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

      <fieldset className="grid gap-4">
        <legend className="mb-2 font-semibold">Columns</legend>
        <p className="-mt-2 text-sm text-muted-foreground">
          Suggested from the header; fields marked * are needed. Files without a state column take one state for the
          whole file.
        </p>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {layoffImportFields.map((field) => (
            <SelectField
              key={field}
              id={`layoff-map-${field}`}
              label={`${layoffImportFieldLabels[field]}${required.has(field) ? ' *' : ''}`}
              placeholder="Not in the file"
              options={options}
              value={mapping[field] === null ? '' : String(mapping[field])}
              onChange={(change) =>
                setMapping((now) => ({
                  ...now,
                  [field]: change.target.value === '' ? null : Number(change.target.value),
                }))
              }
            />
          ))}
          <SelectField
            id="layoff-state-for-file"
            label="One state for the whole file"
            placeholder={mapping.state === null ? 'Choose a state' : 'None: the state column says'}
            options={stateOptions}
            required={mapping.state === null}
            value={stateForFile}
            onChange={(change) => setStateForFile(change.target.value)}
          />
        </div>
      </fieldset>

      {problems.length > 0 ? (
        <div className="grid gap-1 rounded-lg border border-destructive/40 p-3" data-testid="mapping-problems">
          <p className="text-sm font-medium">Before importing:</p>
          <ul className="list-disc pl-5 text-sm text-destructive">
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <FieldError>{failure}</FieldError>

      <div className="flex flex-wrap gap-2">
        <Button onClick={submit} disabled={problems.length > 0 || start.isPending}>
          <Upload aria-hidden="true" className="size-4" />
          {start.isPending ? 'Starting…' : 'Import'}
        </Button>
        <Button variant="outline" onClick={onCancel} disabled={start.isPending}>
          Choose another file
        </Button>
      </div>
    </div>
  )
}

type Progress = { processed: number; total: number }

function ImportRun({ importId, onAnother }: { importId: string; onAnother: () => void }) {
  const queryClient = useQueryClient()
  const view = useQuery(layoffImportQuery(importId))
  const [progress, setProgress] = useState<Progress | null>(null)
  const reread = () => void queryClient.invalidateQueries({ queryKey: layoffKeys.import(importId) })
  // the job's signals (admins only): its progress as it writes, and its end
  useLiveTopic(
    'layoffs',
    (message) => {
      if (message.type === 'layoffs.import.progress' && message.data.importId === importId) {
        setProgress({ processed: message.data.processed, total: message.data.total })
      } else if (message.type === 'layoffs.import.finished' && message.data.importId === importId) reread()
    },
    reread,
  )

  const status = view.data?.status
  const finished = status === 'done' || status === 'failed' || status === 'undone'
  const shown: Progress | null =
    status === 'done' ? { processed: view.data!.progress, total: view.data!.progress } : progress
  const percent = shown && shown.total > 0 ? Math.round((shown.processed / shown.total) * 100) : 0
  const text = shown ? processedRecords(shown.processed, shown.total) : 'Waiting for the import to start…'

  return (
    <div className="grid gap-4" data-testid="import-run">
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
          <p role="status" className="text-sm text-muted-foreground tabular-nums" data-testid="import-progress-text">
            {text}
          </p>
        </div>
      )}
      {view.isError ? <p role="alert">{messageOf(view.error, layoffImportMessages.importFailed)}</p> : null}
      {status === 'failed' ? (
        <p role="alert" className="text-destructive">
          {view.data?.error ?? layoffImportMessages.importFailed}
        </p>
      ) : null}
      {status === 'done' ? <ImportReport view={view.data!} /> : null}
      {finished ? (
        <Button variant="outline" className="justify-self-start" onClick={onAnother}>
          Import another file
        </Button>
      ) : (
        <p className="text-xs text-muted-foreground">
          The import runs on the server: you may leave this page, the history below shows how it ends.
        </p>
      )}
    </div>
  )
}

/** What an import did: the spec's sentence, the counts, why rows were skipped, and those rows as CSV. */
export function ImportReport({ view }: { view: LayoffImportView }) {
  const facts: [string, number, string][] = [
    ['New records', view.imported, 'imported'],
    ['Updated records', view.updated, 'updated'],
    ['Skipped rows', view.skipped, 'skipped'],
    ['Duplicate rows merged', view.duplicatesMerged, 'merged'],
    ['Rows combined into one notice', view.rowsCombined, 'combined'],
  ]
  return (
    <div className="grid gap-3 rounded-lg border border-border p-4" data-testid="import-report">
      <p role="status" className="font-semibold text-emerald-700 dark:text-emerald-300">
        {importedRecords(view.imported + view.updated)}
      </p>
      <dl className="grid grid-cols-2 gap-x-6 gap-y-2 text-sm sm:grid-cols-5">
        {facts.map(([label, value, id]) => (
          <div key={id}>
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="text-lg font-semibold tabular-nums" data-testid={`import-count-${id}`}>
              {count(value)}
            </dd>
          </div>
        ))}
      </dl>
      {view.skipped > 0 ? (
        <div className="grid gap-2">
          {view.skippedByReason.length > 0 ? (
            <ul className="grid gap-1 text-sm" aria-label="Skipped rows by reason" data-testid="skip-reasons">
              {view.skippedByReason.map(({ reason, message, count: rows }) => (
                <li key={reason}>
                  <span className="font-medium tabular-nums">{count(rows)}</span> · {message}
                </li>
              ))}
            </ul>
          ) : null}
          <a href={skippedCsvUrl(view.id)} download className={buttonClasses('outline', 'sm', 'justify-self-start')}>
            <Download aria-hidden="true" className="size-4" />
            Download the skipped rows (CSV)
          </a>
        </div>
      ) : null}
    </div>
  )
}
