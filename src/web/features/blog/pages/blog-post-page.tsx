import { Link, useParams } from 'react-router'
import { useQuery } from '@tanstack/react-query'
import { Clock } from 'lucide-react'
import { blogMessages } from '#shared/blog/messages.ts'
import type { BlogPostView } from '#shared/blog/schemas.ts'
import { pathTo } from '#shared/pages.ts'
import { Avatar } from '#web/components/avatar.tsx'
import { LoadFailedAlert } from '#web/components/load-failed-alert.tsx'
import { PageNotice } from '#web/components/page-notice.tsx'
import { PageTitle } from '#web/components/page-title.tsx'
import { RichText } from '#web/components/rich-text.tsx'
import { BackLink } from '#web/components/ui/back-link.tsx'
import { StatusBadge } from '#web/components/ui/status-badge.tsx'
import { buttonClasses } from '#web/components/ui/button.tsx'
import { blogPostQuery, isBlogPostNotFound, useLiveBlog } from '#web/features/blog/api/blog.ts'
import { CategoryBadge } from '#web/features/blog/components/blog-badges.tsx'
import { authorName, blogDate, wasUpdatedAfter } from '#web/features/blog/components/blog-format.ts'
import { BlogImage } from '#web/features/blog/components/blog-image.tsx'
import { messageOf } from '#web/lib/api.ts'

const pageClasses = 'mx-auto grid w-full max-w-3xl gap-8 px-4 py-10 sm:px-6'
const backToBlog = <BackLink to={pathTo('blog')}>Back to Blog</BackLink>

function NotFound() {
  return (
    <PageNotice title={blogMessages.notFoundTitle}>
      <p className="text-muted-foreground">
        {blogMessages.notFound}. It may have been removed, or the link is incomplete.
      </p>
      <Link to={pathTo('blog')} className={buttonClasses('primary')}>
        Back to Blog
      </Link>
    </PageNotice>
  )
}

function Post({ post }: { post: BlogPostView }) {
  return (
    <div className={pageClasses}>
      <PageTitle>{post.title}</PageTitle>
      {backToBlog}
      <article aria-labelledby="blog-post-title" className="grid gap-6">
        <header className="grid gap-4">
          <BlogImage imageUrl={post.imageUrl} eager className="aspect-[1200/630] w-full rounded-xl" />
          <CategoryBadge category={post.category} />
          <h1 id="blog-post-title" className="text-3xl font-semibold tracking-tight sm:text-4xl">
            {post.title}
          </h1>
          <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-muted-foreground">
            {post.author ? (
              <span className="flex items-center gap-2 font-medium text-foreground">
                <Avatar name={authorName(post.author)} url={post.author.avatarUrl} size="sm" />
                {authorName(post.author)}
              </span>
            ) : null}
            {post.publishedAt ? (
              <span>
                Published <time dateTime={post.publishedAt}>{blogDate(post.publishedAt)}</time>
              </span>
            ) : (
              // only admins read a draft here: it says so, so nobody takes it for the published post
              <StatusBadge live={false}>Draft: not published</StatusBadge>
            )}
            {post.publishedAt && wasUpdatedAfter(post.publishedAt, post.updatedAt) ? (
              <span>
                Updated <time dateTime={post.updatedAt}>{blogDate(post.updatedAt)}</time>
              </span>
            ) : null}
            <span className="flex items-center gap-1">
              <Clock aria-hidden="true" className="size-4" />
              {post.readingMinutes} min read
            </span>
          </div>
        </header>
        {/* contentHtml is rendered from Markdown and sanitised by the server (platform/markdown.ts) */}
        <RichText data-testid="blog-post-content" html={post.contentHtml} />
      </article>
    </div>
  )
}

/**
 * /blog/{postId} (issue 18): one of our posts, read in the app. A missing post (or a
 * draft, for members) shows the 'Post Not Found' panel.
 */
export function BlogPostPage() {
  const { postId = '' } = useParams()
  const post = useQuery(blogPostQuery(postId))
  useLiveBlog()

  // a post removed while open is gone, even though its last copy is still in hand
  if (post.isError && isBlogPostNotFound(post.error)) return <NotFound />
  if (post.data) return <Post post={post.data} />
  return (
    <div className={pageClasses}>
      <PageTitle>Blog post</PageTitle>
      {backToBlog}
      {post.isError ? (
        <LoadFailedAlert className="py-8" onRetry={() => void post.refetch()}>
          {messageOf(post.error, blogMessages.loadFailed)}
        </LoadFailedAlert>
      ) : (
        <p role="status" className="py-8 text-center text-muted-foreground">
          Loading post…
        </p>
      )}
    </div>
  )
}
