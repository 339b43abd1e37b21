import type { Viewer } from '#shared/access.ts'

/**
 * Where each viewer belongs (issue 12, docs/decisions/015): the page where they can
 * act first. A free member meets their account page with its way to subscribe, not
 * the Premium Feature lock; a subscriber the Prestige Club; an admin the admin area.
 * Sign-in without a requested page, the header's logo and "back" links all ask here.
 */
export function homeOf(viewer: Viewer): '/' | '/admin' | '/prestige-club' | '/dashboard' {
  if (!viewer.signedIn) return '/'
  if (viewer.isAdmin) return '/admin'
  return viewer.subscribed ? '/prestige-club' : '/dashboard'
}

const homeNames = {
  '/': 'Home',
  '/admin': 'Admin',
  '/prestige-club': 'Prestige Club',
  '/dashboard': 'My Account',
} as const

/** What a "back" link to the viewer's home says: where it goes, by the name its page carries. */
export function homeNameOf(viewer: Viewer): string {
  return homeNames[homeOf(viewer)]
}
