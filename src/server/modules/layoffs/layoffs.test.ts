import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { companyKey } from '#server/modules/layoffs/import/records.ts'
import { layoffRecords } from '#server/db/schema/layoffs.ts'
import { createTestApp, type TestApp, type TestClient } from '#server/testing/harness.ts'
import type { LatestLayoffs, LayoffPage, LayoffStats } from '#shared/layoffs/schemas.ts'

// The layoff tracker (issue 19; spec 002 §2 Layoff tracker, spec 000 §1 teaser): who
// may read it, search, filters, sorts, pages, the charts' figures and the export. On
// PostgreSQL the database is shared: every query here narrows to this file's mark.

let t: TestApp
let subscriber: TestClient
const m = `Q${Math.random().toString(36).slice(2, 7)}`

type Seed = { company: string; state: string; workers: number; date: string; closure?: boolean; source?: string }
const seeds: Seed[] = [
  {
    company: `${m} Alpha`,
    state: 'TX',
    workers: 120,
    date: '2024-01-10',
    closure: true,
    source: 'https://example.org/a.pdf',
  },
  { company: `${m} beta`, state: 'TX', workers: 30, date: '2024-02-03', source: 'javascript:alert(1)' },
  { company: `${m} Gamma`, state: 'OH', workers: 75, date: '2024-02-20' },
  { company: `${m} Delta 100%`, state: 'CA', workers: 5, date: '2023-12-01' },
  { company: `${m} Epsilon`, state: 'OH', workers: 400, date: '2024-03-15', closure: true },
  { company: `=HYPERLINK("http://evil.example","${m}")`, state: 'CA', workers: 9, date: '2024-03-01' },
  { company: `${m} Alpha`, state: 'TX', workers: 11, date: '2024-03-02' },
]

beforeAll(async () => {
  t = await createTestApp()
  subscriber = await t.signedIn({ subscribed: true })
  await t.db.insert(layoffRecords).values(
    seeds.map((seed) => ({
      company: seed.company,
      companyKey: companyKey(seed.company),
      state: seed.state,
      workersAffected: seed.workers,
      layoffDate: seed.date,
      isClosure: seed.closure ?? false,
      source: seed.source ?? null,
    })),
  )
})
afterAll(async () => t?.close())

const list = async (query: string) => {
  const response = await subscriber.get(`/api/layoffs?q=${encodeURIComponent(m)}&${query}`)
  expect(response.status).toBe(200)
  return (await response.json()) as LayoffPage
}

describe('who may read the tracker', () => {
  test('visitors 401, members without a plan 403, subscribers and admins 200; the teaser is public', async () => {
    expect((await t.client().get('/api/layoffs')).status).toBe(401)
    const free = await t.signedIn()
    expect((await free.get('/api/layoffs')).status).toBe(403)
    expect((await free.get('/api/layoffs/stats')).status).toBe(403)
    expect((await free.get('/api/layoffs/export.csv')).status).toBe(403)
    const admin = await t.signedIn({ admin: true })
    expect((await admin.get('/api/layoffs')).status).toBe(200)
    expect((await subscriber.get('/api/layoffs')).status).toBe(200)
    const latest = await t.client().get('/api/layoffs/latest')
    expect(latest.status).toBe(200)
    const body = (await latest.json()) as LatestLayoffs
    expect(body.records.length).toBeGreaterThan(0)
    expect(body.records.length).toBeLessThanOrEqual(5)
  })
})

