import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core'
import { user } from './auth.ts'

// The layoff tracker (issue 19; spec 002 §3 Layoff record, §4 Layoff import;
// docs/decisions/028). Records are unique per notice: company (companyKey: case,
// punctuation and legal suffixes do not count), state and layoff date, so a file
// imported again updates its records instead of doubling them.

// Imports first: a record points at the import that last wrote it.
export const layoffImports = pgTable(
  'layoff_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fileName: text('file_name').notNull(),
    /** the uploaded CSV, a private object of storage */
    fileKey: text('file_key').notNull(),
    uploadedBy: text('uploaded_by').references(() => user.id, { onDelete: 'set null' }),
    /** queued -> running -> done | failed; done -> undone */
    status: text('status').notNull().default('queued'),
    /** field -> column index, as checkMapping accepted it */
    mapping: jsonb('mapping').notNull(),
    /** the state every record of the file is in (a state's own WARN file), or null */
    stateForFile: text('state_for_file'),
    totalRows: integer('total_rows').notNull().default(0),
    /** records created */
    imported: integer('imported').notNull().default(0),
    /** records that existed and were written again */
    updated: integer('updated').notNull().default(0),
    /** rows that are no record (reasons in layoff_import_skips), merged and combined rows apart */
    skipped: integer('skipped').notNull().default(0),
    /** identical rows listed twice in the file, kept once */
    duplicatesMerged: integer('duplicates_merged').notNull().default(0),
    /** other rows of the same notice (a site each), added into one record */
    rowsCombined: integer('rows_combined').notNull().default(0),
    /** records written so far by the running import */
    progress: integer('progress').notNull().default(0),
    error: text('error'),
    /** the request that asked for the import, for the audit row the job writes */
    requestId: text('request_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    undoneAt: timestamp('undone_at', { withTimezone: true }),
  },
  (table) => [
    // the history, newest first
    index('layoff_imports_created_idx').on(table.createdAt, table.id),
    // foreign key index (issue 23 §5): deleting an admin sets their imports' uploader to null
    index('layoff_imports_uploaded_by_idx').on(table.uploadedBy),
    check('layoff_imports_status_check', sql`${table.status} in ('queued', 'running', 'done', 'failed', 'undone')`),
  ],
)

export const layoffRecords = pgTable(
  'layoff_records',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    company: text('company').notNull(),
    /** records.ts companyKey(company): the notice's identity and the job cards' match */
    companyKey: text('company_key').notNull(),
    /** a two-letter code of shared/layoffs/constants.ts usStates */
    state: text('state').notNull(),
    workersAffected: integer('workers_affected').notNull(),
    layoffDate: date('layoff_date').notNull(),
    isClosure: boolean('is_closure').notNull().default(false),
    notes: text('notes'),
    source: text('source'),
    importId: uuid('import_id').references(() => layoffImports.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // the notice: the import's ON CONFLICT target
    unique('layoff_records_notice_key').on(table.companyKey, table.state, table.layoffDate),
    // the default order (spec 002 §7: newest date first) and the date sort and range
    index('layoff_records_date_idx').on(table.layoffDate, table.id),
    // the state filter within its dates, and the state sort
    index('layoff_records_state_idx').on(table.state, table.layoffDate, table.id),
    // the workers sort
    index('layoff_records_workers_idx').on(table.workersAffected, table.id),
    // the company sort
    index('layoff_records_company_idx').on(sql`lower(${table.company})`, table.id),
    // the search box: ILIKE '%…%' answered by pg_trgm (as courses, decision 024)
    index('layoff_records_company_trgm_idx').using('gin', sql`${table.company} gin_trgm_ops`),
    // what an import wrote (undo, counts)
    index('layoff_records_import_idx').on(table.importId),
    check('layoff_records_workers_check', sql`${table.workersAffected} > 0`),
    check('layoff_records_state_check', sql`${table.state} ~ '^[A-Z]{2}$'`),
  ],
)

/**
 * What an import did to each record it wrote, so that it can be undone: `before` is
 * null for a record it created, else the record's values before it.
 */
export const layoffImportChanges = pgTable(
  'layoff_import_changes',
  {
    importId: uuid('import_id')
      .notNull()
      .references(() => layoffImports.id, { onDelete: 'cascade' }),
    recordId: uuid('record_id').notNull(),
    before: jsonb('before'),
  },
  (table) => [
    primaryKey({ columns: [table.importId, table.recordId] }),
    // a later import of the same records (the undo's check)
    index('layoff_import_changes_record_idx').on(table.recordId),
  ],
)

/** The rows of an import that are no record, with the reason (the downloadable report). */
export const layoffImportSkips = pgTable(
  'layoff_import_skips',
  {
    importId: uuid('import_id')
      .notNull()
      .references(() => layoffImports.id, { onDelete: 'cascade' }),
    line: integer('line').notNull(),
    reason: text('reason').notNull(),
    values: jsonb('values').notNull(),
  },
  (table) => [index('layoff_import_skips_import_idx').on(table.importId, table.line)],
)

/**
 * A member's watch of a company or a state (issue 19): a mail when an import brings
 * new notices for it. `matchKey` is companyKey(value) for a company (the records'
 * `company_key`), the two-letter code for a state.
 */
export const layoffWatches = pgTable(
  'layoff_watches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** company | state */
    kind: text('kind').notNull(),
    /** what the member typed (a company) or the state code, as the list shows it */
    value: text('value').notNull(),
    matchKey: text('match_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('layoff_watches_user_key').on(table.userId, table.kind, table.matchKey),
    // the alert job: who watches the keys an import brought
    index('layoff_watches_match_idx').on(table.kind, table.matchKey),
    check('layoff_watches_kind_check', sql`${table.kind} in ('company', 'state')`),
  ],
)

/** The alert mail a member got for an import: at most one, whatever runs the job makes. */
export const layoffAlerts = pgTable(
  'layoff_alerts',
  {
    importId: uuid('import_id')
      .notNull()
      .references(() => layoffImports.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.importId, table.userId] }),
    // the key leads with the import; deleting an account finds its alerts by this (issue 23 §5)
    index('layoff_alerts_user_idx').on(table.userId),
  ],
)
