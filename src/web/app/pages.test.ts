import { describe, expect, test } from 'vitest'
import { anonymousViewer } from '#shared/access.ts'
import { pages } from '#shared/pages.ts'
import { entriesFor, menuEntries, type MenuName } from '#web/app/menus.ts'
import { webPageNames, webPages } from '#web/app/pages.tsx'

const member = { signedIn: true, subscribed: false, isAdmin: false }
const subscriber = { signedIn: true, subscribed: true, isAdmin: false }
const admin = { signedIn: true, subscribed: false, isAdmin: true }

const menu = (name: MenuName, viewer: typeof member) => entriesFor(name, viewer).map((entry) => [entry.label, entry.to])

describe('the pages on the web', () => {
  test('every page of the shared table has its entry, once', () => {
    expect([...webPageNames].sort()).toEqual(Object.keys(pages).sort())
  })

  test('a planned page has neither layout nor menu entry', () => {
    for (const name of webPageNames) {
      const page = webPages[name]
      if (page.element === null) expect([name, page.layout, page.menus], name).toEqual([name, undefined, undefined])
    }
  })

  test('menus link built pages without parameters only', () => {
    for (const entry of menuEntries) {
      expect(webPages[entry.page].element, entry.page).not.toBeNull()
      expect(entry.to, entry.page).not.toContain(':')
    }
  })

  test('the menus, in display order (spec 000 §2, decision 015)', () => {
    expect(menu('top-bar', member)).toEqual([
      ['My Account', '/dashboard'],
      ['Community', '/community'],
      ['Events', '/events'],
      ['Blog', '/blog'],
      ['Prestige Club', '/prestige-club'],
      ['Private Job Board', '/jobs'],
      ['Course Market', '/courses/marketplace'],
    ])
    expect(menu('user', member)).toEqual([
      ['Upgrade to Premium', '/subscription'],
      ['My Profile', '/profile'],
      ['Events', '/events'],
      ['Blog', '/blog'],
      ['Saved', '/saved'],
      ['Jobs', '/jobs'],
      ['Courses', '/courses/browse'],
      ['Live Layoff Tracker', '/layoffs'],
      ['Settings', '/settings'],
      ['Contact', '/contact'],
      ['Partners', '/partners'],
    ])
    expect(menu('user', subscriber).map(([label]) => label)).toEqual([
      'My Profile',
      'Events',
      'Blog',
      'Saved',
      'Jobs',
      'Courses',
      'Live Layoff Tracker',
      'Settings',
      'Contact',
      'Partners',
    ])
    expect(menu('user', admin).map(([label]) => label)).toEqual([
      'My Profile',
      'Events',
      'Blog',
      'Saved',
      'Jobs',
      'Courses',
      'Live Layoff Tracker',
      'Settings',
      'Admin Dashboard',
      'Contact',
      'Partners',
    ])
    expect(menu('signed-out', anonymousViewer)).toEqual([
      ['Sign In', '/login'],
      ['Upgrade to Premium', '/subscription'],
      ['Community', '/community'],
      ['Jobs', '/jobs'],
      ['Courses', '/courses/browse'],
      ['For Businesses', '/business'],
      ['Contact', '/contact'],
    ])
  })
})
