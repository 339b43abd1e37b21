import { sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { createMember } from '#server/modules/accounts/members.ts'
import { listFeedPage } from '#server/modules/community/queries.ts'
import { listBoardPage, listRankedPage } from '#server/modules/jobs/queries.ts'
import { locationSearchQuery, textSearchQuery } from '#server/modules/jobs/search.ts'
import { feedPageSize } from '#shared/community/schemas.ts'
import { jobTypes } from '#shared/jobs/schemas.ts'
import { softSkillOptions, technicalSkillOptions } from '#shared/jobs/skills.ts'

// The data the API benchmarks load, written in the server process (bench/server.ts)
// before it listens: the member every bench signs in as, 100,000 posts and 100,000
// jobs, and the EXPLAIN of the queries that must walk an index.

export const benchPassword = 'Bench-Pass-2026'
/** The member the benches sign in as (liked every tenth post when the feed is seeded). */
export const benchMember = 'member@bench.local'
/** Extra members `fan0@bench.local` ... for benches that need many sessions (live-fanout). */
export const fanEmail = (i: number) => `fan${i}@bench.local`

export const jobCities = [
  'New York, NY',
  'Austin, TX',
  'Chicago, IL',
  'Seattle, WA',
  'Denver, CO',
  'Boston, MA',
  'San Francisco, CA',
  'Los Angeles, CA',
  'Atlanta, GA',
  'Miami, FL',
  'Portland, OR',
  'Phoenix, AZ',
  'Dallas, TX',
  'Houston, TX',
  'Philadelphia, PA',
  'Minneapolis, MN',
  'Detroit, MI',
  'Raleigh, NC',
  'Nashville, TN',
  'Salt Lake City, UT',
  'Toronto, ON',
  'Vancouver, BC',
  'Montreal, QC',
  'Pittsburgh, PA',
  'Columbus, OH',
  'Kansas City, MO',
  'St. Louis, MO',
  'San Diego, CA',
  'Sacramento, CA',
  'Remote',
]
const titles = [
  'Software Engineer',
  'Senior Software Engineer',
  'Frontend Developer',
  'Backend Engineer',
  'Full-Stack Developer',
  'Data Analyst',
  'Data Scientist',
  'Machine Learning Engineer',
  'DevOps Engineer',
  'Site Reliability Engineer',
  'Cloud Architect',
  'Security Analyst',
  'Product Manager',
  'Product Designer',
  'UX Researcher',
  'QA Engineer',
  'Engineering Manager',
  'Technical Writer',
  'Marketing Specialist',
  'Sales Representative',
  'Account Executive',
  'Customer Success Manager',
  'HR Business Partner',
  'Recruiter',
  'Financial Analyst',
  'Operations Manager',
  'Project Manager',
  'Business Analyst',
  'Database Administrator',
  'Network Engineer',
  'Mobile Developer',
  'Solutions Engineer',
  'IT Support Specialist',
  'Content Strategist',
  'Growth Marketer',
  'Supply Chain Analyst',
  'Scrum Master',
  'Data Engineer',
  'Platform Engineer',
  'Compliance Officer',
]
const companyWords = [
  'North',
  'Blue',
  'Cedar',
  'Harbor',
  'Summit',
  'Lumen',
  'Quantum',
  'Evergreen',
  'Atlas',
  'Beacon',
  'Crest',
  'Vertex',
]
const companyKinds = [
  'Analytics',
  'Health',
  'Payments',
  'Labs',
  'Software',
  'Logistics',
  'Retail',
  'Energy',
  'Media',
  'Robotics',
]
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

const literal = (items: readonly string[]) =>
  sql.raw(`array[${items.map((item) => `'${item.replace(/'/g, "''")}'`).join(',')}]::text[]`)

/** Posts `g` = 1..count were made `g * 37` seconds before the seeding (feed cursors of bench/feed.ts rely on it). */
export const postSpacingSeconds = 37

export async function seedMembers(db: Db, fans: number) {
  const member = await createMember(db, {
    email: benchMember,
    password: benchPassword,
    firstName: 'Ben',
    lastName: 'Ch',
    subscribedDays: 30,
  })
  for (let i = 0; i < fans; i++)
    await createMember(db, {
      email: fanEmail(i),
      password: benchPassword,
      firstName: 'Fan',
      lastName: `${i}`,
      subscribedDays: 30,
    })
  return member
}

