import { QueryClient, type InfiniteData } from '@tanstack/react-query'
import { beforeEach, describe, expect, test } from 'vitest'
import type { JobSummary, JobDetail, JobSearchPage, SavedJob } from '#shared/jobs/schemas.ts'
import { patchCachedJob, updateSavedJob } from './job-cache.ts'
import { jobKeys } from './keys.ts'

// What the member sees right after saving or applying, before any reload
// (spec 001 §2 job board, detail page, saved items).

const card = (id: string, changes: Partial<JobSummary> = {}): JobSummary => ({
  id,
  title: `Role ${id}`,
  company: 'Babbage & Co',
  logoUrl: null,
  location: 'London',
  type: 'Full-time',
  remote: false,
  salary: '$100,000',
  postedAt: '2026-01-01T00:00:00.000Z',
  match: 0,
  saved: false,
  applicationStatus: null,
  warnNotice: null,
  ...changes,
})

const detail = (id: string): JobDetail => ({
  ...card(id),
  status: 'active',
  technicalSkills: [],
  softSkills: [],
  description: 'A role.',
  requirements: [],
  responsibilities: [],
  benefits: [],
})

const savedItem = (jobId: string): SavedJob => ({
  jobId,
  savedAt: '2026-01-02T00:00:00.000Z',
  status: 'saved',
  notes: null,
  job: {
    id: jobId,
    title: `Role ${jobId}`,
    company: 'Babbage & Co',
    logoUrl: null,
    location: 'London',
    type: 'Full-time',
    salary: '$100,000',
    active: true,
  },
})

type Search = InfiniteData<JobSearchPage, string>
const searchOf = (...pages: JobSummary[][]): Search => ({
  pages: pages.map((jobs, index) => ({
    jobs,
    nextCursor: index < pages.length - 1 ? `page-${index + 1}` : null,
    truncated: false,
  })),
  pageParams: pages.map((_, index) => (index ? `page-${index}` : '')),
})

describe('the job board shows my saves and applications at once', () => {
  let queryClient: QueryClient
  const allSearch = jobKeys.search({})
  const remoteSearch = jobKeys.search({ remote: 'true' })
  const cardsIn = (key: readonly unknown[]) =>
    queryClient.getQueryData<Search>(key)?.pages.flatMap((page) => page.jobs) ?? []
  const cardIn = (key: readonly unknown[], jobId: string) => cardsIn(key).find((job) => job.id === jobId)

  beforeEach(() => {
    queryClient = new QueryClient()
    queryClient.setQueryData<Search>(allSearch, searchOf([card('a'), card('b')], [card('c')]))
    queryClient.setQueryData<Search>(remoteSearch, searchOf([card('c', { remote: true })]))
    queryClient.setQueryData<JobDetail>(jobKeys.detail('c'), detail('c'))
    queryClient.setQueryData<SavedJob[]>(jobKeys.saved, [savedItem('b'), savedItem('c')])
  })

  test('a job I save shows as saved in every search I have open and on its own page, and no other job changes', () => {
    updateSavedJob(queryClient, 'c', true)
    expect(cardIn(allSearch, 'c')?.saved).toBe(true)
    expect(cardIn(remoteSearch, 'c')?.saved).toBe(true)
    expect(queryClient.getQueryData<JobDetail>(jobKeys.detail('c'))?.saved).toBe(true)
    expect(
      cardsIn(allSearch)
        .filter((job) => job.saved)
        .map((job) => job.id),
    ).toEqual(['c'])
  })

  test('a job I unsave leaves my saved items straight away', () => {
    updateSavedJob(queryClient, 'b', false)
    expect(queryClient.getQueryData<SavedJob[]>(jobKeys.saved)?.map((item) => item.jobId)).toEqual(['c'])
    expect(cardIn(allSearch, 'b')?.saved).toBe(false)
  })

  test('saving a job does not invent an entry in my saved items: the list is read again from the server', () => {
    updateSavedJob(queryClient, 'a', true)
    expect(queryClient.getQueryData<SavedJob[]>(jobKeys.saved)?.map((item) => item.jobId)).toEqual(['b', 'c'])
  })

  test('after I apply, the job shows my application as submitted on the board and on its page', () => {
    patchCachedJob(queryClient, 'c', { applicationStatus: 'submitted' })
    expect(cardIn(allSearch, 'c')).toMatchObject({ applicationStatus: 'submitted', saved: false })
    expect(cardIn(remoteSearch, 'c')?.applicationStatus).toBe('submitted')
    expect(queryClient.getQueryData<JobDetail>(jobKeys.detail('c'))?.applicationStatus).toBe('submitted')
    expect(cardIn(allSearch, 'a')?.applicationStatus).toBeNull()
  })

  test('a job whose page I never opened gets no half-filled page in the cache', () => {
    updateSavedJob(queryClient, 'a', true)
    expect(queryClient.getQueryData(jobKeys.detail('a'))).toBeUndefined()
  })
})
