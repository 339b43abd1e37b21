import { fileTypeFromBuffer } from 'file-type'
import { withTransaction, type Db } from '#server/db/client.ts'
import { AppError } from '#server/platform/app-error.ts'
import { recordAudit } from '#server/platform/audit.ts'
import type { Ctx, Deps } from '#server/platform/context.ts'
import { csvResponse, toCsv } from '#server/platform/csv.ts'
import { requireAdmin } from '#server/platform/guards.ts'
import { changeListed } from '#server/platform/list-cache.ts'
import type { Logger } from '#server/platform/logger.ts'
import { decodeCursor, nextCursorOf, readPage } from '#server/platform/paging.ts'
import type { LiveAudience } from '#server/platform/realtime.ts'
import {
  layoffImportBatchSize,
  layoffImportMaxBytes,
  layoffImportMaxRows,
  layoffImportPreviewRows,
  type LayoffSkipReason,
} from '#shared/layoffs/constants.ts'
import {
  importedRecords,
  layoffImportMessages,
  layoffSkipReasonMessages,
  missingRequiredColumns,
  processedRecords,
} from '#shared/layoffs/messages.ts'
import type {
  LayoffImportInput,
  LayoffImportListQuery,
  LayoffImportPage,
  LayoffImportPreview,
  LayoffImportView,
} from '#shared/layoffs/schemas.ts'
import { decodeCsv } from './import/decode.ts'
import { checkMapping, suggestMapping, type LayoffImportMapping } from './import/mapping.ts'
import { CsvReadError, readCsv, type CsvTable } from './import/read-csv.ts'
import { companyKey, toLayoffRecords, type LayoffImportRecord, type SkippedLayoffRow } from './import/records.ts'
import * as queries from './queries.ts'
import { layoffAlertsJob, layoffImportJob } from './jobs.ts'
import { toImportView } from './views.ts'

// The layoff CSV import (issue 19; spec 002 §2, §4 Layoff import, §5, §8, §9;
// docs/decisions/028): an admin uploads a file and sees its header, first rows and
// the suggested mapping; confirms the mapping; the import runs as a job of the queue
// (layoffImportJob), all in one transaction, reporting progress on the live stream;
// each import is kept with its counts and skipped rows and can be undone as a whole.

const importsArea = 'layoff-imports'
export const fileKeyOf = (uploadId: string) => `${importsArea}/${uploadId}.csv`
const adminsOnly: LiveAudience = { userIds: [], admins: true }
const notFound = () => new AppError('NOT_FOUND', 'Import not found')

const refuse = (message: string) => new AppError('VALIDATION', message, { file: message })

/** A text file of a table: by name (spec 002 §5: '.csv'), and by its bytes (no image, PDF or archive renamed). */
async function readUploadedCsv(bytes: Uint8Array): Promise<{ table: CsvTable; encoding: string }> {
  if (bytes.length === 0) throw refuse(layoffImportMessages.empty)
  if (await fileTypeFromBuffer(bytes)) throw refuse(layoffImportMessages.notCsv)
  const { text, encoding } = decodeCsv(bytes)
  // eslint-disable-next-line no-control-regex -- NUL or other control bytes: a binary file
  if (/[\u0000-\u0008\u000e-\u001f]/.test(text.slice(0, 65536))) throw refuse(layoffImportMessages.notCsv)
  let table: CsvTable
  try {
    table = readCsv(text, { maxRows: layoffImportMaxRows })
  } catch (error) {
    if (error instanceof CsvReadError) throw refuse(error.message)
    throw error
  }
  if (table.header.length === 0 || table.rows.length === 0) throw refuse(layoffImportMessages.empty)
  if (table.truncated) throw refuse(layoffImportMessages.tooManyRows)
  return { table, encoding }
}

