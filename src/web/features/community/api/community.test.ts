import { QueryClient, type InfiniteData } from '@tanstack/react-query'
import { beforeEach, describe, expect, test } from 'vitest'
import {
  defaultJobTrends,
  type CommentsPage,
  type CommentView,
  type CommunityEvent,
  type FeedPage,
  type JobTrends,
  type PostView,
} from '#shared/community/schemas.ts'
import type { LiveMessage } from '#shared/live.ts'
import { applyCommunityEvent, commentsShown, communityKeys } from './community.ts'

// The live feed's cache logic (spec 000 §4: changes refresh the affected post live),
// on a real QueryClient without a browser.

const me = 'member-me'
const other = 'member-other'
const author = { id: other, name: 'Grace Hopper', avatarUrl: null, isAdmin: false }

const post = (id: string, changes: Partial<PostView> = {}): PostView => ({
  id,
  content: `Post ${id}`,
  media: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  author,
  likeCount: 0,
  likedByMe: false,
  commentCount: 0,
  ...changes,
})

const comment = (id: string, postId: string): CommentView => ({
  id,
  postId,
  content: `Comment ${id}`,
  createdAt: '2026-01-01T00:00:00.000Z',
  author,
})

let sequence = 0
const message = (event: CommunityEvent): LiveMessage<'community'> => ({ id: ++sequence, topic: 'community', ...event })

type Feed = InfiniteData<FeedPage, string>
type Comments = InfiniteData<CommentsPage, string>

/** Loaded comment pages: the first is the latest, each next one the comments before it. */
const commentPages = (...pages: CommentView[][]): Comments => ({
  pages: pages.map((comments, index) => ({ comments, nextCursor: index < pages.length - 1 ? `c${index}` : null })),
  pageParams: pages.map((_, index) => (index === 0 ? '' : `c${index - 1}`)),
})

