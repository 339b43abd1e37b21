import { and, asc, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { user } from '#server/db/schema/auth.ts'
import { userProfiles, userSkillAssessments } from '#server/db/schema/profile.ts'
import { resumeReviewComments, resumeReviews, resumeScores } from '#server/db/schema/resumes.ts'
import type { ReviewStatusFilter } from '#shared/resumes/constants.ts'
import { containsPattern } from '#server/db/patterns.ts'

// Resume reviews are private (ARCHITECTURE.md rule 3): a member's reads are scoped
// by their own id (`ownerId`); a null owner is an acting admin's read, which the
// service decides. Someone else's review reads exactly like a missing one.

export type ReviewRow = typeof resumeReviews.$inferSelect
export type ScoreRow = typeof resumeScores.$inferSelect

/** The review's member, as the admin table and the download name show them. */
const memberColumns = {
  memberFirstName: sql<string>`coalesce(${userProfiles.firstName}, '')`,
  memberLastName: sql<string>`coalesce(${userProfiles.lastName}, '')`,
  memberAccountName: user.name,
  memberEmail: user.email,
}

export type ReviewWithMember = ReviewRow & {
  memberFirstName: string
  memberLastName: string
  memberAccountName: string
  memberEmail: string
}

const ownedBy = (reviewId: string, ownerId: string | null) =>
  ownerId === null
    ? eq(resumeReviews.id, reviewId)
    : and(eq(resumeReviews.id, reviewId), eq(resumeReviews.userId, ownerId))

export async function insertReview(tx: Db, values: typeof resumeReviews.$inferInsert): Promise<ReviewRow> {
  const [row] = await tx.insert(resumeReviews).values(values).returning()
  return row!
}

/** The review with its member's names, when `ownerId` owns it or is null (an admin). */
export async function findReview(
  db: Db,
  reviewId: string,
  ownerId: string | null,
): Promise<ReviewWithMember | undefined> {
  const [row] = await db
    .select({ ...resumeReviewColumns(), ...memberColumns })
    .from(resumeReviews)
    .innerJoin(user, eq(user.id, resumeReviews.userId))
    .leftJoin(userProfiles, eq(userProfiles.id, resumeReviews.userId))
    .where(ownedBy(reviewId, ownerId))
  return row
}

function resumeReviewColumns() {
  const { id, userId, email, fileKey, fileBytes, status, adminFeedback, suggestionStatus, suggestion } = resumeReviews
  const { createdAt, inReviewAt, reviewedAt } = resumeReviews
  return {
    id,
    userId,
    email,
    fileKey,
    fileBytes,
    status,
    adminFeedback,
    suggestionStatus,
    suggestion,
    createdAt,
    inReviewAt,
    reviewedAt,
  }
}

/** Inside a transaction: the review locked, so two scorings (or a scoring and an opening) take turns. */
export async function lockReview(tx: Db, reviewId: string): Promise<ReviewRow | undefined> {
  const [row] = await tx.select().from(resumeReviews).where(eq(resumeReviews.id, reviewId)).for('update')
  return row
}

/** The member's own reviews, newest first (spec 001 §7). */
export function listOwnReviews(db: Db, userId: string): Promise<ReviewRow[]> {
  return db
    .select()
    .from(resumeReviews)
    .where(eq(resumeReviews.userId, userId))
    .orderBy(desc(resumeReviews.createdAt), desc(resumeReviews.id))
}

/** The newest score of each of `reviewIds` (the member's cards and the admin rows show it). */
export async function latestScoresOf(db: Db, reviewIds: string[]): Promise<Map<string, ScoreRow>> {
  if (reviewIds.length === 0) return new Map()
  const rows = await db
    .selectDistinctOn([resumeScores.reviewId])
    .from(resumeScores)
    .where(inArray(resumeScores.reviewId, reviewIds))
    .orderBy(resumeScores.reviewId, desc(resumeScores.iteration))
  return new Map(rows.map((row) => [row.reviewId, row]))
}

/** Every score of one review, oldest first. */
export function listReviewScores(db: Db, reviewId: string): Promise<ScoreRow[]> {
  return db.select().from(resumeScores).where(eq(resumeScores.reviewId, reviewId)).orderBy(asc(resumeScores.iteration))
}

/** Every score the member has had, over all their reviews, oldest first (spec 001 §7: resume_scores by user). */
export function listMemberScores(db: Db, userId: string): Promise<ScoreRow[]> {
  return db
    .select()
    .from(resumeScores)
    .where(eq(resumeScores.userId, userId))
    .orderBy(asc(resumeScores.createdAt), asc(resumeScores.iteration))
}

/** Inside the transaction that holds the review's lock: the next iteration of its scores (1 for the first). */
export async function nextIteration(tx: Db, reviewId: string): Promise<number> {
  const [row] = await tx
    .select({ last: sql<number>`coalesce(max(${resumeScores.iteration}), 0)::int` })
    .from(resumeScores)
    .where(eq(resumeScores.reviewId, reviewId))
  return (row?.last ?? 0) + 1
}

export async function insertScore(tx: Db, values: typeof resumeScores.$inferInsert): Promise<ScoreRow> {
  const [row] = await tx.insert(resumeScores).values(values).returning()
  return row!
}

/** A scored review: reviewed, with the latest feedback (spec 002 §4). */
export async function markReviewed(tx: Db, reviewId: string, feedback: string): Promise<ReviewRow> {
  const [row] = await tx
    .update(resumeReviews)
    .set({ status: 'reviewed', adminFeedback: feedback, reviewedAt: sql`now()` })
    .where(eq(resumeReviews.id, reviewId))
    .returning()
  return row!
}

/** A coach opened a pending review's file: in review. Undefined when it was no longer pending. */
export async function markInReview(tx: Db, reviewId: string): Promise<ReviewRow | undefined> {
  const [row] = await tx
    .update(resumeReviews)
    .set({ status: 'in_review', inReviewAt: sql`now()` })
    .where(and(eq(resumeReviews.id, reviewId), eq(resumeReviews.status, 'pending')))
    .returning()
  return row
}

/** The pre-score's outcome; a review deleted meanwhile is left alone (undefined). */
export async function setSuggestion(
  db: Db,
  reviewId: string,
  outcome: { status: 'ready' | 'failed'; suggestion: unknown },
): Promise<ReviewRow | undefined> {
  const [row] = await db
    .update(resumeReviews)
    .set({ suggestionStatus: outcome.status, suggestion: outcome.suggestion })
    .where(eq(resumeReviews.id, reviewId))
    .returning()
  return row
}

/** The member's skills (profile, spec 000 §3 user_skill_assessments): the keyword criterion's targets. */
export async function listMemberSkills(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ name: userSkillAssessments.skillName })
    .from(userSkillAssessments)
    .where(eq(userSkillAssessments.userId, userId))
    .orderBy(asc(userSkillAssessments.createdAt), asc(userSkillAssessments.skillName))
  return rows.map((row) => row.name)
}

