import { useId, useState, type FormEvent, type KeyboardEvent } from 'react'
import { SendHorizontal } from 'lucide-react'
import { chatMessageMaxLength } from '#shared/chat/constants.ts'
import { Button } from '#web/components/ui/button.tsx'
import { controlClasses } from '#web/components/ui/input.tsx'
import { cn } from '#web/lib/cn.ts'

/** Unsent words by conversation: switching to another conversation and back keeps them. */
const drafts = new Map<string, string>()

/**
 * The message box (spec 001 §5): Enter sends, Shift+Enter starts a new line; blank
 * text is never sent, and nothing is sent while the previous message is on its way.
 */
export function Composer({
  conversationId,
  recipientName,
  sending,
  disabledReason,
  onSend,
}: {
  conversationId: string
  recipientName: string
  /** a message of this conversation is on its way: the next one waits */
  sending: boolean
  /** why nothing can be written here (a closed conversation) */
  disabledReason?: string
  /** sends the text; false when it was not sent */
  onSend: (content: string) => boolean
}) {
  const [draft, setDraftState] = useState(() => drafts.get(conversationId) ?? '')
  const setDraft = (text: string) => {
    if (text) drafts.set(conversationId, text)
    else drafts.delete(conversationId)
    setDraftState(text)
  }
  const id = useId()
  const hintId = `${id}-hint`
  const blank = draft.trim() === ''
  const disabled = Boolean(disabledReason)

  const submit = () => {
    if (blank || sending || disabled) return
    if (onSend(draft)) setDraft('')
  }
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    submit()
  }
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // an input method composing a word uses Enter itself
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return
    event.preventDefault()
    submit()
  }
  const nearLimit = draft.length > chatMessageMaxLength - 200

  return (
    <form onSubmit={onSubmit} className="grid gap-1.5 border-t border-border p-3">
      <label htmlFor={id} className="sr-only">
        Message to {recipientName}
      </label>
      <div className="flex items-end gap-2">
        <textarea
          id={id}
          rows={2}
          value={draft}
          maxLength={chatMessageMaxLength}
          placeholder={disabledReason ?? 'Write a message…'}
          disabled={disabled}
          aria-describedby={hintId}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
          className={cn(controlClasses, 'max-h-40 min-h-11 resize-y py-2')}
        />
        <Button type="submit" disabled={blank || sending || disabled} aria-label="Send message">
          <SendHorizontal aria-hidden="true" className="size-4" />
          <span className="hidden sm:inline">{sending ? 'Sending…' : 'Send'}</span>
        </Button>
      </div>
      <p id={hintId} className="flex justify-between gap-2 text-xs text-muted-foreground">
        <span>{disabledReason ?? 'Enter to send, Shift+Enter for a new line'}</span>
        {nearLimit ? (
          <span className="tabular-nums">
            {draft.length}/{chatMessageMaxLength}
          </span>
        ) : null}
      </p>
    </form>
  )
}
