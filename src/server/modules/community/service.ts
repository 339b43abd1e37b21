import { withTransaction, type Db } from '#server/db/client.ts'
import { AppError } from '#server/platform/app-error.ts'
import { recordAudit } from '#server/platform/audit.ts'
import type { Ctx } from '#server/platform/context.ts'
import { actsAsAdmin, isAdminUser, requireAdmin, requireUser, requireVerified } from '#server/platform/guards.ts'
import { packShared, withReaderField, type PackedAnswer } from '#server/platform/packed-json.ts'
import { decodeCursor, nextCursorOf, readPage } from '#server/platform/paging.ts'
import type { StoredObject } from '#server/platform/storage.ts'
import { deleteStoredFile, storeThenRecord } from '#server/platform/uploads.ts'
import {
  commentsPageSize,
  communityMessages,
  defaultJobTrends,
  feedPageSize,
  JobTrends,
  PostContent,
  type CommentInput,
  type CommentsPage,
  type CommentsQuery,
  type CommentView,
  type CommunityEvent,
  type FeedAnswer,
  type FeedQuery,
  type PostCard,
  type PostView,
  type ProfileCard,
} from '#shared/community/schemas.ts'
import { withLike } from '#shared/community/feed-answer.ts'
import { displayName } from '#shared/profile/names.ts'
import { feedCacheOf, type FeedPageEntry } from './feed-cache.ts'
import { preparePostMedia } from './media.ts'
import * as queries from './queries.ts'

type AuthorColumns = {
  authorId: string
  authorFirstName: string | null
  authorLastName: string | null
  authorAccountName: string
  authorAvatarUrl: string | null
  authorRole: string | null
}

function toAuthor(row: AuthorColumns) {
  return {
    id: row.authorId,
    name: displayName(row.authorFirstName, row.authorLastName, row.authorAccountName),
    avatarUrl: row.authorAvatarUrl,
    isAdmin: isAdminUser({ role: row.authorRole }),
  }
}

export function mediaUrl(postId: string) {
  return `/api/community/posts/${postId}/media`
}

/** A post as every reader sees it: the shared, cached part of a feed page (FeedAnswer). */
function toPostCard(row: Omit<queries.PostRow, 'likedByMe'>): PostCard {
  return {
    id: row.id,
    content: row.content,
    media:
      row.mediaKey && (row.mediaType === 'image' || row.mediaType === 'video')
        ? { url: mediaUrl(row.id), type: row.mediaType }
        : null,
    createdAt: row.createdAt.toISOString(),
    author: toAuthor(row),
    likeCount: row.likeCount,
    commentCount: row.commentCount,
  }
}

function toPostView(row: Omit<queries.PostRow, 'likedByMe'>, likedByMe: boolean): PostView {
  return withLike(toPostCard(row), likedByMe)
}

function toCommentView(row: queries.CommentRow): CommentView {
  return {
    id: row.id,
    postId: row.postId,
    content: row.content,
    createdAt: row.createdAt.toISOString(),
    author: toAuthor(row),
  }
}

/** Announces `event` to every open feed once `tx` commits. */
function publish(tx: Db, ctx: Ctx, event: CommunityEvent) {
  return ctx.deps.realtime.publish(tx, 'community', event)
}

/**
 * A community write in one transaction. This instance's cached feed pages go as
 * soon as it ends, so the writer's next read sees the change even before the
 * NOTIFY comes back (the other instances drop theirs on the NOTIFY).
 */
async function changeCommunity<T>(ctx: Ctx, work: (tx: Db) => Promise<T>): Promise<T> {
  try {
    return await withTransaction(ctx.deps.db, work)
  } finally {
    feedCacheOf(ctx.deps).clear()
  }
}

/** A feed page as cached: its posts, the same for every reader, packed once. */
async function sharedFeedPage(ctx: Ctx, query: FeedQuery): Promise<FeedPageEntry> {
  requireUser(ctx)
  const { db } = ctx.deps
  // the last post's (created_at, id) on the page before
  const after = decodeCursor(query.cursor, 'newest')
  return feedCacheOf(ctx.deps).page(query.cursor ?? '', async () => {
    const read = await readPage(feedPageSize, (limit) =>
      queries.listFeedPage(db, limit, after && { createdAt: after.at, id: after.id }),
    )
    const shared: Omit<FeedAnswer, 'likedIds'> = { posts: read.rows.map(toPostCard), nextCursor: nextCursorOf(read) }
    // the object left open: the reader's likes close it (FeedAnswer)
    return { ...shared, packed: packShared(shared) }
  })
}

/**
 * GET /api/community/posts: the page's posts come packed from the cache
 * (platform/packed-json.ts), the reader's likes follow them (FeedAnswer).
 */
