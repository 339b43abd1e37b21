import { withTransaction, type Db } from '#server/db/client.ts'
import { AppError } from '#server/platform/app-error.ts'
import { recordAudit } from '#server/platform/audit.ts'
import type { Ctx } from '#server/platform/context.ts'
import { formImages } from '#server/platform/form-images.ts'
import { requireAdmin } from '#server/platform/guards.ts'
import { changeListed } from '#server/platform/list-cache.ts'
import { markdownToSafeHtml } from '#server/platform/markdown.ts'
import { decodeCursor, nextCursorOf, readPage } from '#server/platform/paging.ts'
import { deleteStoredFile, recordThenDelete } from '#server/platform/uploads.ts'
import { adminBlogPageSize, blogImageMaxBytes } from '#shared/blog/constants.ts'
import { adminBlogMessages, blogMessages } from '#shared/blog/messages.ts'
import type {
  AdminBlogPage,
  AdminBlogPostView,
  AdminBlogQuery,
  BlogDraftInput,
  BlogImageAnswer,
  BlogPostInput,
  BlogPreview,
  BlogPreviewInput,
  DraftSaved,
} from '#shared/blog/schemas.ts'
import * as queries from './queries.ts'
import { auditedPost, postCardExcerpt, toAdminPostView } from './views.ts'

// Blog management (spec 002 §2 Blog management, §4 Blog post and auto-save; issue
// 18): the list with its search, the form (Markdown, category, status, image), the
// preview, auto-save of drafts, delete. Every write is one transaction with its
// audit row (decision 023); a write members may see (all but a new draft and
// auto-save) also drops the cached lists and tells open pages (the 'blog' topic).

/** The post form's image: stored under blog-images/, sharp on a wide post page, a fraction of 5 MB. */
const blogImages = formImages({
  area: 'blog-images',
  maxBytes: blogImageMaxBytes,
  maxSide: 1600,
  messages: {
    notImage: adminBlogMessages.invalidImage,
    tooLarge: adminBlogMessages.imageTooLarge,
    notFound: adminBlogMessages.imageNotFound,
  },
})

const notFound = () => new AppError('NOT_FOUND', blogMessages.notFound)

async function adminViewOf(db: Db, postId: string): Promise<AdminBlogPostView> {
  const row = await queries.findPost(db, postId)
  if (!row) throw notFound()
  return toAdminPostView(row)
}

/** A write of the blog: with the 'blog' live event and fresh lists when members see the change. */
function writeBlog<T extends { publicId: string | null }>(
  ctx: Ctx,
  membersSee: boolean,
  work: (tx: Db) => Promise<T>,
): Promise<T> {
  if (!membersSee) return withTransaction(ctx.deps.db, work)
  return changeListed(ctx, 'blog', ({ publicId }) => ({ type: 'blog.changed', data: { postId: publicId } }), work)
}

/** The id the live event may name: a post members could see, before or after the write; a draft's stays unsaid. */
const publicIdOf = (...states: Array<queries.PostRow | undefined>) =>
  states.find((state) => state?.status === 'published')?.id ?? null

/** Inside the write's transaction: no other post shows the file (`blogImages.checkKey` checked it is there). */
async function checkImageFree(tx: Db, key: string | null, postId?: string): Promise<void> {
  if (key !== null && (await queries.imageKeyInUse(tx, key, postId))) throw blogImages.refuseKey()
}

const postValues = (input: BlogDraftInput) => ({
  title: input.title,
  content: input.content,
  excerpt: input.excerpt,
  cardExcerpt: postCardExcerpt(input.excerpt, input.content),
  category: input.category,
  imageKey: input.imageKey,
})

// ---------- reading ----------

/** spec 002 §2: every post, drafts too, newest change first, searched by title or excerpt. */
export async function listAdminPosts(ctx: Ctx, query: AdminBlogQuery): Promise<AdminBlogPage> {
  requireAdmin(ctx)
  const after = decodeCursor(query.cursor, 'newest')
  const page = await readPage(adminBlogPageSize, (limit) =>
    queries.listAdminPage(ctx.deps.db, { q: query.q || undefined, status: query.status }, limit, after),
  )
  return {
    posts: page.rows.map(({ cursorAt: _cursorAt, ...row }) => toAdminPostView(row)),
    nextCursor: nextCursorOf(page),
  }
}

export async function getAdminPost(ctx: Ctx, postId: string): Promise<AdminBlogPostView> {
  requireAdmin(ctx)
  return adminViewOf(ctx.deps.db, postId)
}

/** The editor's preview: exactly what members will get. */
export function previewPost(ctx: Ctx, input: BlogPreviewInput): BlogPreview {
  requireAdmin(ctx)
  return { html: markdownToSafeHtml(input.content) }
}

// ---------- the form (spec 002 §2, §4) ----------

