import {
  infiniteQueryOptions,
  queryOptions,
  useMutation,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query'
import type { CommentsPage, CommentView, FeedPage, JobTrends, PostView } from '#shared/community/schemas.ts'
import { joinFeedAnswer } from '#shared/community/feed-answer.ts'
import type { LiveMessage } from '#shared/live.ts'
import type { communityRoutes } from '#server/modules/community/routes.ts'
import { apiClient } from '#web/lib/api-client.ts'
import { answer } from '#web/lib/api.ts'

const communityApi = apiClient<typeof communityRoutes>('/api/community')

export const communityKeys = {
  all: ['community'] as const,
  feed: ['community', 'feed'] as const,
  comments: (postId: string) => ['community', 'comments', postId] as const,
  trends: ['community', 'trends'] as const,
  profileCard: ['community', 'profile-card'] as const,
}

export const feedQuery = () =>
  infiniteQueryOptions({
    queryKey: communityKeys.feed,
    // the shared posts and the reader's likes travel apart (FeedAnswer): joined here
    queryFn: async ({ pageParam, signal }) =>
      joinFeedAnswer(
        await answer(communityApi.posts.$get({ query: pageParam ? { cursor: pageParam } : {} }, { init: { signal } })),
      ),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  })

/**
 * A post's comments, a page at a time: the first page is the latest comments, each
 * next page the ones written before (issue 23 §5). Pages come oldest first inside.
 */
export const commentsQuery = (postId: string) =>
  infiniteQueryOptions({
    queryKey: communityKeys.comments(postId),
    queryFn: ({ pageParam, signal }) =>
      answer(
        communityApi.posts[':postId'].comments.$get(
          { param: { postId }, query: pageParam ? { cursor: pageParam } : {} },
          { init: { signal } },
        ),
      ),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  })

type Comments = InfiniteData<CommentsPage, string>

/** The comments loaded so far, oldest first: the earlier pages above the latest one. */
export function commentsShown(data: { pages: CommentsPage[] } | undefined): CommentView[] {
  return data ? [...data.pages].reverse().flatMap((page) => page.comments) : []
}

export const trendsQuery = () =>
  queryOptions({
    queryKey: communityKeys.trends,
    queryFn: ({ signal }) => answer(communityApi.trends.$get({}, { init: { signal } })),
  })

export const profileCardQuery = () =>
  queryOptions({
    queryKey: communityKeys.profileCard,
    queryFn: ({ signal }) => answer(communityApi['profile-card'].$get({}, { init: { signal } })),
  })

type Feed = InfiniteData<FeedPage, string>

function updatePosts(queryClient: QueryClient, change: (posts: PostView[], pageIndex: number) => PostView[]) {
  queryClient.setQueryData<Feed>(communityKeys.feed, (feed) =>
    feed ? { ...feed, pages: feed.pages.map((page, index) => ({ ...page, posts: change(page.posts, index) })) } : feed,
  )
}

function updatePost(queryClient: QueryClient, postId: string, change: (post: PostView) => PostView) {
  updatePosts(queryClient, (posts) => posts.map((post) => (post.id === postId ? change(post) : post)))
}

function addPost(queryClient: QueryClient, post: PostView) {
  updatePosts(queryClient, (posts, index) => {
    if (index !== 0) return posts
    return posts.some((existing) => existing.id === post.id) ? posts : [post, ...posts]
  })
}

function removePost(queryClient: QueryClient, postId: string) {
  updatePosts(queryClient, (posts) => posts.filter((post) => post.id !== postId))
  queryClient.removeQueries({ queryKey: communityKeys.comments(postId) })
}

/**
 * Adds or removes one comment in the post's loaded pages (a new one joins the latest
 * page, at the bottom); the post's count follows, or is set when the server said it.
 */
function changeComments(
  queryClient: QueryClient,
  postId: string,
  change: { add: CommentView } | { remove: string },
  commentCount?: number,
) {
  let delta = 0
  queryClient.setQueryData<Comments>(communityKeys.comments(postId), (data) => {
    if (!data) return data
    const loaded = (id: string) => data.pages.some((page) => page.comments.some((c) => c.id === id))
    if ('add' in change) {
      if (loaded(change.add.id)) return data
      delta = 1
      return {
        ...data,
        pages: data.pages.map((page, index) =>
          index === 0 ? { ...page, comments: [...page.comments, change.add] } : page,
        ),
      }
    }
    if (!loaded(change.remove)) return data
    delta = -1
    return {
      ...data,
      pages: data.pages.map((page) => ({ ...page, comments: page.comments.filter((c) => c.id !== change.remove) })),
    }
  })
  updatePost(queryClient, postId, (post) => ({
    ...post,
    commentCount: commentCount ?? Math.max(0, post.commentCount + delta),
  }))
}

/**
 * Applies a live community event to what this browser shows (spec 000 §4: changes
 * refresh the affected post live). Every step is idempotent: the author's own
 * changes come back on the stream too.
 */
export function applyCommunityEvent(
  queryClient: QueryClient,
  event: LiveMessage<'community'>,
  viewerId: string | undefined,
) {
  switch (event.type) {
    case 'post.created':
      return addPost(queryClient, event.data.post)
    case 'post.deleted':
      return removePost(queryClient, event.data.postId)
    case 'post.liked': {
      const { postId, likeCount, userId, liked } = event.data
      return updatePost(queryClient, postId, (post) => ({
        ...post,
        likeCount,
        likedByMe: userId === viewerId ? liked : post.likedByMe,
      }))
    }
    case 'comment.created':
      return changeComments(
        queryClient,
        event.data.comment.postId,
        { add: event.data.comment },
        event.data.commentCount,
      )
    case 'comment.deleted':
      return changeComments(queryClient, event.data.postId, { remove: event.data.commentId }, event.data.commentCount)
    case 'trends.updated':
      return queryClient.setQueryData(communityKeys.trends, event.data.trends)
  }
}

export function useCreatePost() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (form: FormData) => answer(communityApi.posts.$post({}, { init: { body: form } })),
    onSuccess: (post) => {
      addPost(queryClient, post)
      void queryClient.invalidateQueries({ queryKey: communityKeys.profileCard })
    },
  })
}

export function useDeletePost() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (postId: string) => answer(communityApi.posts[':postId'].$delete({ param: { postId } })),
    onSuccess: (_, postId) => {
      removePost(queryClient, postId)
      void queryClient.invalidateQueries({ queryKey: communityKeys.profileCard })
    },
  })
}

export function useToggleLike() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ postId, like }: { postId: string; like: boolean }) =>
      answer(communityApi.posts[':postId'].like[like ? '$put' : '$delete']({ param: { postId } })),
    onSuccess: ({ likeCount, liked }, { postId }) =>
      updatePost(queryClient, postId, (post) => ({ ...post, likeCount, likedByMe: liked })),
  })
}

export function useAddComment(postId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (content: string) =>
      answer(communityApi.posts[':postId'].comments.$post({ param: { postId }, json: { content } })),
    onSuccess: (comment) => changeComments(queryClient, postId, { add: comment }),
  })
}

export function useDeleteComment(postId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (commentId: string) => answer(communityApi.comments[':commentId'].$delete({ param: { commentId } })),
    onSuccess: (_, commentId) => changeComments(queryClient, postId, { remove: commentId }),
  })
}

export function useSaveTrends() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (trends: JobTrends) => answer(communityApi.trends.$put({ json: trends })),
    onSuccess: (trends) => queryClient.setQueryData(communityKeys.trends, trends),
  })
}
