import { withTransaction, type Db } from '#server/db/client.ts'
import { AppError, sqlState } from '#server/platform/app-error.ts'
import { recordAudit } from '#server/platform/audit.ts'
import type { Ctx } from '#server/platform/context.ts'
import { toCsv } from '#server/platform/csv.ts'
import { requireAdmin } from '#server/platform/guards.ts'
import { forgetMember } from '#server/platform/member-cache.ts'
import { decodeCursor, encodeCursor } from '#server/platform/paging.ts'
import type { LiveAudience } from '#server/platform/realtime.ts'
import {
  adminUserMessages,
  userListPageSize,
  type AdminCommentInput,
  type AdminCommentView,
  type AdminUserDetails,
  type AdminUserPage,
  type AdminUserRow,
  type CreateUserInput,
  type SetAdminInput,
  type UserListQuery,
} from '#shared/admin/users.ts'
import { invalidCursorMessage } from '#shared/common/fields.ts'
import { invitationMailJob } from './jobs.ts'
import * as queries from './queries.ts'
import { toCommentView, toUserRow } from './views.ts'

// Admin user management (issue 22; spec 002 §2 User management, §3, §4 Admin flag,
// §5 Add user, §6, §7 Users, §8 Users; spec 000 §6; docs/decisions/031). Every
// function asks requireAdmin first (the access table refuses /api/admin/* to
// others already); every write runs in one transaction with its audit row.

const adminsOnly: LiveAudience = { userIds: [], admins: true }
const notFound = () => new AppError('NOT_FOUND', adminUserMessages.notFound)

/** Other admins' tables refresh when a user is added, changed or deleted. */
const usersChanged = (ctx: Ctx, tx: Db, userId: string | null) =>
  ctx.deps.realtime.publish(tx, 'admin', { type: 'users.changed', data: { userId } }, adminsOnly)

// ---------- the table ----------

const userIdText = /^[\w-]{1,128}$/
const placeholderId = '00000000-0000-4000-8000-000000000000'

/**
 * A page token of the users table: paging.ts's keyset position, but user ids are
 * text, not always UUIDs (better-auth makes its own for Google sign-ups). The time
 * is checked by paging.ts's own rules; the id by its shape. Anything else is 400.
 */
function decodeUserCursor(cursor: string | undefined): queries.UserPosition | undefined {
  if (cursor === undefined) return undefined
  let parsed: { at?: unknown; id?: unknown } | undefined
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString())
  } catch {
    parsed = undefined
  }
  const { at, id } = parsed ?? {}
  if (typeof at !== 'string' || typeof id !== 'string' || !userIdText.test(id))
    throw new AppError('VALIDATION', invalidCursorMessage, { cursor: invalidCursorMessage })
  decodeCursor(encodeCursor({ at, id: placeholderId }), 'newest')
  return { at, id }
}

/** GET /api/admin/users: newest first, 25 a page, searched by e-mail or name (any case), with the total. */
export async function listUsers(ctx: Ctx, query: UserListQuery): Promise<AdminUserPage> {
  requireAdmin(ctx)
  const { db } = ctx.deps
  const q = query.q?.trim() || undefined
  const now = new Date()
  const [rows, total] = await Promise.all([
    queries.listUsers(db, { q, after: decodeUserCursor(query.cursor), limit: userListPageSize + 1, now }),
    queries.countUsers(db, q),
  ])
  const shown = rows.slice(0, userListPageSize)
  const last = shown.at(-1)
  return {
    users: shown.map(toUserRow),
    nextCursor: rows.length > userListPageSize && last ? encodeCursor({ at: last.cursorAt, id: last.id }) : null,
    total,
  }
}

