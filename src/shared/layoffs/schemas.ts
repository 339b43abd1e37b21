import { z } from 'zod'
import { Cursor, PageQuery } from '#shared/common/fields.ts'
import {
  layoffCompanyMaxLength,
  layoffImportFields,
  layoffKinds,
  usStateCodes,
  type LayoffKind,
  type LayoffSkipReason,
  type UsStateCode,
} from './constants.ts'
import { layoffWatchMessages } from './messages.ts'

// The layoff tracker and its import (issue 19; spec 002 §2 Layoff tracker, §3 Layoff
// record, §4 Layoff import): what the tracker page, the landing teaser, the admin's
// import and the 'layoffs' live topic exchange with the server (docs/decisions/028).

/** The tracker's sortable columns (spec 002 §2) */
export const layoffSorts = ['company', 'state', 'date', 'workers'] as const
export type LayoffSort = (typeof layoffSorts)[number]
export const layoffSearchMaxLength = 100
export const layoffPageSize = 25
/** The landing page's teaser (spec 000 §1) */
export const layoffLatestCount = 5
/** The stats' top companies */
export const layoffTopCompanies = 10

const calendarDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Use a date as YYYY-MM-DD' })
  .refine((text) => !Number.isNaN(Date.parse(`${text}T00:00:00Z`)), { error: 'Use a date as YYYY-MM-DD' })

/** The filters the list, the charts and the export share. */
export const LayoffFilters = z.object({
  /** company or state, case-insensitive, anywhere in the name */
  q: z.string().trim().max(layoffSearchMaxLength).optional(),
  state: z.enum(usStateCodes).optional(),
  from: calendarDate.optional(),
  to: calendarDate.optional(),
  kind: z.enum(layoffKinds).optional(),
})
export type LayoffFilters = z.infer<typeof LayoffFilters>

export const LayoffListQuery = LayoffFilters.extend({
  sort: z.enum(layoffSorts).default('date'),
  dir: z.enum(['asc', 'desc']).default('desc'),
  cursor: Cursor,
})
export type LayoffListQuery = z.infer<typeof LayoffListQuery>

/** A record as the tracker shows it (spec 002 §2: a Type column of Closure or Layoff). */
export type LayoffRecordView = {
  id: string
  company: string
  state: UsStateCode
  stateName: string
  workersAffected: number
  /** YYYY-MM-DD */
  layoffDate: string
  kind: LayoffKind
  notes: string | null
  /** a link to the notice (http or https only), else null */
  source: string | null
}

export type LayoffPage = { records: LayoffRecordView[]; total: number; nextCursor: string | null }

export type LayoffStats = {
  byMonth: { month: string; workers: number; notices: number }[]
  byState: { state: UsStateCode; stateName: string; workers: number; notices: number }[]
  topCompanies: { company: string; workers: number; notices: number }[]
  totals: { workers: number; notices: number; closures: number }
}

export type LatestLayoffs = { records: LayoffRecordView[] }

// ---------- import ----------

/** For each field, the index of its column, or null (mapping.ts LayoffImportMapping). */
export const LayoffImportMappingInput = z.object(
  Object.fromEntries(layoffImportFields.map((field) => [field, z.number().int().min(0).max(1000).nullable()])) as {
    [Field in (typeof layoffImportFields)[number]]: z.ZodNullable<z.ZodNumber>
  },
)
export type LayoffImportMappingInput = z.infer<typeof LayoffImportMappingInput>

export const LayoffImportInput = z.object({
  /** what the preview answered */
  uploadId: z.uuid(),
  /** the uploaded file's name, as the preview answered it */
  fileName: z.string().trim().min(1).max(255).optional(),
  mapping: LayoffImportMappingInput,
  stateForFile: z.string().trim().max(60).nullable().default(null),
})
export type LayoffImportInput = z.infer<typeof LayoffImportInput>

