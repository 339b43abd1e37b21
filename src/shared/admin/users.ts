import { z } from 'zod'
import { Cursor, requiredText } from '#shared/common/fields.ts'
import { accountMessages, Email, Password } from '#shared/accounts/schemas.ts'

// Admin user management (issue 22; spec 002 §2 User management, §3 User profile,
// §4 Admin flag and User CSV import, §5 Add user and User CSV import, §7 Users,
// §8 Users, §9; spec 000 §6 Admin; docs/decisions/031): the table, details and
// admins' comments, the admin flag, delete, add user with an invitation instead
// of a typed password, the CSV import and the export.

// ---------- limits (spec 002 §9 where it gives them; ours otherwise) ----------

/** Rows of one page of the users table. */
export const userListPageSize = 25
/** spec 002 §9: the user CSV import works in batches of 50 rows. */
export const userImportBatchSize = 50
/** spec 002 §5, §9: the preview shows the header and the first 5 rows. */
export const userImportPreviewRows = 5
/** The largest CSV an admin may import: far more than the rows below need. */
export const userImportMaxBytes = 5 * 1024 * 1024
/** Rows of one import: every row is an account and an e-mail. */
export const userImportMaxRows = 10_000
/** spec 002 §5: the header must name these columns, in any case. */
export const userImportRequiredColumns = ['email', 'first_name', 'last_name'] as const
/** An invitation's set-password link works once, for this many days. */
export const invitationValidDays = 7
/** The admins' comment on a user, as long as a resume review comment. */
export const adminCommentMaxLength = 2000
/** The search box: longer text finds nobody anyway. */
export const userSearchMaxLength = 200
const nameMaxLength = 80

/**
 * The page an invitation's link opens (the web declares it in shared/pages.ts;
 * until then its path is named here once): `/accept-invitation?token=…`.
 */
export const acceptInvitationPath = '/accept-invitation'

// ---------- messages ----------

export const adminUserMessages = {
  // spec 002 §6
  deleteConfirm: 'Are you sure you want to delete this user? This action cannot be undone.',
  // spec 002 §8 Users
  loadFailed: 'Failed to load users',
  updateFailed: 'Failed to update user',
  updated: 'User updated successfully',
  deleteFailed: 'Failed to delete user',
  deleted: 'User deleted successfully',
  exported: 'Users exported successfully',
  exportFailed: 'Failed to export users',
  noUsersToExport: 'No users to export',
  created: 'User created successfully',
  createFailed: 'Failed to create user',
  importFailed: 'Failed to import users',
  // spec 002 §8 empty state
  noUsers: 'No users found',
  // spec 002 §5 Add user: the shared e-mail rule, names required
  invalidEmail: accountMessages.invalidEmail,
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  nameTooLong: `Names must be ${nameMaxLength} characters or fewer`,
  emailExists: accountMessages.accountExists,
  // issue 22: the rules the spec leaves unsaid, in its manner
  notFound: 'User not found',
  cannotChangeOwnRole: 'You cannot change your own admin status',
  cannotDeleteSelf: 'You cannot delete your own account',
  lastAdmin: 'Cannot remove the last admin',
  subscriptionCancelFailed:
    "The user's subscription could not be cancelled, so the user was not deleted. Please try again.",
  searchTooLong: `Search must be ${userSearchMaxLength} characters or fewer`,
  // the invitation (issue 22: a set-password link instead of a password typed for someone)
  invitationSent: 'Invitation sent',
  alreadyActive: 'This user has already set a password',
} as const

/** The admins' comment thread on a user (spec 002 §2 user-details dialog; §5 Comment). */
export const adminCommentMessages = {
  blank: 'Please write a comment',
  tooLong: `Comments must be ${adminCommentMaxLength} characters or fewer`,
  none: 'No comments yet',
  added: 'Comment added successfully',
  addFailed: 'Failed to add comment',
  loadFailed: 'Failed to load comments',
} as const

export const userImportMessages = {
  // spec 002 §5
  notCsv: 'Please upload a CSV file',
  // like the layoff import's (spec 002 §5)
  empty: 'CSV file is empty',
  tooLarge: `CSV file must be ${userImportMaxBytes / 1024 / 1024} MB or smaller`,
  tooManyRows: `CSV file must have ${userImportMaxRows.toLocaleString('en-US')} rows or fewer`,
  uploadGone: 'The uploaded file is gone; please upload it again',
  notFound: 'Import not found',
  // spec 002 §8
  failed: 'Failed to import users',
} as const

/** spec 002 §5 User CSV import */
export const missingRequiredColumns = (columns: readonly string[]) => `Missing required columns: ${columns.join(', ')}`

/** The parser stopped at a line it could not read (an unclosed quote, mostly). */
export const unreadableCsvLine = (line: number) => `The CSV file could not be read at line ${line}`

/** spec 002 §8: 'Successfully imported {n} users', followed by ' ({m} failed)' if any. */
export const importedUsers = (imported: number, failed: number) =>
  `Successfully imported ${imported} users${failed > 0 ? ` (${failed} failed)` : ''}`

/** The progress line of an import, worded like the layoff import's (spec 002 §8). */
export const processedUsers = (done: number, total: number) => `Processed ${done} of ${total} users`

/** Why a row of an import made no account. */
export const userImportFailureReasons = [
  'invalidEmail',
  'missingFirstName',
  'missingLastName',
  'nameTooLong',
  'existingEmail',
  'duplicateInFile',
] as const
export type UserImportFailureReason = (typeof userImportFailureReasons)[number]