export async function listFeedAnswer(ctx: Ctx, query: FeedQuery): Promise<PackedAnswer<FeedAnswer>> {
  const viewer = requireUser(ctx)
  const page = await sharedFeedPage(ctx, query)
  // the set holds only this page's posts (findLikedPostIds)
  const liked = await feedCacheOf(ctx.deps).likedOnPage(viewer.id, query.cursor ?? '', () =>
    queries.findLikedPostIds(
      ctx.deps.db,
      viewer.id,
      page.posts.map((post) => post.id),
    ),
  )
  return withReaderField<FeedAnswer>(page.packed, 'likedIds', [...liked])
}

/** A feed page's posts without the reader's likes, for the server's own readers (the recommendations). */
export async function listFeedCards(ctx: Ctx, query: FeedQuery): Promise<Pick<FeedAnswer, 'posts' | 'nextCursor'>> {
  const { posts, nextCursor } = await sharedFeedPage(ctx, query)
  return { posts, nextCursor }
}

export async function getProfileCard(ctx: Ctx): Promise<ProfileCard> {
  const viewer = requireUser(ctx)
  const row = await queries.findProfileCard(ctx.deps.db, viewer.id)
  if (!row) throw new AppError('UNAUTHORIZED', communityMessages.signInToContinue)
  return {
    name: displayName(row.firstName, row.lastName, row.accountName),
    email: row.email,
    location: row.location,
    experienceLevel: row.experienceLevel,
    avatarUrl: row.avatarUrl,
    isAdmin: isAdminUser(row),
    postCount: row.postCount,
    memberSince: row.memberSince.toISOString(),
  }
}

/**
 * spec 000 §5 post rules, checked here whatever the browser did: text of at most
 * 5000 characters (told before anything else, as a form's own field checks are),
 * or media, or both; media under 5 MB, an image or a video by its own bytes,
 * photos re-encoded (`preparePostMedia`) and kept with the post (`storeThenRecord`).
 */
export async function createPost(ctx: Ctx, input: { content?: string; media?: File }): Promise<PostView> {
  const parsed = PostContent.safeParse(input.content ?? '')
  if (!parsed.success)
    throw new AppError('VALIDATION', communityMessages.postTooLong, { content: communityMessages.postTooLong })
  const content = parsed.data
  const viewer = requireVerified(ctx) // decision 014
  const media = input.media && input.media.size > 0 ? input.media : undefined
  if (!content && !media)
    throw new AppError('VALIDATION', communityMessages.postEmpty, { content: communityMessages.postEmpty })
  const writePost = (stored?: { key: string; type: 'image' | 'video' }) =>
    changeCommunity(ctx, async (tx) => {
      const { id } = await queries.insertPost(tx, {
        userId: viewer.id,
        content,
        mediaKey: stored?.key,
        mediaType: stored?.type,
      })
      const found = (await queries.findPost(tx, viewer.id, id))!
      const post = toPostView(found, found.likedByMe)
      // everyone else sees it unliked; the author's own view is the same
      await publish(tx, ctx, { type: 'post.created', data: { post } })
      return post
    })
  if (!media) return writePost()
  const prepared = await preparePostMedia(media, ctx.logger)
  return storeThenRecord(
    ctx,
    {
      area: 'community',
      extension: prepared.extension,
      bytes: prepared.bytes,
      contentType: prepared.mime,
      visibility: 'private',
    },
    async (key) => ({ result: await writePost({ key, type: prepared.type }) }),
  )
}

/**
 * The author deletes their post; admins delete any (moderation, spec 000 §6 and issue 4),
 * with two-factor on when ADMIN_REQUIRE_2FA says so, as everywhere else an admin acts.
 */
export async function deletePost(ctx: Ctx, postId: string): Promise<void> {
  const viewer = requireUser(ctx)
  const mediaKey = await changeCommunity(ctx, async (tx) => {
    const post = await queries.findPostOwner(tx, postId)
    if (!post) throw new AppError('NOT_FOUND', communityMessages.postNotFound)
    const moderated = post.userId !== viewer.id
    if (moderated && !actsAsAdmin(ctx)) throw new AppError('FORBIDDEN', communityMessages.notYours)
    // an admin removing someone else's post is moderation, and is audited (decision 023)
    const removed = moderated ? await queries.findPost(tx, viewer.id, postId) : undefined
    const deleted = await queries.deletePost(tx, postId)
    if (removed) {
      await recordAudit(tx, ctx, {
        action: 'post.delete',
        objectType: 'post',
        objectId: postId,
        before: { authorId: removed.authorId, content: removed.content, media: removed.mediaType },
      })
    }
    await publish(tx, ctx, { type: 'post.deleted', data: { postId } })
    return deleted?.mediaKey
  })
  // after the commit: a failed transaction keeps its file
  if (mediaKey) await deleteStoredFile(ctx, mediaKey)
}

