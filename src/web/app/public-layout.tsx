import { Link, useMatches } from 'react-router'
import { pathTo } from '#shared/pages.ts'
import { useViewer } from '#web/lib/session.ts'
import { defaultPlatformName } from '#shared/admin/public-settings.ts'
import { usePlatformSettings } from '#web/lib/platform-settings.ts'

// The public pages' one layout (issue 12, decision 015): the landing page, the plans,
// the business and contact pages and the content pages. Visitors see the public
// header on them (the landing page's hero is its own) and everyone sees the site
// footer, so no public page is a dead end. The router marks these routes with
// `publicLayout`; the app shell reads the mark.

export type RouteHandle = { layout?: 'public' }

export const publicLayout: RouteHandle = { layout: 'public' }

/** Is the page on screen one of the public layout's? */
export function usePublicLayout(): boolean {
  return useMatches().some((match) => (match.handle as RouteHandle | undefined)?.layout === 'public')
}

type FooterLink = { label: string; to: string }

// spec 000 §1 footer links whose pages exist, and every public page.
const footerGroups: Array<{ title: string; links: FooterLink[] }> = [
  {
    title: 'Membership',
    links: [
      { label: 'Community', to: pathTo('community') },
      { label: 'Job Board', to: pathTo('jobs') },
      { label: 'Courses', to: pathTo('coursesBrowse') },
      { label: 'Blog', to: pathTo('blog') },
      { label: 'Live Layoff Tracker', to: pathTo('layoffs') },
      { label: 'Plans', to: pathTo('subscription') },
      { label: 'For Businesses', to: pathTo('business') },
    ],
  },
  {
    title: 'Company',
    links: [
      { label: 'About Prestige Labs', to: pathTo('about') },
      { label: 'Partners', to: pathTo('partners') },
      { label: 'FAQs', to: pathTo('faqs') },
      { label: 'Contact', to: pathTo('contact') },
    ],
  },
  {
    title: 'Legal',
    links: [
      { label: 'Privacy Policy', to: pathTo('privacy') },
      { label: 'Terms & Conditions', to: pathTo('terms') },
    ],
  },
]

const visitorLinks: FooterLink[] = [
  { label: 'Sign In', to: pathTo('login') },
  { label: 'Create Account', to: pathTo('createAccount') },
]

const linkClasses = 'text-muted-foreground hover:text-foreground hover:underline'

/** The site footer of every public page. */
export function PublicFooter() {
  const { status, user } = useViewer()
  // the name the admins set (issue 22); the default keeps its two-tone wordmark
  const { platformName } = usePlatformSettings()
  const groups =
    status === 'ready' && !user ? [...footerGroups, { title: 'Account', links: visitorLinks }] : footerGroups
  return (
    <footer className="border-t border-border">
      <div className="mx-auto grid w-full max-w-6xl gap-8 px-4 py-10 sm:grid-cols-[1fr_3fr]">
        <p className="font-semibold">
          <Link to={pathTo('home')} className="hover:underline">
            {platformName === defaultPlatformName ? (
              <>
                Prestige <span className="text-accent">Labs</span>
              </>
            ) : (
              platformName
            )}
          </Link>
        </p>
        <nav aria-label="Footer" className="grid grid-cols-2 gap-6 text-sm sm:grid-cols-4">
          {groups.map((group) => (
            <div key={group.title} className="grid content-start gap-2">
              {/* not a heading: the footer stays out of the pages' outlines */}
              <p id={`footer-${group.title.toLowerCase()}`} className="font-medium">
                {group.title}
              </p>
              <ul aria-labelledby={`footer-${group.title.toLowerCase()}`} className="grid gap-2">
                {group.links.map((link) => (
                  <li key={link.to}>
                    <Link to={link.to} className={linkClasses}>
                      {link.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
      </div>
      <p className="pb-8 text-center text-xs text-muted-foreground">
        © {new Date().getFullYear()} {platformName}
      </p>
    </footer>
  )
}