/** GET /api/admin/users/{id}: spec 002 §3's profile, sign-in tracking, subscription, invitation and counts. */
export async function getUserDetails(ctx: Ctx, userId: string): Promise<AdminUserDetails> {
  requireAdmin(ctx)
  const { db } = ctx.deps
  const row = await queries.findUserRow(db, userId, new Date())
  if (!row) throw notFound()
  const [extras, subscription, invitation] = await Promise.all([
    queries.findUserExtras(db, userId),
    queries.latestSubscription(db, userId),
    queries.latestInvitation(db, userId),
  ])
  return {
    ...toUserRow(row),
    firstName: row.firstName ?? '',
    lastName: row.lastName ?? '',
    company: extras?.company ?? null,
    position: extras?.position ?? null,
    country: extras?.country ?? null,
    phoneNumber: extras?.phoneNumber ?? null,
    linkedinUrl: extras?.linkedinUrl ?? null,
    experienceLevel: row.experienceLevel ?? null,
    industries: extras?.industries ?? [],
    emailVerified: Boolean(extras?.emailVerified),
    twoFactorEnabled: Boolean(extras?.twoFactorEnabled),
    updatedAt: extras?.updatedAt ? extras.updatedAt.toISOString() : null,
    subscription: subscription
      ? {
          planId: subscription.planId,
          planName: subscription.planName ?? null,
          status: subscription.status,
          currentPeriodEnd: subscription.currentPeriodEnd?.toISOString() ?? null,
          cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
          billedByStripe: Boolean(subscription.stripeSubscriptionId?.startsWith('sub_')),
        }
      : null,
    invitation: invitation
      ? {
          sentAt: invitation.createdAt.toISOString(),
          expiresAt: invitation.expiresAt.toISOString(),
          acceptedAt: invitation.acceptedAt?.toISOString() ?? null,
        }
      : null,
    counts: {
      posts: Number(extras?.posts ?? 0),
      comments: Number(extras?.comments ?? 0),
      applications: Number(extras?.applications ?? 0),
      resumeReviews: Number(extras?.resumeReviews ?? 0),
    },
  }
}

async function userRowOf(ctx: Ctx, userId: string): Promise<AdminUserRow> {
  const row = await queries.findUserRow(ctx.deps.db, userId, new Date())
  if (!row) throw notFound()
  return toUserRow(row)
}

// ---------- the admin flag ----------

/**
 * The checks that keep at least one admin (spec 000 §6; docs/decisions/031), made
 * under the lock of every admin-role change: the admin never removes their own
 * role or account here (another admin must), and the last admin is never removed.
 */
async function refuseRemovingAdmin(tx: Db, target: { role: string | null }) {
  if (target.role !== 'admin') return
  if ((await queries.countAdmins(tx)) <= 1) throw new AppError('CONFLICT', adminUserMessages.lastAdmin)
}

/** PUT /api/admin/users/{id}/admin: spec 002 §4, User or Admin; audited. */
export async function setAdmin(ctx: Ctx, userId: string, input: SetAdminInput): Promise<AdminUserRow> {
  const admin = requireAdmin(ctx)
  if (userId === admin.id) throw new AppError('CONFLICT', adminUserMessages.cannotChangeOwnRole)
  const role = input.isAdmin ? 'admin' : 'user'
  await withTransaction(ctx.deps.db, async (tx) => {
    await queries.lockAdminRoles(tx)
    const target = await queries.findAccount(tx, userId)
    if (!target) throw notFound()
    if (!input.isAdmin) await refuseRemovingAdmin(tx, target)
    await queries.setRole(tx, userId, role)
    await recordAudit(tx, ctx, {
      action: 'user.role',
      objectType: 'user',
      objectId: userId,
      before: { email: target.email, role: target.role ?? 'user' },
      after: { email: target.email, role },
    })
    await usersChanged(ctx, tx, userId)
  })
  // their session answer shows the role (accounts' session facts)
  forgetMember(ctx.deps, userId)
  return userRowOf(ctx, userId)
}

// ---------- add user, invitations ----------

/**
 * POST /api/admin/users: spec 002 §5 Add user, without a password: the account, its
 * profile and its invitation mail (a set-password link, mails.ts) in one
 * transaction; audited.
 */
export async function createUser(ctx: Ctx, input: CreateUserInput): Promise<AdminUserRow> {
  const admin = requireAdmin(ctx)
  const email = input.email
  const wanted = {
    id: crypto.randomUUID(),
    email,
    firstName: input.firstName,
    lastName: input.lastName,
    role: input.isAdmin ? ('admin' as const) : ('user' as const),
  }
  try {
    await withTransaction(ctx.deps.db, async (tx) => {
      const [created] = await queries.insertInvitedUsers(tx, [wanted])
      if (!created)
        throw new AppError('CONFLICT', adminUserMessages.emailExists, { email: adminUserMessages.emailExists })
      await ctx.deps.queue.enqueue(invitationMailJob, { userId: created.id, email, invitedBy: admin.id }, { tx })
      await recordAudit(tx, ctx, {
        action: 'user.create',
        objectType: 'user',
        objectId: created.id,
        after: { email, firstName: wanted.firstName, lastName: wanted.lastName, role: wanted.role },
      })
      await usersChanged(ctx, tx, created.id)
    })
  } catch (error) {
    if (sqlState(error) === '23505')
      throw new AppError('CONFLICT', adminUserMessages.emailExists, { email: adminUserMessages.emailExists })
    throw error
  }
  return userRowOf(ctx, wanted.id)
}