/** POST /preview: the file judged, kept privately, and what the mapping step shows. */
export async function previewImport(
  ctx: Ctx,
  file: File | undefined,
  stateForFile: string | undefined,
): Promise<LayoffImportPreview> {
  requireAdmin(ctx)
  if (!file) throw refuse(layoffImportMessages.notCsv)
  if (!/\.csv$/i.test(file.name)) throw refuse(layoffImportMessages.notCsv)
  if (file.size > layoffImportMaxBytes) throw refuse(layoffImportMessages.tooLarge)
  const bytes = new Uint8Array(await file.arrayBuffer())
  const { table, encoding } = await readUploadedCsv(bytes)
  const mapping = suggestMapping(table.header, table.rows)
  const uploadId = crypto.randomUUID()
  await ctx.deps.storage.put(fileKeyOf(uploadId), bytes, { contentType: 'text/csv', visibility: 'private' })
  return {
    uploadId,
    fileName: file.name.slice(0, 255),
    encoding,
    delimiter: table.delimiter,
    header: table.header,
    previewRows: table.rows.slice(0, layoffImportPreviewRows),
    totalRows: table.rows.length,
    suggestedMapping: mapping,
    problems: checkMapping(mapping, { header: table.header, stateForFile: stateForFile || null }).map(
      (problem) => problem.message,
    ),
  }
}

async function readStored(deps: Pick<Deps, 'storage'>, fileKey: string): Promise<Uint8Array | undefined> {
  const object = await deps.storage.get(fileKey)
  if (!object) return undefined
  return new Uint8Array(await new Response(object.body).arrayBuffer())
}

/** The mapping checked against the file: the spec's 'Missing required columns: …' first. */
function mappingProblems(mapping: LayoffImportMapping, header: string[], stateForFile: string | null) {
  const problems = checkMapping(mapping, { header, stateForFile })
  if (problems.length === 0) return
  const missing = problems.flatMap((problem) =>
    problem.code === 'columnRequired' && problem.field !== 'state' ? [problem] : [],
  )
  const message =
    missing.length > 0
      ? missingRequiredColumns(missing.map((problem) => problem.message.replace(/^Choose the column for /, '')))
      : problems[0]!.message
  throw new AppError(
    'VALIDATION',
    message,
    Object.fromEntries(
      problems.map((problem) => ['field' in problem ? `mapping.${problem.field}` : 'stateForFile', problem.message]),
    ),
  )
}

/** POST /: the import recorded as queued and its job enqueued, in one transaction (202). */
export async function startImport(ctx: Ctx, input: LayoffImportInput): Promise<LayoffImportView> {
  const admin = requireAdmin(ctx)
  const fileKey = fileKeyOf(input.uploadId)
  const bytes = await readStored(ctx.deps, fileKey)
  if (!bytes) throw new AppError('NOT_FOUND', 'The uploaded file is gone; please upload it again')
  const { table } = await readUploadedCsv(bytes)
  const stateForFile = input.stateForFile || null
  mappingProblems(input.mapping, table.header, stateForFile)
  const { records } = toLayoffRecords(table.rows, input.mapping, { stateForFile, lines: table.lines })
  if (records.length === 0) throw refuse(layoffImportMessages.noValidRecords)

  const created = await withTransaction(ctx.deps.db, async (tx) => {
    const row = await queries.insertImport(tx, {
      fileName: input.fileName ?? `${input.uploadId}.csv`,
      fileKey,
      uploadedBy: admin.id,
      mapping: input.mapping,
      stateForFile,
      totalRows: table.rows.length,
      requestId: ctx.requestId,
    })
    await ctx.deps.queue.enqueue(layoffImportJob, { importId: row.id }, { tx })
    return row
  })
  return toImportView({ ...created, uploaderName: admin.name })
}

// ---------- the job ----------

/**
 * Runs an import: from zero every time (a run killed before its commit left
 * nothing), all in one transaction. A failure rolls it back and marks the import
 * failed with the reason; the job itself then ends (a retry would fail the same way).
 */
export async function runImport(deps: Deps, logger: Logger, importId: string): Promise<void> {
  const row = await queries.findImport(deps.db, importId)
  // done, failed or undone: a second delivery of the job does nothing
  if (!row || (row.status !== 'queued' && row.status !== 'running')) return
  await queries.updateImport(deps.db, importId, { status: 'running', progress: 0, error: null })
  try {
    await importFile(deps, row)
  } catch (error) {
    logger.warn({ err: error, importId }, 'layoff import failed')
    const message = error instanceof AppError ? error.message : layoffImportMessages.importFailed
    await withTransaction(deps.db, async (tx) => {
      await queries.updateImport(tx, importId, { status: 'failed', error: message, finishedAt: new Date() })
      await deps.realtime.publish(
        tx,
        'layoffs',
        { type: 'layoffs.import.finished', data: { importId, status: 'failed', message } },
        adminsOnly,
      )
    })
  }
}

