import { decideAccess, pageAccessFor, type Viewer } from '#shared/access.ts'

export type MenuName = 'top-bar' | 'user' | 'signed-out'

export type MenuEntry = { menu: MenuName; label: string; to: string }

// The header's menus (spec 000 §2, header and menus), in display order. Only pages
// that exist are listed: each area adds its entries here when it lands (Community,
// Events, Blog, the Career Lab menu, My Profile, Upgrade to Premium, ...).
export const menuEntries: MenuEntry[] = [
  { menu: 'top-bar', label: 'Dashboard', to: '/dashboard' },
  { menu: 'top-bar', label: 'My Dashboard', to: '/prestige-club' },

  { menu: 'user', label: 'Upgrade to Premium', to: '/subscription' },
  { menu: 'user', label: 'Settings', to: '/settings' },
  { menu: 'user', label: 'Admin Dashboard', to: '/admin' },

  { menu: 'signed-out', label: 'Sign In', to: '/login' },
  { menu: 'signed-out', label: 'Upgrade to Premium', to: '/subscription' },
]

/**
 * The entries of one menu for this viewer. Admin pages are listed for admins only
 * (spec 000 §6); subscriber pages stay listed for everyone and show the lock screen.
 */
export function entriesFor(menu: MenuName, viewer: Viewer): MenuEntry[] {
  return menuEntries.filter(
    (entry) => entry.menu === menu && decideAccess(pageAccessFor(entry.to) ?? 'visitor', viewer) !== 'admin-only',
  )
}
