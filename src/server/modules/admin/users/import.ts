import { CsvError, parse, type Info } from 'csv-parse/sync'
import { fileTypeFromBuffer } from 'file-type'
import { withTransaction } from '#server/db/client.ts'
import { AppError } from '#server/platform/app-error.ts'
import { recordAudit } from '#server/platform/audit.ts'
import type { Ctx, Deps } from '#server/platform/context.ts'
import { requireAdmin } from '#server/platform/guards.ts'
import type { Logger } from '#server/platform/logger.ts'
import type { LiveAudience } from '#server/platform/realtime.ts'
import { deleteStoredFile } from '#server/platform/uploads.ts'
import {
  CreateUserInput,
  importedUsers,
  missingRequiredColumns,
  processedUsers,
  unreadableCsvLine,
  userImportBatchSize,
  userImportMaxBytes,
  userImportMaxRows,
  userImportMessages,
  userImportPreviewRows,
  userImportRequiredColumns,
  type UserImportFailureReason,
  type UserImportInput,
  type UserImportPreview,
  type UserImportView,
} from '#shared/admin/users.ts'
import { invitationMailJob, userImportJob } from './jobs.ts'
import * as queries from './queries.ts'
import { toImportView } from './views.ts'

// The user CSV import (issue 22; spec 002 §2, §4 User CSV import, §5, §7, §8, §9;
// docs/decisions/031). The admin uploads a file and sees its header and first 5 rows
// (the file kept privately); confirms; a queue job makes an account for each new
// address and queues its invitation mail, 50 rows to a transaction, reporting
// progress on the live stream. Existing addresses and invalid rows are reported
// with their line and reason, never duplicated. Unlike the spec's import, nobody
// gets a random password: each new user sets theirs from the invitation.

const importsArea = 'user-imports'
const fileKeyOf = (uploadId: string) => `${importsArea}/${uploadId}.csv`
const adminsOnly: LiveAudience = { userIds: [], admins: true }
const refuse = (message: string) => new AppError('VALIDATION', message, { file: message })

export type UserCsv = {
  header: string[]
  rows: string[][]
  /** the file line each row starts on (1-based) */
  lines: number[]
  /** where each required column is */
  columns: Record<(typeof userImportRequiredColumns)[number], number>
}

/** UTF-8 (with or without a BOM), else Windows-1252 (Excel's default "CSV" on Windows), line breaks as '\n'. */
function decode(bytes: Uint8Array): string {
  let text: string
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    text = new TextDecoder('windows-1252').decode(bytes)
  }
  return text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n')
}

/** The header's delimiter: a comma, or what a European spreadsheet or a text export writes instead. */
function delimiterOf(text: string): string {
  const firstLine = text.slice(0, text.indexOf('\n') === -1 ? undefined : text.indexOf('\n'))
  const counts = [',', ';', '\t'].map((candidate) => ({ candidate, count: firstLine.split(candidate).length - 1 }))
  return counts.reduce((best, next) => (next.count > best.count ? next : best)).candidate
}

/** 'First Name', 'FIRST_NAME' and 'first-name' all name first_name (spec 002 §5: any case). */
const columnName = (cell: string) =>
  cell
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_')

/**
 * A file of a table: by name (spec 002 §5: '.csv'), by its bytes (no image, PDF or
 * archive renamed), and by its header (spec 002 §5: email, first_name, last_name).
 */
export async function readUserCsv(bytes: Uint8Array): Promise<UserCsv> {
  if (bytes.length === 0) throw refuse(userImportMessages.empty)
  if (await fileTypeFromBuffer(bytes)) throw refuse(userImportMessages.notCsv)
  let text = decode(bytes)
  // eslint-disable-next-line no-control-regex -- NUL or other control bytes: a binary file
  if (/[\u0000-\u0008\u000e-\u001f]/.test(text.slice(0, 65536))) throw refuse(userImportMessages.notCsv)
  // a NUL further down is no text PostgreSQL can store (it would fail a whole batch): dropped
  text = text.replaceAll('\u0000', '')
  let parsed: { record: string[]; info: Info }[]
  try {
    parsed = parse(text, {
      delimiter: delimiterOf(text),
      info: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
      to: userImportMaxRows + 2,
      // with `info`, each record comes as { record, info }; csv-parse's types do not say so
    }) as unknown as { record: string[]; info: Info }[]
  } catch (error) {
    if (error instanceof CsvError) throw refuse(unreadableCsvLine(Number((error as { lines?: number }).lines ?? 1)))
    throw error
  }
  if (parsed.length < 2) throw refuse(userImportMessages.empty)
  if (parsed.length > userImportMaxRows + 1) throw refuse(userImportMessages.tooManyRows)
  const [headerRecord, ...records] = parsed
  const header = headerRecord!.record.map((cell) => cell.replace(/\s+/g, ' ').trim())
  const names = header.map(columnName)
  const missing = userImportRequiredColumns.filter((column) => !names.includes(column))
  if (missing.length > 0) throw refuse(missingRequiredColumns(missing))
  const columns = Object.fromEntries(
    userImportRequiredColumns.map((column) => [column, names.indexOf(column)]),
  ) as UserCsv['columns']
  return {
    header,
    rows: records.map(({ record }) => header.map((_, index) => (record[index] ?? '').trim())),
    // a record's info says the line it ends on; it starts as many lines earlier as its quoted cells hold breaks
    lines: records.map(
      ({ record, info }) => info.lines - record.reduce((sum, cell) => sum + (cell.match(/\n/g)?.length ?? 0), 0),
    ),
    columns,
  }
}

