import { sql } from 'drizzle-orm'
import { check, index, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core'
import { user } from './auth.ts'

// The blog (issue 18; spec 002 §3 Blog post; docs/decisions/027): our own posts,
// written in Markdown by admins, and the newsletter feed's items, fetched by the
// server and stored, so the merged list reads the database and never waits on the
// feed. Both are ordered by (published_at, id), newest first.
export const blogPosts = pgTable(
  'blog_posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    /** Markdown; rendered to sanitised HTML when read (platform/markdown.ts) */
    content: text('content').notNull(),
    /** as the admin wrote it; '' means cards take it from the content */
    excerpt: text('excerpt').notNull().default(''),
    /** what cards show, kept with every save: the excerpt, else the content's text, 150 characters and an ellipsis */
    cardExcerpt: text('card_excerpt').notNull(),
    category: text('category').notNull(),
    status: text('status').notNull().default('draft'),
    /** a public object of storage (the image upload of spec 002 §5) */
    imageKey: text('image_key'),
    authorId: text('author_id').references(() => user.id, { onDelete: 'set null' }),
    /** set when the post is published, kept while it stays published, null for a draft */
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('blog_posts_published_idx')
      .on(table.publishedAt, table.id)
      .where(sql`${table.status} = 'published'`),
    index('blog_posts_updated_idx').on(table.updatedAt, table.id),
    // foreign key index (issue 23 §5): deleting an admin sets their posts' author to null
    index('blog_posts_author_idx').on(table.authorId),
    check(
      'blog_posts_category_check',
      sql`${table.category} in ('Technology', 'Career Growth', 'Industry Insights', 'Tutorials')`,
    ),
    check('blog_posts_status_check', sql`${table.status} in ('draft', 'published')`),
    check('blog_posts_published_at_check', sql`(${table.status} = 'published') = (${table.publishedAt} is not null)`),
  ],
)

// The newsletter feed's items, one row per item of the feed at `feed_url` (its
// guid, the feed's own id), kept across fetches; a new feed address replaces them
// at its first good fetch. HTML is not kept: the card's excerpt is its text.
export const newsletterItems = pgTable(
  'newsletter_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    feedUrl: text('feed_url').notNull(),
    guid: text('guid').notNull(),
    title: text('title').notNull(),
    link: text('link'),
    excerpt: text('excerpt').notNull().default(''),
    imageUrl: text('image_url'),
    /** the item's date, or when it was first seen if the feed gives none */
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('newsletter_items_guid_key').on(table.feedUrl, table.guid),
    index('newsletter_items_published_idx').on(table.publishedAt, table.id),
  ],
)

// What the server knows of each feed address it fetched: the validators for a
// conditional request and how the last fetches went (shown to admins).
export const newsletterFeeds = pgTable('newsletter_feeds', {
  url: text('url').primaryKey(),
  title: text('title'),
  etag: text('etag'),
  lastModified: text('last_modified'),
  checkedAt: timestamp('checked_at', { withTimezone: true }),
  succeededAt: timestamp('succeeded_at', { withTimezone: true }),
  failedAt: timestamp('failed_at', { withTimezone: true }),
  failure: text('failure'),
})
