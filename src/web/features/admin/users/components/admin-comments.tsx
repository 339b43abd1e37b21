import { useId, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { toast } from 'sonner'
import { adminCommentMaxLength, adminCommentMessages, type AdminCommentView } from '#shared/admin/users.ts'
import { RelativeTime } from '#web/components/relative-time.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { FieldError } from '#web/components/ui/field.tsx'
import { controlClasses } from '#web/components/ui/input.tsx'
import { messageOf } from '#web/lib/api.ts'
import { cn } from '#web/lib/cn.ts'
import { useViewer } from '#web/lib/session.ts'
import { useAddAdminComment, userCommentsQuery } from '#web/features/admin/users/api/users.ts'

/** Every author of these comments is (or was) an admin (spec 002 §6: an Admin badge). */
function AdminBadge() {
  return <span className="rounded-full bg-primary px-2 py-0.5 text-xs font-medium text-primary-foreground">Admin</span>
}

/**
 * spec 002 §2: the admins' comment thread on a user, oldest first, and the form to
 * add one (§5: never blank; the button is off while blank or sending). The user
 * never sees it.
 */
export function AdminComments({ userId }: { userId: string }) {
  const comments = useQuery(userCommentsQuery(userId))
  const { user } = useViewer()
  return (
    <section
      aria-labelledby="admin-comments"
      className="grid gap-3 rounded-xl border border-border bg-card p-6 shadow-sm"
    >
      <div className="grid gap-1">
        <h2 id="admin-comments" className="text-lg font-semibold">
          Admin comments
        </h2>
        <p className="text-sm text-muted-foreground">Notes for the admins; the user never sees them.</p>
      </div>
      {comments.isPending ? (
        <p role="status" className="text-sm text-muted-foreground">
          Loading comments…
        </p>
      ) : comments.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-2 text-sm">
          <span>{messageOf(comments.error, adminCommentMessages.loadFailed)}</span>
          <Button variant="link" size="sm" onClick={() => void comments.refetch()}>
            Try again
          </Button>
        </div>
      ) : comments.data.comments.length === 0 ? (
        <p className="text-sm text-muted-foreground">{adminCommentMessages.none}</p>
      ) : (
        <ul className="grid gap-2" aria-label="Comments">
          {comments.data.comments.map((comment) => (
            <CommentItem key={comment.id} comment={comment} mine={comment.author.id === user?.id} />
          ))}
        </ul>
      )}
      <CommentForm userId={userId} />
    </section>
  )
}

function CommentItem({ comment, mine }: { comment: AdminCommentView; mine: boolean }) {
  return (
    <li className="grid gap-1 rounded-lg bg-muted px-3 py-2">
      <p className="flex flex-wrap items-center gap-2 text-xs">
        <span className="font-semibold">{mine ? 'You' : comment.author.name}</span>
        <AdminBadge />
        <span className="text-muted-foreground">
          <RelativeTime iso={comment.createdAt} />
        </span>
      </p>
      {/* text, never markup (React escapes it) */}
      <p className="text-sm break-words whitespace-pre-wrap">{comment.content}</p>
    </li>
  )
}

function CommentForm({ userId }: { userId: string }) {
  const add = useAddAdminComment(userId)
  const [draft, setDraft] = useState('')
  const [failure, setFailure] = useState<string>()
  const inputId = useId()
  const blank = draft.trim() === ''
  return (
    <form
      className="grid gap-1.5"
      onSubmit={(event) => {
        event.preventDefault()
        if (blank || add.isPending) return
        setFailure(undefined)
        add.mutate(draft, {
          onSuccess: () => {
            setDraft('')
            toast.success(adminCommentMessages.added)
          },
          onError: (error) => setFailure(messageOf(error, adminCommentMessages.addFailed)),
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
          maxLength={adminCommentMaxLength}
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