export type LayoffImportPreview = {
  uploadId: string
  fileName: string
  encoding: string
  delimiter: string
  header: string[]
  previewRows: string[][]
  totalRows: number
  suggestedMapping: LayoffImportMappingInput
  /** what the suggested mapping still lacks (checkMapping's messages) */
  problems: string[]
}

export const layoffImportStatuses = ['queued', 'running', 'done', 'failed', 'undone'] as const
export type LayoffImportStatus = (typeof layoffImportStatuses)[number]

export type LayoffImportView = {
  id: string
  fileName: string
  uploadedBy: { id: string; name: string } | null
  createdAt: string
  finishedAt: string | null
  undoneAt: string | null
  status: LayoffImportStatus
  stateForFile: string | null
  mapping: LayoffImportMappingInput
  totalRows: number
  imported: number
  updated: number
  skipped: number
  duplicatesMerged: number
  rowsCombined: number
  /** the skipped rows by reason, most first (rows merged or combined into a notice are counted above, not here) */
  skippedByReason: Array<{ reason: LayoffSkipReason; message: string; count: number }>
  progress: number
  /** the spec's words for the outcome: 'Successfully imported {n} records', 'Processed {x} of {y} records' */
  message: string | null
  error: string | null
  /** undo is offered (done, and no later import changed its records: checked again on undo) */
  canUndo: boolean
}

export type LayoffImportPage = { imports: LayoffImportView[]; nextCursor: string | null }
export const LayoffImportListQuery = PageQuery
export type LayoffImportListQuery = PageQuery

export type LayoffSkippedRowView = { line: number; reason: LayoffSkipReason; message: string; values: string[] }

// ---------- live ----------

/**
 * The 'layoffs' topic: `layoffs.changed` to everyone who may see the tracker when an
 * import or an undo commits; an import's progress and its end to admins only.
 */
export type LayoffsEvent =
  | { type: 'layoffs.changed'; data: { importId: string } }
  | {
      type: 'layoffs.import.progress'
      data: { importId: string; processed: number; total: number; message: string }
    }
  | {
      type: 'layoffs.import.finished'
      data: { importId: string; status: LayoffImportStatus; message: string }
    }

// ---------- watches ----------

export const layoffWatchKinds = ['company', 'state'] as const
export type LayoffWatchKind = (typeof layoffWatchKinds)[number]

/**
 * POST /api/layoffs/watches: a company (1 to 300 characters, as the records' own cap)
 * or a US state code (any case).
 */
export const LayoffWatchInput = z
  .object({
    kind: z.enum(layoffWatchKinds, { error: layoffWatchMessages.kindRequired }),
    value: z.string({ error: layoffWatchMessages.companyRequired }).trim(),
  })
  .transform((input, context) => {
    if (input.kind === 'state') {
      const code = input.value.toUpperCase() as UsStateCode
      if (!usStateCodes.includes(code)) {
        context.addIssue({ code: 'custom', path: ['value'], message: layoffWatchMessages.stateRequired })
        return z.NEVER
      }
      return { kind: input.kind, value: code }
    }
    if (input.value.length === 0) {
      context.addIssue({ code: 'custom', path: ['value'], message: layoffWatchMessages.companyRequired })
      return z.NEVER
    }
    if (input.value.length > layoffCompanyMaxLength) {
      context.addIssue({ code: 'custom', path: ['value'], message: layoffWatchMessages.companyTooLong })
      return z.NEVER
    }
    return { kind: input.kind, value: input.value }
  })
export type LayoffWatchInput = z.infer<typeof LayoffWatchInput>

/** A watch as the member's list shows it. */
export type LayoffWatchView = {
  id: string
  kind: LayoffWatchKind
  /** the company as typed, or the state code */
  value: string
  /** the state's name for a state watch, else null */
  stateName: string | null
  createdAt: string
}

export type LayoffWatchList = { watches: LayoffWatchView[] }

/** The newest notice of a job's employer within the last 12 months (issue 19), shown on job cards and pages. */
export type WarnNotice = {
  /** the notice's layoff date, YYYY-MM-DD */
  date: string
  state: UsStateCode
}