/** A test may make an import fail half-way (after its first batch). */
export const importFaults: { afterFirstBatch?: (importId: string) => void } = {}

/** The skipped rows an import reports: repeated rows of a notice were merged into it, not lost. */
export const reportedSkipsOf = (skipped: readonly SkippedLayoffRow[]) =>
  skipped.filter((skip) => skip.reason !== 'duplicateInFile' && skip.reason !== 'combinedInFile')

/**
 * An import's records and skipped rows, written inside the caller's transaction in
 * batches of `layoffImportBatchSize`, each upsert keeping what it replaced (for
 * undo); `onBatch` hears how many records are written so far.
 */
export async function writeImportRecords(
  tx: Db,
  importId: string,
  records: readonly LayoffImportRecord[],
  skipped: readonly SkippedLayoffRow[],
  onBatch: (processed: number) => void = () => {},
): Promise<{ inserted: number; updated: number }> {
  let inserted = 0
  let updated = 0
  for (let start = 0; start < records.length; start += layoffImportBatchSize) {
    const batch = records.slice(start, start + layoffImportBatchSize).map((record) => ({
      company: record.company,
      companyKey: companyKey(record.company),
      state: record.state,
      workersAffected: record.workersAffected,
      layoffDate: record.layoffDate,
      isClosure: record.isClosure,
      notes: record.notes,
      source: record.source,
    }))
    const counts = await queries.upsertBatch(tx, importId, batch)
    inserted += counts.inserted
    updated += counts.updated
    onBatch(Math.min(start + layoffImportBatchSize, records.length))
  }
  for (let start = 0; start < skipped.length; start += 1000)
    await queries.insertSkips(tx, importId, skipped.slice(start, start + 1000))
  return { inserted, updated }
}

async function importFile(deps: Deps, row: queries.ImportRow): Promise<void> {
  const importId = row.id
  const bytes = await readStored(deps, row.fileKey)
  if (!bytes) throw new AppError('NOT_FOUND', 'The uploaded file is gone; please upload it again')
  const { table } = await readUploadedCsv(bytes)
  const { records, skipped, duplicatesMerged, rowsCombined } = toLayoffRecords(
    table.rows,
    row.mapping as LayoffImportMapping,
    { stateForFile: row.stateForFile, lines: table.lines },
  )
  if (records.length === 0) throw new AppError('VALIDATION', layoffImportMessages.noValidRecords)
  const total = records.length

  // progress outside the transaction: its own events would reach streams only at its commit
  let lastSignal = 0
  const signal = (processed: number) => {
    const now = Date.now()
    if (processed < total && now - lastSignal < 150) return
    lastSignal = now
    void deps.realtime
      .signal(
        'layoffs',
        {
          type: 'layoffs.import.progress',
          data: { importId, processed, total, message: processedRecords(processed, total) },
        },
        adminsOnly,
      )
      .catch(() => {})
  }
  signal(0)

  const uploader = row.uploadedBy ? await queries.findUser(deps.db, row.uploadedBy) : null
  let inserted = 0
  let updated = 0
  const reportedSkips = reportedSkipsOf(skipped)
  await changeListed(
    { deps },
    'layoffs',
    () => ({ type: 'layoffs.changed', data: { importId } }),
    async (tx) => {
      await queries.lockImports(tx)
      const written = await writeImportRecords(tx, importId, records, skipped, (processed) => {
        if (processed === Math.min(layoffImportBatchSize, total)) importFaults.afterFirstBatch?.(importId)
        signal(processed)
      })
      inserted = written.inserted
      updated = written.updated
      const finished = {
        status: 'done',
        imported: inserted,
        updated,
        skipped: reportedSkips.length,
        duplicatesMerged,
        rowsCombined,
        progress: total,
        finishedAt: new Date(),
      } as const
      await queries.updateImport(tx, importId, finished)
      await recordAudit(
        tx,
        { requestId: row.requestId ?? `job:${importId}`, session: uploader ? { user: uploader } : null },
        {
          action: 'layoff.import',
          objectType: 'layoff_import',
          objectId: importId,
          after: { fileName: row.fileName, imported: inserted, updated, skipped: reportedSkips.length },
        },
      )
      await deps.realtime.publish(
        tx,
        'layoffs',
        {
          type: 'layoffs.import.finished',
          data: { importId, status: 'done', message: importedRecords(inserted + updated) },
        },
        adminsOnly,
      )
      // the watchers' mails, only if this commits (an undo later sends nothing)
      await deps.queue.enqueue(layoffAlertsJob, { importId }, { tx })
    },
  )
}

