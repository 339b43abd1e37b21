import { and, desc, eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { user } from '#server/db/schema/auth.ts'
import { userProfiles } from '#server/db/schema/profile.ts'
import { postComments, postLikes, posts } from '#server/db/schema/community.ts'
import { platformSettings } from '#server/db/schema/platform.ts'

// The author of a post or comment: profile name (the account name when the
// profile has none), avatar and whether they are an admin (the 'Admin' badge).
const authorColumns = {
  authorId: user.id,
  authorFirstName: userProfiles.firstName,
  authorLastName: userProfiles.lastName,
  authorAccountName: user.name,
  authorAvatarUrl: userProfiles.avatarUrl,
  authorRole: user.role,
}

const postColumns = {
  id: posts.id,
  content: posts.content,
  mediaKey: posts.mediaKey,
  mediaType: posts.mediaType,
  likeCount: posts.likeCount,
  commentCount: posts.commentCount,
  createdAt: posts.createdAt,
  // full precision (microseconds) for the cursor; a JavaScript Date keeps only milliseconds
  cursorAt: sql<string>`${posts.createdAt}::text`,
  likedByMe: sql<boolean>`${postLikes.postId} is not null`,
  ...authorColumns,
}

// The viewer's own like, if any: a primary-key lookup per post of the page
// (an EXISTS here was planned as a hash of all the viewer's likes).
const viewerLike = (viewerId: string) => and(eq(postLikes.postId, posts.id), eq(postLikes.userId, viewerId))

export type PostRow = NonNullable<Awaited<ReturnType<typeof findPost>>>

/**
 * One page of the feed, newest first, after the (created_at, id) position `after`:
 * one walk of posts_feed_order_idx. The same for every viewer (their own likes are
 * read apart, `findLikedPostIds`), so a page can be shared (feed-cache.ts).
 */
export function listFeedPage(db: Db, limit: number, after?: { createdAt: string; id: string }) {
  const { likedByMe: _perViewer, ...columns } = postColumns
  return db
    .select(columns)
    .from(posts)
    .innerJoin(user, eq(user.id, posts.userId))
    .leftJoin(userProfiles, eq(userProfiles.id, posts.userId))
    .where(
      after ? sql`(${posts.createdAt}, ${posts.id}) < (${after.createdAt}::timestamptz, ${after.id}::uuid)` : undefined,
    )
    .orderBy(desc(posts.createdAt), desc(posts.id))
    .limit(limit)
}

/** Which of `postIds` the viewer has liked: primary-key lookups. */
export async function findLikedPostIds(db: Db, userId: string, postIds: string[]): Promise<Set<string>> {
  if (postIds.length === 0) return new Set()
  const rows = await db
    .select({ postId: postLikes.postId })
    .from(postLikes)
    .where(and(eq(postLikes.userId, userId), inArray(postLikes.postId, postIds)))
  return new Set(rows.map((row) => row.postId))
}

export async function findPost(db: Db, viewerId: string, postId: string) {
  const [row] = await db
    .select(postColumns)
    .from(posts)
    .innerJoin(user, eq(user.id, posts.userId))
    .leftJoin(userProfiles, eq(userProfiles.id, posts.userId))
    .leftJoin(postLikes, viewerLike(viewerId))
    .where(eq(posts.id, postId))
  return row
}

export async function findPostOwner(db: Db, postId: string) {
  const [row] = await db
    .select({ userId: posts.userId, mediaKey: posts.mediaKey })
    .from(posts)
    .where(eq(posts.id, postId))
  return row
}

export async function insertPost(db: Db, values: typeof posts.$inferInsert) {
  const [row] = await db.insert(posts).values(values).returning({ id: posts.id })
  return row!
}

export async function deletePost(db: Db, postId: string) {
  const [row] = await db.delete(posts).where(eq(posts.id, postId)).returning({ mediaKey: posts.mediaKey })
  return row
}

/** Adds or removes the viewer's like and keeps the post's counter in step; the new count, or undefined for no such post. */
export async function setLike(db: Db, postId: string, userId: string, liked: boolean) {
  const changed = liked
    ? await db
        .insert(postLikes)
        .values({ postId, userId })
        .onConflictDoNothing()
        .returning({ postId: postLikes.postId })
    : await db
        .delete(postLikes)
        .where(and(eq(postLikes.postId, postId), eq(postLikes.userId, userId)))
        .returning({ postId: postLikes.postId })
  const delta = changed.length === 0 ? 0 : liked ? 1 : -1
  const [row] = await db
    .update(posts)
    .set({ likeCount: sql`${posts.likeCount} + ${delta}` })
    .where(eq(posts.id, postId))
    .returning({ likeCount: posts.likeCount })
  return row && { likeCount: row.likeCount, changed: delta !== 0 }
}

const commentColumns = {
  id: postComments.id,
  postId: postComments.postId,
  userId: postComments.userId,
  content: postComments.content,
  createdAt: postComments.createdAt,
  ...authorColumns,
}

export type CommentRow = NonNullable<Awaited<ReturnType<typeof findComment>>>

/**
 * One page of a post's comments, latest first, before the (created_at, id) position
 * `before`: a backward walk of post_comments_post_order_idx, however many the post has.
 */
export function listCommentsPage(db: Db, postId: string, limit: number, before?: { createdAt: string; id: string }) {
  return db
    .select({ ...commentColumns, cursorAt: sql<string>`${postComments.createdAt}::text` })
    .from(postComments)
    .innerJoin(user, eq(user.id, postComments.userId))
    .leftJoin(userProfiles, eq(userProfiles.id, postComments.userId))
    .where(
      and(
        eq(postComments.postId, postId),
        before
          ? sql`(${postComments.createdAt}, ${postComments.id}) < (${before.createdAt}::timestamptz, ${before.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(postComments.createdAt), desc(postComments.id))
    .limit(limit)
}

export async function findComment(db: Db, commentId: string) {
  const [row] = await db
    .select(commentColumns)
    .from(postComments)
    .innerJoin(user, eq(user.id, postComments.userId))
    .leftJoin(userProfiles, eq(userProfiles.id, postComments.userId))
    .where(eq(postComments.id, commentId))
  return row
}

/** Inserts the comment and counts it on its post; undefined when the post is gone. */
export async function insertComment(db: Db, postId: string, userId: string, content: string, createdAt?: Date) {
  const [counted] = await db
    .update(posts)
    .set({ commentCount: sql`${posts.commentCount} + 1` })
    .where(eq(posts.id, postId))
    .returning({ commentCount: posts.commentCount })
  if (!counted) return undefined
  const [row] = await db
    .insert(postComments)
    .values({ postId, userId, content, createdAt })
    .returning({ id: postComments.id })
  return { id: row!.id, commentCount: counted.commentCount }
}

export async function deleteComment(db: Db, commentId: string) {
  const [deleted] = await db
    .delete(postComments)
    .where(eq(postComments.id, commentId))
    .returning({ postId: postComments.postId })
  if (!deleted) return undefined
  const [counted] = await db
    .update(posts)
    .set({ commentCount: sql`greatest(${posts.commentCount} - 1, 0)` })
    .where(eq(posts.id, deleted.postId))
    .returning({ commentCount: posts.commentCount })
  return { postId: deleted.postId, commentCount: counted?.commentCount ?? 0 }
}

export async function findProfileCard(db: Db, userId: string) {
  const [row] = await db
    .select({
      firstName: userProfiles.firstName,
      lastName: userProfiles.lastName,
      accountName: user.name,
      email: user.email,
      role: user.role,
      location: userProfiles.location,
      experienceLevel: userProfiles.experienceLevel,
      avatarUrl: userProfiles.avatarUrl,
      memberSince: user.createdAt,
      postCount: sql<number>`(select count(*)::int from ${posts} where ${posts.userId} = ${user.id})`,
    })
    .from(user)
    .leftJoin(userProfiles, eq(userProfiles.id, user.id))
    .where(eq(user.id, userId))
  return row
}

export async function findSettings(db: Db, category: string) {
  const [row] = await db
    .select({ settings: platformSettings.settings })
    .from(platformSettings)
    .where(eq(platformSettings.category, category))
  return row?.settings
}

export async function saveSettings(db: Db, category: string, settings: unknown) {
  await db
    .insert(platformSettings)
    .values({ category, settings })
    .onConflictDoUpdate({ target: platformSettings.category, set: { settings, updatedAt: new Date() } })
}
