import { markdownToText } from '#server/platform/markdown.ts'
import { blogCardExcerptLength, type BlogCategory, type BlogPostStatus } from '#shared/blog/constants.ts'
import type { AdminBlogPostView, BlogAuthor, BlogEntryView } from '#shared/blog/schemas.ts'
import type { EntryRow, PostRow, PostWithAuthor } from './queries.ts'

// Rows to the views of shared/blog/schemas.ts.

/** spec 001 §9: at most 150 characters, cut at a word when one ends near, then an ellipsis. */
export function cardExcerptOf(text: string): string {
  const clean = text.replace(/\s+/g, ' ').trim()
  if (clean.length <= blogCardExcerptLength) return clean
  const cut = clean.slice(0, blogCardExcerptLength)
  const lastSpace = cut.lastIndexOf(' ')
  return `${(lastSpace > blogCardExcerptLength * 0.7 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`
}

/** What cards show of a post: its excerpt, else the start of its content's text. */
export const postCardExcerpt = (excerpt: string, content: string) =>
  cardExcerptOf(excerpt.trim() !== '' ? excerpt : markdownToText(content))

/** Versioned by the post's last change, so a new image is fetched and an old one cached long. */
export function postImageUrl(row: Pick<PostRow, 'id' | 'imageKey' | 'updatedAt'>): string | null {
  return row.imageKey ? `/api/blog/images/${row.id}?v=${row.updatedAt.getTime()}` : null
}

export function authorOf(row: {
  authorFirstName: string | null
  authorLastName: string | null
  authorAvatarUrl: string | null
}): BlogAuthor | null {
  if (row.authorFirstName === null) return null
  return { firstName: row.authorFirstName, lastName: row.authorLastName ?? '', avatarUrl: row.authorAvatarUrl }
}

export function toEntryView(row: EntryRow): BlogEntryView {
  const post = row.kind === 'post'
  return {
    kind: row.kind,
    id: row.id,
    title: row.title,
    excerpt: row.excerpt,
    category: post ? (row.category as BlogCategory) : null,
    publishedAt: new Date(row.publishedAt).toISOString(),
    imageUrl: post
      ? postImageUrl({ id: row.id, imageKey: row.imageKey, updatedAt: new Date(row.updatedAt) })
      : row.imageUrl,
    href: post ? `/blog/${row.id}` : row.link,
    author: post ? authorOf(row) : null,
  }
}

export function toAdminPostView(row: PostWithAuthor): AdminBlogPostView {
  return {
    id: row.id,
    title: row.title,
    excerpt: row.excerpt,
    cardExcerpt: row.cardExcerpt,
    content: row.content,
    category: row.category as BlogCategory,
    status: row.status as BlogPostStatus,
    imageKey: row.imageKey,
    imageUrl: postImageUrl(row),
    publishedAt: row.publishedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    author: authorOf(row),
  }
}

/** The audit log's copy of a post: the fields an admin edits, the long text as its length. */
export function auditedPost(row: PostRow) {
  return {
    title: row.title,
    excerpt: row.excerpt,
    category: row.category,
    status: row.status,
    image: row.imageKey,
    publishedAt: row.publishedAt,
    contentLength: row.content.length,
  }
}