async function readStored(deps: Pick<Deps, 'storage'>, fileKey: string): Promise<Uint8Array | undefined> {
  const object = await deps.storage.get(fileKey)
  if (!object) return undefined
  return new Uint8Array(await new Response(object.body).arrayBuffer())
}

/** POST /import/preview: the file judged, kept privately, and its header with the first 5 rows (spec 002 §5). */
export async function previewUserImport(ctx: Ctx, file: File | undefined): Promise<UserImportPreview> {
  requireAdmin(ctx)
  if (!file || !/\.csv$/i.test(file.name)) throw refuse(userImportMessages.notCsv)
  if (file.size > userImportMaxBytes) throw refuse(userImportMessages.tooLarge)
  const bytes = new Uint8Array(await file.arrayBuffer())
  const csv = await readUserCsv(bytes)
  const uploadId = crypto.randomUUID()
  await ctx.deps.storage.put(fileKeyOf(uploadId), bytes, { contentType: 'text/csv', visibility: 'private' })
  return {
    uploadId,
    fileName: file.name.slice(0, 255),
    header: csv.header,
    previewRows: csv.rows.slice(0, userImportPreviewRows),
    totalRows: csv.rows.length,
  }
}

/** POST /import: the import recorded as queued and its job enqueued, in one transaction (202). */
export async function startUserImport(ctx: Ctx, input: UserImportInput): Promise<UserImportView> {
  const admin = requireAdmin(ctx)
  const fileKey = fileKeyOf(input.uploadId)
  const bytes = await readStored(ctx.deps, fileKey)
  if (!bytes) throw new AppError('NOT_FOUND', userImportMessages.uploadGone)
  const csv = await readUserCsv(bytes)
  const created = await withTransaction(ctx.deps.db, async (tx) => {
    const row = await queries.insertImport(tx, {
      fileName: input.fileName ?? `${input.uploadId}.csv`,
      fileKey,
      uploadedBy: admin.id,
      totalRows: csv.rows.length,
    })
    await ctx.deps.queue.enqueue(userImportJob, { importId: row.id }, { tx })
    return row
  })
  return toImportView(created)
}

export async function getUserImport(ctx: Ctx, importId: string): Promise<UserImportView> {
  requireAdmin(ctx)
  const row = await queries.findImport(ctx.deps.db, importId)
  if (!row) throw new AppError('NOT_FOUND', userImportMessages.notFound)
  return toImportView(row)
}

// ---------- the job ----------

type StoredFailure = { line: number; email: string; reason: UserImportFailureReason }
type Candidate = { line: number; email: string; firstName: string; lastName: string }

/** A row judged by Add user's own rules (spec 002 §5): the shared e-mail rule, both names required. */
function judgeRow(row: string[], line: number, columns: UserCsv['columns']): Candidate | StoredFailure {
  const rawEmail = row[columns.email] ?? ''
  const parsed = CreateUserInput.safeParse({
    email: rawEmail,
    firstName: row[columns.first_name] ?? '',
    lastName: row[columns.last_name] ?? '',
  })
  if (parsed.success)
    return { line, email: parsed.data.email, firstName: parsed.data.firstName, lastName: parsed.data.lastName }
  const field = parsed.error.issues[0]?.path[0]
  const tooLong = parsed.error.issues[0]?.code === 'too_big'
  const reason: UserImportFailureReason =
    field === 'email'
      ? 'invalidEmail'
      : tooLong
        ? 'nameTooLong'
        : field === 'firstName'
          ? 'missingFirstName'
          : 'missingLastName'
  return { line, email: rawEmail.slice(0, 254), reason }
}

