import { usePlatformSettings } from '#web/lib/platform-settings.ts'

/**
 * A page's own document title, 'Job Board · Prestige Labs', for tabs, history and
 * screen readers (issue 12). React 19 hoists a <title> rendered anywhere into
 * <head>, ahead of index.html's, and removes it when the page unmounts; so each page
 * renders one next to its content. Without a name it is the landing page's title.
 */
export function PageTitle({ children }: { children?: string }) {
  // the name the admins set (issue 22)
  const { platformName: siteName } = usePlatformSettings()
  // one string child: React refuses a <title> with several text nodes
  return (
    <title>{children ? `${children} · ${siteName}` : `${siteName} · The career lab for ambitious professionals`}</title>
  )
}
