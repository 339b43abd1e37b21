import { z } from 'zod'
import { requiredText, PageQuery } from '#shared/common/fields.ts'

// The community feed (spec 000 §2 /community, §3 posts, §4, §5, §8 posts and trends).

// Decoded size, not file size, is what a viewer's browser pays for: a 400 KB PNG can
// claim 20000 x 20000 px and unpack into gigabytes. 50 MP is more than a photo that
// fits in 5 MB has; stored photos are at most 2048 px on the long side, plenty for a
// feed column and a full-screen view.
export const photoMaxPixels = 50_000_000
export const photoMaxSide = 2048

export const communityMessages = {
  postEmpty: 'Please add some text or media to your post.',
  fileTooLarge: 'File is too large. Please select a file under 5MB.',
  fileNotMedia: 'Please select an image or video file.',
  imageTooManyPixels: `This image is too large to show. Please select one under ${photoMaxPixels / 1_000_000} megapixels.`,
  imageUnreadable: 'This image could not be read. Please select another image.',
  videoUnreadable: 'This video could not be read. Please select an MP4, WebM or MOV video.',
  postCreated: 'Post created successfully!',
  postFailed: 'Failed to create post. Please try again.',
  postDeleted: 'Post deleted successfully',
  deleteFailed: 'Failed to delete post',
  confirmDelete: 'Are you sure you want to delete this post?',
  confirmDeleteComment: 'Are you sure you want to delete this comment?',
  postTooLong: 'Posts can be at most 5000 characters.',
  postNotFound: 'This post is no longer available',
  commentNotFound: 'This comment is no longer available',
  signInToContinue: 'Please sign in to continue',
  commentEmpty: 'Please write a comment first.',
  commentTooLong: 'Comments can be at most 2000 characters.',
  commentDeleted: 'Comment deleted',
  notYours: 'You do not have permission to perform this action',
  trendsSaved: 'Job trends updated successfully',
  trendsFailed: 'Failed to save trends',
  trendsTooMany: 'Each list can hold at most 20 items.',
  trendsItemTooLong: 'Each item can be at most 60 characters.',
} as const

export const postMaxLength = 5000
export const commentMaxLength = 2000
// spec 000 §9: media maximum 5 MB
export const mediaMaxBytes = 5 * 1024 * 1024
export const feedPageSize = 20
/** A post's comments come in pages (issue 23 §5): the latest first, earlier ones on request. */
export const commentsPageSize = 20
// spec 000 §9: image cache 3600 s
export const mediaCacheSeconds = 3600

export const PostContent = z.string().trim().max(postMaxLength, communityMessages.postTooLong)

export const CommentInput = z.object({
  content: requiredText(communityMessages.commentEmpty, commentMaxLength, communityMessages.commentTooLong),
})
export type CommentInput = z.infer<typeof CommentInput>

export const FeedQuery = PageQuery
export type FeedQuery = PageQuery

export const CommentsQuery = PageQuery
export type CommentsQuery = PageQuery

// spec 000 §5: one item per line, empty lines dropped on save
const TrendList = z
  .array(z.string().trim().max(60, communityMessages.trendsItemTooLong))
  .transform((items) => items.filter(Boolean))
  .pipe(z.array(z.string()).max(20, communityMessages.trendsTooMany))

export const JobTrends = z.object({
  trendingSkills: TrendList,
  inDemandRoles: TrendList,
  emergingRoles: TrendList,
})
export type JobTrends = z.infer<typeof JobTrends>

// spec 000 §3 platform_settings defaults
export const defaultJobTrends: JobTrends = {
  trendingSkills: ['React Native', 'Rust', 'AI/ML', 'Web3'],
  inDemandRoles: ['DevOps Engineer', 'Full-Stack Developer', 'Data Scientist'],
  emergingRoles: ['AI Prompt Engineer', 'Web3 Developer', 'Cloud Architect'],
}

export const trendListLabels: Record<keyof JobTrends, string> = {
  trendingSkills: 'Trending skills',
  inDemandRoles: 'In-demand roles',
  emergingRoles: 'Emerging roles',
}

export type Author = {
  id: string
  name: string
  avatarUrl: string | null
  isAdmin: boolean
}

export type PostView = {
  id: string
  content: string
  media: { url: string; type: 'image' | 'video' } | null
  createdAt: string
  author: Author
  likeCount: number
  likedByMe: boolean
  commentCount: number
}

export type CommentView = {
  id: string
  postId: string
  content: string
  createdAt: string
  author: Author
}

export type FeedPage = { posts: PostView[]; nextCursor: string | null }

/** A post as every member sees it: its view without the reader's own like. */
export type PostCard = Omit<PostView, 'likedByMe'>

/**
 * GET /api/community/posts as it travels: the posts every member shares (built and
 * compressed once per cached page, docs/decisions/034), then
 * `likedIds`, the posts of the page the reader likes (most readers like none of a
 * page: a few bytes). The web joins them back into a FeedPage (feed-answer.ts).
 */
export type FeedAnswer = { posts: PostCard[]; nextCursor: string | null; likedIds: string[] }

/**
 * One page of a post's comments: the latest `commentsPageSize` before the cursor,
 * shown oldest first (spec 000 §7 reads them ascending); `nextCursor` asks for the
 * earlier ones, null when there are none.
 */
export type CommentsPage = { comments: CommentView[]; nextCursor: string | null }

export type ProfileCard = {
  name: string
  email: string
  location: string | null
  experienceLevel: string | null
  avatarUrl: string | null
  isAdmin: boolean
  postCount: number
  memberSince: string
}

/** What the community topic of the live stream carries (spec 000 §4: changes refresh the affected post live). */
export type CommunityEvent =
  | { type: 'post.created'; data: { post: PostView } }
  | { type: 'post.deleted'; data: { postId: string } }
  | { type: 'post.liked'; data: { postId: string; likeCount: number; userId: string; liked: boolean } }
  | { type: 'comment.created'; data: { comment: CommentView; commentCount: number } }
  | { type: 'comment.deleted'; data: { postId: string; commentId: string; commentCount: number } }
  | { type: 'trends.updated'; data: { trends: JobTrends } }
