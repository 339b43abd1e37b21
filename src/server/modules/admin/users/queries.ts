import { and, asc, desc, eq, inArray, isNull, ne, notInArray, sql, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Db } from '#server/db/client.ts'
import { containsPattern } from '#server/db/patterns.ts'
import { accountInvitations, userAdminComments, userImports } from '#server/db/schema/admin.ts'
import { account, user } from '#server/db/schema/auth.ts'
import { plans, userSubscriptions } from '#server/db/schema/billing.ts'
import { postComments, postLikes, posts } from '#server/db/schema/community.ts'
import { jobApplications } from '#server/db/schema/jobs.ts'
import { userProfiles } from '#server/db/schema/profile.ts'
import { resumeReviews } from '#server/db/schema/resumes.ts'
import { givesAccessAt } from '#server/platform/subscriptions.ts'

// Admin user management's reads and writes (issue 22). The users table pages by
// user_created_idx (created_at desc, id desc); the other areas' tables are read
// here only for what the admin sees of a user (counts, subscription) and for what a
// delete must clean up (files, community counters: docs/decisions/031).

/** A row's place in the newest-first order: its time at full precision (text) and its id. */
export type UserPosition = { at: string; id: string }

/**
 * The search: e-mail, first name or last name, any case, literally (spec 002 §2).
 * The names are searched as "First Last", which holds either name and a full name
 * too. Each table is searched on its own (no join to filter through), so each side
 * has its trigram index: `user_email_trgm_idx`, `user_profiles_name_trgm_idx`.
 */
function matches(q: string | undefined): SQL | undefined {
  if (!q) return undefined
  const pattern = containsPattern(q)
  return sql`${user.id} in (
    select ${user.id} from ${user} where ${user.email} ilike ${pattern}
    union
    select ${userProfiles.id} from ${userProfiles}
    where (${userProfiles.firstName} || ' ' || ${userProfiles.lastName}) ilike ${pattern}
  )`
}

/**
 * Newest first: user_created_idx (created_at, id) scanned backwards gives exactly
 * ORDER BY created_at DESC, id DESC (a DESC index from drizzle-kit says NULLS LAST,
 * which a plain DESC cannot use without sorting the whole table).
 */
const newestFirst = [desc(user.createdAt), desc(user.id)]

const after = (position: UserPosition | undefined) =>
  position && sql`(${user.createdAt}, ${user.id}) < (${position.at}::timestamptz, ${position.id})`

/**
 * No way to sign in yet: an account an admin made whose user has not set a password
 * from the invitation (every other account has a password or Google from the start).
 */
const invitationPending = sql<boolean>`not exists (select 1 from ${account} where ${account.userId} = ${user.id})`

const rowColumns = (now: Date) => ({
  id: user.id,
  accountName: user.name,
  email: user.email,
  role: user.role,
  createdAt: user.createdAt,
  cursorAt: sql<string>`${user.createdAt}::text`,
  firstName: userProfiles.firstName,
  lastName: userProfiles.lastName,
  avatarUrl: userProfiles.avatarUrl,
  careerLevel: userProfiles.careerLevel,
  experienceLevel: userProfiles.experienceLevel,
  location: userProfiles.location,
  lastLoginAt: userProfiles.lastLoginAt,
  lastIpAddress: userProfiles.lastIpAddress,
  loginCount: userProfiles.loginCount,
  subscribed: sql<boolean>`exists (select 1 from ${userSubscriptions} where ${userSubscriptions.userId} = ${user.id} and ${givesAccessAt(now)})`,
  invitationPending,
})

export type UserRow = {
  id: string
  accountName: string
  email: string
  role: string | null
  createdAt: Date
  cursorAt: string
  firstName: string | null
  lastName: string | null
  avatarUrl: string | null
  careerLevel: string | null
  experienceLevel: string | null
  location: string | null
  lastLoginAt: Date | null
  lastIpAddress: string | null
  loginCount: number | null
  subscribed: boolean
  invitationPending: boolean
}

/** One page of the table, newest first, after `position`. */
export function listUsers(
  db: Db,
  options: { q?: string; after?: UserPosition; limit: number; now: Date },
): Promise<UserRow[]> {
  return db
    .select(rowColumns(options.now))
    .from(user)
    .leftJoin(userProfiles, eq(userProfiles.id, user.id))
    .where(and(matches(options.q), after(options.after)))
    .orderBy(...newestFirst)
    .limit(options.limit)
}

/** How many users the search matches (every user without one). */
export async function countUsers(db: Db, q: string | undefined): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(user)
    .where(matches(q))
  return Number(row?.count ?? 0)
}