describe('live community events in the feed this browser shows', () => {
  let queryClient: QueryClient
  const feed = () => queryClient.getQueryData<Feed>(communityKeys.feed)
  const feedPosts = () => feed()?.pages.flatMap((page) => page.posts) ?? []
  const shown = (postId: string) => feedPosts().find((p) => p.id === postId)
  const apply = (event: CommunityEvent, viewerId: string | undefined = me) =>
    applyCommunityEvent(queryClient, message(event), viewerId)
  const commentIds = (postId: string) =>
    commentsShown(queryClient.getQueryData<Comments>(communityKeys.comments(postId))).map((c) => c.id)

  beforeEach(() => {
    queryClient = new QueryClient()
    queryClient.setQueryData<Feed>(communityKeys.feed, {
      pages: [
        { posts: [post('p2', { likeCount: 3, likedByMe: true, commentCount: 1 }), post('p1')], nextCursor: 'next' },
        { posts: [post('p0')], nextCursor: null },
      ],
      pageParams: ['', 'next'],
    })
  })

  test('a new post from another member appears at the top of the feed', () => {
    apply({ type: 'post.created', data: { post: post('p3') } })
    expect(feed()?.pages[0]?.posts.map((p) => p.id)).toEqual(['p3', 'p2', 'p1'])
    expect(feed()?.pages[1]?.posts.map((p) => p.id)).toEqual(['p0'])
  })

  test('my own new post, already shown when I published it, is not shown twice when its event arrives', () => {
    apply({ type: 'post.created', data: { post: post('p2') } })
    expect(feedPosts().map((p) => p.id)).toEqual(['p2', 'p1', 'p0'])
  })

  test('a deleted post disappears from every page of the feed, with its comments', () => {
    queryClient.setQueryData(communityKeys.comments('p0'), commentPages([comment('c1', 'p0')]))
    apply({ type: 'post.deleted', data: { postId: 'p0' } })
    expect(shown('p0')).toBeUndefined()
    expect(queryClient.getQueryData(communityKeys.comments('p0'))).toBeUndefined()
  })

  test('a like from another member raises the count without changing my own like', () => {
    apply({ type: 'post.liked', data: { postId: 'p1', likeCount: 1, userId: other, liked: true } })
    expect(shown('p1')).toMatchObject({ likeCount: 1, likedByMe: false })
    apply({ type: 'post.liked', data: { postId: 'p2', likeCount: 2, userId: other, liked: false } })
    expect(shown('p2')).toMatchObject({ likeCount: 2, likedByMe: true })
  })

  test('my like made in another tab shows as mine here too', () => {
    apply({ type: 'post.liked', data: { postId: 'p1', likeCount: 1, userId: me, liked: true } })
    expect(shown('p1')).toMatchObject({ likeCount: 1, likedByMe: true })
  })

  test('a visitor watching the feed sees the count change but never a like of their own', () => {
    apply({ type: 'post.liked', data: { postId: 'p1', likeCount: 5, userId: other, liked: true } }, undefined)
    expect(shown('p1')).toMatchObject({ likeCount: 5, likedByMe: false })
  })

  test('a new comment joins the open comment list once, and the post shows the server’s count', () => {
    queryClient.setQueryData(communityKeys.comments('p2'), commentPages([comment('c1', 'p2')]))
    const event: CommunityEvent = { type: 'comment.created', data: { comment: comment('c2', 'p2'), commentCount: 2 } }
    apply(event)
    apply(event)
    expect(commentIds('p2')).toEqual(['c1', 'c2'])
    expect(shown('p2')?.commentCount).toBe(2)
  })

  test('with earlier comments loaded too, a new comment goes below the latest ones, and one deleted from an earlier page leaves it', () => {
    queryClient.setQueryData(
      communityKeys.comments('p2'),
      commentPages([comment('c3', 'p2'), comment('c4', 'p2')], [comment('c1', 'p2'), comment('c2', 'p2')]),
    )
    expect(commentIds('p2')).toEqual(['c1', 'c2', 'c3', 'c4'])
    apply({ type: 'comment.created', data: { comment: comment('c5', 'p2'), commentCount: 5 } })
    apply({ type: 'comment.created', data: { comment: comment('c2', 'p2'), commentCount: 5 } })
    expect(commentIds('p2')).toEqual(['c1', 'c2', 'c3', 'c4', 'c5'])
    apply({ type: 'comment.deleted', data: { postId: 'p2', commentId: 'c1', commentCount: 4 } })
    expect(commentIds('p2')).toEqual(['c2', 'c3', 'c4', 'c5'])
    expect(shown('p2')?.commentCount).toBe(4)
  })

  test('a comment on a post whose comments are closed still updates the post’s count', () => {
    apply({ type: 'comment.created', data: { comment: comment('c9', 'p1'), commentCount: 1 } })
    expect(shown('p1')?.commentCount).toBe(1)
    expect(queryClient.getQueryData(communityKeys.comments('p1'))).toBeUndefined()
  })

  test('a deleted comment leaves the open list and the post’s count follows', () => {
    queryClient.setQueryData(communityKeys.comments('p2'), commentPages([comment('c1', 'p2')]))
    apply({ type: 'comment.deleted', data: { postId: 'p2', commentId: 'c1', commentCount: 0 } })
    expect(commentIds('p2')).toEqual([])
    expect(shown('p2')?.commentCount).toBe(0)
  })

  test('new job trends from an admin replace the ones on screen', () => {
    queryClient.setQueryData(communityKeys.trends, defaultJobTrends)
    const trends: JobTrends = { trendingSkills: ['Rust'], inDemandRoles: [], emergingRoles: ['Prompt Engineer'] }
    apply({ type: 'trends.updated', data: { trends } })
    expect(queryClient.getQueryData(communityKeys.trends)).toEqual(trends)
  })

  test('events arriving before the feed has loaded change nothing and break nothing', () => {
    queryClient = new QueryClient()
    apply({ type: 'post.created', data: { post: post('p3') } })
    apply({ type: 'post.liked', data: { postId: 'p3', likeCount: 1, userId: other, liked: true } })
    expect(feed()).toBeUndefined()
  })
})
