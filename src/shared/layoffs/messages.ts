import {
  layoffCompanyMaxLength,
  layoffImportMaxBytes,
  layoffImportMaxRows,
  layoffWatchMax,
  type LayoffSkipReason,
} from './constants.ts'

// The layoff import's user-facing words: spec 002 §5 (Dashboard and Layoff tracker
// CSV import) and §8 Layoffs, and the words issue 19 adds (limits, column mapping,
// skipped rows), worded like the spec's own.

export const layoffImportMessages = {
  // spec 002 §5
  notCsv: 'Please upload a CSV file',
  empty: 'CSV file is empty',
  noValidRecords: 'No valid records found in CSV',
  // spec 002 §8
  imported: 'Layoff records imported successfully',
  importFailed: 'Failed to import records',
  loadFailed: 'Failed to load records',
  // issue 19: limits and files that cannot be read
  tooLarge: `CSV file must be ${layoffImportMaxBytes / 1024 / 1024} MB or smaller`,
  tooManyRows: `CSV file must have ${layoffImportMaxRows.toLocaleString('en-US')} rows or fewer`,
  noHeader: 'No header row found in CSV',
  // issue 19: the column mapping
  stateRequired: 'Choose the state column or one state for the whole file',
  unknownStateForFile: 'Please choose a US state for the whole file',
  columnMissing: 'The chosen column is not in the file',
} as const

/** spec 002 §8 progress message */
export const processedRecords = (done: number, total: number) => `Processed ${done} of ${total} records`

/** spec 002 §8 */
export const importedRecords = (count: number) => `Successfully imported ${count} records`

/** spec 002 §5 Dashboard layoff CSV import */
export const missingRequiredColumns = (labels: readonly string[]) => `Missing required columns: ${labels.join(', ')}`

/** A required field without a column, e.g. 'Choose the column for Company'. */
export const columnRequired = (label: string) => `Choose the column for ${label}`

/** One column chosen for two fields, e.g. 'The column "Date" is chosen for Layoff date and Notes'. */
export const columnUsedTwice = (column: string, labels: readonly string[]) =>
  `The column "${column}" is chosen for ${labels.join(' and ')}`

/** The parser stopped at a line it could not read (an unclosed quote, mostly). */
export const unreadableCsv = (line: number) => `The CSV file could not be read at line ${line}`

/** Each skipped row of the import report says why in these words. */
export const layoffSkipReasonMessages: Record<LayoffSkipReason, string> = {
  missingCompany: 'The company is missing',
  companyTooLong: `The company name is longer than ${layoffCompanyMaxLength} characters`,
  missingState: 'The state is missing',
  unknownState: 'The state is not a US state or territory',
  missingDate: 'The layoff date is missing',
  unreadableDate: 'The layoff date could not be read (for example 2020-07-27, 7/27/2020 or July 27, 2020)',
  missingWorkers: 'The number of workers affected is missing',
  invalidWorkers: 'The number of workers affected is not a positive whole number',
  duplicateInFile: 'The same notice is listed on an earlier row; it was counted once',
  combinedInFile: 'Another row of the notice (same company, state and date); its workers were added to that record',
}

/** A member's watches of companies and states (issue 19): the alert mails' subscriptions. */
export const layoffWatchMessages = {
  kindRequired: 'Choose to watch a company or a state',
  companyRequired: 'Enter a company name',
  companyTooLong: `The company name must be ${layoffCompanyMaxLength} characters or fewer`,
  stateRequired: 'Choose a US state',
  tooMany: `You can watch at most ${layoffWatchMax} companies and states; remove one to add another`,
  alreadyWatched: 'You are already watching this',
  notFound: 'Watch not found',
} as const

/**
 * The job card's and the job page's line (issue 19) when the employer has a recent
 * notice; `date` as the page shows dates.
 */
export const warnNoticeFiled = (date: string) => `This employer filed a WARN notice on ${date}`