// ---------- history, report, file, undo ----------

const importPageSize = 20

export async function listImports(ctx: Ctx, query: LayoffImportListQuery): Promise<LayoffImportPage> {
  requireAdmin(ctx)
  const after = decodeCursor(query.cursor, 'newest')
  const page = await readPage(importPageSize, (limit) => queries.listImports(ctx.deps.db, after, limit))
  const skipCounts = await queries.skipCountsOf(
    ctx.deps.db,
    page.rows.map((row) => row.id),
  )
  return { imports: page.rows.map((row) => toImportView(row, skipCounts.get(row.id))), nextCursor: nextCursorOf(page) }
}

async function importViewOf(ctx: Ctx, importId: string): Promise<LayoffImportView> {
  const row = await importOf(ctx, importId)
  return toImportView(row, (await queries.skipCountsOf(ctx.deps.db, [importId])).get(importId))
}

async function importOf(ctx: Ctx, importId: string): Promise<queries.ImportRow> {
  requireAdmin(ctx)
  const row = await queries.findImport(ctx.deps.db, importId)
  if (!row) throw notFound()
  return row
}

export async function getImport(ctx: Ctx, importId: string): Promise<LayoffImportView> {
  return importViewOf(ctx, importId)
}

/** The skipped rows with their reasons as CSV (formula-safe), the file's own cells after them. */
export async function skippedCsv(ctx: Ctx, importId: string): Promise<Response> {
  const row = await importOf(ctx, importId)
  const rows = await queries.skippedRows(ctx.deps.db, importId)
  const width = Math.max(0, ...rows.map((skip) => (skip.values as string[]).length))
  const csv = toCsv(rows, [
    { label: 'Line', value: (skip) => skip.line },
    { label: 'Reason', value: (skip) => layoffSkipReasonMessages[skip.reason as LayoffSkipReason] ?? skip.reason },
    ...Array.from({ length: width }, (_, index) => ({
      label: `Column ${index + 1}`,
      value: (skip: (typeof rows)[number]) => (skip.values as string[])[index] ?? '',
    })),
  ])
  return csvResponse(
    `\uFEFF${csv}`,
    `skipped-rows-${row.fileName.replace(/[^\w.-]+/g, '_').replace(/\.csv$/i, '')}.csv`,
  )
}

/** The file as it was uploaded. */
export async function importFileResponse(ctx: Ctx, importId: string): Promise<Response> {
  const row = await importOf(ctx, importId)
  const object = await ctx.deps.storage.get(row.fileKey)
  if (!object) throw notFound()
  return new Response(object.body, {
    headers: {
      'Content-Type': 'text/csv',
      'Content-Disposition': `attachment; filename="${row.fileName.replace(/[^\w.-]+/g, '_')}"`,
      'Cache-Control': 'private, no-store',
    },
  })
}

/** Undo: what the import created goes, what it updated gets its values back; only while no later import changed the same records. */
export async function undoImport(ctx: Ctx, importId: string): Promise<LayoffImportView> {
  await importOf(ctx, importId)
  await changeListed(
    ctx,
    'layoffs',
    () => ({ type: 'layoffs.changed', data: { importId } }),
    async (tx) => {
      await queries.lockImports(tx)
      const row = await queries.findImport(tx, importId)
      if (!row) throw notFound()
      if (row.status !== 'done') throw new AppError('CONFLICT', 'Only a finished import can be undone')
      if (await queries.laterImportOverlaps(tx, importId, row.finishedAt!))
        throw new AppError('CONFLICT', 'A later import changed some of the same records; undo the later import first')
      const reverted = await queries.revertImport(tx, importId)
      await queries.updateImport(tx, importId, { status: 'undone', undoneAt: new Date() })
      await recordAudit(tx, ctx, {
        action: 'layoff.import.undo',
        objectType: 'layoff_import',
        objectId: importId,
        before: { status: 'done' },
        after: { status: 'undone', deleted: reverted.deleted, restored: reverted.restored },
      })
    },
  )
  return importViewOf(ctx, importId)
}
