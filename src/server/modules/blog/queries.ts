import { and, count, desc, eq, ilike, ne, notInArray, or, sql, type AnyColumn, type SQL } from 'drizzle-orm'
import { unionAll } from 'drizzle-orm/pg-core'
import type { Db } from '#server/db/client.ts'
import { user } from '#server/db/schema/auth.ts'
import { blogPosts, newsletterFeeds, newsletterItems } from '#server/db/schema/blog.ts'
import { platformSettings } from '#server/db/schema/platform.ts'
import { userProfiles } from '#server/db/schema/profile.ts'
import { containsPattern } from '#server/db/patterns.ts'
import type { BlogPostStatus } from '#shared/blog/constants.ts'

// The blog's reads and writes (issue 18): our posts, the newsletter's stored
// items, the feed's state and its address setting. Both kinds page by
// (published_at, id), newest first, so the merged list is one keyset walk.

export type PostRow = typeof blogPosts.$inferSelect
export type PostWrite = Pick<
  typeof blogPosts.$inferInsert,
  'title' | 'content' | 'excerpt' | 'cardExcerpt' | 'category' | 'imageKey'
>
export type NewsletterItemWrite = Pick<
  typeof newsletterItems.$inferInsert,
  'guid' | 'title' | 'link' | 'excerpt' | 'imageUrl' | 'publishedAt'
>
export type FeedStateRow = typeof newsletterFeeds.$inferSelect
type Position = { at: string; id: string }

/** The author's profile name, the account name when the profile has none. */
const authorFirstName = sql<string | null>`coalesce(nullif(${userProfiles.firstName}, ''), ${user.name})`

const authorColumns = {
  authorId: blogPosts.authorId,
  authorFirstName,
  authorLastName: userProfiles.lastName,
  authorAvatarUrl: userProfiles.avatarUrl,
}

const postColumns = {
  id: blogPosts.id,
  title: blogPosts.title,
  content: blogPosts.content,
  excerpt: blogPosts.excerpt,
  cardExcerpt: blogPosts.cardExcerpt,
  category: blogPosts.category,
  status: blogPosts.status,
  imageKey: blogPosts.imageKey,
  publishedAt: blogPosts.publishedAt,
  createdAt: blogPosts.createdAt,
  updatedAt: blogPosts.updatedAt,
  ...authorColumns,
}
export type PostWithAuthor = PostRow & {
  authorFirstName: string | null
  authorLastName: string | null
  authorAvatarUrl: string | null
}

/** A post with its author's name and avatar (the author may be gone: null fields). */
export async function findPost(db: Db, postId: string): Promise<PostWithAuthor | undefined> {
  const [row] = await db
    .select(postColumns)
    .from(blogPosts)
    .leftJoin(user, eq(user.id, blogPosts.authorId))
    .leftJoin(userProfiles, eq(userProfiles.id, blogPosts.authorId))
    .where(eq(blogPosts.id, postId))
  return row as PostWithAuthor | undefined
}

/** The row, locked for the write that reads it (two saves of one post queue). */
export async function lockPost(tx: Db, postId: string): Promise<PostRow | undefined> {
  const [row] = await tx.select().from(blogPosts).where(eq(blogPosts.id, postId)).for('update')
  return row
}

export async function insertPost(
  tx: Db,
  values: PostWrite & { status: BlogPostStatus; authorId: string; publishedAt: Date | null },
): Promise<PostRow> {
  const [row] = await tx.insert(blogPosts).values(values).returning()
  return row!
}

export async function updatePost(
  tx: Db,
  postId: string,
  values: PostWrite & { status?: BlogPostStatus; publishedAt?: Date | null },
): Promise<PostRow> {
  const [row] = await tx
    .update(blogPosts)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(blogPosts.id, postId))
    .returning()
  return row!
}

export async function deletePost(tx: Db, postId: string): Promise<PostRow | undefined> {
  const [row] = await tx.delete(blogPosts).where(eq(blogPosts.id, postId)).returning()
  return row
}

/** Whether another post already shows this stored image. */
export async function imageKeyInUse(tx: Db, key: string, exceptPostId?: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: blogPosts.id })
    .from(blogPosts)
    .where(and(eq(blogPosts.imageKey, key), exceptPostId ? ne(blogPosts.id, exceptPostId) : undefined))
    .limit(1)
  return row !== undefined
}

const before = (at: AnyColumn, id: AnyColumn, after?: Position): SQL | undefined =>
  after ? sql`(${at}, ${id}) < (${after.at}::timestamptz, ${after.id}::uuid)` : undefined

/**
 * spec 001 §2, §7: published posts and newsletter items, newest first, one page
 * after `after`. Each side walks its own (published_at, id) index for at most
 * `limit` rows; the union keeps the newest `limit` of both.
 */