/**
 * POST /api/admin/users/{id}/invitation: a new link by mail; the user's earlier links
 * stop working at once. Only for an account that has no way to sign in yet.
 */
export async function resendInvitation(ctx: Ctx, userId: string): Promise<{ message: string }> {
  const admin = requireAdmin(ctx)
  await withTransaction(ctx.deps.db, async (tx) => {
    const target = await queries.findAccount(tx, userId)
    if (!target) throw notFound()
    if (await queries.hasSignInMethod(tx, userId)) throw new AppError('CONFLICT', adminUserMessages.alreadyActive)
    await queries.expirePendingInvitations(tx, userId, new Date())
    await ctx.deps.queue.enqueue(invitationMailJob, { userId, email: target.email, invitedBy: admin.id }, { tx })
    await recordAudit(tx, ctx, {
      action: 'user.invite',
      objectType: 'user',
      objectId: userId,
      after: { email: target.email },
    })
  })
  return { message: adminUserMessages.invitationSent }
}

// ---------- the admins' comments ----------

/** GET /api/admin/users/{id}/comments: oldest first (spec 002 §2 user-details dialog). */
export async function listAdminComments(ctx: Ctx, userId: string): Promise<{ comments: AdminCommentView[] }> {
  requireAdmin(ctx)
  if (!(await queries.findAccount(ctx.deps.db, userId))) throw notFound()
  return { comments: (await queries.listComments(ctx.deps.db, userId)).map(toCommentView) }
}

/** POST /api/admin/users/{id}/comments: an admin's note on the user, never shown to them; audited. */
export async function addAdminComment(ctx: Ctx, userId: string, input: AdminCommentInput): Promise<AdminCommentView> {
  const admin = requireAdmin(ctx)
  return withTransaction(ctx.deps.db, async (tx) => {
    if (!(await queries.findAccount(tx, userId))) throw notFound()
    const row = await queries.insertComment(tx, { userId, authorId: admin.id, content: input.content })
    await recordAudit(tx, ctx, {
      action: 'user.comment',
      objectType: 'user',
      objectId: userId,
      after: { comment: row.id, content: input.content },
    })
    return toCommentView(row)
  })
}

// ---------- export ----------

/** Rows read from the database at a time: the export never holds more than this in memory. */
export const exportPageSize = 1000

const exportColumns: Parameters<typeof toCsv<queries.ExportRow>>[1] = [
  // spec 002 §7: Email, First Name, Last Name, Admin Status (Yes/No), Career Level, Location, Created At, Last Updated
  { label: 'Email', value: (row) => row.email },
  { label: 'First Name', value: (row) => row.firstName },
  { label: 'Last Name', value: (row) => row.lastName },
  { label: 'Admin Status', value: (row) => (row.role === 'admin' ? 'Yes' : 'No') },
  { label: 'Career Level', value: (row) => row.careerLevel || row.experienceLevel },
  { label: 'Location', value: (row) => row.location },
  { label: 'Created At', value: (row) => row.createdAt.toISOString() },
  { label: 'Last Updated', value: (row) => row.updatedAt?.toISOString() ?? '' },
]

/** spec 002 §7: users_{date}.csv with the brand's prefix. */
export const exportFileName = (now: Date) => `prestige-labs_users_${now.toISOString().slice(0, 10)}.csv`

/**
 * GET /api/admin/users/export.csv: every user, as CSV with a BOM (spreadsheets then
 * read UTF-8), formula-safe cells (platform/csv.ts). Streamed: a page of rows is read
 * only when the client has taken the previous one, so memory stays flat whatever
 * the number of users.
 */
