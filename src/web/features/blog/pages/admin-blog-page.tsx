import { useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { useInfiniteQuery } from '@tanstack/react-query'
import { Eye, Pencil, Plus, Trash2 } from 'lucide-react'
import { blogSearchMaxLength } from '#shared/blog/constants.ts'
import { adminBlogMessages } from '#shared/blog/messages.ts'
import { adminBlogStatusFilters, type AdminBlogPostView } from '#shared/blog/schemas.ts'
import { pathTo } from '#shared/pages.ts'
import { LoadMoreButton } from '#web/components/load-more-button.tsx'
import { PageTitle } from '#web/components/page-title.tsx'
import { BackLink } from '#web/components/ui/back-link.tsx'
import { Button, buttonClasses } from '#web/components/ui/button.tsx'
import { DataTable } from '#web/components/ui/data-table.tsx'
import { IconActionButton } from '#web/components/ui/icon-action-button.tsx'
import { controlClasses } from '#web/components/ui/input.tsx'
import { Label } from '#web/components/ui/label.tsx'
import { SegmentedToggle } from '#web/components/ui/segmented-toggle.tsx'
import { StatusBadge } from '#web/components/ui/status-badge.tsx'
import { adminBlogPostsQuery } from '#web/features/blog/api/admin-blog.ts'
import { useLiveBlog } from '#web/features/blog/api/blog.ts'
import type { AdminBlogFilters } from '#web/features/blog/api/keys.ts'
import { blogShortDate } from '#web/features/blog/components/blog-format.ts'
import { BlogPostFormDialog, type BlogPostTarget } from '#web/features/blog/components/blog-post-form-dialog.tsx'
import { DeletePostDialog } from '#web/features/blog/components/delete-post-dialog.tsx'
import { NewsletterFeedCard } from '#web/features/blog/components/newsletter-feed-card.tsx'
import { messageOf } from '#web/lib/api.ts'
import { cn } from '#web/lib/cn.ts'
import { useUrlTextParam } from '#web/lib/use-url-text-param.ts'

type StatusFilter = AdminBlogFilters['status']

const statusLabels: Record<StatusFilter, string> = { all: 'All', draft: 'Drafts', published: 'Published' }

const statusOptions = adminBlogStatusFilters.map((value) => ({ value, label: statusLabels[value] }))

const columns = ['Title', 'Status', 'Published', 'Excerpt', 'Actions']

function statusOf(value: string | null): StatusFilter {
  return adminBlogStatusFilters.find((status) => status === value) ?? 'all'
}

/** The editor in the URL (?post=new or ?post=<id>): a reload, or a shared link, opens it again. */
function targetOf(value: string | null): BlogPostTarget {
  if (!value) return null
  return value === 'new' ? {} : { postId: value }
}

/**
 * /admin/blog (spec 002 §2 Blog management; issue 18): the posts, drafts and
 * published, searched by title or excerpt; new, view, edit and delete; and the
 * newsletter feed whose items join our posts on the blog.
 */
export function AdminBlogPage() {
  const [search, setSearch] = useUrlTextParam('q')
  const [params, setParams] = useSearchParams()
  const q = params.get('q') ?? ''
  const status = statusOf(params.get('status'))
  const target = targetOf(params.get('post'))
  const posts = useInfiniteQuery(adminBlogPostsQuery({ q, status }))
  useLiveBlog()
  const [deleting, setDeleting] = useState<AdminBlogPostView | null>(null)
  const list = posts.data?.pages.flatMap((page) => page.posts)

  const setParam = (name: string, value: string | null) =>
    setParams(
      (previous) => {
        const updated = new URLSearchParams(previous)
        if (value === null) updated.delete(name)
        else updated.set(name, value)
        return updated
      },
      { replace: true },
    )

  return (
    <div className="grid gap-6">
      <BackLink to={pathTo('admin')}>Back to Admin Dashboard</BackLink>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="grid gap-1">
          <PageTitle>Blog Management</PageTitle>
          <h1 className="text-2xl font-semibold tracking-tight">Blog management</h1>
          <p className="text-sm text-muted-foreground">
            Posts of the members&rsquo; blog. Drafts stay here until they are published.
          </p>
        </div>
        <Button onClick={() => setParam('post', 'new')}>
          <Plus aria-hidden="true" className="size-4" />
          New Post
        </Button>
      </div>

      <div className="flex flex-wrap items-end justify-between gap-4">
        <SegmentedToggle
          label="Which posts"
          options={statusOptions}
          value={status}
          onChange={(option) => setParam('status', option === 'all' ? null : option)}
        />
        <div className="grid w-full max-w-md gap-1.5">
          <Label htmlFor="admin-blog-search">Search by title or excerpt</Label>
          <input
            id="admin-blog-search"
            type="search"
            value={search}
            onChange={(change) => setSearch(change.target.value)}
            maxLength={blogSearchMaxLength}
            className={cn(controlClasses, 'h-10')}
          />
        </div>
      </div>

      {posts.isPending ? (
        <p role="status" className="text-muted-foreground">
          Loading posts…
        </p>
      ) : null}
      {posts.isError ? <p role="alert">{messageOf(posts.error, adminBlogMessages.loadFailed)}</p> : null}
      {list && list.length === 0 ? (
        <p className="rounded-xl border border-dashed border-border p-8 text-center text-muted-foreground">
          {adminBlogMessages.empty}
        </p>
      ) : null}
      {list && list.length > 0 ? (
        <div className="grid gap-2">
          <DataTable caption="Blog posts" columns={columns}>
            {list.map((post) => (
              <tr key={post.id} className="border-b border-border align-middle last:border-b-0">
                <th scope="row" className="px-3 py-2 font-medium">
                  {post.title}
                  <span className="block text-xs font-normal text-muted-foreground">{post.category}</span>
                </th>
                <td className="px-3 py-2">
                  <StatusBadge live={post.status === 'published'}>
                    {post.status === 'published' ? 'Published' : 'Draft'}
                  </StatusBadge>
                </td>
                <td className="px-3 py-2 whitespace-nowrap">
                  {post.publishedAt ? (
                    <time dateTime={post.publishedAt}>{blogShortDate(post.publishedAt)}</time>
                  ) : (
                    <span className="text-muted-foreground">—</span>
                  )}
                </td>
                <td className="max-w-sm px-3 py-2 text-muted-foreground">
                  <span className="line-clamp-2">{post.cardExcerpt}</span>
                </td>
                <td className="px-3 py-2">
                  <div className="flex gap-0.5">
                    <Link
                      to={pathTo('blogPost', { postId: post.id })}
                      aria-label={`View ${post.title}`}
                      title="View"
                      className={buttonClasses('ghost', 'sm')}
                    >
                      <Eye aria-hidden="true" className="size-4" />
                    </Link>
                    <IconActionButton
                      label={`Edit ${post.title}`}
                      hint="Edit"
                      icon={Pencil}
                      onClick={() => setParam('post', post.id)}
                    />
                    <IconActionButton
                      label={`Delete ${post.title}`}
                      hint="Delete"
                      icon={Trash2}
                      destructive
                      onClick={() => setDeleting(post)}
                    />
                  </div>
                </td>
              </tr>
            ))}
          </DataTable>
          <LoadMoreButton list={posts} />
        </div>
      ) : null}

      <NewsletterFeedCard />

      <BlogPostFormDialog target={target} onClose={() => setParam('post', null)} />
      <DeletePostDialog post={deleting} onClose={() => setDeleting(null)} />
    </div>
  )
}
