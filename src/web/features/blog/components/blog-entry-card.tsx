import { Link } from 'react-router'
import { ExternalLink } from 'lucide-react'
import type { BlogEntryView } from '#shared/blog/schemas.ts'
import { pathTo } from '#shared/pages.ts'
import { CategoryBadge, NewsletterBadge } from '#web/features/blog/components/blog-badges.tsx'
import { authorName, blogShortDate } from '#web/features/blog/components/blog-format.ts'
import { BlogImage } from '#web/features/blog/components/blog-image.tsx'

const stretched = 'after:absolute after:inset-0 hover:underline focus-visible:outline-none'

/** The card's title: our post opens in the app, a newsletter item on its own site in a new tab. */
function EntryTitle({ entry }: { entry: BlogEntryView }) {
  if (entry.kind === 'post') {
    return (
      <Link to={pathTo('blogPost', { postId: entry.id })} className={stretched}>
        {entry.title}
      </Link>
    )
  }
  if (entry.href) {
    return (
      <a href={entry.href} target="_blank" rel="noopener noreferrer" className={stretched}>
        {entry.title}
        <ExternalLink aria-hidden="true" className="ml-1.5 inline size-4 align-baseline text-muted-foreground" />
        <span className="sr-only"> (opens the newsletter&rsquo;s site in a new tab)</span>
      </a>
    )
  }
  return entry.title
}

/**
 * One card of /blog (spec 001 §2 Blog page; issue 18): picture, category or
 * 'Newsletter', title, date, the excerpt the server cut to 150 characters, and the
 * author of our own posts. The whole card is its title's link.
 */
export function BlogEntryCard({ entry }: { entry: BlogEntryView }) {
  const titleId = `blog-entry-${entry.kind}-${entry.id}`
  return (
    <article
      aria-labelledby={titleId}
      data-testid="blog-card"
      data-kind={entry.kind}
      className="relative flex h-full flex-col overflow-hidden rounded-xl border border-border bg-card shadow-sm transition-colors focus-within:ring-2 focus-within:ring-ring hover:border-accent"
    >
      <BlogImage imageUrl={entry.imageUrl} className="aspect-[1200/630] w-full" />
      <div className="grid flex-1 content-start gap-3 p-5">
        <div className="flex flex-wrap items-center justify-between gap-2">
          {entry.kind === 'newsletter' ? (
            <NewsletterBadge />
          ) : entry.category ? (
            <CategoryBadge category={entry.category} />
          ) : null}
          <time dateTime={entry.publishedAt} className="text-xs text-muted-foreground">
            {blogShortDate(entry.publishedAt)}
          </time>
        </div>
        <h2 id={titleId} className="text-lg leading-snug font-semibold tracking-tight">
          <EntryTitle entry={entry} />
        </h2>
        {entry.excerpt ? <p className="text-sm text-muted-foreground">{entry.excerpt}</p> : null}
        {entry.author ? <p className="text-sm font-medium">By {authorName(entry.author)}</p> : null}
      </div>
    </article>
  )
}