/** One like per member and post (spec 000 §3): liking twice keeps one, unliking twice is no error. */
export async function setLike(
  ctx: Ctx,
  postId: string,
  liked: boolean,
): Promise<{ likeCount: number; liked: boolean }> {
  const viewer = requireUser(ctx)
  return changeCommunity(ctx, async (tx) => {
    const result = await queries.setLike(tx, postId, viewer.id, liked)
    if (!result) throw new AppError('NOT_FOUND', communityMessages.postNotFound)
    if (result.changed) {
      await publish(tx, ctx, {
        type: 'post.liked',
        data: { postId, likeCount: result.likeCount, userId: viewer.id, liked },
      })
    }
    return { likeCount: result.likeCount, liked }
  })
}

/**
 * A page of the post's comments (issue 23 §5: a post with thousands of comments
 * costs one page, not all of them): the latest first, each later page the ones
 * written before, every page shown oldest first.
 */
export async function listComments(ctx: Ctx, postId: string, query: CommentsQuery): Promise<CommentsPage> {
  requireUser(ctx)
  const { db } = ctx.deps
  const before = decodeCursor(query.cursor, 'newest')
  const [post, page] = await Promise.all([
    queries.findPostOwner(db, postId),
    readPage(commentsPageSize, (limit) =>
      queries.listCommentsPage(db, postId, limit, before && { createdAt: before.at, id: before.id }),
    ),
  ])
  if (!post) throw new AppError('NOT_FOUND', communityMessages.postNotFound)
  return { comments: page.rows.map(toCommentView).reverse(), nextCursor: nextCursorOf(page) }
}

export async function addComment(ctx: Ctx, postId: string, input: CommentInput): Promise<CommentView> {
  const viewer = requireVerified(ctx) // decision 014
  return changeCommunity(ctx, async (tx) => {
    const inserted = await queries.insertComment(tx, postId, viewer.id, input.content)
    if (!inserted) throw new AppError('NOT_FOUND', communityMessages.postNotFound)
    const comment = toCommentView((await queries.findComment(tx, inserted.id))!)
    await publish(tx, ctx, { type: 'comment.created', data: { comment, commentCount: inserted.commentCount } })
    return comment
  })
}

/** The author deletes their comment; admins delete any (moderation, as for posts). */
export async function deleteComment(ctx: Ctx, commentId: string): Promise<void> {
  const viewer = requireUser(ctx)
  await changeCommunity(ctx, async (tx) => {
    const comment = await queries.findComment(tx, commentId)
    if (!comment) throw new AppError('NOT_FOUND', communityMessages.commentNotFound)
    const moderated = comment.userId !== viewer.id
    if (moderated && !actsAsAdmin(ctx)) throw new AppError('FORBIDDEN', communityMessages.notYours)
    const deleted = await queries.deleteComment(tx, commentId)
    // moderation, as for posts
    if (moderated) {
      await recordAudit(tx, ctx, {
        action: 'comment.delete',
        objectType: 'comment',
        objectId: commentId,
        before: { authorId: comment.userId, postId: comment.postId, content: comment.content },
      })
    }
    if (deleted) {
      await publish(tx, ctx, {
        type: 'comment.deleted',
        data: { postId: deleted.postId, commentId, commentCount: deleted.commentCount },
      })
    }
  })
}

/** The post's media file, for a member who may see the feed (the area's access check ran before). */
export async function getPostMedia(
  ctx: Ctx,
  postId: string,
  range?: { start: number; end?: number },
): Promise<StoredObject> {
  requireUser(ctx)
  const post = await queries.findPostOwner(ctx.deps.db, postId)
  const object = post?.mediaKey ? await ctx.deps.storage.get(post.mediaKey, range) : undefined
  if (!object) throw new AppError('NOT_FOUND', communityMessages.postNotFound)
  return object
}

const trendsCategory = 'job_trends'

export async function getJobTrends(ctx: Ctx): Promise<JobTrends> {
  requireUser(ctx)
  const stored = JobTrends.safeParse(await queries.findSettings(ctx.deps.db, trendsCategory))
  // spec 000 §7: the defaults stand until an admin saves the panel
  return stored.success ? stored.data : defaultJobTrends
}

export async function updateJobTrends(ctx: Ctx, trends: JobTrends): Promise<JobTrends> {
  requireAdmin(ctx)
  await changeCommunity(ctx, async (tx) => {
    const stored = JobTrends.safeParse(await queries.findSettings(tx, trendsCategory))
    await queries.saveSettings(tx, trendsCategory, trends)
    await recordAudit(tx, ctx, {
      action: 'trends.update',
      objectType: 'settings',
      objectId: trendsCategory,
      // what the panel showed before: the defaults until an admin first saves it
      before: stored.success ? stored.data : defaultJobTrends,
      after: trends,
    })
    await publish(tx, ctx, { type: 'trends.updated', data: { trends } })
  })
  return trends
}
