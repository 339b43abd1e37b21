import { z } from 'zod'

// The admin inbox (issue 6): what the public forms brought in, with a status each.

export const contactStatuses = ['new', 'in_progress', 'done'] as const
export const businessStatuses = ['new', 'in_progress', 'matched', 'done'] as const
export type ContactStatus = (typeof contactStatuses)[number]
export type BusinessStatus = (typeof businessStatuses)[number]

export const statusLabels: Record<BusinessStatus, string> = {
  new: 'New',
  in_progress: 'In progress',
  matched: 'Matched',
  done: 'Done',
}

export const inboxKinds = ['contact', 'business'] as const
export type InboxKind = (typeof inboxKinds)[number]

export const inboxMessages = {
  invalidStatus: 'Please choose a valid status',
  notFound: 'This item is no longer in the inbox',
  statusSaved: 'Status updated',
  statusFailed: 'Failed to update the status. Please try again.',
  loadFailed: 'Failed to load the inbox. Please try again.',
} as const

/** At most this many rows per list; the tab counts are the full numbers. */
export const inboxPageSize = 200

export const InboxQuery = z.object({
  kind: z.enum(inboxKinds).default('contact'),
  q: z.string().trim().max(200).optional(),
  status: z.enum(businessStatuses).optional(),
})
export type InboxQuery = z.input<typeof InboxQuery>

export const ContactStatusInput = z.object({ status: z.enum(contactStatuses, { error: inboxMessages.invalidStatus }) })
export type ContactStatusInput = z.input<typeof ContactStatusInput>
export const BusinessStatusInput = z.object({
  status: z.enum(businessStatuses, { error: inboxMessages.invalidStatus }),
})
export type BusinessStatusInput = z.input<typeof BusinessStatusInput>

export type ContactItem = {
  id: string
  name: string
  email: string
  subject: string | null
  message: string
  fromMember: boolean
  status: ContactStatus
  createdAt: string
}

export type BusinessItem = {
  id: string
  businessName: string
  industry: string
  requiredSkills: string[]
  supportNeeded: string
  email: string
  phone: string
  status: BusinessStatus
  createdAt: string
}

export type InboxCounts = Record<InboxKind, number>

export type InboxList =
  | { kind: 'contact'; items: ContactItem[]; counts: InboxCounts }
  | { kind: 'business'; items: BusinessItem[]; counts: InboxCounts }