export async function findUserRow(db: Db, userId: string, now: Date): Promise<UserRow | undefined> {
  const [row] = await db
    .select(rowColumns(now))
    .from(user)
    .leftJoin(userProfiles, eq(userProfiles.id, user.id))
    .where(eq(user.id, userId))
  return row
}

/** The details beyond the table's row: the rest of the profile and the account's state. */
export async function findUserExtras(db: Db, userId: string) {
  const [row] = await db
    .select({
      emailVerified: user.emailVerified,
      twoFactorEnabled: user.twoFactorEnabled,
      company: userProfiles.company,
      position: userProfiles.position,
      country: userProfiles.country,
      phoneNumber: userProfiles.phoneNumber,
      linkedinUrl: userProfiles.linkedinUrl,
      industries: userProfiles.industries,
      updatedAt: userProfiles.updatedAt,
      posts: sql<number>`(select count(*)::int from ${posts} where ${posts.userId} = ${user.id})`,
      comments: sql<number>`(select count(*)::int from ${postComments} where ${postComments.userId} = ${user.id})`,
      applications: sql<number>`(select count(*)::int from ${jobApplications} where ${jobApplications.userId} = ${user.id})`,
      resumeReviews: sql<number>`(select count(*)::int from ${resumeReviews} where ${resumeReviews.userId} = ${user.id})`,
    })
    .from(user)
    .leftJoin(userProfiles, eq(userProfiles.id, user.id))
    .where(eq(user.id, userId))
  return row
}

/** The user's newest subscription row and its plan's name. */
export async function latestSubscription(db: Db, userId: string) {
  const [row] = await db
    .select({
      planId: userSubscriptions.planId,
      planName: plans.name,
      status: userSubscriptions.status,
      currentPeriodEnd: userSubscriptions.currentPeriodEnd,
      cancelAtPeriodEnd: userSubscriptions.cancelAtPeriodEnd,
      stripeSubscriptionId: userSubscriptions.stripeSubscriptionId,
    })
    .from(userSubscriptions)
    .leftJoin(plans, eq(plans.id, userSubscriptions.planId))
    .where(eq(userSubscriptions.userId, userId))
    .orderBy(desc(userSubscriptions.createdAt))
    .limit(1)
  return row
}

export async function latestInvitation(db: Db, userId: string) {
  const [row] = await db
    .select({
      createdAt: accountInvitations.createdAt,
      expiresAt: accountInvitations.expiresAt,
      acceptedAt: accountInvitations.acceptedAt,
    })
    .from(accountInvitations)
    .where(eq(accountInvitations.userId, userId))
    .orderBy(desc(accountInvitations.createdAt))
    .limit(1)
  return row
}

// ---------- the admin flag ----------

/**
 * Serialises every change that can take the admin role away (a demotion, a delete):
 * two admins demoting each other at once are counted one after the other, so the
 * last admin always stays (spec 000 §6; docs/decisions/031).
 */
