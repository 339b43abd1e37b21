import { emailMaxLength } from '#shared/common/fields.ts'

// The audit log's user-facing messages (issue 14 §3): the filters' refusals and the
// page's states. The server answers the refusals, the page shows them as they come.
export const auditMessages = {
  unknownAction: 'Choose an action from the list',
  actorTooLong: `The actor filter is at most ${emailMaxLength} characters`,
  invalidFrom: 'The "from" date must be a date like 2026-01-31',
  invalidTo: 'The "to" date must be a date like 2026-01-31',
  datesOutOfOrder: 'The "from" date must be on or before the "to" date',
  loadFailed: 'Failed to load the audit log. Please try again.',
  empty: 'No audit entries match these filters',
} as const
