import { gunzipSync } from 'node:zlib'
import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { jobs, savedJobs } from '#server/db/schema/jobs.ts'
import { openEventStream, type ReceivedEvent } from '#server/testing/event-stream.ts'
import { plainText, solidPng } from '#server/testing/files.ts'
import { createTestApp, type TestApp, type TestClient } from '#server/testing/harness.ts'
import { errorOf } from '#server/testing/errors.ts'
import { genericMessages } from '#shared/errors.ts'
import {
  adminJobPageSize,
  jobMessages,
  jobPageSize,
  latestJobsCount,
  searchRankWindow,
  type AdminJob,
  type AdminJobList,
  type JobBoardAnswer,
  type JobDetail,
  type JobInput,
  type JobSearchPage,
  type JobTeaser,
  type SavedCounts,
  type SavedJob,
} from '#shared/jobs/schemas.ts'
import { createJob } from '#server/testing/jobs.ts'
import { joinBoardAnswer } from '#shared/jobs/board-answer.ts'
import { softSkillOptions, technicalSkillOptions } from '#shared/jobs/skills.ts'

async function search(client: TestClient, params: Record<string, string> = {}) {
  const response = await client.get(`/api/jobs?${new URLSearchParams(params)}`)
  expect(response.status).toBe(200)
  // as the web shows it: the shared cards joined with the viewer's marks (JobBoardAnswer)
  return joinBoardAnswer((await response.json()) as JobBoardAnswer)
}

/** A word no other test uses, so a search finds only this test's jobs. */
function uniqueWord(stem: string) {
  return `${stem}${Math.random().toString(36).slice(2, 8).replace(/\d/g, 'x')}`
}

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000)

const jobForm = (overrides: Partial<JobInput> = {}): JobInput => ({
  title: 'Platform Engineer',
  company: 'Northwind Analytics',
  location: 'Halifax, NS',
  salary: '$110,000 - $130,000',
  type: 'Full-time',
  description: 'Run the platform our analysts rely on.',
  technicalSkills: ['Kubernetes', 'Terraform'],
  softSkills: ['Teamwork'],
  requirements: ['3+ years of platform work', ''],
  ...overrides,
})

