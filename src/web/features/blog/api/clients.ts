import type { adminBlogRoutes, blogRoutes } from '#server/modules/blog/routes.ts'
import { apiClient } from '#web/lib/api-client.ts'

// The blog area's typed clients, one per server route group (mount bases: src/server/app.ts).

export const blogApi = apiClient<typeof blogRoutes>('/api/blog')
export const adminBlogApi = apiClient<typeof adminBlogRoutes>('/api/admin/blog')

/** A post id as a path segment (it may come from a hand-edited page URL). */
export const postParam = (postId: string) => ({ postId: encodeURIComponent(postId) })
