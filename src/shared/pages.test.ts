import { describe, expect, test } from 'vitest'
import { pageAccess, pageAccessFor } from '#shared/access.ts'
import { pages, pathTo, type PageName } from '#shared/pages.ts'

describe('the pages', () => {
  test('each path is one page', () => {
    const paths = Object.values(pages).map((page) => page.path)
    expect(new Set(paths).size).toBe(paths.length)
    expect(Object.keys(pageAccess)).toEqual(paths)
  })

  test('the access table reads each page at its own level', () => {
    for (const [name, page] of Object.entries(pages)) {
      const filled = page.path.replace(/:\w+/g, 'id1')
      expect(pageAccessFor(filled), name).toBe(page.access)
    }
  })

  test('pathTo fills the parameters of a page, encoded', () => {
    expect(pathTo('home')).toBe('/')
    expect(pathTo('jobs')).toBe('/jobs')
    expect(pathTo('devMail')).toBe('/admin/mail')
    expect(pathTo('jobDetail', { jobId: 'j1' })).toBe('/jobs/j1')
    expect(pathTo('adminCourseModules', { courseId: 'c 1/2' })).toBe('/admin/courses/c%201%2F2/modules')
    expect(pathTo('eventRegistration', { eventId: 'e1' })).toBe('/events/e1/register')
  })

  test('a missing, wrong or needless parameter does not compile', () => {
    // checked by tsc (an unneeded @ts-expect-error fails too); never run
    const typeChecks = () => [
      // @ts-expect-error: '/jobs/:jobId' needs its jobId
      pathTo('jobDetail'),
      // @ts-expect-error: the parameter is jobId, not id
      pathTo('jobDetail', { id: 'j1' }),
      // @ts-expect-error: '/jobs' takes no parameter
      pathTo('jobs', { jobId: 'j1' }),
      // @ts-expect-error: no such page
      pathTo('noSuchPage'),
    ]
    const typed: `/jobs/${string}` = pathTo('jobDetail', { jobId: 'j1' })
    const name: PageName = 'settings'
    expect([typeof typeChecks, typed, name]).toEqual(['function', '/jobs/j1', 'settings'])
  })
})
