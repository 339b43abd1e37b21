// The layoff import's target fields, limits and the US states (issue 19; spec 002 §3
// Layoff record, §5 Layoff tracker CSV import, §9).

/**
 * What a CSV column can be mapped to. `kind` becomes the record's is_closure (spec
 * 002 §3); `source` is where the notice can be read (a URL or a short text).
 */
export const layoffImportFields = [
  'company',
  'state',
  'workersAffected',
  'layoffDate',
  'kind',
  'notes',
  'source',
] as const
export type LayoffImportField = (typeof layoffImportFields)[number]

export const layoffImportFieldLabels: Record<LayoffImportField, string> = {
  company: 'Company',
  state: 'State',
  workersAffected: 'Workers affected',
  layoffDate: 'Layoff date',
  kind: 'Closure or layoff',
  notes: 'Notes',
  source: 'Source',
}

/**
 * spec 002 §5: rows lacking company, state, date or positive workers are dropped, so
 * those columns must be chosen. The state may instead be given once for the whole
 * file (issue 19): state WARN files have no state column.
 */
export const requiredLayoffImportFields = [
  'company',
  'state',
  'workersAffected',
  'layoffDate',
] as const satisfies readonly LayoffImportField[]

// spec 002 §2: the tracker's Type column shows Closure or Layoff
export const layoffKinds = ['closure', 'layoff'] as const
export type LayoffKind = (typeof layoffKinds)[number]
export const layoffKindLabels: Record<LayoffKind, string> = { closure: 'Closure', layoff: 'Layoff' }

/** Why a row of the file did not become a record; the words are in messages.ts. */
export const layoffSkipReasons = [
  'missingCompany',
  'companyTooLong',
  'missingState',
  'unknownState',
  'missingDate',
  'unreadableDate',
  'missingWorkers',
  'invalidWorkers',
  'duplicateInFile',
  'combinedInFile',
] as const
export type LayoffSkipReason = (typeof layoffSkipReasons)[number]

/** The 50 states, DC and the inhabited territories, whose WARN offices publish notices too. */
export const usStates = [
  { code: 'AL', name: 'Alabama' },
  { code: 'AK', name: 'Alaska' },
  { code: 'AZ', name: 'Arizona' },
  { code: 'AR', name: 'Arkansas' },
  { code: 'CA', name: 'California' },
  { code: 'CO', name: 'Colorado' },
  { code: 'CT', name: 'Connecticut' },
  { code: 'DE', name: 'Delaware' },
  { code: 'DC', name: 'District of Columbia' },
  { code: 'FL', name: 'Florida' },
  { code: 'GA', name: 'Georgia' },
  { code: 'HI', name: 'Hawaii' },
  { code: 'ID', name: 'Idaho' },
  { code: 'IL', name: 'Illinois' },
  { code: 'IN', name: 'Indiana' },
  { code: 'IA', name: 'Iowa' },
  { code: 'KS', name: 'Kansas' },
  { code: 'KY', name: 'Kentucky' },
  { code: 'LA', name: 'Louisiana' },
  { code: 'ME', name: 'Maine' },
  { code: 'MD', name: 'Maryland' },
  { code: 'MA', name: 'Massachusetts' },
  { code: 'MI', name: 'Michigan' },
  { code: 'MN', name: 'Minnesota' },
  { code: 'MS', name: 'Mississippi' },
  { code: 'MO', name: 'Missouri' },
  { code: 'MT', name: 'Montana' },
  { code: 'NE', name: 'Nebraska' },
  { code: 'NV', name: 'Nevada' },
  { code: 'NH', name: 'New Hampshire' },
  { code: 'NJ', name: 'New Jersey' },
  { code: 'NM', name: 'New Mexico' },
  { code: 'NY', name: 'New York' },
  { code: 'NC', name: 'North Carolina' },
  { code: 'ND', name: 'North Dakota' },
  { code: 'OH', name: 'Ohio' },
  { code: 'OK', name: 'Oklahoma' },
  { code: 'OR', name: 'Oregon' },
  { code: 'PA', name: 'Pennsylvania' },
  { code: 'RI', name: 'Rhode Island' },
  { code: 'SC', name: 'South Carolina' },
  { code: 'SD', name: 'South Dakota' },
  { code: 'TN', name: 'Tennessee' },
  { code: 'TX', name: 'Texas' },
  { code: 'UT', name: 'Utah' },
  { code: 'VT', name: 'Vermont' },
  { code: 'VA', name: 'Virginia' },
  { code: 'WA', name: 'Washington' },
  { code: 'WV', name: 'West Virginia' },
  { code: 'WI', name: 'Wisconsin' },
  { code: 'WY', name: 'Wyoming' },
  { code: 'AS', name: 'American Samoa' },
  { code: 'GU', name: 'Guam' },
  { code: 'MP', name: 'Northern Mariana Islands' },
  { code: 'PR', name: 'Puerto Rico' },
  { code: 'VI', name: 'U.S. Virgin Islands' },
] as const
export type UsStateCode = (typeof usStates)[number]['code']
export const usStateCodes = usStates.map((state) => state.code) as [UsStateCode, ...UsStateCode[]]

/** Other ways files write a state or territory; the lookup ignores case and punctuation. */
export const usStateAliases: Record<string, UsStateCode> = {
  'washington dc': 'DC',
  'washington d c': 'DC',
  'd c': 'DC',
  'virgin islands': 'VI',
  'us virgin islands': 'VI',
  'northern mariana': 'MP',
  'commonwealth of puerto rico': 'PR',
}

/** spec 002 §9 CSV batch size for layoffs: 100 rows per insert. */
export const layoffImportBatchSize = 100
/** Rows shown under the detected header while the admin maps columns (issue 19; as the user import's preview, spec 002 §9). */
export const layoffImportPreviewRows = 5
/** The largest state export seen is a few MB; 50 MB leaves room and still fits in memory. */
export const layoffImportMaxBytes = 50 * 1024 * 1024
/** Twice the 100,000-row import the benchmark measures (issue 19). */
export const layoffImportMaxRows = 200_000

export const layoffCompanyMaxLength = 300
export const layoffNotesMaxLength = 2000
export const layoffSourceMaxLength = 2000
/** More than any single notice has reported; keeps a typo from skewing the charts (and fits an int). */
export const layoffWorkersMax = 1_000_000
/** Layoff dates outside these years are typos (WARN dates from 1988; none far in the future). */
export const layoffYearMin = 1980
export const layoffYearMax = 2100

/** Watches (companies and states) a member may keep (issue 19). */
export const layoffWatchMax = 50
/** Notices one alert mail lists; the rest are counted ('and N more'). */
export const layoffAlertMaxListed = 20
/** How far back a notice counts for the job cards' line (issue 19), in months. */
export const warnNoticeMonths = 12
