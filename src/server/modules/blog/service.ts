import { z } from 'zod'
import { AppError } from '#server/platform/app-error.ts'
import type { Ctx, Deps } from '#server/platform/context.ts'
import { actsAsAdmin, requireAccess } from '#server/platform/guards.ts'
import { listCacheOf } from '#server/platform/list-cache.ts'
import { renderMarkdown } from '#server/platform/markdown.ts'
import { decodeCursor, nextCursorOf, readPage } from '#server/platform/paging.ts'
import type { PageHead } from '#server/page-head.ts'
import type { StoredObject } from '#server/platform/storage.ts'
import type { BlogCategory, BlogPostStatus } from '#shared/blog/constants.ts'
import { blogMessages } from '#shared/blog/messages.ts'
import type { BlogListPage, BlogListQuery, BlogPostView } from '#shared/blog/schemas.ts'
import * as queries from './queries.ts'
import { authorOf, postImageUrl, toEntryView } from './views.ts'

// The blog as members read it (spec 001 §2 Blog page, the post page; issue 18):
// one list of our published posts and the newsletter's stored items, newest first,
// the same for every reader (kept a short while by the list cache, dropped by any
// post or feed change). Drafts reach admins only.

const notFound = () => new AppError('NOT_FOUND', blogMessages.notFound)

/** spec 001 §2, §7: the merged list, a page of `limit` (8 wide, 3 narrow, 3 on the dashboard). */
export async function listEntries(ctx: Ctx, query: BlogListQuery): Promise<BlogListPage> {
  await requireAccess(ctx, 'subscriber')
  const after = decodeCursor(query.cursor, 'newest')
  return listCacheOf(ctx.deps, 'blog').remember(`entries:${query.limit}:${query.cursor ?? ''}`, async () => {
    const page = await readPage(query.limit, (limit) => queries.listEntriesPage(ctx.deps.db, limit, after))
    return { entries: page.rows.map(toEntryView), nextCursor: nextCursorOf(page) }
  })
}

/** Words per minute of reading, for the post page's 'N min read'. */
const wordsPerMinute = 220

/** /blog/{id}: a published post (a draft for admins, who preview it), its Markdown as sanitised HTML. */
export async function getPost(ctx: Ctx, postId: string): Promise<BlogPostView> {
  await requireAccess(ctx, 'subscriber')
  const row = await queries.findPost(ctx.deps.db, postId)
  if (!row || (row.status !== 'published' && !actsAsAdmin(ctx))) throw notFound()
  const words = row.content.split(/\s+/).filter(Boolean).length
  return {
    id: row.id,
    title: row.title,
    excerpt: row.cardExcerpt,
    category: row.category as BlogCategory,
    status: row.status as BlogPostStatus,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
    imageUrl: postImageUrl(row),
    contentHtml: renderMarkdown(row.content),
    readingMinutes: Math.max(1, Math.round(words / wordsPerMinute)),
    author: authorOf(row),
  }
}

/**
 * A post's picture: anyone's for a published post (a shared link's preview shows
 * it), admins' for a draft, which no shared cache may keep.
 */
export async function getPostImage(ctx: Ctx, postId: string): Promise<StoredObject> {
  const row = await queries.findPost(ctx.deps.db, postId)
  const published = row?.status === 'published'
  const object = row?.imageKey && (published || actsAsAdmin(ctx)) ? await ctx.deps.storage.get(row.imageKey) : undefined
  if (!object) throw notFound()
  return published ? object : { ...object, visibility: 'private' }
}

/**
 * The head of /blog/{id} for a published post: its title, excerpt and picture, so
 * a shared link previews well; the text itself stays for members (decision 027).
 * Undefined for anything else (a draft, an unknown id), which gets the app's own.
 */
export async function postPageHead(deps: Deps, postId: string): Promise<PageHead | undefined> {
  if (!z.uuid().safeParse(postId).success) return undefined
  // not cached: any visitor may ask for any id, and must not push members' lists out of the cache
  const row = await queries.findPost(deps.db, postId)
  if (!row || row.status !== 'published') return undefined
  const imagePath = postImageUrl(row)
  return {
    title: row.title,
    description: row.cardExcerpt,
    imageUrl: imagePath && `${deps.config.baseUrl}${imagePath}`,
    url: `${deps.config.baseUrl}/blog/${row.id}`,
  }
}
