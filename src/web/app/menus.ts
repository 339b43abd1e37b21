import { decideAccess, pageAccessFor, type Viewer } from '#shared/access.ts'

export type MenuName = 'top-bar' | 'user' | 'signed-out'

export type MenuEntry = {
  menu: MenuName
  label: string
  to: string
  /** Hidden from those who already have every page: subscribers and admins. */
  forNonSubscribers?: true
}

// The header's menus (spec 000 §2, header and menus), in display order. Only pages
// that exist are listed: each area adds its entries here when it lands (Community,
// Events, Blog, the Career Lab menu, My Profile, ...).
export const menuEntries: MenuEntry[] = [
  // spec 000 §2 names both dashboards alike ('Dashboard', 'My Dashboard'); members could not
  // tell them apart, so each carries what it is (decision 015)
  { menu: 'top-bar', label: 'My Account', to: '/dashboard' },
  { menu: 'top-bar', label: 'Community', to: '/community' },
  // spec 000 §2: the member dashboard of the Career Lab dropdown (top-level until that dropdown lands)
  { menu: 'top-bar', label: 'Prestige Club', to: '/prestige-club' },
  // spec 000 §2: 'Private Job Board' of the Career Lab dropdown (top-level until that dropdown lands)
  { menu: 'top-bar', label: 'Private Job Board', to: '/jobs' },

  { menu: 'user', label: 'Upgrade to Premium', to: '/subscription', forNonSubscribers: true },
  { menu: 'user', label: 'My Profile', to: '/profile' },
  { menu: 'user', label: 'Saved', to: '/saved' },
  { menu: 'user', label: 'Jobs', to: '/jobs' },
  { menu: 'user', label: 'Settings', to: '/settings' },
  { menu: 'user', label: 'Admin Dashboard', to: '/admin' },
  { menu: 'user', label: 'Contact', to: '/contact' },
  { menu: 'user', label: 'Partners', to: '/partners' },

  { menu: 'signed-out', label: 'Sign In', to: '/login' },
  { menu: 'signed-out', label: 'Upgrade to Premium', to: '/subscription' },
  { menu: 'signed-out', label: 'Community', to: '/community' },
  { menu: 'signed-out', label: 'Jobs', to: '/jobs' },
  { menu: 'signed-out', label: 'For Businesses', to: '/business' },
  { menu: 'signed-out', label: 'Contact', to: '/contact' },
]

/**
 * The entries of one menu for this viewer. Admin pages are listed for admins only
 * (spec 000 §6); subscriber pages stay listed for everyone and show the lock screen.
 */
export function entriesFor(menu: MenuName, viewer: Viewer): MenuEntry[] {
  const hasEverything = viewer.subscribed || viewer.isAdmin
  return menuEntries.filter(
    (entry) =>
      entry.menu === menu &&
      !(entry.forNonSubscribers && hasEverything) &&
      decideAccess(pageAccessFor(entry.to) ?? 'visitor', viewer) !== 'admin-only',
  )
}
