import type { Viewer } from '#shared/access.ts'
import { pathTo, type StaticPageName } from '#shared/pages.ts'

/** Each home, by the name its page carries. */
const homeNames = {
  home: 'Home',
  admin: 'Admin',
  prestigeClub: 'Prestige Club',
  dashboard: 'My Account',
} as const satisfies Partial<Record<StaticPageName, string>>

type HomePage = keyof typeof homeNames

/**
 * Where each viewer belongs (issue 12, docs/decisions/015): the page where they can
 * act first. A free member meets their account page with its way to subscribe, not
 * the Premium Feature lock; a subscriber the Prestige Club; an admin the admin area.
 */
function homePageOf(viewer: Viewer): HomePage {
  if (!viewer.signedIn) return 'home'
  if (viewer.isAdmin) return 'admin'
  return viewer.subscribed ? 'prestigeClub' : 'dashboard'
}

/** The path of the viewer's home. Sign-in without a requested page, the header's logo and "back" links all ask here. */
export function homeOf(viewer: Viewer) {
  return pathTo(homePageOf(viewer))
}

/** What a "back" link to the viewer's home says: where it goes, by the name its page carries. */
export function homeNameOf(viewer: Viewer): string {
  return homeNames[homePageOf(viewer)]
}
