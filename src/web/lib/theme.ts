import { useSyncExternalStore } from 'react'

// Theme preference, stored locally under 'theme' (spec 000 §3); dark by default (spec 000 §9).
// index.html applies it before first paint; this module changes it afterwards.

export type Theme = 'dark' | 'light'

const storageKey = 'theme'
const listeners = new Set<() => void>()

function currentTheme(): Theme {
  return document.documentElement.classList.contains('dark') ? 'dark' : 'light'
}

export function applyTheme(theme: Theme): void {
  document.documentElement.classList.toggle('dark', theme === 'dark')
  try {
    localStorage.setItem(storageKey, theme)
  } catch {
    // storage may be unavailable (private mode); the choice then lasts for this page only
  }
  for (const listener of listeners) listener()
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** The theme in effect, re-rendering when it changes. */
export function useTheme(): Theme {
  return useSyncExternalStore(subscribe, currentTheme, () => 'dark')
}
