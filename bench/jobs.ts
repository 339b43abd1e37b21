// Job search at scale (issue 5; ARCHITECTURE.md budget: at least 50 % of the
// requests per second of a one-row SELECT route on the same database, p99 under
// 100 ms, 50 connections, 100,000 jobs, signed in). Prints EXPLAIN of the board
// and search queries, which must use jobs_board_order_idx, jobs_search_idx and
// jobs_location_search_idx, never a sequential scan of jobs.
//
// Runs: the board's first page; popular searches (the same few searches from many
// members, as on a real board: answered from the shared result cache after the
// first); and a cold run where every request is a search never seen before, so
// every one reaches the database (docs/decisions/009).
//
//   npx tsx bench/jobs.ts                                                       # PGlite
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/jobs.ts  # PostgreSQL
import autocannon from 'autocannon'
import { sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { createMember } from '#server/modules/accounts/members.ts'
import { listBoardPage, listRankedPage } from '#server/modules/jobs/queries.ts'
import { locationSearchQuery, textSearchQuery } from '#server/modules/jobs/service.ts'
import { jobTypes } from '#shared/jobs/schemas.ts'
import { softSkillOptions, technicalSkillOptions } from '#shared/jobs/skills.ts'
import { formatRun, startBenchApp } from './support.ts'

const duration = Number(process.env.BENCH_SECONDS ?? 10)
const connections = 50
const jobCount = Number(process.env.BENCH_JOBS ?? 100_000)

const titles = [
  'Software Engineer', 'Senior Software Engineer', 'Frontend Developer', 'Backend Engineer', 'Full-Stack Developer', 'Data Analyst',
  'Data Scientist', 'Machine Learning Engineer', 'DevOps Engineer', 'Site Reliability Engineer', 'Cloud Architect', 'Security Analyst',
  'Product Manager', 'Product Designer', 'UX Researcher', 'QA Engineer', 'Engineering Manager', 'Technical Writer', 'Marketing Specialist',
  'Sales Representative', 'Account Executive', 'Customer Success Manager', 'HR Business Partner', 'Recruiter', 'Financial Analyst',
  'Operations Manager', 'Project Manager', 'Business Analyst', 'Database Administrator', 'Network Engineer', 'Mobile Developer',
  'Solutions Engineer', 'IT Support Specialist', 'Content Strategist', 'Growth Marketer', 'Supply Chain Analyst', 'Scrum Master',
  'Data Engineer', 'Platform Engineer', 'Compliance Officer',
]
const cities = [
  'New York, NY', 'Austin, TX', 'Chicago, IL', 'Seattle, WA', 'Denver, CO', 'Boston, MA', 'San Francisco, CA', 'Los Angeles, CA',
  'Atlanta, GA', 'Miami, FL', 'Portland, OR', 'Phoenix, AZ', 'Dallas, TX', 'Houston, TX', 'Philadelphia, PA', 'Minneapolis, MN',
  'Detroit, MI', 'Raleigh, NC', 'Nashville, TN', 'Salt Lake City, UT', 'Toronto, ON', 'Vancouver, BC', 'Montreal, QC', 'Pittsburgh, PA',
  'Columbus, OH', 'Kansas City, MO', 'St. Louis, MO', 'San Diego, CA', 'Sacramento, CA', 'Remote',
]
const companyWords = ['North', 'Blue', 'Cedar', 'Harbor', 'Summit', 'Lumen', 'Quantum', 'Evergreen', 'Atlas', 'Beacon', 'Crest', 'Vertex']
const companyKinds = ['Analytics', 'Health', 'Payments', 'Labs', 'Software', 'Logistics', 'Retail', 'Energy', 'Media', 'Robotics']
const sentences = [
  'You will join a collaborative team shipping work that customers use every day.',
  'We value clear writing, thoughtful reviews and steady, sustainable pace.',
  'The role partners closely with product, design and operations.',
  'Expect ownership from the first week and a mentor to help you grow.',
  'We are expanding after a successful funding round and hiring across functions.',
  'Hybrid schedule with two office days a week; fully remote considered.',
  'You will measure outcomes, not hours, and share what you learn.',
  'Our stack is modern and our on-call rotation is humane.',
]

const literal = (items: readonly string[]) => sql.raw(`array[${items.map((item) => `'${item.replace(/'/g, "''")}'`).join(',')}]::text[]`)

async function seedJobs(db: Db) {
  // deterministic variety: every column cycles at its own period, so words combine widely
  await db.execute(sql`
    insert into jobs (title, company, location, type, remote, salary, status, technical_skills, soft_skills, description,
                      requirements, responsibilities, benefits, posted_at)
    select t.title, c.company, l.location, ty.type, l.location = 'Remote' or g % 4 = 0,
           '$' || (60 + g % 120) || ',000 - $' || (80 + g % 140) || ',000',
           case when g % 10 = 0 then 'closed' else 'active' end,
           array[(${literal(technicalSkillOptions)})[1 + g % 28], (${literal(technicalSkillOptions)})[1 + (g / 28) % 28], (${literal(technicalSkillOptions)})[1 + (g / 7) % 28]],
           array[(${literal(softSkillOptions)})[1 + g % 18], (${literal(softSkillOptions)})[1 + (g / 18) % 18]],
           (${literal(sentences)})[1 + g % 8] || ' ' || (${literal(sentences)})[1 + (g / 8) % 8] || ' ' || (${literal(sentences)})[1 + (g / 64) % 8],
           array['Relevant experience', 'Clear written communication'], array['Deliver your projects end to end'], array['Health cover', 'Learning budget'],
           now() - make_interval(secs => g * 30)
    from generate_series(1, ${jobCount}) g
    cross join lateral (select (${literal(titles)})[1 + g % ${titles.length}] as title) t
    cross join lateral (select (${literal(companyWords)})[1 + g % 12] || ' ' || (${literal(companyKinds)})[1 + (g / 12) % 10] || ' ' || (g % 97) as company) c
    cross join lateral (select (${literal(cities)})[1 + (g / 3) % ${cities.length}] as location) l
    cross join lateral (select (${literal(jobTypes)})[1 + (g / 5) % 5] as type) ty`)
  await db.execute(sql`analyze jobs`)
}

