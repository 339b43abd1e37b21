import { isAdminUser } from '#server/platform/guards.ts'
import {
  importedUsers,
  userImportFailureMessages,
  type AdminCommentView,
  type AdminUserRow,
  type UserImportFailure,
  type UserImportFailureReason,
  type UserImportStatus,
  type UserImportView,
} from '#shared/admin/users.ts'
import type { ImportRow, UserRow } from './queries.ts'
import { displayName } from '#shared/profile/names.ts'

// The rows of admin user management as the API answers them (shared/admin/users.ts).

const iso = (value: Date | string | null | undefined) => (value ? new Date(value).toISOString() : null)

export function toUserRow(row: UserRow): AdminUserRow {
  return {
    id: row.id,
    name: displayName(row.firstName, row.lastName, row.accountName || row.email),
    email: row.email,
    avatarUrl: row.avatarUrl ?? null,
    isAdmin: isAdminUser(row),
    // the profile's career level (spec 001 §3), else the level chosen at sign-up
    careerLevel: row.careerLevel || row.experienceLevel || null,
    location: row.location ?? null,
    joinedAt: iso(row.createdAt)!,
    lastLoginAt: iso(row.lastLoginAt),
    lastIpAddress: row.lastIpAddress ?? null,
    loginCount: row.loginCount ?? 0,
    subscribed: Boolean(row.subscribed),
    invitationPending: Boolean(row.invitationPending),
  }
}

export function toCommentView(row: {
  id: string
  content: string
  createdAt: Date
  authorId: string | null
  authorFirstName: string | null
  authorLastName: string | null
  authorAccountName: string | null
}): AdminCommentView {
  return {
    id: row.id,
    content: row.content,
    createdAt: row.createdAt.toISOString(),
    // an author deleted since keeps their words, without a name
    author: {
      id: row.authorId,
      name: displayName(row.authorFirstName, row.authorLastName, row.authorAccountName ?? 'Former admin'),
    },
  }
}

/** The stored failures (line, email, reason) with each reason's words. */
function failuresOf(stored: unknown): UserImportFailure[] {
  if (!Array.isArray(stored)) return []
  return (stored as Array<{ line: number; email: string; reason: UserImportFailureReason }>).map((failure) => ({
    line: failure.line,
    email: failure.email,
    reason: failure.reason,
    message: userImportFailureMessages[failure.reason] ?? failure.reason,
  }))
}

export function toImportView(row: ImportRow): UserImportView {
  const status = row.status as UserImportStatus
  return {
    id: row.id,
    fileName: row.fileName,
    status,
    totalRows: row.totalRows,
    processed: row.processed,
    invited: row.invited,
    failed: row.failed,
    failures: failuresOf(row.failures),
    message: status === 'done' ? importedUsers(row.invited, row.failed) : status === 'failed' ? row.error : null,
    createdAt: row.createdAt.toISOString(),
    finishedAt: iso(row.finishedAt),
  }
}