export async function lockAdminRoles(tx: Db): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('user-admin-roles'))`)
}

export async function findAccount(db: Db, userId: string) {
  const [row] = await db
    .select({ id: user.id, email: user.email, name: user.name, role: user.role })
    .from(user)
    .where(eq(user.id, userId))
  return row
}

export async function countAdmins(tx: Db): Promise<number> {
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(user)
    .where(eq(user.role, 'admin'))
  return Number(row?.count ?? 0)
}

export function setRole(tx: Db, userId: string, role: 'admin' | 'user') {
  return tx.update(user).set({ role, updatedAt: new Date() }).where(eq(user.id, userId))
}

// ---------- accounts made by admins ----------

export type InvitedUser = { id: string; email: string; firstName: string; lastName: string; role: 'admin' | 'user' }

/**
 * Accounts without a sign-in method (no `account` row): the user sets a password
 * from the invitation. An address already taken makes no row (ON CONFLICT), so a
 * batch of an import never fails for one existing e-mail; the created ones return.
 */
export async function insertInvitedUsers(tx: Db, users: readonly InvitedUser[]): Promise<InvitedUser[]> {
  if (users.length === 0) return []
  const created = await tx
    .insert(user)
    .values(
      users.map((row) => ({
        id: row.id,
        name: `${row.firstName} ${row.lastName}`.trim(),
        email: row.email,
        emailVerified: false,
        role: row.role,
      })),
    )
    .onConflictDoNothing({ target: user.email })
    .returning({ id: user.id })
  const ids = new Set(created.map((row) => row.id))
  const kept = users.filter((row) => ids.has(row.id))
  if (kept.length > 0)
    await tx
      .insert(userProfiles)
      .values(kept.map((row) => ({ id: row.id, firstName: row.firstName, lastName: row.lastName })))
  return kept
}

/** Which of `emails` already have an account. */
export async function existingEmails(db: Db, emails: readonly string[]): Promise<Set<string>> {
  if (emails.length === 0) return new Set()
  const rows = await db
    .select({ email: user.email })
    .from(user)
    .where(inArray(user.email, [...emails]))
  return new Set(rows.map((row) => row.email))
}

/** Whether the user has any way to sign in (a password or Google): then there is nothing to invite them to. */
export async function hasSignInMethod(db: Db, userId: string): Promise<boolean> {
  const rows = await db.select({ id: account.id }).from(account).where(eq(account.userId, userId)).limit(1)
  return rows.length > 0
}

/** The user's links not used yet stop working now (a new invitation replaces them). */
export function expirePendingInvitations(tx: Db, userId: string, now: Date) {
  return tx
    .update(accountInvitations)
    .set({ expiresAt: now })
    .where(
      and(
        eq(accountInvitations.userId, userId),
        isNull(accountInvitations.acceptedAt),
        sql`${accountInvitations.expiresAt} > ${now.toISOString()}::timestamptz`,
      ),
    )
}

export function insertInvitation(
  tx: Db,
  invitation: { userId: string; tokenHash: string; invitedBy: string | null; expiresAt: Date },
) {
  return tx.insert(accountInvitations).values(invitation)
}

/** The invitation mail's recipient, when the account still waits for its password. */
export async function findInvitee(db: Db, userId: string) {
  const [row] = await db
    .select({ id: user.id, email: user.email, firstName: userProfiles.firstName, role: user.role })
    .from(user)
    .leftJoin(userProfiles, eq(userProfiles.id, user.id))
    .where(and(eq(user.id, userId), sql`not exists (select 1 from ${account} where ${account.userId} = ${user.id})`))
  return row
}

// ---------- the admins' comments ----------

const commentAuthor = alias(user, 'comment_author')
const commentAuthorProfile = alias(userProfiles, 'comment_author_profile')

const commentColumns = {
  id: userAdminComments.id,
  content: userAdminComments.content,
  createdAt: userAdminComments.createdAt,
  authorId: userAdminComments.authorId,
  authorFirstName: commentAuthorProfile.firstName,
  authorLastName: commentAuthorProfile.lastName,
  authorAccountName: commentAuthor.name,
}

/** The thread, oldest first, with each author's names as they are now (null once the author is deleted). */
export async function listComments(db: Db, userId: string) {
  return db
    .select(commentColumns)
    .from(userAdminComments)
    .leftJoin(commentAuthor, eq(commentAuthor.id, userAdminComments.authorId))
    .leftJoin(commentAuthorProfile, eq(commentAuthorProfile.id, userAdminComments.authorId))
    .where(eq(userAdminComments.userId, userId))
    .orderBy(asc(userAdminComments.createdAt), asc(userAdminComments.id))
}

export async function insertComment(tx: Db, comment: { userId: string; authorId: string; content: string }) {
  const [row] = await tx.insert(userAdminComments).values(comment).returning({ id: userAdminComments.id })
  const [view] = await tx
    .select(commentColumns)
    .from(userAdminComments)
    .leftJoin(commentAuthor, eq(commentAuthor.id, userAdminComments.authorId))
    .leftJoin(commentAuthorProfile, eq(commentAuthorProfile.id, userAdminComments.authorId))
    .where(eq(userAdminComments.id, row!.id))
  return view!
}

// ---------- imports ----------

export type ImportRow = typeof userImports.$inferSelect

export async function insertImport(
  tx: Db,
  row: { fileName: string; fileKey: string; uploadedBy: string; totalRows: number },
) {
  const [created] = await tx.insert(userImports).values(row).returning()
  return created!
}

export async function findImport(db: Db, importId: string): Promise<ImportRow | undefined> {
  const [row] = await db.select().from(userImports).where(eq(userImports.id, importId))
  return row
}

export function updateImport(db: Db, importId: string, changes: Partial<typeof userImports.$inferInsert>) {
  return db.update(userImports).set(changes).where(eq(userImports.id, importId))
}

/** Counts one batch into the import, in the batch's own transaction. */
export function addBatchToImport(
  tx: Db,
  importId: string,
  batch: { processed: number; invited: number; failures: readonly object[] },
) {
  return tx
    .update(userImports)
    .set({
      processed: sql`${userImports.processed} + ${batch.processed}`,
      invited: sql`${userImports.invited} + ${batch.invited}`,
      failed: sql`${userImports.failed} + ${batch.failures.length}`,
      failures: sql`${userImports.failures} || ${JSON.stringify(batch.failures)}::jsonb`,
    })
    .where(eq(userImports.id, importId))
}

// ---------- delete ----------

/** Stripe statuses after which nothing is billed any more (billing's finalStatuses). */
const finalStatuses = ['canceled', 'incomplete_expired']

/** The user's Stripe subscriptions that may still bill them: cancelled before the account goes. */
export async function billedSubscriptionIds(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ id: userSubscriptions.stripeSubscriptionId })
    .from(userSubscriptions)
    .where(
      and(
        eq(userSubscriptions.userId, userId),
        notInArray(userSubscriptions.status, finalStatuses),
        sql`starts_with(${userSubscriptions.stripeSubscriptionId}, 'sub_')`,
      ),
    )
  return rows.flatMap((row) => (row.id ? [row.id] : []))
}

/** Every private file the user's rows point at: post media, resumes sent for review, application resumes. */
export async function storedFilesOf(db: Db, userId: string): Promise<string[]> {
  const result = (await db.execute(sql`
    select ${posts.mediaKey} as key from ${posts} where ${posts.userId} = ${userId} and ${posts.mediaKey} is not null
    union all select ${resumeReviews.fileKey} from ${resumeReviews} where ${resumeReviews.userId} = ${userId}
    union all select ${jobApplications.resumeKey} from ${jobApplications} where ${jobApplications.userId} = ${userId}
  `)) as unknown as { rows: Array<{ key: string }> }
  return [...new Set(result.rows.map((row) => row.key))]
}

/**
 * What the cascade of the user's rows would leave wrong in the community: the
 * comment and like counters of OTHER members' posts (kept beside the rows,
 * docs/decisions/007). They are brought down here, before the delete, in its
 * transaction; what the feeds must hear is returned.
 */
export async function releaseCommunityCounters(tx: Db, userId: string) {
  const ownPosts = await tx.select({ id: posts.id }).from(posts).where(eq(posts.userId, userId))
  const comments = await tx
    .select({ id: postComments.id, postId: postComments.postId })
    .from(postComments)
    .innerJoin(posts, eq(posts.id, postComments.postId))
    .where(and(eq(postComments.userId, userId), ne(posts.userId, userId)))
  const likes = await tx
    .select({ postId: postLikes.postId })
    .from(postLikes)
    .innerJoin(posts, eq(posts.id, postLikes.postId))
    .where(and(eq(postLikes.userId, userId), ne(posts.userId, userId)))
  const commentCounts = await tx.execute(sql`
    with gone as (
      select ${postComments.postId} as post_id, count(*)::int as n from ${postComments}
      where ${postComments.userId} = ${userId} group by ${postComments.postId}
    )
    update ${posts} set comment_count = greatest(${posts.commentCount} - gone.n, 0)
    from gone where ${posts.id} = gone.post_id and ${posts.userId} <> ${userId}
    returning ${posts.id} as id, ${posts.commentCount} as count
  `)
  const likeCounts = await tx.execute(sql`
    update ${posts} set like_count = greatest(${posts.likeCount} - 1, 0)
    where ${posts.userId} <> ${userId}
      and ${posts.id} in (select ${postLikes.postId} from ${postLikes} where ${postLikes.userId} = ${userId})
    returning ${posts.id} as id, ${posts.likeCount} as count
  `)
  const countsOf = (result: unknown) =>
    new Map((result as { rows: Array<{ id: string; count: number }> }).rows.map((row) => [row.id, Number(row.count)]))
  return {
    ownPostIds: ownPosts.map((row) => row.id),
    comments,
    likedPostIds: likes.map((row) => row.postId),
    commentCounts: countsOf(commentCounts),
    likeCounts: countsOf(likeCounts),
  }
}

/** The account and, by the foreign keys' cascades, everything that is the user's (docs/decisions/031). */
export async function deleteUser(tx: Db, userId: string) {
  const [row] = await tx.delete(user).where(eq(user.id, userId)).returning({ id: user.id })
  return row
}

// ---------- export ----------

export type ExportRow = {
  id: string
  cursorAt: string
  email: string
  role: string | null
  firstName: string | null
  lastName: string | null
  careerLevel: string | null
  experienceLevel: string | null
  location: string | null
  createdAt: Date
  updatedAt: Date | null
}

/** One page of the export, newest first (user_created_idx), after `position`. */
export function exportPage(db: Db, position: UserPosition | undefined, limit: number): Promise<ExportRow[]> {
  return db
    .select({
      id: user.id,
      cursorAt: sql<string>`${user.createdAt}::text`,
      email: user.email,
      role: user.role,
      firstName: userProfiles.firstName,
      lastName: userProfiles.lastName,
      careerLevel: userProfiles.careerLevel,
      experienceLevel: userProfiles.experienceLevel,
      location: userProfiles.location,
      createdAt: user.createdAt,
      updatedAt: userProfiles.updatedAt,
    })
    .from(user)
    .leftJoin(userProfiles, eq(userProfiles.id, user.id))
    .where(after(position))
    .orderBy(...newestFirst)
    .limit(limit)
}
