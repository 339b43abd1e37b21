import { hashKey } from '@tanstack/react-query'
import { describe, expect, test } from 'vitest'
import {
  cleanCourseFilters,
  courseFiltersOf,
  hasCourseFilters,
  withCourseFilter,
  withoutCourseFilters,
} from './filters.ts'
import { courseKeys } from './keys.ts'

// The course lists' search lives in the URL, so it can be shared and survives a
// reload (spec 001 §2 Browse Courses, Course marketplace; §9 filters).

const url = (query: string) => new URLSearchParams(query)
const categoryId = '3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b'

describe('the course lists read their filters from the address bar', () => {
  test('a shared browse link opens the list with the same search, level, duration and category', () => {
    expect(courseFiltersOf(url(`q=sql&level=Beginner&duration=2-5&category=${categoryId}`), 'browse')).toEqual({
      q: 'sql',
      level: 'Beginner',
      duration: '2-5',
      category: categoryId,
    })
  })

  test('each list keeps its own duration ranges: 0-2, 2-5, 5-10, 10+ to browse; 0-20, 20-40, 40+ in the marketplace', () => {
    expect(courseFiltersOf(url('duration=10%2B'), 'browse')).toEqual({ duration: '10+' })
    expect(courseFiltersOf(url('duration=40%2B'), 'marketplace')).toEqual({ duration: '40+' })
    expect(courseFiltersOf(url('duration=0-20'), 'browse')).toEqual({})
    expect(courseFiltersOf(url('duration=2-5'), 'marketplace')).toEqual({})
  })

  test('a hand-edited link with a level, category or search the list cannot take still opens it, without that filter', () => {
    expect(courseFiltersOf(url('level=Expert&category=not-a-category&q=python'), 'browse')).toEqual({ q: 'python' })
    expect(courseFiltersOf(url(`q=${'a'.repeat(201)}&level=Advanced`), 'marketplace')).toEqual({ level: 'Advanced' })
  })

  test('spaces around a search word are ignored, and an empty box is no search at all', () => {
    expect(courseFiltersOf(url('q=%20%20excel%20&level='), 'browse')).toEqual({ q: 'excel' })
    expect(hasCourseFilters(courseFiltersOf(url('q=&level='), 'browse'))).toBe(false)
  })

  test('other parts of the address, such as a page cursor or an open lesson, are not taken for filters', () => {
    expect(courseFiltersOf(url('cursor=abc&lesson=x&utm_source=mail&level=Intermediate'), 'browse')).toEqual({
      level: 'Intermediate',
    })
  })
})

describe('changing a filter writes the address bar', () => {
  test('setting a filter keeps the others; clearing one removes it from the address', () => {
    const params = url('q=sql&level=Beginner')
    expect(withCourseFilter(params, 'duration', '5-10').toString()).toBe('q=sql&level=Beginner&duration=5-10')
    expect(withCourseFilter(params, 'level', '').toString()).toBe('q=sql')
    expect(params.toString()).toBe('q=sql&level=Beginner')
  })

  test('Clear filters removes every filter and search, nothing else', () => {
    expect(
      withoutCourseFilters(url(`q=sql&level=Beginner&duration=0-2&category=${categoryId}&ref=mail`)).toString(),
    ).toBe('ref=mail')
  })
})

describe('one search is one cached result', () => {
  test('empty filters are dropped, so a cleared box and no box give the same search', () => {
    expect(cleanCourseFilters({ q: '', level: undefined, duration: '0-2' })).toEqual({ duration: '0-2' })
    expect(hashKey(courseKeys.list('browse', cleanCourseFilters({ q: '', duration: '0-2' })))).toBe(
      hashKey(courseKeys.list('browse', cleanCourseFilters({ duration: '0-2' }))),
    )
  })

  test('the same filters on the two lists are different searches', () => {
    expect(hashKey(courseKeys.list('browse', { level: 'Beginner' }))).not.toBe(
      hashKey(courseKeys.list('marketplace', { level: 'Beginner' })),
    )
  })
})
