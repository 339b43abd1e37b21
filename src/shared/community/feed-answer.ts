import type { FeedAnswer, FeedPage } from './schemas.ts'

/**
 * GET /api/community/posts as the feed shows it: each shared post joined with the
 * reader's likes (the answer sends them apart so the posts are compressed once, FeedAnswer).
 */
export function joinFeedAnswer(answer: FeedAnswer): FeedPage {
  const liked = new Set(answer.likedIds)
  return {
    posts: answer.posts.map((post) => ({
      id: post.id,
      content: post.content,
      media: post.media,
      createdAt: post.createdAt,
      author: post.author,
      likeCount: post.likeCount,
      likedByMe: liked.has(post.id),
      commentCount: post.commentCount,
    })),
    nextCursor: answer.nextCursor,
  }
}