async function main() {
  const bench = await startBenchApp()
  const { db } = bench.database
  await createMember(db, { email: 'seeker@bench.local', password: 'Bench-Pass-2026', firstName: 'Job', lastName: 'Seeker', subscribedDays: 30 })

  const seeding = performance.now()
  await seedJobs(db)
  console.log(`seeded ${jobCount} jobs in ${Math.round(performance.now() - seeding)} ms (${bench.database.kind})`)

  // the board's and the search's SQL as the service builds it, with example values
  const pageSize = 21
  const plans = [
    { label: 'board, first page', query: listBoardPage(db, {}, pageSize).toSQL() },
    {
      label: 'board, filtered by location, type, remote, posted within 7 days',
      query: listBoardPage(db, { location: locationSearchQuery('austin'), type: 'Full-time', remote: true, postedWithinDays: 7 }, pageSize).toSQL(),
    },
    { label: 'text search "engineer"', query: listRankedPage(db, { text: textSearchQuery('engineer')! }, pageSize).toSQL() },
    {
      label: 'text search "data analyst" in Chicago, Contract',
      query: listRankedPage(db, { text: textSearchQuery('data analyst')!, location: locationSearchQuery('Chicago'), type: 'Contract' }, pageSize).toSQL(),
    },
  ]
  let indexed = true
  for (const { label, query } of plans) {
    const plan = (await db.execute(sql.raw(`explain ${query.sql.replace(/\$(\d+)/g, (_, n) => {
      const value = query.params[Number(n) - 1]
      return typeof value === 'number' ? String(value) : `'${String(value).replace(/'/g, "''")}'`
    })}`))) as unknown as { rows: Array<Record<string, string>> }
    const planText = plan.rows.map((row) => Object.values(row)[0]).join('\n')
    const seqScan = /Seq Scan on jobs/.test(planText)
    indexed &&= !seqScan
    console.log(`EXPLAIN ${label}:\n${planText}\n${seqScan ? 'WARNING: sequential scan of jobs' : 'uses an index of jobs, no sequential scan'}\n`)
  }

  const cookie = await bench.signIn('seeker@bench.local', 'Bench-Pass-2026')
  const check = await fetch(`${bench.baseUrl}/api/jobs?q=engineer`, { headers: { cookie } })
  const body = (await check.json()) as { jobs: unknown[] }
  if (!check.ok || body.jobs.length === 0) throw new Error(`the search did not answer jobs: ${check.status}`)

  const run = (title: string, options: Partial<autocannon.Options>) =>
    autocannon({ title, connections, duration, ...options, url: options.url ?? bench.baseUrl, headers: { cookie, ...options.headers } })

  const select = await run('one-row SELECT', { url: bench.baselineUrl })
  const board = await run('GET /api/jobs (board, first page)', { url: `${bench.baseUrl}/api/jobs` })
  const popular = ['engineer', 'data analyst', 'product manager', 'kubernetes', 'remote react', 'designer']
  // each connection cycles through them; built once, so the client costs what it costs for the SELECT route
  const popularRun = await run('GET /api/jobs?q= (6 popular searches)', {
    requests: popular.map((q) => ({ path: `/api/jobs?q=${encodeURIComponent(q)}` })),
  })
  // never the same search twice: words x city x type x remote, more combinations than requests
  const words = ['engineer', 'analyst', 'manager', 'developer', 'designer', 'kubernetes', 'python', 'sql', 'sales', 'security', 'cloud', 'data']
  let coldTurn = 0
  const coldRun = await run('GET /api/jobs?q=&location=&type= (all distinct)', {
    requests: [
      {
        setupRequest: (request) => {
          const n = coldTurn++
          const city = cities[n % cities.length]!.split(',')[0]!
          const type = jobTypes[Math.floor(n / cities.length) % jobTypes.length]!
          const word = words[Math.floor(n / (cities.length * jobTypes.length)) % words.length]!
          const remote = Math.floor(n / (cities.length * jobTypes.length * words.length)) % 2 === 1 ? '&remote=true' : ''
          const posted = ['', '&posted=30', '&posted=7'][Math.floor(n / (cities.length * jobTypes.length * words.length * 2)) % 3]
          return { ...request, path: `/api/jobs?q=${word}&location=${encodeURIComponent(city)}&type=${encodeURIComponent(type)}${remote}${posted}` }
        },
      },
    ],
  })

  console.log(`database: ${bench.database.kind}, ${jobCount} jobs, ${connections} connections, ${duration} s each`)
  for (const result of [select, board, popularRun, coldRun]) console.log(formatRun(result))
  const ratio = (result: autocannon.Result) => (result.requests.average / select.requests.average).toFixed(2)
  console.log(`board first page / one-row SELECT: ${ratio(board)} (goal >= 0.5), p99 ${board.latency.p99} ms (goal < 100)`)
  console.log(`popular searches / one-row SELECT: ${ratio(popularRun)} (goal >= 0.5), p99 ${popularRun.latency.p99} ms (goal < 100)`)
  console.log(`distinct searches / one-row SELECT: ${ratio(coldRun)}, p99 ${coldRun.latency.p99} ms (${coldTurn} distinct searches)`)
  console.log(indexed ? 'every plan uses an index' : 'WARNING: a plan scans jobs sequentially')
  await bench.close()
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
