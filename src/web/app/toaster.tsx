import type { CSSProperties } from 'react'
import { Toaster } from 'sonner'
import { toastLimit } from '#shared/constants.ts'
import { useTheme } from '#web/lib/theme.ts'

export function ThemedToaster() {
  const theme = useTheme()
  // spec 000 §9: at most 20 toasts visible, 350 px wide at most
  return (
    <Toaster
      theme={theme}
      position="top-right"
      richColors
      closeButton
      visibleToasts={toastLimit}
      style={{ '--width': '350px' } as CSSProperties}
    />
  )
}
