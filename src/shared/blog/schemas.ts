import { z } from 'zod'
import { Cursor, httpUrl } from '#shared/common/fields.ts'
import {
  blogCategories,
  blogContentMaxLength,
  blogExcerptMaxLength,
  blogPageSizeMax,
  blogPageSizeWide,
  blogPostStatuses,
  blogSearchMaxLength,
  blogTitleMaxLength,
  feedUrlMaxLength,
  type BlogCategory,
  type BlogEntryKind,
  type BlogPostStatus,
} from './constants.ts'
import { adminBlogMessages } from './messages.ts'

// The blog (issue 18): what the member pages, the dashboard and community cards,
// the admin page and the live topic exchange with the server. Drafts never reach
// a member; HTML in any answer was sanitised by the server (platform/markdown.ts).

// ---------- the merged list (spec 001 §2 Blog page, §7 Blog feed) ----------

export const BlogListQuery = z.object({
  cursor: Cursor,
  limit: z.coerce.number().int().min(1).max(blogPageSizeMax).default(blogPageSizeWide),
})
export type BlogListQuery = z.infer<typeof BlogListQuery>

export type BlogAuthor = { firstName: string; lastName: string; avatarUrl: string | null }

/** One card of /blog: our own published post, or an item of the newsletter feed. */
export type BlogEntryView = {
  kind: BlogEntryKind
  id: string
  title: string
  /** plain text, at most 150 characters plus an ellipsis (spec 001 §9) */
  excerpt: string
  /** our posts only */
  category: BlogCategory | null
  /** ISO; a feed item without a date is dated when it was first seen */
  publishedAt: string
  /** null: the card shows the stock image (spec 001 §7 fallback order is applied by the server) */
  imageUrl: string | null
  /** a post: '/blog/{id}'; a newsletter item: its address on the newsletter's site (null when the feed gave none) */
  href: string | null
  author: BlogAuthor | null
}

export type BlogListPage = { entries: BlogEntryView[]; nextCursor: string | null }

/** /blog/{id}: a published post, its Markdown rendered to sanitised HTML on the server. */
export type BlogPostView = {
  id: string
  title: string
  excerpt: string
  category: BlogCategory
  /** 'draft' only for an admin previewing it */
  status: BlogPostStatus
  /** null for a draft */
  publishedAt: string | null
  updatedAt: string
  imageUrl: string | null
  contentHtml: string
  readingMinutes: number
  author: BlogAuthor | null
}

// ---------- admin (spec 002 §2 Blog management, §3 Blog post, §4) ----------

export const adminBlogStatusFilters = ['all', ...blogPostStatuses] as const
export const AdminBlogQuery = z.object({
  q: z.string().trim().max(blogSearchMaxLength).optional(),
  status: z.enum(adminBlogStatusFilters).default('all'),
  cursor: Cursor,
})
export type AdminBlogQuery = z.infer<typeof AdminBlogQuery>

const postFields = {
  title: z
    .string({ error: adminBlogMessages.titleRequired })
    .trim()
    .min(1, { error: adminBlogMessages.titleRequired })
    .max(blogTitleMaxLength, { error: adminBlogMessages.titleTooLong }),
  content: z
    .string({ error: adminBlogMessages.contentRequired })
    .refine((text) => text.trim() !== '', { error: adminBlogMessages.contentRequired })
    .refine((text) => text.length <= blogContentMaxLength, { error: adminBlogMessages.contentTooLong }),
  /** blank: taken from the content's text */
  excerpt: z.string().trim().max(blogExcerptMaxLength, { error: adminBlogMessages.excerptTooLong }).default(''),
  category: z.enum(blogCategories, { error: adminBlogMessages.categoryRequired }),
  /** a key POST /api/admin/blog/images answered, or the post's own; null: no image */
  imageKey: z.string().max(200).nullable().default(null),
}

/** The create and edit form (spec 002 §2 create and edit dialog). */
export const BlogPostInput = z.object({
  ...postFields,
  status: z.enum(blogPostStatuses, { error: adminBlogMessages.statusInvalid }),
})
export type BlogPostInput = z.infer<typeof BlogPostInput>
export type BlogPostFormValues = z.input<typeof BlogPostInput>

/** Autosave (spec 002 §4): the form without its status, which only Save changes. */
export const BlogDraftInput = z.object(postFields)
export type BlogDraftInput = z.infer<typeof BlogDraftInput>

export const BlogPreviewInput = z.object({
  content: z.string().max(blogContentMaxLength, { error: adminBlogMessages.contentTooLong }),
})
export type BlogPreviewInput = z.infer<typeof BlogPreviewInput>
export type BlogPreview = { html: string }

export type AdminBlogPostView = {
  id: string
  title: string
  /** as the admin wrote it ('' when taken from the content) */
  excerpt: string
  /** what cards show: the written excerpt, or the content's text, 150 characters */
  cardExcerpt: string
  content: string
  category: BlogCategory
  status: BlogPostStatus
  imageKey: string | null
  imageUrl: string | null
  /** set when the post is published, kept on later saves, cleared when it is a draft again */
  publishedAt: string | null
  createdAt: string
  updatedAt: string
  author: BlogAuthor | null
}

export type AdminBlogPage = { posts: AdminBlogPostView[]; nextCursor: string | null }

export type BlogImageAnswer = { imageKey: string }
export type DraftSaved = { savedAt: string }

// ---------- the newsletter feed (issue 18) ----------

/** The feed's address: an admin's setting; null turns the newsletter off. */
export const NewsletterFeedInput = z.object({
  feedUrl: httpUrl(adminBlogMessages.feedUrlInvalid, feedUrlMaxLength).nullable(),
})
export type NewsletterFeedInput = z.infer<typeof NewsletterFeedInput>

/** What admins see of the feed: where its address comes from and how its last fetches went. */
export type NewsletterFeedStatus = {
  feedUrl: string | null
  /** 'setting': saved by an admin; 'environment': NEWSLETTER_FEED_URL; 'none': no feed */
  source: 'setting' | 'environment' | 'none'
  feedTitle: string | null
  /** the newsletter items /blog shows (an earlier feed's stay until the new one's first good fetch) */
  itemCount: number
  lastCheckedAt: string | null
  /** the last fetch that worked (a 304 counts) */
  lastSucceededAt: string | null
  /** the last failure, when it is newer than the last success */
  failure: { at: string; message: string } | null
}

// ---------- live ----------

/** Open blog pages and cards read the list again: a post or the feed changed. */
export type BlogChangedEvent = { type: 'blog.changed'; data: { postId: string | null } }
