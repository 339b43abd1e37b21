import type { AdminBlogQuery } from '#shared/blog/schemas.ts'

/** The admin list's filters as they sit in the URL and the query key (no cursor: pages belong to one search). */
export type AdminBlogFilters = { q: string; status: AdminBlogQuery['status'] }

// The blog area's query keys (ARCHITECTURE.md rule 6): the member side and, under
// ['blog', 'admin'], the admins' side. A post or the feed changing may move any list
// (the merged list mixes both), so writes and live messages refresh all of ['blog'].
export const blogKeys = {
  all: ['blog'] as const,
  list: (limit: number) => ['blog', 'list', limit] as const,
  latest: ['blog', 'latest'] as const,
  post: (postId: string) => ['blog', 'post', postId] as const,
  admin: ['blog', 'admin'] as const,
  adminList: (filters: AdminBlogFilters) => ['blog', 'admin', 'list', filters] as const,
  adminPost: (postId: string) => ['blog', 'admin', 'post', postId] as const,
  preview: (content: string) => ['blog', 'admin', 'preview', content] as const,
  feed: ['blog', 'admin', 'feed'] as const,
}
