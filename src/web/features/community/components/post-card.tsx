import { useState } from 'react'
import { Heart, MessageCircle, Trash2 } from 'lucide-react'
import { toast } from 'sonner'
import { communityMessages, type PostView } from '#shared/community/schemas.ts'
import { Avatar } from '#web/components/avatar.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { Card, CardContent } from '#web/components/ui/card.tsx'
import { Dialog, DialogClose, DialogContent } from '#web/components/ui/dialog.tsx'
import { useDeletePost, useToggleLike } from '#web/features/community/api/community.ts'
import { PostComments } from '#web/features/community/components/post-comments.tsx'
import { AdminBadge } from '#web/features/community/components/profile-card.tsx'
import { RelativeTime } from '#web/components/relative-time.tsx'
import { messageOf } from '#web/lib/api.ts'
import { cn } from '#web/lib/cn.ts'

export function PostCard({
  post,
  viewerId,
  viewerIsAdmin,
}: {
  post: PostView
  viewerId: string
  viewerIsAdmin: boolean
}) {
  const [showComments, setShowComments] = useState(false)
  const [confirming, setConfirming] = useState(false)
  const toggleLike = useToggleLike()
  const deletePost = useDeletePost()
  // spec 000 §5: the author sees delete; admins too (moderation)
  const canDelete = post.author.id === viewerId || viewerIsAdmin

  return (
    <Card aria-label={`Post by ${post.author.name}`} role="article">
      <CardContent className="grid gap-3 p-4">
        <header className="flex items-start justify-between gap-3">
          <div className="flex items-center gap-3">
            <Avatar name={post.author.name} url={post.author.avatarUrl} />
            <div className="grid">
              <span className="font-semibold">
                {post.author.name}
                {post.author.isAdmin ? <AdminBadge /> : null}
              </span>
              <span className="text-xs text-muted-foreground">
                <RelativeTime iso={post.createdAt} />
              </span>
            </div>
          </div>
          {canDelete ? (
            <Button
              variant="ghost"
              size="icon"
              className="size-8"
              aria-label="Delete post"
              onClick={() => setConfirming(true)}
            >
              <Trash2 aria-hidden="true" className="size-4" />
            </Button>
          ) : null}
        </header>
        {/* post text is text: React escapes it, so typed markup never runs */}
        {post.content ? <p className="break-words whitespace-pre-wrap">{post.content}</p> : null}
        {post.media?.type === 'image' ? (
          <img
            src={post.media.url}
            alt={`Photo shared by ${post.author.name}`}
            loading="lazy"
            className="max-h-[32rem] w-full rounded-lg bg-muted object-contain"
          />
        ) : null}
        {post.media?.type === 'video' ? (
          <video src={post.media.url} controls preload="metadata" className="max-h-[32rem] w-full rounded-lg bg-black">
            <track kind="captions" />
          </video>
        ) : null}
        <div className="flex items-center gap-1 border-t border-border pt-2">
          <Button
            variant="ghost"
            size="sm"
            aria-pressed={post.likedByMe}
            aria-label={`${post.likedByMe ? 'Unlike' : 'Like'} (${post.likeCount} ${post.likeCount === 1 ? 'like' : 'likes'})`}
            disabled={toggleLike.isPending}
            onClick={() =>
              toggleLike.mutate(
                { postId: post.id, like: !post.likedByMe },
                { onError: (error) => toast.error(messageOf(error)) },
              )
            }
          >
            <Heart aria-hidden="true" className={cn('size-4', post.likedByMe && 'fill-rose-500 text-rose-500')} />
            <span>
              {post.likeCount} {post.likeCount === 1 ? 'like' : 'likes'}
            </span>
          </Button>
          <Button
            variant="ghost"
            size="sm"
            aria-expanded={showComments}
            onClick={() => setShowComments((shown) => !shown)}
          >
            <MessageCircle aria-hidden="true" className="size-4" />
            <span>
              {post.commentCount} {post.commentCount === 1 ? 'comment' : 'comments'}
            </span>
          </Button>
        </div>
        {showComments ? <PostComments postId={post.id} viewerId={viewerId} viewerIsAdmin={viewerIsAdmin} /> : null}
      </CardContent>
      <Dialog open={confirming} onOpenChange={setConfirming}>
        <DialogContent title="Delete post" description={communityMessages.confirmDelete}>
          <div className="flex justify-end gap-2">
            <DialogClose asChild>
              <Button variant="ghost">Cancel</Button>
            </DialogClose>
            <Button
              variant="destructive"
              disabled={deletePost.isPending}
              // a promise, not mutate callbacks: the card unmounts as soon as the post leaves the feed
              onClick={() =>
                deletePost.mutateAsync(post.id).then(
                  () => toast.success(communityMessages.postDeleted),
                  (error: unknown) => toast.error(messageOf(error, communityMessages.deleteFailed)),
                )
              }
            >
              Delete
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </Card>
  )
}
