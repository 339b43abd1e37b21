import type { ComponentProps } from 'react'
import { cn } from '#web/lib/cn.ts'

export const controlClasses =
  'w-full rounded-lg border border-input bg-card px-3 text-sm text-foreground shadow-sm transition-colors ' +
  'focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring/40 ' +
  'disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-destructive'

export function Input({ className, ...props }: ComponentProps<'input'>) {
  return <input className={cn(controlClasses, 'h-10', className)} {...props} />
}