/**
 * Runs an import from the first row not yet counted: each batch's accounts and
 * counts commit together, so a retried run (a killed process) neither repeats nor
 * skips a row. Any other failure marks the import failed with its reason; what
 * earlier batches made stays, reported.
 */
export async function runUserImport(deps: Deps, logger: Logger, importId: string): Promise<void> {
  const row = await queries.findImport(deps.db, importId)
  if (!row || (row.status !== 'queued' && row.status !== 'running')) return
  await queries.updateImport(deps.db, importId, { status: 'running', error: null })
  try {
    await importRows(deps, row)
    await finish(deps, importId, { status: 'done' })
  } catch (error) {
    logger.warn({ err: error, importId }, 'user import failed')
    const message = error instanceof AppError ? error.message : userImportMessages.failed
    await finish(deps, importId, { status: 'failed', error: message })
  }
  // the file holds addresses and names: once the import has ended it is not kept
  await deleteStoredFile({ deps, logger }, row.fileKey)
}

async function importRows(deps: Deps, row: queries.ImportRow): Promise<void> {
  const importId = row.id
  const bytes = await readStored(deps, row.fileKey)
  if (!bytes) throw new AppError('NOT_FOUND', userImportMessages.uploadGone)
  const csv = await readUserCsv(bytes)
  const total = csv.rows.length
  const judged = csv.rows.map((cells, index) => judgeRow(cells, csv.lines[index]!, csv.columns))

  // progress outside the batches' transactions, at most a few a second
  let lastSignal = 0
  const signal = (processed: number) => {
    const now = Date.now()
    if (processed < total && now - lastSignal < 150) return
    lastSignal = now
    void deps.realtime
      .signal(
        'admin',
        {
          type: 'users.import.progress',
          data: { importId, processed, total, message: processedUsers(processed, total) },
        },
        adminsOnly,
      )
      .catch(() => {})
  }

  // an address on an earlier line (in a batch already committed, too) is a duplicate of the file
  const seen = new Set<string>()
  for (const entry of judged.slice(0, row.processed)) if (!('reason' in entry)) seen.add(entry.email)
  signal(row.processed)

  for (let start = row.processed; start < total; start += userImportBatchSize) {
    const batch = judged.slice(start, start + userImportBatchSize)
    const failures: StoredFailure[] = []
    const candidates: Candidate[] = []
    for (const entry of batch) {
      if ('reason' in entry) failures.push(entry)
      else if (seen.has(entry.email)) failures.push({ line: entry.line, email: entry.email, reason: 'duplicateInFile' })
      else {
        seen.add(entry.email)
        candidates.push(entry)
      }
    }
    await withTransaction(deps.db, async (tx) => {
      const wanted = candidates.map((candidate) => ({ ...candidate, id: crypto.randomUUID(), role: 'user' as const }))
      const created = new Set((await queries.insertInvitedUsers(tx, wanted)).map((user) => user.id))
      for (const user of wanted) {
        if (!created.has(user.id)) {
          failures.push({ line: user.line, email: user.email, reason: 'existingEmail' })
          continue
        }
        await deps.queue.enqueue(
          invitationMailJob,
          { userId: user.id, email: user.email, invitedBy: row.uploadedBy },
          { tx },
        )
      }
      failures.sort((a, b) => a.line - b.line)
      await queries.addBatchToImport(tx, importId, { processed: batch.length, invited: created.size, failures })
    })
    signal(Math.min(start + userImportBatchSize, total))
  }
}

/** The import's end, audited as its admin's write, told to the admins' pages. */
async function finish(deps: Deps, importId: string, end: { status: 'done' | 'failed'; error?: string }) {
  await withTransaction(deps.db, async (tx) => {
    await queries.updateImport(tx, importId, { status: end.status, error: end.error ?? null, finishedAt: new Date() })
    const row = (await queries.findImport(tx, importId))!
    const uploader = row.uploadedBy ? await queries.findAccount(tx, row.uploadedBy) : undefined
    await recordAudit(
      tx,
      { requestId: `job:${importId}`, session: uploader ? { user: uploader } : null },
      {
        action: 'user.import',
        objectType: 'user_import',
        objectId: importId,
        after: { fileName: row.fileName, status: end.status, invited: row.invited, failed: row.failed },
      },
    )
    const message = end.status === 'done' ? importedUsers(row.invited, row.failed) : (end.error ?? '')
    await deps.realtime.publish(
      tx,
      'admin',
      { type: 'users.import.finished', data: { importId, status: end.status, message } },
      adminsOnly,
    )
    await deps.realtime.publish(tx, 'admin', { type: 'users.changed', data: { userId: null } }, adminsOnly)
  })
}
