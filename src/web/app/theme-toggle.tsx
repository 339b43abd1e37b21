import { Moon, Sun } from 'lucide-react'
import { Button } from '#web/components/ui/button.tsx'
import { applyTheme, useTheme } from '#web/lib/theme.ts'

export function ThemeToggle() {
  const theme = useTheme()
  const next = theme === 'dark' ? 'light' : 'dark'
  return (
    <Button variant="ghost" size="icon" aria-label={`Switch to ${next} theme`} onClick={() => applyTheme(next)}>
      {theme === 'dark' ? (
        <Sun aria-hidden="true" className="size-5" />
      ) : (
        <Moon aria-hidden="true" className="size-5" />
      )}
    </Button>
  )
}