export function listEntriesPage(db: Db, limit: number, after?: Position) {
  const posts = db
    .select({
      kind: sql<'post' | 'newsletter'>`'post'`.as('kind'),
      id: blogPosts.id,
      title: blogPosts.title,
      excerpt: blogPosts.cardExcerpt,
      category: sql<string | null>`${blogPosts.category}`.as('category'),
      publishedAt: sql<Date>`${blogPosts.publishedAt}`.mapWith(blogPosts.publishedAt).as('published_at'),
      cursorAt: sql<string>`${blogPosts.publishedAt}::text`.as('cursor_at'),
      imageKey: blogPosts.imageKey,
      imageUrl: sql<string | null>`null::text`.as('image_url'),
      link: sql<string | null>`null::text`.as('link'),
      updatedAt: blogPosts.updatedAt,
      authorFirstName: authorFirstName.as('author_first_name'),
      authorLastName: sql<string | null>`${userProfiles.lastName}`.as('author_last_name'),
      authorAvatarUrl: sql<string | null>`${userProfiles.avatarUrl}`.as('author_avatar_url'),
    })
    .from(blogPosts)
    .leftJoin(user, eq(user.id, blogPosts.authorId))
    .leftJoin(userProfiles, eq(userProfiles.id, blogPosts.authorId))
    .where(and(eq(blogPosts.status, 'published'), before(blogPosts.publishedAt, blogPosts.id, after)))
    .orderBy(desc(blogPosts.publishedAt), desc(blogPosts.id))
    .limit(limit)
  const items = db
    .select({
      kind: sql<'post' | 'newsletter'>`'newsletter'`.as('kind'),
      id: newsletterItems.id,
      title: newsletterItems.title,
      excerpt: newsletterItems.excerpt,
      category: sql<string | null>`null::text`.as('category'),
      publishedAt: sql<Date>`${newsletterItems.publishedAt}`.mapWith(newsletterItems.publishedAt).as('published_at'),
      cursorAt: sql<string>`${newsletterItems.publishedAt}::text`.as('cursor_at'),
      imageKey: sql<string | null>`null::text`.as('image_key'),
      imageUrl: newsletterItems.imageUrl,
      link: newsletterItems.link,
      updatedAt: newsletterItems.updatedAt,
      authorFirstName: sql<string | null>`null::text`.as('author_first_name'),
      authorLastName: sql<string | null>`null::text`.as('author_last_name'),
      authorAvatarUrl: sql<string | null>`null::text`.as('author_avatar_url'),
    })
    .from(newsletterItems)
    .where(before(newsletterItems.publishedAt, newsletterItems.id, after))
    .orderBy(desc(newsletterItems.publishedAt), desc(newsletterItems.id))
    .limit(limit)
  return unionAll(posts, items)
    .orderBy(desc(sql`published_at`), desc(sql`id`))
    .limit(limit)
}
export type EntryRow = Awaited<ReturnType<typeof listEntriesPage>>[number]

/** spec 002 §2: the admin list, newest change first, searched by title or excerpt. */
export function listAdminPage(
  db: Db,
  filter: { q?: string; status: 'all' | BlogPostStatus },
  limit: number,
  after?: Position,
) {
  const pattern = filter.q ? containsPattern(filter.q) : undefined
  return db
    .select({ ...postColumns, cursorAt: sql<string>`${blogPosts.updatedAt}::text` })
    .from(blogPosts)
    .leftJoin(user, eq(user.id, blogPosts.authorId))
    .leftJoin(userProfiles, eq(userProfiles.id, blogPosts.authorId))
    .where(
      and(
        pattern ? or(ilike(blogPosts.title, pattern), ilike(blogPosts.cardExcerpt, pattern)) : undefined,
        filter.status === 'all' ? undefined : eq(blogPosts.status, filter.status),
        before(blogPosts.updatedAt, blogPosts.id, after),
      ),
    )
    .orderBy(desc(blogPosts.updatedAt), desc(blogPosts.id))
    .limit(limit)
}

// ---------- the newsletter feed ----------

const feedSettingCategory = 'newsletter'

/** The admin's setting: undefined when none was ever saved (NEWSLETTER_FEED_URL applies), else its address or null (off). */
export async function readFeedSetting(db: Db): Promise<{ feedUrl: string | null } | undefined> {
  const [row] = await db
    .select({ settings: platformSettings.settings })
    .from(platformSettings)
    .where(eq(platformSettings.category, feedSettingCategory))
  if (!row) return undefined
  const { feedUrl } = row.settings as { feedUrl?: unknown }
  return { feedUrl: typeof feedUrl === 'string' ? feedUrl : null }
}

