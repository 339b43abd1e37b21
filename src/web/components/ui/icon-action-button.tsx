import type { LucideIcon } from 'lucide-react'
import { Button } from '#web/components/ui/button.tsx'

type IconActionButtonProps = {
  /** the accessible name: the action and which row ('Edit category Design') */
  label: string
  /** the tooltip: what it does ('Edit') */
  hint: string
  icon: LucideIcon
  onClick: () => void
  disabled?: boolean
  destructive?: boolean
}

/** An icon button of a table row or list item: its name says which item, its tooltip what it does. */
export function IconActionButton({ label, hint, icon: Icon, onClick, disabled, destructive }: IconActionButtonProps) {
  return (
    <Button
      size="sm"
      variant="ghost"
      aria-label={label}
      title={hint}
      disabled={disabled}
      className={destructive ? 'text-destructive' : undefined}
      onClick={onClick}
    >
      <Icon aria-hidden="true" className="size-4" />
    </Button>
  )
}
