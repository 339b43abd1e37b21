import { useState, type ComponentProps } from 'react'
import { Checkbox } from '#web/components/ui/checkbox.tsx'

type InstantCheckboxProps = Omit<ComponentProps<typeof Checkbox>, 'checked' | 'onChange'> & {
  checked: boolean
  onCheckedChange: (checked: boolean) => void
}

/**
 * A routine checkbox whose tick shows in the click itself. Bound straight to the
 * query cache it sprang back until the write's optimistic update landed a moment
 * later (a slow machine saw the box unticked); this one keeps its own state, set
 * by the click, and follows the cache whenever the cache's value changes.
 */
export function InstantCheckbox({ checked, onCheckedChange, ...props }: InstantCheckboxProps) {
  const [shown, setShown] = useState(checked)
  const [followed, setFollowed] = useState(checked)
  if (checked !== followed) {
    setFollowed(checked)
    setShown(checked)
  }
  return (
    <Checkbox
      {...props}
      checked={shown}
      onChange={(event) => {
        setShown(event.target.checked)
        onCheckedChange(event.target.checked)
      }}
    />
  )
}
