import { useId, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { commentMaxLength } from '#shared/resumes/constants.ts'
import { resumeCommentMessages } from '#shared/resumes/messages.ts'
import type { ResumeCommentView } from '#shared/resumes/schemas.ts'
import { RelativeTime } from '#web/components/relative-time.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { FieldError } from '#web/components/ui/field.tsx'
import { controlClasses } from '#web/components/ui/input.tsx'
import { messageOf } from '#web/lib/api.ts'
import { cn } from '#web/lib/cn.ts'
import { useViewer } from '#web/lib/session.ts'
import { reviewCommentsQuery, useAddReviewComment } from '#web/features/resumes/api/resumes.ts'
import { fullName } from '#web/features/resumes/components/format.ts'

/** A coach's comments carry it (spec 001 §6, spec 002 §2); a filled pill keeps its contrast. */
function AdminBadge() {
  return <span className="rounded-full bg-primary px-2 py-0.5 text-xs font-medium text-primary-foreground">Admin</span>
}

/**
 * A review's comment thread, oldest first, and the form to add one (spec 001 §2, §5;
 * spec 002 §2): the viewer's own comments say 'You', a coach's carry 'Admin'. New
 * comments of the other party arrive live (useLiveResumes on the page).
 */
export function CommentThread({ reviewId, label }: { reviewId: string; label: string }) {
  const comments = useQuery(reviewCommentsQuery(reviewId))
  const { user } = useViewer()
  return (
    <div className="grid gap-3">
      {comments.isPending ? (
        <p role="status" className="text-sm text-muted-foreground">
          Loading comments…
        </p>
      ) : comments.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-2 text-sm">
          <span>{messageOf(comments.error, resumeCommentMessages.loadFailed)}</span>
          <Button variant="link" size="sm" onClick={() => void comments.refetch()}>
            Try again
          </Button>
        </div>
      ) : comments.data.comments.length === 0 ? (
        <p className="text-sm text-muted-foreground">{resumeCommentMessages.none}</p>
      ) : (
        // spec 001 §2: the list scrolls past 400px; focusable so a keyboard can scroll it
        <div role="region" aria-label={label} tabIndex={0} className="max-h-[400px] overflow-y-auto rounded-lg">
          <ul className="grid gap-2">
            {comments.data.comments.map((comment) => (
              <CommentItem key={comment.id} comment={comment} mine={comment.author.id === user?.id} />
            ))}
          </ul>
        </div>
      )}
      <CommentForm reviewId={reviewId} />
    </div>
  )
}

function CommentItem({ comment, mine }: { comment: ResumeCommentView; mine: boolean }) {
  return (
    <li data-testid="review-comment" className="grid gap-1 rounded-lg bg-muted px-3 py-2">
      <p className="flex flex-wrap items-center gap-2 text-xs">
        <span className="font-semibold">{mine ? 'You' : fullName(comment.author)}</span>
        {comment.author.isAdmin ? <AdminBadge /> : null}
        <span className="text-muted-foreground">
          <RelativeTime iso={comment.createdAt} />
        </span>
      </p>
      {/* text, never markup (React escapes it) */}
      <p className="text-sm break-words whitespace-pre-wrap">{comment.content}</p>
    </li>
  )
}

/**
 * Unsent comments by review: a live status change moves a review from the pending
 * card to the previous list, which mounts its thread anew; the draft stays.
 */
const unsentDrafts = new Map<string, string>()

function CommentForm({ reviewId }: { reviewId: string }) {
  const add = useAddReviewComment(reviewId)
  const [draft, setDraftState] = useState(() => unsentDrafts.get(reviewId) ?? '')
  const setDraft = (text: string) => {
    if (text) unsentDrafts.set(reviewId, text)
    else unsentDrafts.delete(reviewId)
    setDraftState(text)
  }
  const [failure, setFailure] = useState<string>()
  const inputId = useId()
  const blank = draft.trim() === ''
  return (
    <form
      className="grid gap-1.5"
      onSubmit={(event) => {
        event.preventDefault()
        // spec 001 §5: a blank comment is ignored
        if (blank || add.isPending) return
        setFailure(undefined)
        add.mutate(draft, {
          onSuccess: () => setDraft(''),
          onError: (error) => setFailure(messageOf(error, resumeCommentMessages.sendFailed)),
        })
      }}
    >
      <label htmlFor={inputId} className="text-sm font-medium">
        Add a comment
      </label>
      <div className="flex gap-2">
        <textarea
          id={inputId}
          rows={2}
          maxLength={commentMaxLength}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          className={cn(controlClasses, 'min-h-10 py-2')}
        />
        <Button type="submit" size="sm" className="self-end" disabled={blank || add.isPending}>
          {add.isPending ? 'Sending…' : 'Comment'}
        </Button>
      </div>
      <FieldError>{failure}</FieldError>
    </form>
  )
}