/**
 * spec 002 §4 said every save with status published dates the post now. Kept
 * instead while it stays published (a typo fixed does not move it to the top of
 * the list, decision 027); a draft has none; publishing again dates it anew.
 */
function publishedAtFor(status: BlogPostInput['status'], before?: queries.PostRow): Date | null {
  if (status !== 'published') return null
  return before?.status === 'published' && before.publishedAt ? before.publishedAt : new Date()
}

export async function createPost(ctx: Ctx, input: BlogPostInput): Promise<AdminBlogPostView> {
  const admin = requireAdmin(ctx)
  await blogImages.checkKey(ctx, input.imageKey)
  const row = await writeBlog(ctx, input.status === 'published', async (tx) => {
    await checkImageFree(tx, input.imageKey)
    const inserted = await queries.insertPost(tx, {
      ...postValues(input),
      status: input.status,
      publishedAt: publishedAtFor(input.status),
      authorId: admin.id,
    })
    await recordAudit(tx, ctx, {
      action: 'blog_post.create',
      objectType: 'blog_post',
      objectId: inserted.id,
      after: auditedPost(inserted),
    })
    return { id: inserted.id, publicId: publicIdOf(inserted) }
  })
  return adminViewOf(ctx.deps.db, row.id)
}

/** Saves the whole form; a replaced image's file is deleted once the post no longer points at it. */
export async function updatePost(ctx: Ctx, postId: string, input: BlogPostInput): Promise<AdminBlogPostView> {
  requireAdmin(ctx)
  const current = await queries.findPost(ctx.deps.db, postId)
  if (!current) throw notFound()
  await blogImages.checkKey(ctx, input.imageKey, current.imageKey)
  // always announced: the post may have been published since it was read above
  await recordThenDelete(ctx, async () => {
    const { replacedKey } = await writeBlog(ctx, true, async (tx) => {
      const before = await queries.lockPost(tx, postId)
      if (!before) throw notFound()
      if (input.imageKey !== before.imageKey) await checkImageFree(tx, input.imageKey, postId)
      const after = await queries.updatePost(tx, postId, {
        ...postValues(input),
        status: input.status,
        publishedAt: publishedAtFor(input.status, before),
      })
      await recordAudit(tx, ctx, {
        action: 'blog_post.update',
        objectType: 'blog_post',
        objectId: postId,
        before: auditedPost(before),
        after: auditedPost(after),
      })
      return {
        publicId: publicIdOf(before, after),
        replacedKey: before.imageKey !== after.imageKey ? before.imageKey : null,
      }
    })
    return { result: undefined, replacedKey }
  })
  return adminViewOf(ctx.deps.db, postId)
}

/**
 * spec 002 §4 auto-save, for drafts only: a published post changes for members
 * when the admin presses Update, never halfway through a sentence. The status is
 * not the form's to change here.
 */
export async function autosaveDraft(ctx: Ctx, postId: string, input: BlogDraftInput): Promise<DraftSaved> {
  requireAdmin(ctx)
  const current = await queries.findPost(ctx.deps.db, postId)
  if (!current) throw notFound()
  await blogImages.checkKey(ctx, input.imageKey, current.imageKey)
  return recordThenDelete(ctx, () =>
    withTransaction(ctx.deps.db, async (tx) => {
      const before = await queries.lockPost(tx, postId)
      if (!before) throw notFound()
      if (before.status !== 'draft') throw new AppError('CONFLICT', adminBlogMessages.autosaveDraftsOnly)
      if (input.imageKey !== before.imageKey) await checkImageFree(tx, input.imageKey, postId)
      const after = await queries.updatePost(tx, postId, postValues(input))
      await recordAudit(tx, ctx, {
        action: 'blog_post.autosave',
        objectType: 'blog_post',
        objectId: postId,
        before: auditedPost(before),
        after: auditedPost(after),
      })
      return {
        result: { savedAt: after.updatedAt.toISOString() },
        replacedKey: before.imageKey !== after.imageKey ? before.imageKey : null,
      }
    }),
  )
}

export async function deletePost(ctx: Ctx, postId: string): Promise<void> {
  requireAdmin(ctx)
  const deleted = await writeBlog(ctx, true, async (tx) => {
    const row = await queries.deletePost(tx, postId)
    if (!row) throw notFound()
    await recordAudit(tx, ctx, {
      action: 'blog_post.delete',
      objectType: 'blog_post',
      objectId: postId,
      before: auditedPost(row),
    })
    return { imageKey: row.imageKey, publicId: publicIdOf(row) }
  })
  if (deleted.imageKey) await deleteStoredFile(ctx, deleted.imageKey)
}

/** The form's image, before the post is saved: stored and its key answered for the form to send. */
export async function uploadPostImage(ctx: Ctx, file: File | undefined): Promise<BlogImageAnswer> {
  requireAdmin(ctx)
  return { imageKey: await blogImages.store(ctx, await blogImages.prepare(ctx, file)) }
}