export function exportUsers(ctx: Ctx): Response {
  requireAdmin(ctx)
  const { db } = ctx.deps
  const encoder = new TextEncoder()
  let position: queries.UserPosition | undefined
  let started = false
  let done = false
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true
        controller.enqueue(encoder.encode(`\uFEFF${toCsv([], exportColumns)}`))
        return
      }
      if (done) return controller.close()
      const rows = await queries.exportPage(db, position, exportPageSize)
      if (rows.length < exportPageSize) done = true
      const last = rows.at(-1)
      if (last) {
        position = { at: last.cursorAt, id: last.id }
        const csv = toCsv(rows, exportColumns)
        // toCsv writes its header first: the stream wrote it once, above
        controller.enqueue(encoder.encode(csv.slice(csv.indexOf('\r\n') + 2)))
      }
      if (done) controller.close()
    },
  })
  return new Response(body, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${exportFileName(new Date())}"`,
      'Cache-Control': 'private, no-store',
    },
  })
}

// ---------- delete (composed with the other areas in src/server/compose/user-deletion) ----------

export type UserDeletionPlan = {
  userId: string
  email: string
  /** Stripe subscriptions that may still bill the user: cancelled before the account goes */
  stripeSubscriptionIds: string[]
}

/** The checks of a delete, before anything is changed (they are made again under the lock). */
export async function planUserDeletion(ctx: Ctx, userId: string): Promise<UserDeletionPlan> {
  const admin = requireAdmin(ctx)
  if (userId === admin.id) throw new AppError('CONFLICT', adminUserMessages.cannotDeleteSelf)
  const target = await queries.findAccount(ctx.deps.db, userId)
  if (!target) throw notFound()
  if (target.role === 'admin' && (await queries.countAdmins(ctx.deps.db)) <= 1)
    throw new AppError('CONFLICT', adminUserMessages.lastAdmin)
  return {
    userId,
    email: target.email,
    stripeSubscriptionIds: await queries.billedSubscriptionIds(ctx.deps.db, userId),
  }
}

/**
 * Deletes the account in ONE transaction (docs/decisions/031): the community
 * counters of other members' posts brought down and the feeds told, then the user
 * row, whose foreign keys cascade to everything that is theirs (profile, posts and
 * comments, applications, resume reviews, registrations, subscriptions, sessions).
 * Audited with the e-mail. Returns the stored files the deleted rows pointed at,
 * for the caller to remove after the commit. `beforeDelete` runs in the same
 * transaction, after the checks and just before the rows go: the composing caller
 * moves there what other areas keep of the user's (a coach's chat conversations).
 */
export async function deleteUserAccount(
  ctx: Ctx,
  plan: UserDeletionPlan,
  { beforeDelete }: { beforeDelete?: (tx: Db) => Promise<unknown> } = {},
): Promise<{ fileKeys: string[] }> {
  const admin = requireAdmin(ctx)
  if (plan.userId === admin.id) throw new AppError('CONFLICT', adminUserMessages.cannotDeleteSelf)
  const fileKeys = await withTransaction(ctx.deps.db, async (tx) => {
    await queries.lockAdminRoles(tx)
    const target = await queries.findAccount(tx, plan.userId)
    if (!target) throw notFound()
    await refuseRemovingAdmin(tx, target)
    await beforeDelete?.(tx)
    // read in the transaction, just before the rows go: a file added meanwhile is not missed
    const keys = await queries.storedFilesOf(tx, plan.userId)
    const community = await queries.releaseCommunityCounters(tx, plan.userId)
    await queries.deleteUser(tx, plan.userId)
    for (const postId of community.ownPostIds)
      await ctx.deps.realtime.publish(tx, 'community', { type: 'post.deleted', data: { postId } })
    for (const comment of community.comments)
      await ctx.deps.realtime.publish(tx, 'community', {
        type: 'comment.deleted',
        data: {
          postId: comment.postId,
          commentId: comment.id,
          commentCount: community.commentCounts.get(comment.postId) ?? 0,
        },
      })
    for (const postId of community.likedPostIds)
      await ctx.deps.realtime.publish(tx, 'community', {
        type: 'post.liked',
        data: { postId, likeCount: community.likeCounts.get(postId) ?? 0, userId: plan.userId, liked: false },
      })
    await recordAudit(tx, ctx, {
      action: 'user.delete',
      objectType: 'user',
      objectId: plan.userId,
      before: { email: target.email, name: target.name, role: target.role ?? 'user' },
    })
    await usersChanged(ctx, tx, plan.userId)
    return keys
  })
  ctx.deps.subscriptionCache.forget(plan.userId)
  forgetMember(ctx.deps, plan.userId)
  return { fileKeys }
}