describe('the list', () => {
  test('newest first by default, with the type, state name and safe links', async () => {
    const page = await list('')
    expect(page.total).toBe(7)
    expect(page.records.map((r) => r.layoffDate)).toEqual([
      '2024-03-15',
      '2024-03-02',
      '2024-03-01',
      '2024-02-20',
      '2024-02-03',
      '2024-01-10',
      '2023-12-01',
    ])
    const alpha = page.records.find((r) => r.layoffDate === '2024-01-10')!
    expect(alpha).toMatchObject({
      state: 'TX',
      stateName: 'Texas',
      kind: 'closure',
      source: 'https://example.org/a.pdf',
    })
    expect(page.records.find((r) => r.layoffDate === '2024-02-03')!).toMatchObject({ kind: 'layoff', source: null })
  })

  test('search by company, case-insensitive, with % taken literally; by state name', async () => {
    const beta = await subscriber.get(`/api/layoffs?q=${encodeURIComponent(`${m} BETA`)}`)
    expect(((await beta.json()) as LayoffPage).records.map((r) => r.company)).toEqual([`${m} beta`])
    const percent = await subscriber.get(`/api/layoffs?q=${encodeURIComponent(`${m} Delta 100%`)}`)
    expect(((await percent.json()) as LayoffPage).total).toBe(1)
    const literal = await subscriber.get(`/api/layoffs?q=${encodeURIComponent(`${m} %`)}`)
    expect(((await literal.json()) as LayoffPage).total).toBe(0)
    const ohio = await subscriber.get(`/api/layoffs?q=ohio&state=OH&from=2024-01-01`)
    const names = ((await ohio.json()) as LayoffPage).records.map((r) => r.company)
    expect(names).toEqual(expect.arrayContaining([`${m} Epsilon`, `${m} Gamma`]))
  })

  test('filters: state, date range, type', async () => {
    expect((await list('state=TX')).total).toBe(3)
    expect((await list('from=2024-02-01&to=2024-02-29')).records.map((r) => r.company).sort()).toEqual([
      `${m} Gamma`,
      `${m} beta`,
    ])
    expect((await list('kind=closure')).records.map((r) => r.company).sort()).toEqual([`${m} Alpha`, `${m} Epsilon`])
    expect((await subscriber.get('/api/layoffs?state=ZZ')).status).toBe(400)
    expect((await subscriber.get('/api/layoffs?from=2024-13-45')).status).toBe(400)
  })

  test('each column sorts both ways', async () => {
    const workers = await list('sort=workers&dir=asc')
    expect(workers.records.map((r) => r.workersAffected)).toEqual([5, 9, 11, 30, 75, 120, 400])
    expect((await list('sort=workers&dir=desc')).records.map((r) => r.workersAffected)).toEqual([
      400, 120, 75, 30, 11, 9, 5,
    ])
    const states = (await list('sort=state&dir=asc')).records.map((r) => r.state)
    expect(states).toEqual(['CA', 'CA', 'OH', 'OH', 'TX', 'TX', 'TX'])
    expect((await list('sort=state&dir=desc')).records.map((r) => r.state)).toEqual([...states].reverse())
    const companies = (await list('sort=company&dir=asc')).records.map((r) => r.company.toLowerCase())
    expect(companies).toEqual([...companies].sort())
    expect((await list('sort=company&dir=desc')).records.map((r) => r.company.toLowerCase())).toEqual(
      [...companies].reverse(),
    )
    expect((await list('sort=date&dir=asc')).records[0]!.layoffDate).toBe('2023-12-01')
  })

  test('pages follow each other without repeats or gaps (keyset, 25 a page)', async () => {
    const extra = Array.from({ length: 30 }, (_, i) => ({
      company: `${m}P Page ${String(i).padStart(2, '0')}`,
      companyKey: companyKey(`${m}P Page ${i}`),
      state: 'WA',
      workersAffected: 10, // all equal: the id breaks the ties
      layoffDate: '2022-06-01',
    }))
    await t.db.insert(layoffRecords).values(extra)
    const seen: string[] = []
    let cursor: string | null = ''
    let pages = 0
    while (cursor !== null) {
      const response = await subscriber.get(
        `/api/layoffs?q=${m}P&sort=workers&dir=desc${cursor ? `&cursor=${cursor}` : ''}`,
      )
      const page = (await response.json()) as LayoffPage
      expect(page.total).toBe(30)
      seen.push(...page.records.map((r) => r.id))
      cursor = page.nextCursor
      pages++
    }
    expect(pages).toBe(2)
    expect(new Set(seen).size).toBe(30)
    // a cursor of another sort is refused
    const first = (await (await subscriber.get(`/api/layoffs?q=${m}P&sort=workers`)).json()) as LayoffPage
    expect((await subscriber.get(`/api/layoffs?q=${m}P&sort=company&cursor=${first.nextCursor}`)).status).toBe(400)
    expect((await subscriber.get(`/api/layoffs?cursor=bogus`)).status).toBe(400)
  })
})

describe('charts and export', () => {
  test('stats add up: per month, per state, top companies, totals', async () => {
    const response = await subscriber.get(`/api/layoffs/stats?q=${encodeURIComponent(m)}&from=2023-01-01`)
    const stats = (await response.json()) as LayoffStats
    expect(stats.totals).toEqual({ workers: 650, notices: 7, closures: 2 })
    expect(stats.byMonth).toEqual([
      { month: '2023-12', workers: 5, notices: 1 },
      { month: '2024-01', workers: 120, notices: 1 },
      { month: '2024-02', workers: 105, notices: 2 },
      { month: '2024-03', workers: 420, notices: 3 },
    ])
    expect(stats.byState).toEqual([
      { state: 'OH', stateName: 'Ohio', workers: 475, notices: 2 },
      { state: 'TX', stateName: 'Texas', workers: 161, notices: 3 },
      { state: 'CA', stateName: 'California', workers: 14, notices: 2 },
    ])
    expect(stats.topCompanies[0]).toEqual({ company: `${m} Epsilon`, workers: 400, notices: 1 })
    expect(stats.topCompanies[1]).toEqual({ company: `${m} Alpha`, workers: 131, notices: 2 })

    const none = (await (await subscriber.get(`/api/layoffs/stats?q=${m}-nobody`)).json()) as LayoffStats
    expect(none).toEqual({
      byMonth: [],
      byState: [],
      topCompanies: [],
      totals: { workers: 0, notices: 0, closures: 0 },
    })
  })

  test('the export is the filter as CSV with a BOM, formulas defused', async () => {
    const response = await subscriber.get(`/api/layoffs/export.csv?q=${encodeURIComponent(m)}&state=CA`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-disposition')).toMatch(/attachment; filename="layoffs-\d{4}-\d{2}-\d{2}\.csv"/)
    const bytes = new Uint8Array(await response.arrayBuffer())
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const lines = new TextDecoder().decode(bytes).trim().split('\r\n')
    expect(lines[0]).toBe('"Company","State","Layoff date","Workers affected","Type","Notes","Source"')
    expect(lines).toHaveLength(3)
    expect(lines[1]).toBe(`"'=HYPERLINK(""http://evil.example"",""${m}"")","CA","2024-03-01","9","Layoff","",""`)
  })
})
