import type { FeedAnswer, FeedPage, PostCard, PostView } from './schemas.ts'

/** A shared post with the reader's like: field by field, not spread (decision 011). */
export function withLike(post: PostCard, likedByMe: boolean): PostView {
  return {
    id: post.id,
    content: post.content,
    media: post.media,
    createdAt: post.createdAt,
    author: post.author,
    likeCount: post.likeCount,
    likedByMe,
    commentCount: post.commentCount,
  }
}

/**
 * GET /api/community/posts as the feed shows it: each shared post joined with the
 * reader's likes (the answer sends them apart so the posts are compressed once, FeedAnswer).
 */
export function joinFeedAnswer(answer: FeedAnswer): FeedPage {
  const liked = new Set(answer.likedIds)
  return {
    posts: answer.posts.map((post) => withLike(post, liked.has(post.id))),
    nextCursor: answer.nextCursor,
  }
}
