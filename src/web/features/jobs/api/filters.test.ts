import { hashKey } from '@tanstack/react-query'
import { describe, expect, test } from 'vitest'
import { cleanFilters, filtersOf } from './filters.ts'
import { jobKeys } from './keys.ts'

// The job board's search lives in the URL so it can be shared (spec 001 §2 /jobs).

const url = (query: string) => new URLSearchParams(query)

describe('the job board reads its filters from the address bar', () => {
  test('a shared search link opens the board with the same search and filters', () => {
    expect(filtersOf(url('q=react&type=Contract&location=Lisbon&remote=true&posted=7'))).toEqual({
      q: 'react',
      type: 'Contract',
      location: 'Lisbon',
      remote: 'true',
      posted: '7',
    })
  })

  test('spaces around a search word are ignored, and an empty box is no search at all', () => {
    expect(filtersOf(url('q=%20%20react%20&location=%20%20'))).toEqual({ q: 'react' })
    expect(filtersOf(url('q=&type='))).toEqual({})
  })

  test('a hand-edited link with a filter the board does not offer still opens the board, without that filter', () => {
    expect(filtersOf(url('q=react&type=Freelance&posted=365&remote=yes'))).toEqual({ q: 'react' })
    expect(filtersOf(url(`q=${'a'.repeat(201)}&location=Boston`))).toEqual({ location: 'Boston' })
  })

  test('other parts of the address, such as a page cursor, are not taken for filters', () => {
    expect(filtersOf(url('cursor=abc&page=2&utm_source=mail&posted=30'))).toEqual({ posted: '30' })
  })
})

describe('one search is one cached result', () => {
  test('empty filters are dropped, so a cleared box and no box give the same search', () => {
    expect(cleanFilters({ q: '', type: undefined, location: 'Lisbon' })).toEqual({ location: 'Lisbon' })
    expect(hashKey(jobKeys.search(cleanFilters({ q: '', location: 'Lisbon' })))).toBe(
      hashKey(jobKeys.search(cleanFilters({ location: 'Lisbon' }))),
    )
  })

  test('different filters stay different searches', () => {
    expect(hashKey(jobKeys.search(cleanFilters({ location: 'Lisbon' })))).not.toBe(
      hashKey(jobKeys.search(cleanFilters({ location: 'Lisbon', remote: 'true' }))),
    )
  })
})