// ---------- comments ----------

export type CommentRow = {
  id: string
  reviewId: string
  content: string
  createdAt: Date
  authorId: string
  authorFirstName: string
  authorLastName: string
  authorAccountName: string
  authorRole: string | null
}

const commentColumns = {
  id: resumeReviewComments.id,
  reviewId: resumeReviewComments.reviewId,
  content: resumeReviewComments.content,
  createdAt: resumeReviewComments.createdAt,
  authorId: resumeReviewComments.userId,
  authorFirstName: sql<string>`coalesce(${userProfiles.firstName}, '')`,
  authorLastName: sql<string>`coalesce(${userProfiles.lastName}, '')`,
  authorAccountName: user.name,
  authorRole: user.role,
}

/** A review's thread, oldest first, each with its author's profile (spec 001 §7). */
export function listComments(db: Db, reviewId: string): Promise<CommentRow[]> {
  return db
    .select(commentColumns)
    .from(resumeReviewComments)
    .innerJoin(user, eq(user.id, resumeReviewComments.userId))
    .leftJoin(userProfiles, eq(userProfiles.id, resumeReviewComments.userId))
    .where(eq(resumeReviewComments.reviewId, reviewId))
    .orderBy(asc(resumeReviewComments.createdAt), asc(resumeReviewComments.id))
}

export async function insertComment(tx: Db, reviewId: string, userId: string, content: string): Promise<CommentRow> {
  const [inserted] = await tx
    .insert(resumeReviewComments)
    .values({ reviewId, userId, content })
    .returning({ id: resumeReviewComments.id })
  const [row] = await tx
    .select(commentColumns)
    .from(resumeReviewComments)
    .innerJoin(user, eq(user.id, resumeReviewComments.userId))
    .leftJoin(userProfiles, eq(userProfiles.id, resumeReviewComments.userId))
    .where(eq(resumeReviewComments.id, inserted!.id))
  return row!
}

