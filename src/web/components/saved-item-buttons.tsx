import { Bookmark, BookmarkCheck, Trash2 } from 'lucide-react'
import { Button } from '#web/components/ui/button.tsx'

export type SaveToggleButtonProps = {
  /** the saved item's title: the button's name carries it ('Save …' / 'Saved …') */
  title: string
  saved: boolean
  size?: 'sm' | 'md'
}

/**
 * The 'Save' / 'Saved' toggle of a saved item (spec 001 §2 saved items: jobs,
 * courses). aria-pressed says whether it is saved; each area's button wires its
 * own save request to `onToggle`.
 */
export function SaveToggleButton({
  title,
  saved,
  size = 'sm',
  pending,
  testId,
  onToggle,
}: SaveToggleButtonProps & {
  pending: boolean
  testId: string
  /** asked to save (true) or to remove from the saved items (false) */
  onToggle: (save: boolean) => void
}) {
  const Icon = saved ? BookmarkCheck : Bookmark
  return (
    <Button
      variant={saved ? 'secondary' : 'outline'}
      size={size}
      aria-pressed={saved}
      data-testid={testId}
      disabled={pending}
      onClick={() => onToggle(!saved)}
    >
      <Icon aria-hidden="true" className={saved ? 'size-4 fill-current text-accent' : 'size-4'} />
      {saved ? 'Saved' : 'Save'}
      <span className="sr-only"> {title}</span>
    </Button>
  )
}

/** A saved list's 'Remove' (spec 001 §2 saved items): its name says what leaves which list. */
export function RemoveSavedButton({
  label,
  pending,
  onRemove,
}: {
  label: string
  pending: boolean
  onRemove: () => void
}) {
  return (
    <Button variant="ghost" size="sm" aria-label={label} disabled={pending} onClick={onRemove}>
      <Trash2 aria-hidden="true" className="size-4" />
      <span aria-hidden="true">Remove</span>
    </Button>
  )
}
