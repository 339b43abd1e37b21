import type { ComponentProps } from 'react'
import { Slot } from '@radix-ui/react-slot'
import { buttonClasses, type ButtonSize, type ButtonVariant } from '#web/components/ui/button-variants.ts'

export { buttonClasses }

export type ButtonProps = ComponentProps<'button'> & {
  variant?: ButtonVariant
  size?: ButtonSize
  /** Render the child element (a link) with the button's look. */
  asChild?: boolean
}

export function Button({ variant = 'primary', size = 'md', asChild = false, className, type, ...props }: ButtonProps) {
  if (asChild) return <Slot className={buttonClasses(variant, size, className)} {...props} />
  return <button type={type ?? 'button'} className={buttonClasses(variant, size, className)} {...props} />
}
