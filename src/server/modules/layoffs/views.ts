import { usStates, type LayoffSkipReason, type UsStateCode } from '#shared/layoffs/constants.ts'
import {
  importedRecords,
  layoffImportMessages,
  layoffSkipReasonMessages,
  processedRecords,
} from '#shared/layoffs/messages.ts'
import type {
  LayoffImportMappingInput,
  LayoffImportStatus,
  LayoffImportView,
  LayoffRecordView,
} from '#shared/layoffs/schemas.ts'
import type { ImportRow, LayoffRow } from './queries.ts'

// Rows to what the tracker and the import page show (issue 19).

const stateNames = new Map<string, string>(usStates.map((state) => [state.code, state.name]))
export const stateNameOf = (code: string) => stateNames.get(code) ?? code

/** A source is a link only when it is a web address: a file's text is never an href. */
export function sourceLink(source: string | null): string | null {
  if (!source) return null
  try {
    const url = new URL(source)
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null
  } catch {
    return null
  }
}

export function toRecordView(row: LayoffRow): LayoffRecordView {
  return {
    id: row.id,
    company: row.company,
    state: row.state as UsStateCode,
    stateName: stateNameOf(row.state),
    workersAffected: row.workersAffected,
    layoffDate: row.layoffDate,
    kind: row.isClosure ? 'closure' : 'layoff',
    notes: row.notes,
    source: sourceLink(row.source),
  }
}

function importMessage(row: ImportRow): string | null {
  switch (row.status as LayoffImportStatus) {
    case 'done':
    case 'undone':
      return importedRecords(row.imported + row.updated)
    case 'running':
      return processedRecords(row.progress, row.imported + row.updated || row.totalRows)
    case 'failed':
      return layoffImportMessages.importFailed
    default:
      return null
  }
}

/** An import as admins see it; `skipCounts` its reported skipped rows by reason (skipCountsOf). */
export function toImportView(
  row: ImportRow,
  skipCounts: ReadonlyArray<{ reason: string; count: number }> = [],
): LayoffImportView {
  return {
    id: row.id,
    fileName: row.fileName,
    uploadedBy: row.uploadedBy ? { id: row.uploadedBy, name: row.uploaderName ?? '' } : null,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    undoneAt: row.undoneAt?.toISOString() ?? null,
    status: row.status as LayoffImportStatus,
    stateForFile: row.stateForFile,
    mapping: row.mapping as LayoffImportMappingInput,
    totalRows: row.totalRows,
    imported: row.imported,
    updated: row.updated,
    skipped: row.skipped,
    duplicatesMerged: row.duplicatesMerged,
    rowsCombined: row.rowsCombined,
    skippedByReason: [...skipCounts]
      .sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason))
      .map(({ reason, count }) => ({
        reason: reason as LayoffSkipReason,
        message: layoffSkipReasonMessages[reason as LayoffSkipReason] ?? reason,
        count,
      })),
    progress: row.progress,
    message: importMessage(row),
    error: row.error,
    canUndo: row.status === 'done',
  }
}