describe('job board', () => {
  let t: TestApp
  let seeker: TestClient
  let admin: TestClient
  let free: TestClient

  beforeAll(async () => {
    t = await createTestApp()
    seeker = await t.signedIn({ subscribed: true, firstName: 'Sam', lastName: 'Seeker' })
    admin = await t.signedIn({ admin: true, firstName: 'Ada', lastName: 'Admin' })
    free = await t.signedIn()
  })
  afterAll(async () => t?.close())

  test('visitors see the latest jobs but must sign in for the board, and members without a plan are refused', async () => {
    const job = await createJob(t.db, { title: 'Visible Teaser Role' })
    const visitor = t.client()
    const board = await visitor.get('/api/jobs')
    expect(board.status).toBe(401)
    expect((await errorOf(board)).message).toBe(genericMessages.authenticationRequired)
    expect((await visitor.get(`/api/jobs/${job.id}`)).status).toBe(401)

    const latest = await visitor.get('/api/jobs/latest')
    expect(latest.status).toBe(200)
    const teasers = ((await latest.json()) as { jobs: JobTeaser[] }).jobs
    expect(teasers.length).toBeLessThanOrEqual(latestJobsCount)
    expect(teasers[0]).toEqual({
      id: job.id,
      title: 'Visible Teaser Role',
      company: job.company,
      logoUrl: null,
      location: job.location,
      type: 'Full-time',
      postedAt: job.postedAt.toISOString(),
    })

    const refused = await free.get('/api/jobs')
    expect(refused.status).toBe(403)
    expect((await errorOf(refused)).message).toBe(genericMessages.subscriptionRequired)
    expect((await free.get(`/api/jobs/${job.id}`)).status).toBe(403)
    expect((await free.put(`/api/saved/jobs/${job.id}`)).status).toBe(403)
    expect((await t.db.select({ n: count() }).from(savedJobs).where(eq(savedJobs.jobId, job.id)))[0]!.n).toBe(0)
  })

  test('a search by a word ranks a job with it in the title above one that only mentions it in the description', async () => {
    const word = uniqueWord('zephyr')
    const inTitle = await createJob(t.db, { title: `Senior ${word} Specialist`, postedAt: daysAgo(5) })
    const inDescription = await createJob(t.db, {
      title: 'Operations Lead',
      description: `You will sometimes help the ${word} team.`,
      postedAt: daysAgo(1),
    })
    const page = await search(seeker, { q: word })
    expect(page.jobs.map((job) => job.id)).toEqual([inTitle.id, inDescription.id])
    expect(page.truncated).toBe(false)
    expect(page.nextCursor).toBeNull()
    // the last word is matched as a prefix while it is being typed; every word must match
    expect((await search(seeker, { q: `senior ${word.slice(0, 5)}` })).jobs.map((job) => job.id)).toContain(inTitle.id)
    expect((await search(seeker, { q: `operations ${word}` })).jobs.map((job) => job.id)).toEqual([inDescription.id])
    // punctuation and query syntax are only separators
    expect((await search(seeker, { q: `${word} & | ! :* (` })).jobs).toHaveLength(2)
  })

  test('every skill of the job form is found by its own name, punctuation and all', async () => {
    const word = uniqueWord('skillful')
    const technical: readonly string[] = technicalSkillOptions
    for (const skill of [...technicalSkillOptions, ...softSkillOptions]) {
      const listed = technical.includes(skill)
        ? { technicalSkills: [skill], softSkills: [] }
        : { technicalSkills: [], softSkills: [skill] }
      const job = await createJob(t.db, {
        title: 'Generalist',
        company: `${word} Labs`,
        description: 'Various.',
        ...listed,
      })
      expect(
        (await search(seeker, { q: `${skill} ${word}` })).jobs.map((card) => card.id),
        skill,
      ).toEqual([job.id])
      // one job of this test open at a time: the next search can only find its own
      await t.db.update(jobs).set({ status: 'closed' }).where(eq(jobs.id, job.id))
    }
    const other = uniqueWord('titled')
    const titled = await createJob(t.db, { title: `Backend Engineer (Node.js) ${other}` })
    expect((await search(seeker, { q: `node.js ${other}` })).jobs.map((card) => card.id)).toEqual([titled.id])
  })

  test('type, location, remote and posted-within filters each narrow the list', async () => {
    const word = uniqueWord('filtermark')
    const city = uniqueWord('Porto')
    const contract = await createJob(t.db, {
      description: word,
      type: 'Contract',
      location: 'Lisbon, Portugal',
      postedAt: daysAgo(0.5),
    })
    const remote = await createJob(t.db, {
      description: word,
      type: 'Full-time',
      location: `${city} Velho`,
      remote: true,
      postedAt: daysAgo(3),
    })
    const old = await createJob(t.db, {
      description: word,
      type: 'Part-time',
      location: 'Lisbon, Portugal',
      postedAt: daysAgo(20),
    })
    const ids = (page: JobSearchPage) => page.jobs.map((job) => job.id).sort()
    const sorted = (...jobs: Array<{ id: string }>) => jobs.map((job) => job.id).sort()

    expect(ids(await search(seeker, { q: word }))).toEqual(sorted(contract, remote, old))
    expect(ids(await search(seeker, { q: word, type: 'Contract' }))).toEqual(sorted(contract))
    expect(ids(await search(seeker, { q: word, location: 'lisb' }))).toEqual(sorted(contract, old))
    expect(ids(await search(seeker, { q: word, remote: 'true' }))).toEqual(sorted(remote))
    expect(ids(await search(seeker, { q: word, posted: '7' }))).toEqual(sorted(contract, remote))
    expect(ids(await search(seeker, { q: word, posted: '1' }))).toEqual(sorted(contract))
    expect(ids(await search(seeker, { q: word, type: 'Contract', remote: 'true' }))).toEqual([])
    // without a search word the board filters the same way
    expect(ids(await search(seeker, { location: `${city} velho` }))).toEqual(sorted(remote))
    expect(ids(await search(seeker, { location: city.slice(0, 6) }))).toEqual(sorted(remote))
    // a city only one job names is found through its own index; a misspelled one answers an empty page
    const misspelled = `${city.slice(0, 4)}z${city.slice(5)}`
    expect(await search(seeker, { location: misspelled })).toEqual({ jobs: [], nextCursor: null, truncated: false })
    expect((await search(seeker, { q: word, location: misspelled })).jobs).toEqual([])
    expect(ids(await search(seeker, { q: word, location: city, remote: 'true', posted: '7' }))).toEqual(sorted(remote))

    const wrongType = await seeker.get('/api/jobs?type=Freelance')
    expect(wrongType.status).toBe(400)
    expect((await errorOf(wrongType)).message).toBe(jobMessages.invalidType)
  })

  test('closed jobs are never listed, and their detail is not found for members', async () => {
    const word = uniqueWord('closedmark')
    const closed = await createJob(t.db, {
      title: `${word} Analyst`,
      status: 'closed',
      postedAt: new Date(Date.now() + 60_000),
    })
    expect((await search(seeker, { q: word })).jobs).toEqual([])
    expect((await search(seeker)).jobs.map((job) => job.id)).not.toContain(closed.id)
    const latest = ((await (await t.client().get('/api/jobs/latest')).json()) as { jobs: JobTeaser[] }).jobs
    expect(latest.map((job) => job.id)).not.toContain(closed.id)

    const detail = await seeker.get(`/api/jobs/${closed.id}`)
    expect(detail.status).toBe(404)
    expect((await errorOf(detail)).message).toBe(jobMessages.notFound)
    const unknown = await seeker.get(`/api/jobs/${crypto.randomUUID()}`)
    expect(unknown.status).toBe(404)
    expect((await errorOf(unknown)).message).toBe(jobMessages.notFound)

    // admins may still open it, and see that it is closed
    const forAdmin = await admin.get(`/api/jobs/${closed.id}`)
    expect(forAdmin.status).toBe(200)
    expect(((await forAdmin.json()) as JobDetail).status).toBe('closed')
  })

  test('pages of the board and of a search neither repeat nor skip a job', async () => {
    const word = uniqueWord('pagemark')
    const city = uniqueWord('Pagetown')
    const inserted: string[] = []
    for (let i = 0; i < 45; i++) {
      // two jobs share each second, so the id breaks the tie
      const job = await createJob(t.db, {
        title: `Role ${i}`,
        description: `Numbered ${word} role`,
        location: city,
        postedAt: new Date(Date.UTC(2024, 0, 1, 0, 0, Math.floor(i / 2))),
      })
      inserted.push(job.id)
    }
    const searches: Array<Record<string, string>> = [{ q: word }, { location: city }]
    for (const params of searches) {
      const seen: string[] = []
      let cursor: string | null = null
      let pages = 0
      do {
        const page: JobSearchPage = await search(seeker, { ...params, ...(cursor ? { cursor } : {}) })
        expect(page.jobs.length).toBeLessThanOrEqual(jobPageSize)
        seen.push(...page.jobs.map((job) => job.id))
        cursor = page.nextCursor
        expect(cursor ?? '').toMatch(/^[\w-]*$/)
        pages++
      } while (cursor && pages < 10)
      expect(pages).toBe(3)
      expect(new Set(seen).size).toBe(45)
      expect(new Set(seen)).toEqual(new Set(inserted))
      // newest first (all rank alike in the search)
      const postedAt = await Promise.all(
        seen
          .slice(0, 3)
          .map(async (id) => ((await (await seeker.get(`/api/jobs/${id}`)).json()) as JobDetail).postedAt),
      )
      expect([...postedAt].sort().reverse()).toEqual(postedAt)
    }

    const bad = await seeker.get('/api/jobs?cursor=bm90LWEtY3Vyc29y')
    expect(bad.status).toBe(400)
    expect((await errorOf(bad)).message).toBe('Invalid cursor')
    expect((await seeker.get('/api/jobs?cursor=not*valid')).status).toBe(400)
    // a board position is no position in a ranked search
    const boardCursor = (await search(seeker, { location: city })).nextCursor!
    expect((await seeker.get(`/api/jobs?q=${word}&cursor=${boardCursor}`)).status).toBe(400)
  })

  test('a search that matches more jobs than it ranks says so, and pages through the newest of them', async () => {
    const word = uniqueWord('windowmark')
    const start = Date.UTC(2023, 0, 1)
    await t.db.insert(jobs).values(
      Array.from({ length: searchRankWindow + 5 }, (_, i) => ({
        title: i % 2 ? `${word} Engineer` : 'Engineer',
        company: 'Window Co',
        location: 'Oslo',
        type: 'Full-time',
        salary: '$1',
        description: `A ${word} role`,
        postedAt: new Date(start + i * 60_000),
      })),
    )
    const seen: JobSearchPage['jobs'] = []
    let cursor: string | null = null
    do {
      const page: JobSearchPage = await search(seeker, { q: word, ...(cursor ? { cursor } : {}) })
      expect(page.truncated).toBe(true)
      seen.push(...page.jobs)
      cursor = page.nextCursor
    } while (cursor)
    expect(seen).toHaveLength(searchRankWindow)
    expect(new Set(seen.map((job) => job.id)).size).toBe(searchRankWindow)
    // title matches first, then the rest; the 5 oldest jobs fell outside the window
    const firstOther = seen.findIndex((job) => !job.title.includes(word))
    expect(seen.slice(firstOther).every((job) => !job.title.includes(word))).toBe(true)
    expect(Math.min(...seen.map((job) => Date.parse(job.postedAt)))).toBe(start + 5 * 60_000)
  })

  test('a browser gets the board gzipped, the same answer; a small answer goes uncompressed', async () => {
    const word = uniqueWord('gzipmark')
    for (let i = 0; i < 8; i++) await createJob(t.db, { title: `${word} Engineer ${i}`, location: 'Zürich, CH' })
    const browser = { 'accept-encoding': 'gzip, deflate, br' }
    const plain = await seeker.get(`/api/jobs?q=${word}`)
    expect(plain.headers.get('content-encoding')).toBeNull()
    const gzipped = await seeker.request('GET', `/api/jobs?q=${word}`, undefined, browser)
    expect(gzipped.headers.get('content-encoding')).toBe('gzip')
    expect(gzipped.headers.get('vary')).toBe('Accept-Encoding')
    const bytes = Buffer.from(await gzipped.arrayBuffer())
    expect(Number(gzipped.headers.get('content-length'))).toBe(bytes.length)
    const answer = JSON.parse(gunzipSync(bytes).toString()) as JobBoardAnswer
    expect(answer).toEqual(await plain.json())
    expect(answer.jobs).toHaveLength(8)
    expect(answer.viewer).toHaveLength(8)
    const head = await seeker.request('HEAD', `/api/jobs?q=${word}`, undefined, browser)
    expect(head.status).toBe(200)
    expect(head.headers.get('content-encoding')).toBe('gzip')

    const empty = await seeker.request('GET', `/api/jobs?q=${uniqueWord('nothingmatches')}`, undefined, browser)
    expect(empty.headers.get('content-encoding')).toBeNull()
    expect(await empty.json()).toEqual({ jobs: [], nextCursor: null, truncated: false, viewer: [] })
  })

  test('a search that matches nothing answers an empty page', async () => {
    const page = await search(seeker, { q: uniqueWord('nothingmatches') })
    expect(page).toEqual({ jobs: [], nextCursor: null, truncated: false })
    // only punctuation: no search at all, the board
    expect((await search(seeker, { q: '!!! ???' })).jobs.length).toBeGreaterThan(0)
    // English stop-words alone match nothing (docs/decisions/009)
    expect((await search(seeker, { q: 'the' })).jobs).toEqual([])
  })

  test("the match percentage comes from the member's own skills and follows them when they change", async () => {
    const word = uniqueWord('matchmark')
    const job = await createJob(t.db, {
      title: `${word} Developer`,
      technicalSkills: ['Python', 'SQL'],
      softSkills: ['Communication', 'Leadership'],
    })
    const member = await t.signedIn({ subscribed: true })
    const matchOf = async () => (await search(member, { q: word })).jobs[0]!.match
    expect(await matchOf()).toBe(0)

    const saved = await member.put('/api/profile/me/skills', {
      skills: [
        { name: 'Python', level: 'advanced' },
        { name: 'Communication', level: 'expert' },
        { name: 'Marketing', level: 'beginner' },
      ],
    })
    expect(saved.status).toBe(200)
    expect(await matchOf()).toBe(50)
    expect(((await (await member.get(`/api/jobs/${job.id}`)).json()) as JobDetail).match).toBe(50)
    await member.put('/api/profile/me/skills', { skills: [{ name: 'SQL', level: 'advanced' }] })
    expect(await matchOf()).toBe(75)
    // another member's skills do not count
    expect((await search(seeker, { q: word })).jobs[0]!.match).toBe(0)
  })

  test('a member saves a job once however often they press save, and can remove it', async () => {
    const member = await t.signedIn({ subscribed: true })
    const job = await createJob(t.db, { title: 'Savable Role', company: 'Keepers Inc' })
    for (let i = 0; i < 2; i++) {
      const response = await member.put(`/api/saved/jobs/${job.id}`)
      expect(response.status).toBe(200)
      expect(await response.json()).toEqual({ saved: true })
    }
    expect((await t.db.select({ n: count() }).from(savedJobs).where(eq(savedJobs.jobId, job.id)))[0]!.n).toBe(1)
    expect((await (await member.get('/api/saved/counts')).json()) as SavedCounts).toEqual({ jobs: 1, courses: 0 })
    const list = ((await (await member.get('/api/saved/jobs')).json()) as { jobs: SavedJob[] }).jobs
    expect(list).toHaveLength(1)
    expect(list[0]).toMatchObject({
      jobId: job.id,
      status: 'saved',
      notes: null,
      job: { id: job.id, title: 'Savable Role', company: 'Keepers Inc', active: true },
    })
    expect(((await (await member.get(`/api/jobs/${job.id}`)).json()) as JobDetail).saved).toBe(true)
    // someone else's saved list stays their own
    expect((await (await seeker.get('/api/saved/counts')).json()) as SavedCounts).toMatchObject({ jobs: 0 })

    expect((await member.delete(`/api/saved/jobs/${job.id}`)).status).toBe(204)
    expect((await member.delete(`/api/saved/jobs/${job.id}`)).status).toBe(204)
    expect((await (await member.get('/api/saved/counts')).json()) as SavedCounts).toEqual({ jobs: 0, courses: 0 })
    expect(((await (await member.get('/api/saved/jobs')).json()) as { jobs: SavedJob[] }).jobs).toEqual([])

    const closed = await createJob(t.db, { status: 'closed' })
    const refused = await member.put(`/api/saved/jobs/${closed.id}`)
    expect(refused.status).toBe(404)
    expect((await errorOf(refused)).message).toBe(jobMessages.notFound)
    expect((await t.client().get('/api/saved/counts')).status).toBe(401)
  })

  test('a saved job that is later closed stays on the saved list, shown as no longer open', async () => {
    const member = await t.signedIn({ subscribed: true })
    const job = await createJob(t.db)
    await member.put(`/api/saved/jobs/${job.id}`)
    expect((await admin.request('PATCH', `/api/admin/jobs/${job.id}/status`, { status: 'closed' })).status).toBe(200)
    const list = ((await (await member.get('/api/saved/jobs')).json()) as { jobs: SavedJob[] }).jobs
    expect(list.map((saved) => [saved.jobId, saved.job.active])).toEqual([[job.id, false]])
  })

  test('every job management endpoint refuses subscribers and asks visitors to sign in', async () => {
    const job = await createJob(t.db)
    const someId = crypto.randomUUID()
    const endpoints: Array<[string, string, unknown?]> = [
      ['GET', '/api/admin/jobs'],
      ['POST', '/api/admin/jobs', jobForm()],
      ['PUT', `/api/admin/jobs/${job.id}`, jobForm()],
      ['PATCH', `/api/admin/jobs/${job.id}/status`, { status: 'closed' }],
      ['DELETE', `/api/admin/jobs/${job.id}`],
      ['POST', `/api/admin/jobs/${job.id}/logo`, new FormData()],
      ['DELETE', `/api/admin/jobs/${job.id}/logo`],
      ['GET', `/api/admin/jobs/${job.id}/applications`],
      ['PATCH', `/api/admin/jobs/applications/${someId}`, { status: 'reviewed' }],
    ]
    for (const [method, path, body] of endpoints) {
      const refused = await seeker.request(method, path, body)
      expect(refused.status, `${method} ${path}`).toBe(403)
      expect((await errorOf(refused)).message).toBe(genericMessages.adminRequired)
      const visitor = await t.client().request(method, path, body)
      expect(visitor.status, `${method} ${path}`).toBe(401)
      expect((await errorOf(visitor)).message).toBe(genericMessages.authenticationRequired)
    }
    expect(((await (await seeker.get(`/api/jobs/${job.id}`)).json()) as JobDetail).status).toBe('active')
  })

  test('the job form refuses blank required fields, a missing description and skills outside the lists', async () => {
    const cases: Array<[string, Partial<JobInput>, string, string]> = [
      ['a blank title', { title: '   ' }, 'title', jobMessages.requiredFields],
      ['a missing company', { company: undefined }, 'company', jobMessages.requiredFields],
      ['an empty description', { description: '' }, 'description', jobMessages.descriptionRequired],
      [
        'a skill not in the list',
        { technicalSkills: ['Juggling' as never] },
        'technicalSkills.0',
        jobMessages.unknownSkill,
      ],
      ['an unknown type', { type: 'Freelance' as never }, 'type', jobMessages.invalidType],
      ['a malformed contact e-mail', { contactEmail: 'not-an-email' }, 'contactEmail', jobMessages.invalidContactEmail],
    ]
    for (const [label, overrides, field, message] of cases) {
      const response = await admin.post('/api/admin/jobs', jobForm(overrides))
      expect(response.status, label).toBe(400)
      const error = await errorOf(response)
      expect(error.message, label).toBe(message)
      expect(error.fields?.[field], label).toBe(message)
    }
  })

  test('an edit that does not name a status keeps the job closed', async () => {
    const job = await createJob(t.db, { status: 'closed' })
    const edited = await admin.put(`/api/admin/jobs/${job.id}`, jobForm({ title: 'Renamed Role' }))
    expect(edited.status).toBe(200)
    expect((await edited.json()) as AdminJob).toMatchObject({ title: 'Renamed Role', status: 'closed' })
  })

  test('an admin creates, edits, closes, reopens and deletes a job, and the board follows each step at once', async () => {
    const word = uniqueWord('cachemark')
    // the search and the admin table's count are answered (and cached) before the job exists
    expect((await search(seeker, { q: word })).jobs).toEqual([])
    const totalBefore = ((await (await admin.get('/api/admin/jobs')).json()) as AdminJobList).total

    const created = await admin.post(
      '/api/admin/jobs',
      jobForm({ title: `${word} Engineer`, type: 'Remote', remote: false, contactEmail: '' }),
    )
    expect(created.status).toBe(201)
    const job = (await created.json()) as AdminJob
    expect(job).toMatchObject({
      title: `${word} Engineer`,
      type: 'Remote',
      remote: true,
      status: 'active',
      contactEmail: null,
      requirements: ['3+ years of platform work'],
      technicalSkills: ['Kubernetes', 'Terraform'],
      applicationCount: 0,
      logoUrl: null,
    })
    expect((await search(seeker, { q: word })).jobs.map((card) => card.id)).toEqual([job.id])
    expect(((await (await t.client().get('/api/jobs/latest')).json()) as { jobs: JobTeaser[] }).jobs[0]!.id).toBe(
      job.id,
    )

    const list = (await (await admin.get(`/api/admin/jobs?q=${word}`)).json()) as AdminJobList
    expect(list.total).toBe(1)
    expect(list.jobs.map((row) => row.id)).toEqual([job.id])
    const all = (await (await admin.get('/api/admin/jobs')).json()) as AdminJobList
    expect(all.total).toBe(totalBefore + 1)
    expect(all.jobs[0]!.id).toBe(job.id)

    const updated = await admin.put(
      `/api/admin/jobs/${job.id}`,
      jobForm({ title: `${word} Architect`, type: 'Contract', contactEmail: 'hiring@example.com' }),
    )
    expect(updated.status).toBe(200)
    expect((await updated.json()) as AdminJob).toMatchObject({
      title: `${word} Architect`,
      type: 'Contract',
      remote: false,
      contactEmail: 'hiring@example.com',
    })
    expect((await search(seeker, { q: word })).jobs[0]!.title).toBe(`${word} Architect`)

    const closed = await admin.request('PATCH', `/api/admin/jobs/${job.id}/status`, { status: 'closed' })
    expect(((await closed.json()) as AdminJob).status).toBe('closed')
    expect((await search(seeker, { q: word })).jobs).toEqual([])
    expect(((await (await admin.get(`/api/admin/jobs?q=${word}`)).json()) as AdminJobList).jobs[0]!.status).toBe(
      'closed',
    )
    await admin.request('PATCH', `/api/admin/jobs/${job.id}/status`, { status: 'active' })
    expect((await search(seeker, { q: word })).jobs).toHaveLength(1)

    expect((await admin.delete(`/api/admin/jobs/${job.id}`)).status).toBe(204)
    expect((await search(seeker, { q: word })).jobs).toEqual([])
    expect(((await (await admin.get('/api/admin/jobs')).json()) as AdminJobList).total).toBe(totalBefore)
    expect(((await (await admin.get(`/api/admin/jobs?q=${word}`)).json()) as AdminJobList).total).toBe(0)
    expect((await seeker.get(`/api/jobs/${job.id}`)).status).toBe(404)
    expect((await admin.delete(`/api/admin/jobs/${job.id}`)).status).toBe(404)
    expect((await admin.put(`/api/admin/jobs/${job.id}`, jobForm())).status).toBe(404)
  })

  test('the admin table searches title, company and location only, and pages through every job', async () => {
    const word = 'Zephyrine'
    await createJob(t.db, { title: `${word} Analyst` })
    await createJob(t.db, { company: `${word} Holdings` })
    await createJob(t.db, { location: `${word} Falls, OR` })
    await createJob(t.db, { description: `We ship ${word} widgets.` })
    await createJob(t.db, { technicalSkills: ['Go'], title: 'Unrelated Role', description: 'Nothing to see.' })
    const found = (await (await admin.get(`/api/admin/jobs?q=${word.toLowerCase()}`)).json()) as AdminJobList
    expect(found.total).toBe(3)
    expect(found.jobs.map((job) => job.description.includes(word))).toEqual([false, false, false])

    for (let i = 0; i < adminJobPageSize; i++)
      await createJob(t.db, { title: `Paging Role ${i}`, status: i % 2 ? 'closed' : 'active' })
    const seen = new Set<string>()
    let cursor: string | null = ''
    let total = 0
    while (cursor !== null) {
      const page = (await (
        await admin.get(`/api/admin/jobs${cursor ? `?cursor=${cursor}` : ''}`)
      ).json()) as AdminJobList
      expect(page.jobs.length).toBeLessThanOrEqual(adminJobPageSize)
      for (const job of page.jobs) {
        expect(seen.has(job.id)).toBe(false)
        seen.add(job.id)
      }
      total = page.total
      cursor = page.nextCursor
    }
    const [all] = await t.db.select({ jobs: count() }).from(jobs)
    expect(seen.size).toBe(all!.jobs)
    expect(total).toBe(all!.jobs)
  })

  test('open boards hear of a job change live, and no member without a plan does', async () => {
    const payload = (event: ReceivedEvent) =>
      event.data as { control?: string; topic?: string; type?: string; data?: { jobId?: string } }
    const subscriberStream = await openEventStream(await t.signedIn({ subscribed: true }))
    const freeStream = await openEventStream(await t.signedIn())
    await subscriberStream.next((event) => payload(event).control === 'hello')
    await freeStream.next((event) => payload(event).control === 'hello')

    const created = await admin.post('/api/admin/jobs', jobForm({ title: 'Live Board Engineer' }))
    const { id } = (await created.json()) as { id: string }
    const event = await subscriberStream.next((e) => payload(e).topic === 'jobs')
    expect(payload(event)).toMatchObject({ topic: 'jobs', type: 'jobs.changed', data: { jobId: id } })
    await admin.request('PATCH', `/api/admin/jobs/${id}/status`, { status: 'closed' })
    await subscriberStream.next((e) => payload(e).topic === 'jobs' && payload(e).data?.jobId === id && e !== event)

    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(freeStream.received.some((e) => payload(e).topic === 'jobs')).toBe(false)
    await Promise.all([subscriberStream.close(), freeStream.close()])
  })

  test('a company logo must be an image; it is stored as a small PNG anyone can load, and can be removed', async () => {
    const job = await createJob(t.db, { title: 'Logo Role' })
    const logoForm = (bytes: Buffer, name: string, type: string) => {
      const form = new FormData()
      form.set('logo', new File([new Uint8Array(bytes)], name, { type }))
      return form
    }

    const fake = await admin.post(`/api/admin/jobs/${job.id}/logo`, logoForm(plainText, 'logo.png', 'image/png'))
    expect(fake.status).toBe(400)
    expect(await errorOf(fake)).toMatchObject({
      message: jobMessages.logoNotImage,
      fields: { logo: jobMessages.logoNotImage },
    })
    const missing = await admin.post(`/api/admin/jobs/${job.id}/logo`, new FormData())
    expect((await errorOf(missing)).message).toBe(jobMessages.logoNotImage)
    const big = Buffer.concat([solidPng(), Buffer.alloc(6 * 1024 * 1024)])
    const tooLarge = await admin.post(`/api/admin/jobs/${job.id}/logo`, logoForm(big, 'big.png', 'image/png'))
    expect(tooLarge.status).toBe(400)
    expect((await errorOf(tooLarge)).message).toBe(jobMessages.logoTooLarge)

    const uploaded = await admin.post(
      `/api/admin/jobs/${job.id}/logo`,
      logoForm(solidPng(600, 300), 'logo.png', 'image/png'),
    )
    expect(uploaded.status).toBe(200)
    const first = ((await uploaded.json()) as AdminJob).logoUrl!
    expect(first).toMatch(new RegExp(`^/api/jobs/logos/${job.id}\\?v=\\d+$`))
    const served = await t.client().get(first)
    expect(served.status).toBe(200)
    expect(served.headers.get('content-type')).toBe('image/png')
    expect(served.headers.get('cache-control')).toBe('public, max-age=3600')
    const picture = Buffer.from(await served.arrayBuffer())
    // 600 x 300 scaled into 256 px
    expect(picture.readUInt32BE(16)).toBe(256)
    expect(picture.readUInt32BE(20)).toBe(128)
    expect((await search(seeker, { q: 'logo role' })).jobs.find((card) => card.id === job.id)?.logoUrl).toBe(first)

    const removed = await admin.delete(`/api/admin/jobs/${job.id}/logo`)
    expect(((await removed.json()) as AdminJob).logoUrl).toBeNull()
    expect((await t.client().get(first)).status).toBe(404)
    expect(
      (await admin.post(`/api/admin/jobs/${crypto.randomUUID()}/logo`, logoForm(solidPng(), 'logo.png', 'image/png')))
        .status,
    ).toBe(404)
  })
})