export async function writeFeedSetting(tx: Db, feedUrl: string | null): Promise<void> {
  const settings = { feedUrl }
  await tx
    .insert(platformSettings)
    .values({ category: feedSettingCategory, settings })
    .onConflictDoUpdate({ target: platformSettings.category, set: { settings, updatedAt: new Date() } })
}

export async function findFeedState(db: Db, url: string): Promise<FeedStateRow | undefined> {
  const [row] = await db.select().from(newsletterFeeds).where(eq(newsletterFeeds.url, url))
  return row
}

export async function saveFeedState(db: Db, state: FeedStateRow): Promise<void> {
  const { url: _url, ...rest } = state
  await db.insert(newsletterFeeds).values(state).onConflictDoUpdate({ target: newsletterFeeds.url, set: rest })
}

/** A failed fetch of `url`: its time and message, the last good fetch's fields left as they are. */
export async function recordFeedFailure(db: Db, url: string, at: Date, failure: string): Promise<void> {
  const failed = { checkedAt: at, failedAt: at, failure }
  await db
    .insert(newsletterFeeds)
    .values({ url, ...failed })
    .onConflictDoUpdate({ target: newsletterFeeds.url, set: failed })
}

/** The stored newsletter items: the current feed's, or an earlier (or the demo) feed's until the next good fetch. */
export async function countItems(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(newsletterItems)
  return row?.n ?? 0
}

/** Whether the stored items are (also) `feedUrl`'s: what a 304 from it may stand on. */
export async function hasItemsOf(db: Db, feedUrl: string): Promise<boolean> {
  const [row] = await db
    .select({ id: newsletterItems.id })
    .from(newsletterItems)
    .where(eq(newsletterItems.feedUrl, feedUrl))
    .limit(1)
  return row !== undefined
}

/**
 * The items of one good fetch of `feedUrl`: new guids are added, known ones take
 * the feed's current words. `dated` false: the items had no date of their own and
 * `publishedAt` is this fetch's time, which stands in only for a new item (a known
 * one keeps its first-seen date, so it never moves up the list). Answers how many
 * rows were new or changed.
 */
export async function upsertItems(
  tx: Db,
  feedUrl: string,
  items: NewsletterItemWrite[],
  dated: boolean,
): Promise<number> {
  if (items.length === 0) return 0
  const rows = await tx
    .insert(newsletterItems)
    .values(items.map((item) => ({ ...item, feedUrl })))
    .onConflictDoUpdate({
      target: [newsletterItems.feedUrl, newsletterItems.guid],
      set: {
        title: sql`excluded.title`,
        link: sql`excluded.link`,
        excerpt: sql`excluded.excerpt`,
        imageUrl: sql`excluded.image_url`,
        ...(dated ? { publishedAt: sql`excluded.published_at` } : {}),
        updatedAt: sql`now()`,
      },
      // an unchanged item is left as it is (no write, no new updated_at)
      setWhere: dated
        ? sql`(${newsletterItems.title}, ${newsletterItems.link}, ${newsletterItems.excerpt}, ${newsletterItems.imageUrl}, ${newsletterItems.publishedAt})
          is distinct from (excluded.title, excluded.link, excluded.excerpt, excluded.image_url, excluded.published_at)`
        : sql`(${newsletterItems.title}, ${newsletterItems.link}, ${newsletterItems.excerpt}, ${newsletterItems.imageUrl})
          is distinct from (excluded.title, excluded.link, excluded.excerpt, excluded.image_url)`,
    })
    .returning({ id: newsletterItems.id })
  return rows.length
}

/** Items of any other feed address go (the newsletter moved); answers how many. */
export async function deleteItemsOfOtherFeeds(tx: Db, feedUrl: string | null): Promise<number> {
  const rows = await tx
    .delete(newsletterItems)
    .where(feedUrl === null ? undefined : ne(newsletterItems.feedUrl, feedUrl))
    .returning({ id: newsletterItems.id })
  return rows.length
}

/** Keeps the newest `keep` items of the feed: an old newsletter does not grow the list forever. */
export async function pruneItems(tx: Db, feedUrl: string, keep: number): Promise<number> {
  const kept = tx
    .select({ id: newsletterItems.id })
    .from(newsletterItems)
    .where(eq(newsletterItems.feedUrl, feedUrl))
    .orderBy(desc(newsletterItems.publishedAt), desc(newsletterItems.id))
    .limit(keep)
  const rows = await tx
    .delete(newsletterItems)
    .where(and(eq(newsletterItems.feedUrl, feedUrl), notInArray(newsletterItems.id, kept)))
    .returning({ id: newsletterItems.id })
  return rows.length
}
