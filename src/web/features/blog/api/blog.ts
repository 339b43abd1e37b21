import { infiniteQueryOptions, queryOptions, useQueryClient } from '@tanstack/react-query'
import { blogDashboardCount } from '#shared/blog/constants.ts'
import { blogMessages } from '#shared/blog/messages.ts'
import type { BlogEntryView, BlogListPage, BlogPostView } from '#shared/blog/schemas.ts'
import { answer, isNotFoundError } from '#web/lib/api.ts'
import { useLiveTopic } from '#web/lib/live.ts'
import { blogApi, postParam } from '#web/features/blog/api/clients.ts'
import { blogKeys } from '#web/features/blog/api/keys.ts'

export { blogKeys } from '#web/features/blog/api/keys.ts'

// The member side of the blog (spec 001 §2 Blog page, the member dashboard's Latest
// Blog Posts, the community's column; issue 18): our published posts and the
// newsletter feed's items in one list, newest first. The admin side lives in
// admin-blog.ts, under ['blog', 'admin'].

/** /blog: the merged list a page at a time ('Load more posts'); `limit` follows the screen (spec 001 §9). */
export const blogListQuery = (limit: number) =>
  infiniteQueryOptions({
    queryKey: blogKeys.list(limit),
    queryFn: ({ pageParam, signal }): Promise<BlogListPage> =>
      answer(
        blogApi.index.$get(
          { query: { limit: String(limit), ...(pageParam ? { cursor: pageParam } : {}) } },
          { init: { signal } },
        ),
      ),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  })

/** The newest three entries: the member dashboard's card and the community's column (spec 001 §9). */
export const latestBlogEntriesQuery = () =>
  queryOptions({
    queryKey: blogKeys.latest,
    queryFn: async ({ signal }): Promise<BlogEntryView[]> =>
      (await answer(blogApi.index.$get({ query: { limit: String(blogDashboardCount) } }, { init: { signal } })))
        .entries,
    staleTime: 60_000,
  })

/** /blog/{postId}: one published post, its HTML rendered and sanitised by the server. */
export const blogPostQuery = (postId: string) =>
  queryOptions({
    queryKey: blogKeys.post(postId),
    queryFn: ({ signal }): Promise<BlogPostView> =>
      answer(blogApi.posts[':postId'].$get({ param: postParam(postId) }, { init: { signal } })),
  })

/** Is this refusal the post's absence (unknown, a draft, or a malformed id)? */
export function isBlogPostNotFound(error: unknown): boolean {
  return isNotFoundError(error, blogMessages.notFound)
}

/**
 * Every open list, card and page of the blog reads again when a post or the feed
 * changes (the live 'blog' topic). The editor's preview is left alone: it depends on
 * the text being typed, not on what is stored.
 */
export function useLiveBlog() {
  const queryClient = useQueryClient()
  const refresh = () =>
    void queryClient.invalidateQueries({
      queryKey: blogKeys.all,
      predicate: (query) => query.queryKey[2] !== 'preview',
    })
  useLiveTopic('blog', refresh, refresh)
}
