import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query'
import { adminBlogMessages } from '#shared/blog/messages.ts'
import type {
  AdminBlogPage,
  AdminBlogPostView,
  BlogDraftInput,
  BlogImageAnswer,
  BlogPostInput,
  DraftSaved,
  NewsletterFeedInput,
  NewsletterFeedStatus,
} from '#shared/blog/schemas.ts'
import { answer } from '#web/lib/api.ts'
import { useToastedMutation } from '#web/lib/use-toasted-mutation.ts'
import { adminBlogApi, postParam } from '#web/features/blog/api/clients.ts'
import { blogKeys, type AdminBlogFilters } from '#web/features/blog/api/keys.ts'

// The admin side of the blog (spec 002 §2 Blog management, §4 auto-save; issue 18:
// the editor's preview and the newsletter feed). Every write refreshes all of
// ['blog'], so the members' list and the dashboards show it too.

export const adminBlogPostsQuery = ({ q, status }: AdminBlogFilters) =>
  infiniteQueryOptions({
    queryKey: blogKeys.adminList({ q: q.trim(), status }),
    queryFn: ({ pageParam, signal }): Promise<AdminBlogPage> =>
      answer(
        adminBlogApi.index.$get(
          { query: { q: q.trim() || undefined, status, cursor: pageParam || undefined } },
          { init: { signal } },
        ),
      ),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    // typing in the search box keeps the last list on screen until the next arrives
    placeholderData: keepPreviousData,
  })

/**
 * One post as the editor opens it: what is stored now, autosaved changes included.
 * Forgotten as soon as the editor closes: a draft's autosaves (the last one sent as it
 * closes) change it without a live event, and the editor fills itself from the first answer.
 */
export const adminBlogPostQuery = (postId: string) =>
  queryOptions({
    queryKey: blogKeys.adminPost(postId),
    queryFn: ({ signal }): Promise<AdminBlogPostView> =>
      answer(adminBlogApi[':postId'].$get({ param: postParam(postId) }, { init: { signal } })),
    gcTime: 0,
  })

/** The editor's preview: the server's renderer and sanitiser, so it shows exactly what members get. */
export const blogPreviewQuery = (content: string) =>
  queryOptions({
    queryKey: blogKeys.preview(content),
    queryFn: async ({ signal }): Promise<string> =>
      (await answer(adminBlogApi.preview.$post({ json: { content } }, { init: { signal } }))).html,
    staleTime: Infinity,
  })

export const newsletterFeedQuery = () =>
  queryOptions({
    queryKey: blogKeys.feed,
    queryFn: ({ signal }): Promise<NewsletterFeedStatus> => answer(adminBlogApi.feed.$get({}, { init: { signal } })),
  })

/** spec 002 §5 Image upload: the image is stored first (checked by its bytes) and its key sent with the post. */
export function useUploadBlogImage() {
  return useMutation({
    mutationFn: (image: File): Promise<BlogImageAnswer> => {
      const form = new FormData()
      form.set('image', image)
      return answer(adminBlogApi.images.$post(undefined, { init: { body: form } }))
    },
    // the form says why, under the image field
  })
}

/** Creates a post, or saves an edit ('Update'). */
export function useSaveBlogPost() {
  return useToastedMutation({
    mutationFn: ({ postId, values }: { postId?: string; values: BlogPostInput }): Promise<AdminBlogPostView> =>
      postId
        ? answer(adminBlogApi[':postId'].$put({ param: postParam(postId), json: values }))
        : answer(adminBlogApi.index.$post({ json: values })),
    success: (_post, { postId }) => (postId ? adminBlogMessages.updated : adminBlogMessages.created),
    refresh: blogKeys.all,
    // no failure toast: the form says why, once (lib/form-errors.ts)
  })
}

/**
 * spec 002 §4 auto-save of a draft (its status untouched). A published post is
 * refused (409, adminBlogMessages.autosaveDraftsOnly); the editor says so in its
 * status line, never in a toast.
 */
export function useAutosaveBlogDraft(postId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (values: BlogDraftInput): Promise<DraftSaved> =>
      answer(adminBlogApi[':postId'].draft.$put({ param: postParam(postId), json: values })),
    // the admin list shows the new title and excerpt; the open editor keeps its own text
    onSuccess: () =>
      void queryClient.invalidateQueries({
        queryKey: blogKeys.admin,
        predicate: (query) => query.queryKey[2] === 'list',
      }),
  })
}

export function useDeleteBlogPost() {
  return useToastedMutation({
    mutationFn: (postId: string) => answer(adminBlogApi[':postId'].$delete({ param: postParam(postId) })),
    success: adminBlogMessages.deleted,
    failure: adminBlogMessages.deleteFailed,
    refresh: blogKeys.all,
    // spec 002 §8: a failed delete in a list reloads the list
    refreshOnError: true,
  })
}

/** Saves the newsletter feed's address; null turns the newsletter off. */
export function useSetNewsletterFeed() {
  const queryClient = useQueryClient()
  return useToastedMutation({
    mutationFn: (input: NewsletterFeedInput): Promise<NewsletterFeedStatus> =>
      answer(adminBlogApi.feed.$put({ json: input })),
    success: adminBlogMessages.feedSaved,
    onSuccess: (status) => queryClient.setQueryData(blogKeys.feed, status),
    refresh: blogKeys.all,
    // no failure toast: the form says why, under the address
  })
}

/** Fetches the feed again now, in the background (202); the card watches its status change. */
export function useRefreshNewsletterFeed() {
  const queryClient = useQueryClient()
  return useToastedMutation({
    mutationFn: (): Promise<NewsletterFeedStatus> => answer(adminBlogApi.feed.refresh.$post()),
    success: adminBlogMessages.feedRefreshQueued,
    failure: 'The newsletter feed could not be refreshed',
    onSuccess: (status) => queryClient.setQueryData(blogKeys.feed, status),
  })
}