export async function seedPosts(db: Db, count: number, readerId: string) {
  const authors = await Promise.all(
    Array.from({ length: 20 }, (_, i) =>
      createMember(db, {
        email: `author${i}@bench.local`,
        password: benchPassword,
        firstName: 'Author',
        lastName: `${i}`,
        subscribedDays: 30,
      }),
    ),
  )
  const authorIds = sql.raw(`array[${authors.map((a) => `'${a.id}'`).join(',')}]`)
  await db.execute(sql`
    insert into posts (user_id, content, like_count, comment_count, created_at)
    select (${authorIds})[1 + g % ${authors.length}], 'Benchmark post number ' || g || ': what I learned this week about negotiating an offer.',
           g % 7, g % 3, now() - make_interval(secs => g * ${postSpacingSeconds})
    from generate_series(1, ${count}) g`)
  // the reader has liked every seventh post, so "liked by me" is really looked up
  await db.execute(
    sql`insert into post_likes (post_id, user_id) select id, ${readerId} from posts where like_count = 3`,
  )
  await db.execute(sql`analyze posts`)
  await db.execute(sql`analyze post_likes`)
}

export async function seedJobs(db: Db, count: number) {
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
    from generate_series(1, ${count}) g
    cross join lateral (select (${literal(titles)})[1 + g % ${titles.length}] as title) t
    cross join lateral (select (${literal(companyWords)})[1 + g % 12] || ' ' || (${literal(companyKinds)})[1 + (g / 12) % 10] || ' ' || (g % 97) as company) c
    cross join lateral (select (${literal(jobCities)})[1 + (g / 3) % ${jobCities.length}] as location) l
    cross join lateral (select (${literal(jobTypes)})[1 + (g / 5) % 5] as type) ty`)
  await db.execute(sql`analyze jobs`)
}

/** One EXPLAIN: `indexed` says whether it walks the index it must (or, for jobs, never scans the table). */
export type Plan = { label: string; text: string; indexed: boolean }

async function explain(db: Db, query: { sql: string; params: unknown[] }): Promise<string> {
  const inlined = query.sql.replace(/\$(\d+)/g, (_, n: string) => {
    const value = query.params[Number(n) - 1]
    return typeof value === 'number' ? String(value) : `'${String(value).replace(/'/g, "''")}'`
  })
  const plan = (await db.execute(sql.raw(`explain ${inlined}`))) as unknown as { rows: Array<Record<string, string>> }
  return plan.rows.map((row) => Object.values(row)[0]).join('\n')
}

export async function feedPlans(db: Db): Promise<Plan[]> {
  const text = await explain(db, listFeedPage(db, feedPageSize + 1).toSQL())
  return [{ label: 'feed page walks posts_feed_order_idx', text, indexed: text.includes('posts_feed_order_idx') }]
}

export async function jobPlans(db: Db): Promise<Plan[]> {
  const pageSize = 21
  const queries = [
    { label: 'job board, first page', query: listBoardPage(db, {}, pageSize).toSQL() },
    {
      label: 'job board filtered by location, type, remote, 7 days',
      query: listBoardPage(
        db,
        { location: locationSearchQuery('austin'), type: 'Full-time', remote: true, postedWithinDays: 7 },
        pageSize,
      ).toSQL(),
    },
    {
      label: 'job search "engineer"',
      query: listRankedPage(db, { text: textSearchQuery('engineer')! }, pageSize).toSQL(),
    },
    {
      label: 'job search "data analyst" in Chicago, Contract',
      query: listRankedPage(
        db,
        { text: textSearchQuery('data analyst')!, location: locationSearchQuery('Chicago'), type: 'Contract' },
        pageSize,
      ).toSQL(),
    },
  ]
  const plans: Plan[] = []
  for (const { label, query } of queries) {
    const text = await explain(db, query)
    plans.push({ label: `${label}: no sequential scan of jobs`, text, indexed: !/Seq Scan on jobs/.test(text) })
  }
  return plans
}
