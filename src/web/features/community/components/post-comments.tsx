import { useId, useState } from 'react'
import { useInfiniteQuery } from '@tanstack/react-query'
import { Trash2 } from 'lucide-react'
import { toast } from 'sonner'
import { commentMaxLength, communityMessages } from '#shared/community/schemas.ts'
import { Avatar } from '#web/components/avatar.tsx'
import { LoadMoreButton } from '#web/components/load-more-button.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { FieldError } from '#web/components/ui/field.tsx'
import { controlClasses } from '#web/components/ui/input.tsx'
import { commentsQuery, commentsShown, useAddComment, useDeleteComment } from '#web/features/community/api/community.ts'
import { AdminBadge } from '#web/features/community/components/profile-card.tsx'
import { RelativeTime } from '#web/components/relative-time.tsx'
import { messageOf } from '#web/lib/api.ts'
import { cn } from '#web/lib/cn.ts'

/**
 * A post's comments, oldest first, with the form to add one: the latest page, and
 * 'View earlier comments' above it for the ones before (issue 23 §5).
 */
export function PostComments({
  postId,
  viewerId,
  viewerIsAdmin,
}: {
  postId: string
  viewerId: string
  viewerIsAdmin: boolean
}) {
  const list = useInfiniteQuery(commentsQuery(postId))
  const { isPending, isError } = list
  const comments = commentsShown(list.data)
  const addComment = useAddComment(postId)
  const deleteComment = useDeleteComment(postId)
  const [draft, setDraft] = useState('')
  const [error, setError] = useState<string>()
  const inputId = useId()

  const submit = () => {
    if (!draft.trim()) return setError(communityMessages.commentEmpty)
    setError(undefined)
    addComment.mutate(draft, {
      onSuccess: () => setDraft(''),
      onError: (failure) => setError(messageOf(failure)),
    })
  }

  return (
    <div className="grid gap-3 border-t border-border pt-3">
      {isPending ? <p className="text-sm text-muted-foreground">Loading comments...</p> : null}
      {isError ? <p className="text-sm text-destructive">Comments could not be loaded.</p> : null}
      <LoadMoreButton list={list} loadingLabel="Loading earlier comments...">
        View earlier comments
      </LoadMoreButton>
      {comments.length ? (
        <ul aria-label="Comments" className="grid gap-3">
          {comments.map((comment) => (
            <li key={comment.id} className="flex gap-2">
              <Avatar name={comment.author.name} url={comment.author.avatarUrl} size="sm" />
              <div className="grid flex-1 gap-0.5 rounded-lg bg-muted px-3 py-2">
                <div className="flex items-center justify-between gap-2 text-xs">
                  <span>
                    <span className="font-semibold">{comment.author.name}</span>
                    {comment.author.isAdmin ? <AdminBadge /> : null}
                    <span className="ml-2 text-muted-foreground">
                      <RelativeTime iso={comment.createdAt} />
                    </span>
                  </span>
                  {comment.author.id === viewerId || viewerIsAdmin ? (
                    <Button
                      variant="ghost"
                      size="icon"
                      className="size-6"
                      aria-label={`Delete comment by ${comment.author.name}`}
                      onClick={() => {
                        if (!window.confirm(communityMessages.confirmDeleteComment)) return
                        deleteComment.mutate(comment.id, {
                          onSuccess: () => toast.success(communityMessages.commentDeleted),
                          onError: (failure) => toast.error(messageOf(failure)),
                        })
                      }}
                    >
                      <Trash2 aria-hidden="true" className="size-3.5" />
                    </Button>
                  ) : null}
                </div>
                {/* text, never markup (React escapes it) */}
                <p className="text-sm break-words whitespace-pre-wrap">{comment.content}</p>
              </div>
            </li>
          ))}
        </ul>
      ) : null}
      <form
        className="grid gap-1.5"
        onSubmit={(event) => {
          event.preventDefault()
          submit()
        }}
      >
        <label htmlFor={inputId} className="sr-only">
          Write a comment
        </label>
        <div className="flex gap-2">
          <input
            id={inputId}
            className={cn(controlClasses, 'h-9')}
            placeholder="Write a comment..."
            maxLength={commentMaxLength}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
          />
          <Button type="submit" size="sm" disabled={addComment.isPending}>
            Comment
          </Button>
        </div>
        <FieldError>{error}</FieldError>
      </form>
    </div>
  )
}
