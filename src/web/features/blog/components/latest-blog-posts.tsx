import { Link } from 'react-router'
import { useQuery } from '@tanstack/react-query'
import { blogMessages } from '#shared/blog/messages.ts'
import type { BlogEntryView } from '#shared/blog/schemas.ts'
import { pathTo } from '#shared/pages.ts'
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx'
import { latestBlogEntriesQuery, useLiveBlog } from '#web/features/blog/api/blog.ts'
import { NewsletterBadge } from '#web/features/blog/components/blog-badges.tsx'
import { blogShortDate } from '#web/features/blog/components/blog-format.ts'
import { BlogImage } from '#web/features/blog/components/blog-image.tsx'

const linkClasses = 'text-sm font-medium text-accent underline-offset-4 hover:underline'

function EntryLink({ entry }: { entry: BlogEntryView }) {
  if (entry.kind === 'post') {
    return (
      <Link to={pathTo('blogPost', { postId: entry.id })} className="hover:underline">
        {entry.title}
      </Link>
    )
  }
  if (!entry.href) return entry.title
  return (
    <a href={entry.href} target="_blank" rel="noopener noreferrer" className="hover:underline">
      {entry.title}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  )
}

/**
 * The newest three entries of the blog, compact: picture, title and date (spec 001 §2
 * the member dashboard's Latest Blog Posts; spec 000 §2 the community's column). A
 * failure shows here only, in a line of its own.
 */
export function LatestBlogPosts() {
  const { data: entries, isPending, isError } = useQuery(latestBlogEntriesQuery())
  useLiveBlog()

  if (isPending) {
    // the skeleton is for the eyes; screen readers hear the status line (as on /blog)
    return (
      <>
        <p role="status" className="sr-only">
          Loading blog posts
        </p>
        <ul aria-hidden="true" className="grid gap-3">
          {[0, 1, 2].map((index) => (
            <li key={index} className="h-14 animate-pulse rounded-lg bg-muted" />
          ))}
        </ul>
      </>
    )
  }
  if (isError) return <p className="text-sm text-muted-foreground">{blogMessages.loadFailed}</p>
  if (entries.length === 0) return <p className="text-sm text-muted-foreground">{blogMessages.dashboardEmpty}</p>
  return (
    <ul data-testid="latest-blog-posts" className="grid gap-3">
      {entries.map((entry) => (
        <li key={`${entry.kind}-${entry.id}`} className="flex items-start gap-3">
          <BlogImage imageUrl={entry.imageUrl} className="size-12 shrink-0 rounded-lg" />
          <div className="grid min-w-0 gap-0.5">
            <h3 className="text-sm font-semibold">
              <EntryLink entry={entry} />
            </h3>
            <p className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
              <time dateTime={entry.publishedAt}>{blogShortDate(entry.publishedAt)}</time>
              {entry.kind === 'newsletter' ? <NewsletterBadge /> : null}
            </p>
          </div>
        </li>
      ))}
    </ul>
  )
}

/** The way to every post, under a list of the latest. */
export function AllPostsLink({ children = 'All Posts' }: { children?: string }) {
  return (
    <Link to={pathTo('blog')} className={linkClasses}>
      {children}
    </Link>
  )
}

/** spec 001 §2 member dashboard: the Latest Blog Posts card, with its All Posts link. */
export function LatestBlogPostsCard() {
  return (
    <Card
      role="region"
      aria-labelledby="card-latest-blog-posts"
      className="h-full"
      data-testid="latest-blog-posts-card"
    >
      <CardHeader>
        <CardTitle id="card-latest-blog-posts">Latest Blog Posts</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <LatestBlogPosts />
        <AllPostsLink />
      </CardContent>
    </Card>
  )
}
