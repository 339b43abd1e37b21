import { useInfiniteQuery } from '@tanstack/react-query'
import { blogMessages } from '#shared/blog/messages.ts'
import { LoadFailedAlert } from '#web/components/load-failed-alert.tsx'
import { LoadMoreButton } from '#web/components/load-more-button.tsx'
import { PageTitle } from '#web/components/page-title.tsx'
import { blogListQuery, useLiveBlog } from '#web/features/blog/api/blog.ts'
import { BlogEntryCard } from '#web/features/blog/components/blog-entry-card.tsx'
import { useBlogPageSize } from '#web/features/blog/components/use-blog-page-size.ts'
import { messageOf } from '#web/lib/api.ts'

const gridClasses = 'grid gap-6 sm:grid-cols-2 lg:grid-cols-4'

function Skeletons({ count }: { count: number }) {
  return (
    <>
      <p role="status" className="sr-only">
        Loading posts…
      </p>
      <ul aria-hidden="true" className={gridClasses}>
        {Array.from({ length: count }, (_, index) => (
          <li key={index} className="overflow-hidden rounded-xl border border-border bg-card">
            <div className="aspect-[1200/630] animate-pulse bg-muted" />
            <div className="grid gap-3 p-5">
              <div className="h-4 w-24 animate-pulse rounded bg-muted" />
              <div className="h-5 w-4/5 animate-pulse rounded bg-muted" />
              <div className="h-12 animate-pulse rounded bg-muted" />
            </div>
          </li>
        ))}
      </ul>
    </>
  )
}

function Empty() {
  return (
    <div data-testid="blog-empty" className="grid justify-items-center gap-2 py-12 text-center">
      <h2 className="text-xl font-semibold">{blogMessages.emptyTitle}</h2>
      <p className="text-muted-foreground">{blogMessages.emptyBody}</p>
    </div>
  )
}

/**
 * /blog (spec 001 §2 Blog page; issue 18): our published posts and the newsletter's
 * items as cards, newest first; 8 a page on wide screens, 3 under 768 px, with
 * 'Load more posts'.
 */
export function BlogPage() {
  const pageSize = useBlogPageSize()
  const list = useInfiniteQuery(blogListQuery(pageSize))
  useLiveBlog()
  const entries = list.data?.pages.flatMap((page) => page.entries) ?? []

  return (
    <div className="mx-auto grid w-full max-w-6xl gap-8 px-4 py-10 sm:px-6">
      <header className="grid gap-2">
        <PageTitle>Blog</PageTitle>
        <h1 className="text-4xl font-semibold tracking-tight">Blog</h1>
        <p className="text-muted-foreground">
          Career advice, industry insights and tutorials from Prestige Labs, with the latest of our newsletter.
        </p>
      </header>

      <section aria-label="Blog posts" className="grid gap-6">
        {list.isPending ? (
          <Skeletons count={pageSize} />
        ) : list.isError && entries.length === 0 ? (
          // spec 001 §8: the failure, and the page's empty state
          <>
            <LoadFailedAlert className="pt-8" onRetry={() => void list.refetch()}>
              {messageOf(list.error, blogMessages.loadFailed)}
            </LoadFailedAlert>
            <Empty />
          </>
        ) : entries.length === 0 ? (
          <Empty />
        ) : (
          <ul className={gridClasses}>
            {entries.map((entry) => (
              <li key={`${entry.kind}-${entry.id}`}>
                <BlogEntryCard entry={entry} />
              </li>
            ))}
          </ul>
        )}
        <LoadMoreButton list={list} loadingLabel="Loading posts…">
          {blogMessages.loadMore}
        </LoadMoreButton>
      </section>
    </div>
  )
}
