import { describe, expect, test } from 'vitest'
import { anonymousViewer, apiAccessFor, decideAccess, isPublicPage, pageAccess, pageAccessFor } from '#shared/access.ts'

const member = { signedIn: true, subscribed: false, isAdmin: false }
const subscriber = { signedIn: true, subscribed: true, isAdmin: false }
const admin = { signedIn: true, subscribed: false, isAdmin: true }

describe('the access table', () => {
  test('covers every route of spec 000 §2, 001 §2 and 002 §2', () => {
    const routes = [
      '/',
      '/login',
      '/create-account',
      '/reset-password',
      '/business',
      '/contact',
      '/subscription',
      '/prestige-club',
      '/events',
      '/events/e1/register',
      '/community',
      '/blog',
      '/blog/p1',
      '/jobs',
      '/jobs/j1',
      '/resume-review',
      '/career-chat',
      '/courses',
      '/courses/browse',
      '/courses/marketplace',
      '/courses/c1',
      '/dashboard',
      '/dashboard/daily-routine',
      '/dashboard/calendar',
      '/saved',
      '/saved/jobs',
      '/saved/courses',
      '/profile',
      '/settings',
      '/prestige-labs',
      '/faqs',
      '/privacy',
      '/terms',
      '/partners',
      '/layoffs',
      '/admin',
      '/admin/jobs/manage',
      '/admin/users',
      '/admin/users/u1',
      '/admin/courses',
      '/admin/courses/new',
      '/admin/courses/c1/edit',
      '/admin/courses/c1/modules',
      '/admin/settings',
      '/admin/blog',
      '/admin/layoffs',
      '/admin/resume-review',
    ]
    for (const route of routes) expect(pageAccessFor(route), route).toBeDefined()
    expect(Object.keys(pageAccess).length).toBeGreaterThanOrEqual(routes.length)
  })

  test('follows the route table of spec 000 §2 where the specs give two readings', () => {
    expect(pageAccessFor('/events')).toBe('subscriber')
    expect(pageAccessFor('/career-chat')).toBe('subscriber')
    expect(pageAccessFor('/courses/marketplace')).toBe('subscriber')
    expect(pageAccessFor('/courses/browse')).toBe('member')
    expect(pageAccessFor('/courses/abc')).toBe('member')
    expect(pageAccessFor('/layoffs')).toBe('subscriber')
    expect(pageAccessFor('/admin/layoffs')).toBe('admin')
  })

  test('decides as the guards of spec 000 §2 do', () => {
    expect(decideAccess('member', anonymousViewer)).toBe('sign-in')
    expect(decideAccess('subscriber', member)).toBe('premium')
    expect(decideAccess('subscriber', subscriber)).toBe('allow')
    expect(decideAccess('admin', subscriber)).toBe('admin-only')
    expect(decideAccess('subscriber', admin)).toBe('allow')
    expect(decideAccess('admin', admin)).toBe('allow')
    expect(decideAccess('visitor', anonymousViewer)).toBe('allow')
  })

  test('unknown paths are no page, and public pages do not bounce a lost session', () => {
    expect(pageAccessFor('/no-such-page')).toBeUndefined()
    expect(isPublicPage('/reset-password')).toBe(true)
    expect(isPublicPage('/business')).toBe(true)
    expect(isPublicPage('/settings')).toBe(false)
  })

  test('API areas take the longest matching prefix', () => {
    expect(apiAccessFor('/api/accounts/sign-in')).toBe('visitor')
    expect(apiAccessFor('/api/accounts/security/two-factor/enable')).toBe('member')
    expect(apiAccessFor('/api/admin/users')).toBe('admin')
    expect(apiAccessFor('/api/dev-mail')).toBe('admin')
    expect(apiAccessFor('/api/administrators')).toBe('visitor')
  })
})
