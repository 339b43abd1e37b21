import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { user } from './auth.ts'

// spec 000 §3 posts. The media file lives in storage under `media_key` (a name the
// server generated); the counters are kept in the same transaction as the like or
// comment rows so that a feed page is one indexed read (docs/decisions/007).
export const posts = pgTable(
  'posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    content: text('content').notNull().default(''),
    mediaKey: text('media_key'),
    mediaType: text('media_type'),
    likeCount: integer('like_count').notNull().default(0),
    commentCount: integer('comment_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // ascending on purpose: scanned backwards it gives ORDER BY created_at DESC, id DESC
    // exactly; drizzle's .desc() would add NULLS LAST, which that ORDER BY cannot use
    index('posts_feed_order_idx').on(table.createdAt, table.id),
    index('posts_user_idx').on(table.userId),
    check('posts_media_type_check', sql`${table.mediaType} is null or ${table.mediaType} in ('image', 'video')`),
  ],
)

// spec 000 §3 post_comments, read oldest first per post
export const postComments = pgTable(
  'post_comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('post_comments_post_order_idx').on(table.postId, table.createdAt, table.id),
    // the foreign key's index (issue 23 §5), led by the author: also what deleting an
    // account reads, a member's comments grouped by post (admin/users releaseCommunityCounters)
    index('post_comments_user_post_idx').on(table.userId, table.postId),
  ],
)

// spec 000 §3 post_likes: one like per member and post (the key makes a second one impossible)
export const postLikes = pgTable(
  'post_likes',
  {
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.postId, table.userId] }),
    // the key leads with the post; a member's likes (deleting an account) need their own (issue 23 §5)
    index('post_likes_user_idx').on(table.userId),
  ],
)
