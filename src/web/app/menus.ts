import { decideAccess, type Viewer } from '#shared/access.ts'
import { pages, type PageName } from '#shared/pages.ts'
import { webPageNames, webPages } from '#web/app/pages.tsx'

export type MenuName = 'top-bar' | 'user' | 'signed-out'

/** A page's line in one menu, as the page declares it in app/pages.tsx. */
export type MenuItem = {
  menu: MenuName
  label: string
  /** Hidden from those who already have every page: subscribers and admins. */
  forNonSubscribers?: true
}

export type MenuEntry = MenuItem & { page: PageName; to: string }

// The header's menus (spec 000 §2, header and menus), in display order: each page
// declares its entries in app/pages.tsx, and a menu lists them in that table's order.
// Only pages that exist are listed: each area adds its entries there when it lands
// (Community, Events, Blog, the Career Lab menu, My Profile, ...).
export const menuEntries: MenuEntry[] = webPageNames.flatMap((page) =>
  (webPages[page].menus ?? []).map((item) => ({ ...item, page, to: pages[page].path })),
)

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
      decideAccess(pages[entry.page].access, viewer) !== 'admin-only',
  )
}