export const userImportFailureMessages: Record<UserImportFailureReason, string> = {
  invalidEmail: 'The e-mail address is missing or not valid',
  missingFirstName: 'The first name is missing',
  missingLastName: 'The last name is missing',
  nameTooLong: `A name is longer than ${nameMaxLength} characters`,
  // spec 002 §5: e-mails must be unique; an existing account is reported, never duplicated
  existingEmail: 'An account with this email already exists',
  duplicateInFile: 'The same e-mail address is on an earlier line of the file',
}

/** The invitation's page (POST /api/accounts/invitations/accept). */
export const invitationMessages = {
  invalid: 'This invitation link is invalid or was already used',
  expired: 'This invitation has expired. Please ask an administrator to send a new one.',
  accepted: 'Your password is set. Welcome!',
} as const

// ---------- inputs ----------

const Name = (required: string) => requiredText(required, nameMaxLength, adminUserMessages.nameTooLong)

/** GET /api/admin/users: the search box (e-mail, first or last name, any case) and the page. */
export const UserListQuery = z.object({
  q: z.string().trim().max(userSearchMaxLength, { error: adminUserMessages.searchTooLong }).optional(),
  cursor: Cursor,
})
export type UserListQuery = z.input<typeof UserListQuery>

/** PUT /api/admin/users/{id}/admin: spec 002 §4 the admin flag, User or Admin. */
export const SetAdminInput = z.object({ isAdmin: z.boolean() })
export type SetAdminInput = z.infer<typeof SetAdminInput>

/** POST /api/admin/users: spec 002 §5 Add user (no password: the user sets theirs from the invitation). */
export const CreateUserInput = z.object({
  email: Email,
  firstName: Name(adminUserMessages.firstNameRequired),
  lastName: Name(adminUserMessages.lastNameRequired),
  isAdmin: z.boolean().default(false),
})
export type CreateUserInput = z.input<typeof CreateUserInput>

export const AdminCommentInput = z.object({
  content: requiredText(adminCommentMessages.blank, adminCommentMaxLength, adminCommentMessages.tooLong),
})
export type AdminCommentInput = z.infer<typeof AdminCommentInput>

/** POST /api/admin/users/import: the previewed upload, imported. */
export const UserImportInput = z.object({
  uploadId: z.uuid({ error: userImportMessages.uploadGone }),
  fileName: z.string().trim().min(1).max(255).optional(),
})
export type UserImportInput = z.infer<typeof UserImportInput>

/**
 * POST /api/accounts/invitations/accept: the link's token and the new password,
 * under the shared password rule (spec 002 §5 Add user: 'password by a shared
 * password rule'); a confirmation, when the page sends one, must match.
 */
export const AcceptInvitationInput = z
  .object({
    token: z.string({ error: invitationMessages.invalid }).min(1, { error: invitationMessages.invalid }).max(200),
    password: Password,
    confirmPassword: z.string().optional(),
  })
  .refine((value) => value.confirmPassword === undefined || value.confirmPassword === value.password, {
    path: ['confirmPassword'],
    error: accountMessages.passwordsDoNotMatch,
  })
export type AcceptInvitationInput = z.infer<typeof AcceptInvitationInput>

// ---------- views ----------

/** One row of the users table (spec 002 §2: User, Role, Career Level, Location, Joined, Actions). */
export type AdminUserRow = {
  id: string
  name: string
  email: string
  avatarUrl: string | null
  isAdmin: boolean
  careerLevel: string | null
  location: string | null
  joinedAt: string
  lastLoginAt: string | null
  lastIpAddress: string | null
  loginCount: number
  subscribed: boolean
  /** no way to sign in yet: made by an admin, and no password set from the invitation so far */
  invitationPending: boolean
}

export type AdminUserPage = {
  users: AdminUserRow[]
  nextCursor: string | null
  /** every user the search matches, across pages */
  total: number
}

/** The user-details page (spec 002 §3 User profile, with the sign-in tracking and what the user has). */
export type AdminUserDetails = AdminUserRow & {
  firstName: string
  lastName: string
  company: string | null
  position: string | null
  country: string | null
  phoneNumber: string | null
  linkedinUrl: string | null
  experienceLevel: string | null
  industries: string[]
  emailVerified: boolean
  twoFactorEnabled: boolean
  updatedAt: string | null
  subscription: {
    planId: string
    planName: string | null
    status: string
    currentPeriodEnd: string | null
    cancelAtPeriodEnd: boolean
    /** billed by Stripe (cancelled there when the user is deleted) rather than granted locally */
    billedByStripe: boolean
  } | null
  invitation: { sentAt: string; expiresAt: string; acceptedAt: string | null } | null
  counts: { posts: number; comments: number; applications: number; resumeReviews: number }
}

/** An admin's comment on a user; every author is (or was) an admin: the page shows the Admin badge. */
export type AdminCommentView = {
  id: string
  content: string
  createdAt: string
  author: { id: string | null; name: string }
}

export type UserImportPreview = {
  uploadId: string
  fileName: string
  header: string[]
  previewRows: string[][]
  totalRows: number
}

export type UserImportStatus = 'queued' | 'running' | 'done' | 'failed'

export type UserImportFailure = { line: number; email: string; reason: UserImportFailureReason; message: string }

export type UserImportView = {
  id: string
  fileName: string
  status: UserImportStatus
  totalRows: number
  processed: number
  invited: number
  failed: number
  failures: UserImportFailure[]
  /** the report line: spec 002 §8 'Successfully imported {n} users ({m} failed)', or why the import failed */
  message: string | null
  createdAt: string
  finishedAt: string | null
}

/** Live events of the admin topic (liveTopicAccess 'admin'): an import's progress and end, to admins only. */
export type AdminEvent =
  | {
      type: 'users.import.progress'
      data: { importId: string; processed: number; total: number; message: string }
    }
  | { type: 'users.import.finished'; data: { importId: string; status: UserImportStatus; message: string } }
  | { type: 'users.changed'; data: { userId: string | null } }