/**
 * The coaches of a review: the admins who scored it or wrote in its thread, whose
 * addresses a member's comment goes to. Empty when no coach has touched it yet.
 */
export async function listReviewCoachEmails(db: Db, reviewId: string): Promise<string[]> {
  const involved = sql`(
    select ${resumeScores.scoredBy} from ${resumeScores} where ${resumeScores.reviewId} = ${reviewId}
    union
    select ${resumeReviewComments.userId} from ${resumeReviewComments} where ${resumeReviewComments.reviewId} = ${reviewId}
  )`
  const rows = await db
    .select({ email: user.email })
    .from(user)
    .where(and(eq(user.role, 'admin'), sql`${user.id} in ${involved}`))
    .orderBy(asc(user.email))
  return rows.map((row) => row.email)
}

// ---------- the admin table (spec 002 §2) ----------

export type AdminFilters = { q?: string; status: ReviewStatusFilter }

function adminConditions(filters: AdminFilters): SQL[] {
  const conditions: SQL[] = []
  if (filters.q) {
    // a first name, a last name or both ("Ada Lovelace"), in any case
    const pattern = containsPattern(filters.q)
    conditions.push(
      or(
        sql`${userProfiles.firstName} ilike ${pattern}`,
        sql`${userProfiles.lastName} ilike ${pattern}`,
        sql`(${userProfiles.firstName} || ' ' || ${userProfiles.lastName}) ilike ${pattern}`,
        sql`${user.name} ilike ${pattern}`,
      )!,
    )
  }
  // 'pending' is every review still waiting for its score: opened ones too
  if (filters.status === 'pending') conditions.push(inArray(resumeReviews.status, ['pending', 'in_review']))
  if (filters.status === 'reviewed') conditions.push(eq(resumeReviews.status, 'reviewed'))
  return conditions
}

// The outer row is named with its table: inside the subqueries an unqualified id
// would be the subquery's own.
const reviewIdColumn = sql`${sql.identifier('resume_reviews')}.${sql.identifier('id')}`
const latestTotal = sql<
  number | null
>`(select ${resumeScores.totalScore} from ${resumeScores} where ${resumeScores.reviewId} = ${reviewIdColumn} order by ${resumeScores.iteration} desc limit 1)`
const iterations = sql<number>`(select count(*)::int from ${resumeScores} where ${resumeScores.reviewId} = ${reviewIdColumn})`

const adminRowColumns = {
  ...resumeReviewColumns(),
  ...memberColumns,
  latestTotal,
  iterations,
}

export type AdminRow = ReviewWithMember & { latestTotal: number | null; iterations: number }

/** One page of the admin table, newest first, after the keyset position `after`. */
export function listAdminReviews(
  db: Db,
  filters: AdminFilters,
  limit: number,
  after?: { at: string; id: string },
): Promise<Array<AdminRow & { cursorAt: string }>> {
  return db
    .select({ ...adminRowColumns, cursorAt: sql<string>`${resumeReviews.createdAt}::text` })
    .from(resumeReviews)
    .innerJoin(user, eq(user.id, resumeReviews.userId))
    .leftJoin(userProfiles, eq(userProfiles.id, resumeReviews.userId))
    .where(
      and(
        ...adminConditions(filters),
        after
          ? sql`(${resumeReviews.createdAt}, ${resumeReviews.id}) < (${after.at}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(resumeReviews.createdAt), desc(resumeReviews.id))
    .limit(limit)
}

/** How many reviews match `filters` (the count the admin page shows). */
export async function countAdminReviews(db: Db, filters: AdminFilters): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(resumeReviews)
    .innerJoin(user, eq(user.id, resumeReviews.userId))
    .leftJoin(userProfiles, eq(userProfiles.id, resumeReviews.userId))
    .where(and(...adminConditions(filters)))
  return row?.total ?? 0
}

/** One review as an admin row (the detail dialog starts from it). */
export async function findAdminRow(db: Db, reviewId: string): Promise<AdminRow | undefined> {
  const [row] = await db
    .select(adminRowColumns)
    .from(resumeReviews)
    .innerJoin(user, eq(user.id, resumeReviews.userId))
    .leftJoin(userProfiles, eq(userProfiles.id, resumeReviews.userId))
    .where(eq(resumeReviews.id, reviewId))
  return row
}
