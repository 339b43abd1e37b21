import { sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { createMember } from '#server/modules/accounts/members.ts'
import { listFeedPage } from '#server/modules/community/queries.ts'
import { listCoursePage, type ListFilters } from '#server/modules/courses/queries.ts'
import { listBoardPage, listRankedPage } from '#server/modules/jobs/queries.ts'
import { locationSearchQuery, textSearchQuery } from '#server/modules/jobs/search.ts'
import { feedPageSize } from '#shared/community/schemas.ts'
import { coursePageSize, durationRangeOf } from '#shared/courses/constants.ts'
import { jobTypes } from '#shared/jobs/schemas.ts'
import { softSkillOptions, technicalSkillOptions } from '#shared/jobs/skills.ts'

// The data the API benchmarks load, written in the server process (bench/server.ts)
// before it listens: the member every bench signs in as, 100,000 posts, 100,000
// jobs and 10,000 courses, and the EXPLAIN of the queries that must walk an index.

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

// ---- courses (bench/courses.ts) ----------------------------------------------------

/** The search words bench/courses.ts loads: one in many titles and descriptions, one in few titles only. */
export const courseSearchWords = { common: 'python', rare: 'terraform' } as const

const courseTitles = [
  'Python for Data Analysis',
  'SQL Fundamentals',
  'Excel for Business Reporting',
  'Power BI Dashboards',
  'Machine Learning Foundations',
  'Deep Learning with PyTorch',
  'Modern JavaScript',
  'TypeScript in Practice',
  'React Front-End Development',
  'Node.js Back-End Services',
  'Kubernetes for Platform Engineers',
  'Infrastructure as Code with Terraform',
  'AWS Cloud Fundamentals',
  'Azure Administration',
  'Linux Command Line Basics',
  'Cybersecurity Essentials',
  'Product Management Essentials',
  'UX Research and Usability Testing',
  'Figma for Product Designers',
  'Agile Project Management',
  'Scrum Master Certification Prep',
  'Digital Marketing Strategy',
  'Sales Negotiation',
  'Financial Modelling',
  'Interviewing with Confidence',
  'Leading Engineering Teams',
  'Technical Writing',
  'Data Engineering Pipelines',
  'Statistics for Decision Makers',
  'Automating Work with Python',
]
const courseSentences = [
  'Learn by building real projects that you can show in interviews.',
  'Short video lessons, readings and quizzes at your own pace.',
  'Taught by practitioners who use these tools every day.',
  'Hands-on exercises in Python and SQL with real data sets.',
  'Includes a capstone project reviewed by mentors.',
  'Designed for working professionals: about four hours a week.',
  'Covers the concepts employers ask about most often.',
  'Join a community of learners and get feedback on your work.',
]
const courseProviders = [
  'Coursera',
  'edX',
  'Udemy',
  'LinkedIn Learning',
  'Pluralsight',
  'DataCamp',
  'Codecademy',
  'Google Cloud Skills Boost',
]
/** Hours across every browse range (0-2, 2-5, 5-10, 10+) and marketplace range (0-20, 20-40, 40+). */
const courseDurations = [1, 1.5, 2, 3, 4.5, 6, 8, 10, 12, 16, 20, 24, 30, 40, 45, 60]
export const benchCategoryCount = 8

/**
 * `count` courses in `benchCategoryCount` categories, one minute apart, newest
 * first: 1 in 20 a draft and 1 in 97 deleted (outside the members' partial
 * indexes), every level, duration, provider and price; the reader saved 1 in 30.
 */
export async function seedCourses(db: Db, count: number, readerId: string) {
  await db.execute(sql`
    insert into course_categories (name, description)
    select 'Bench category ' || i, 'Courses of one kind.' from generate_series(1, ${benchCategoryCount}) i`)
  await db.execute(sql`
    with categories as (select array_agg(id order by name) as ids from course_categories)
    insert into courses (title, description, category_id, duration_hours, level, skills, provider, is_published,
                         is_featured, salary_range, has_certification, affiliate_url, price_cents, sale_price_cents,
                         sale_ends_at, deleted_at, created_at, updated_at)
    select (${literal(courseTitles)})[1 + g % ${courseTitles.length}] || ' ' || (g % 89),
           (${literal(courseSentences)})[1 + g % 8] || ' ' || (${literal(courseSentences)})[1 + (g / 8) % 8],
           categories.ids[1 + (g / 5) % ${benchCategoryCount}],
           (array[${sql.raw(courseDurations.join(','))}]::numeric[])[1 + (g / 3) % ${courseDurations.length}],
           (array['Beginner', 'Intermediate', 'Advanced'])[1 + (g / 7) % 3],
           array['SQL', 'Python', 'Communication'],
           (${literal(courseProviders)})[1 + (g / 11) % ${courseProviders.length}],
           g % 20 <> 0, g % 50 = 0, '$' || (50 + g % 100) || ',000 - $' || (70 + g % 120) || ',000', g % 4 = 0,
           'https://www.coursera.org/learn/bench-course-' || g,
           case when g % 3 = 0 then 0 else 1999 + (g % 20) * 1000 end,
           case when g % 3 <> 0 and g % 11 = 0 then 999 end,
           case when g % 3 <> 0 and g % 11 = 0 then now() + interval '14 days' end,
           case when g % 97 = 0 then now() end,
           now() - make_interval(secs => g * 60), now() - make_interval(secs => g * 60)
    from generate_series(1, ${count}) g, categories`)
  await db.execute(
    sql`insert into saved_courses (user_id, course_id) select ${readerId}, id from courses where price_cents = 2999`,
  )
  await db.execute(sql`analyze course_categories`)
  await db.execute(sql`analyze courses`)
  await db.execute(sql`analyze saved_courses`)
}

const courseIndexes =
  /courses_(listed_order|listed_level|listed_category|listed_duration|title_trgm|description_trgm)_idx/g

export async function coursePlans(db: Db): Promise<Plan[]> {
  const pageSize = coursePageSize + 1
  const rows = (await db.execute(sql`
    select (select id from course_categories order by name limit 1) as category,
           (select jsonb_build_object('createdAt', created_at::text, 'id', id) from courses
            where is_published and deleted_at is null order by created_at desc, id desc offset 5000 limit 1) as deep`)) as unknown as {
    rows: Array<{ category: string; deep: { createdAt: string; id: string } | string }>
  }
  const { category } = rows.rows[0]!
  const deep = typeof rows.rows[0]!.deep === 'string' ? JSON.parse(rows.rows[0]!.deep) : rows.rows[0]!.deep
  const queries: Array<{ label: string; filters: ListFilters; after?: { createdAt: string; id: string } }> = [
    { label: 'courses, first page', filters: {} },
    { label: 'courses, level Advanced', filters: { level: 'Advanced' } },
    { label: 'courses, duration 5-10 h', filters: { duration: durationRangeOf('5-10') } },
    { label: 'courses, one category', filters: { categoryId: category } },
    { label: `courses, search "${courseSearchWords.common}"`, filters: { q: courseSearchWords.common } },
    { label: `courses, search "${courseSearchWords.rare}"`, filters: { q: courseSearchWords.rare } },
    { label: 'courses, page after 5,000 rows', filters: {}, after: deep },
    {
      label: 'marketplace, Intermediate, 20-40 h, one category',
      filters: { level: 'Intermediate', duration: durationRangeOf('20-40'), categoryId: category },
    },
  ]
  const plans: Plan[] = []
  for (const { label, filters, after } of queries) {
    const text = await explain(db, listCoursePage(db, filters, pageSize, after).toSQL())
    const used = [...new Set([...text.matchAll(courseIndexes)].map((match) => match[0]))]
    plans.push({
      label: `${label}: ${used.length ? used.join(' + ') : 'no course index'}, no sequential scan of courses`,
      text,
      indexed: used.length > 0 && !/Seq Scan on courses\b/.test(text),
    })
  }
  return plans
}
