import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { withTransaction, type Db } from '#server/db/client.ts'
import { blogPosts } from '#server/db/schema/blog.ts'
import { storeFeedItems } from '#server/modules/blog/feed-refresh.ts'
import { postCardExcerpt } from '#server/modules/blog/views.ts'
import { parseFeed } from '#server/platform/feeds/parse-feed.ts'
import { newObjectKey, type Storage } from '#server/platform/storage.ts'
import { banner } from '#server/seed/banners.ts'
import type { BlogCategory, BlogPostStatus } from '#shared/blog/constants.ts'

// The demo blog of the embedded default (issue 18: "a handful of internal posts
// (published and draft) and the feed items of one feed, so a fresh start shows a
// full blog without the internet"): posts by the demo admin, in Markdown, one per
// category and a draft, and the issues of our own demo newsletter
// (assets/demo-newsletter.rss.xml), read by the same parser as a live feed and
// stored as that feed's items, their dates moved to the weeks before the seeding.
// No feed address is set: an admin sets the real one on /admin/blog, and its
// first good fetch replaces the demo issues.

const day = 86_400_000

export const demoNewsletterFile = fileURLToPath(new URL('./assets/demo-newsletter.rss.xml', import.meta.url))
/** The demo newsletter's own address, the feed its stored items belong to. */
const demoNewsletterUrl = 'https://newsletter.prestigelabs.example/feed'

const categoryColors: Record<BlogCategory, readonly [string, string]> = {
  Technology: ['#1e3a8a', '#0ea5e9'],
  'Career Growth': ['#14532d', '#22c55e'],
  'Industry Insights': ['#7c2d12', '#f59e0b'],
  Tutorials: ['#581c87', '#a855f7'],
}

type DemoPost = {
  title: string
  category: BlogCategory
  status: BlogPostStatus
  /** days before the seeding it was published (or last edited, for a draft) */
  daysAgo: number
  excerpt?: string
  content: string
  withImage: boolean
}

const demoPosts: DemoPost[] = [
  {
    title: 'Five questions to ask before you accept an offer',
    category: 'Career Growth',
    status: 'published',
    daysAgo: 1,
    withImage: true,
    content: `An offer is the moment you have the most leverage and the least information. Ask these before you sign.

## 1. What does success look like in six months?

If nobody can answer, the role is not defined yet. That is not always bad, but you should know.

## 2. Who did this job before, and where did they go?

A promotion is a good sign. Three people in two years is a pattern.

## 3. How are raises decided?

Ask for the **cycle**, the **criteria** and who decides.

## 4. What would make you withdraw this offer?

It sounds bold. Recruiters respect it, and the answer tells you about background checks, references and start dates.

## 5. Can I talk to someone on the team?

Half an hour with a future peer tells you more than four rounds of interviews.

> Write the answers down. In a year you will want to compare.`,
  },
  {
    title: 'Reading a job posting like a hiring manager',
    category: 'Industry Insights',
    status: 'published',
    daysAgo: 6,
    withImage: true,
    excerpt:
      'Postings are written by committees. Here is how to tell the three requirements that matter from the twelve that were copied from the last posting.',
    content: `Postings are written by committees. The first three bullet points are usually what the manager asked for; the rest came from the last posting.

- **Must-haves** are repeated: in the summary, the bullets and the title.
- **Nice-to-haves** use words like *familiarity* and *exposure*.
- **Boilerplate** is everything you have seen in ten other postings this week.

Apply when you meet the must-haves and half of the rest. [Our job board](/jobs) shows how your skills match each posting.`,
  },
  {
    title: 'A weekend project that shows you can ship',
    category: 'Tutorials',
    status: 'published',
    daysAgo: 13,
    withImage: false,
    content: `Portfolios full of tutorials look alike. One small tool that solves a real problem stands out.

1. Pick a problem you had this month.
2. Build the smallest thing that solves it.
3. Write a README that says *why*, with one screenshot.
4. Put it online, and use it for a week.

\`\`\`bash
git init weekend-tool && cd weekend-tool
\`\`\`

Then talk about it in interviews: what you cut, what broke, what you would do next.`,
  },
  {
    title: 'What AI assistants change in technical interviews',
    category: 'Technology',
    status: 'published',
    daysAgo: 20,
    withImage: true,
    content: `More teams now allow an assistant in the room, and the questions are changing with it.

Expect fewer puzzles and more **reviewing code**: spotting the bug in a generated function, explaining a trade-off, deciding what to test.

Practise by reading code out loud. Explaining *why* is the skill that is hard to generate.`,
  },
  {
    title: 'Salary bands by city: our winter update',
    category: 'Industry Insights',
    status: 'draft',
    daysAgo: 0,
    withImage: false,
    content: `Draft: the coaches are still collecting the numbers for this update.

| City | Junior | Senior |
| --- | --- | --- |
| New York | | |
| Chicago | | |`,
  },
]

/**
 * Seeds the demo posts (by `adminId`, their banners put into `storage` as the
 * form's upload would) and the demo newsletter's items.
 */
export async function seedDemoBlog(db: Db, storage: Storage, adminId: string): Promise<void> {
  const now = Date.now()
  const banners = new Map<BlogCategory, Buffer>()
  for (const post of demoPosts) {
    let imageKey: string | null = null
    if (post.withImage) {
      if (!banners.has(post.category)) banners.set(post.category, await banner(categoryColors[post.category]))
      imageKey = newObjectKey('blog-images', 'jpg')
      await storage.put(imageKey, banners.get(post.category)!, { contentType: 'image/jpeg', visibility: 'public' })
    }
    const at = new Date(now - post.daysAgo * day)
    await db.insert(blogPosts).values({
      title: post.title,
      content: post.content,
      excerpt: post.excerpt ?? '',
      cardExcerpt: postCardExcerpt(post.excerpt ?? '', post.content),
      category: post.category,
      status: post.status,
      imageKey,
      authorId: adminId,
      publishedAt: post.status === 'published' ? at : null,
      createdAt: at,
      updatedAt: at,
    })
  }

  // the newest issue two days before the seeding, the others as far apart as in the file
  const { items } = parseFeed(await readFile(demoNewsletterFile, 'utf8'))
  const newest = Math.max(...items.map((item) => item.publishedAt?.getTime() ?? 0))
  const shift = now - 2 * day - newest
  const recent = items.map((item) => ({
    ...item,
    publishedAt: item.publishedAt && new Date(item.publishedAt.getTime() + shift),
  }))
  await withTransaction(db, (tx) => storeFeedItems(tx, demoNewsletterUrl, recent, new Date(now)))
}
