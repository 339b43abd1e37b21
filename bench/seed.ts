import { createHmac, randomBytes } from 'node:crypto'
import { hashPassword } from 'better-auth/crypto'
import { sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { session } from '#server/db/schema/auth.ts'
import { createMember } from '#server/modules/accounts/members.ts'
import { listFeedPage } from '#server/modules/community/queries.ts'
import { listCoursePage, type ListFilters } from '#server/modules/courses/queries.ts'
import { listAdminPage, listUpcomingPage } from '#server/modules/events/queries.ts'
import { insertTestEvent } from '#server/testing/events.ts'
import { explain } from './explain.ts'
import { feedPageSize } from '#shared/community/schemas.ts'
import { coursePageSize, durationRangeOf } from '#shared/courses/constants.ts'
import { eventsPageSize } from '#shared/events/constants.ts'
import { jobTypes } from '#shared/jobs/schemas.ts'
import { softSkillOptions, technicalSkillOptions } from '#shared/jobs/skills.ts'

// The data the API benchmarks load, written in the server process (bench/server.ts)
// before it listens: the member every bench signs in as, 100,000 posts, 100,000
// jobs, 10,000 courses and 10,000 events, and the EXPLAIN of the queries that must
// walk an index.

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
  // The job GIN indexes take each write directly (fastupdate off, issue 23): for
  // this bulk load only, writes gather in their pending lists, merged once after.
  const ginIndexes = ['jobs_search_idx', 'jobs_location_filters_idx']
  for (const name of ginIndexes) await db.execute(sql.raw(`alter index ${name} set (fastupdate = on)`))
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
  for (const name of ginIndexes) {
    await db.execute(sql.raw(`select gin_clean_pending_list('${name}'::regclass)`))
    await db.execute(sql.raw(`alter index ${name} set (fastupdate = off)`))
  }
  await db.execute(sql`analyze jobs`)
}

/** One EXPLAIN: `indexed` says whether it walks the index it must (or, for jobs, never scans the table). */
export type Plan = { label: string; text: string; indexed: boolean }

export async function feedPlans(db: Db): Promise<Plan[]> {
  const text = await explain(db, listFeedPage(db, feedPageSize + 1).toSQL())
  return [{ label: 'feed page walks posts_feed_order_idx', text, indexed: text.includes('posts_feed_order_idx') }]
}

// EXPLAIN ANALYZE of the job board's reads (issue 23 §2)
export { jobPlans } from './job-plans.ts'

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

// ---- events (bench/events.ts) ------------------------------------------------------

/** The admin bench/events.ts signs in as for the admin table. */
export const benchAdmin = 'admin@bench.local'

/** The admin alone (bench/layoffs.ts imports as the admin; seedEvents makes the same one). */
export async function seedLayoffAdmin(db: Db) {
  await createMember(db, { email: benchAdmin, password: benchPassword, firstName: 'Ada', lastName: 'Min', admin: true })
}
/** Members racer0@bench.local ...: the registrants of the seeded events, and the members of the registration race. */
export const racerEmail = (i: number) => `racer${i}@bench.local`
export const racerCount = 200
/** The word bench/events.ts searches the admin table for: in two event titles of 24. */
export const eventSearchWord = 'negotiation'
/** How deep bench/events.ts pages (keyset cursor), and the EXPLAIN with it. */
export const deepEvents = 5000

/** The soonest upcoming events hold registrations, 50 each (20,000 in all): their seats are counted on every page. */
const registeredEvents = 400
const registrantsPerEvent = 50

// every type's titles, `eventSearchWord` in two of them
const eventTitles = {
  networking: [
    'Product & Data Leaders Mixer',
    'Career Changers Breakfast',
    'Women in Tech Evening',
    'Founders and Operators Meetup',
    'Engineering Managers Roundtable',
    'Negotiation Stories Happy Hour',
    'New Grads Networking Night',
    'Hiring Teams Open House',
  ],
  workshop: [
    'Resume Teardown Workshop',
    'Salary Negotiation Lab',
    'LinkedIn Profile Makeover',
    'System Design Interview Practice',
    'Portfolio Review for Designers',
    'SQL Take-Home Clinic',
    'Storytelling for Interviews',
    'Personal Branding Sprint',
  ],
  webinar: [
    'Breaking into Product Management',
    'AI Tools for Job Seekers',
    'After a Layoff: Your First 30 Days',
    'Behavioral Interviews with STAR',
    'Remote Work That Gets You Promoted',
    'Reading a Job Offer',
    'From Analyst to Data Scientist',
    'Freelancing on the Side',
  ],
}
const eventSentences = [
  'Meet hiring managers and peers who are working on the same move as you.',
  'Bring your questions: the last half hour is open Q&A.',
  'Hosted by a recruiter who has read more than ten thousand resumes.',
  'Small groups, so everyone gets feedback on their own material.',
  'Light refreshments provided; name tags say what you do and what you want next.',
  'A recording and the slides go to everyone registered.',
]
const eventZones = [
  'America/New_York',
  'Europe/London',
  'America/Los_Angeles',
  'America/Chicago',
  'Europe/Berlin',
  'Asia/Singapore',
]

/**
 * `count` events: one in twenty in the past year, the rest every ~110 minutes over
 * the next two years (1 in 40 cancelled), every type, zone and capacity (20 to
 * 250); the 400 soonest hold 50 registrations each, confirmed up to capacity and
 * waitlisted past it, by `racerCount` members (racerEmail); the reader holds a
 * seat (or a waitlist place) on every fifth of them. Also the admin, and the
 * race's event: 50 seats, no registrations. Returns the racers' ids, in order.
 */
export async function seedEvents(db: Db, count: number, readerId: string) {
  // one hash for all: the racers' sessions are made directly (mintSessions)
  const passwordHash = await hashPassword(benchPassword)
  await createMember(db, {
    email: benchAdmin,
    password: benchPassword,
    passwordHash,
    firstName: 'Ada',
    lastName: 'Min',
    admin: true,
  })
  const racerIds: string[] = []
  for (let i = 0; i < racerCount; i++) {
    const racer = await createMember(db, {
      email: racerEmail(i),
      password: benchPassword,
      passwordHash,
      firstName: 'Racer',
      lastName: `${i}`,
      subscribedDays: 30,
    })
    racerIds.push(racer.id)
  }

  const past = Math.floor(count / 20)
  const upcomingSpacingMinutes = Math.floor((2 * 365 * 24 * 60) / Math.max(1, count - past))
  const titlesOf = (type: keyof typeof eventTitles) => literal(eventTitles[type])
  await db.execute(sql`
    insert into events (title, description, type, starts_at, duration_minutes, time_zone, location, capacity, join_url,
                        status, cancelled_at, created_at, updated_at)
    select t.title || ' ' || (g % 97),
           (${literal(eventSentences)})[1 + g % 6] || ' ' || (${literal(eventSentences)})[1 + (g / 6) % 6],
           ty.type,
           case when g <= ${past} then now() - make_interval(mins => g * ${Math.floor((365 * 24 * 60) / Math.max(1, past))})
                else now() + make_interval(mins => (g - ${past}) * ${upcomingSpacingMinutes}) end,
           (array[60, 90, 120, 180])[1 + g % 4],
           (${literal(eventZones)})[1 + (g / 3) % ${eventZones.length}],
           -- jobCities but its last, 'Remote'
           case when ty.type = 'webinar' then 'Online' else (${literal(jobCities)})[1 + (g / 3) % ${jobCities.length - 1}] end,
           (array[20, 30, 50, 100, 250])[1 + (g / 7) % 5],
           case when ty.type = 'webinar' then 'https://meet.example.com/j/bench-' || g end,
           case when g > ${past} and g % 40 = 0 then 'cancelled' else 'scheduled' end,
           case when g > ${past} and g % 40 = 0 then now() end,
           now() - interval '60 days', now() - interval '60 days'
    from generate_series(1, ${count}) g
    cross join lateral (select (array['networking', 'workshop', 'webinar'])[1 + g % 3] as type) ty
    cross join lateral (
      select case ty.type when 'networking' then (${titlesOf('networking')})[1 + (g / 3) % 8]
                          when 'workshop' then (${titlesOf('workshop')})[1 + (g / 3) % 8]
                          else (${titlesOf('webinar')})[1 + (g / 3) % 8] end as title) t`)

  // registration k of an event goes to racer (n * 7 + k) mod racerCount: 50 different members per event
  const racers = sql.raw(`array[${racerIds.map((id) => `'${id}'`).join(',')}]`)
  await db.execute(sql`
    with soonest as (
      select id, capacity, row_number() over (order by starts_at, id) as n
      from events where status = 'scheduled' and starts_at > now()
      order by starts_at, id limit ${registeredEvents})
    insert into event_registrations (event_id, user_id, status, first_name, last_name, email, queued_at)
    select s.id, (${racers})[1 + (s.n * 7 + k) % ${racerCount}],
           case when k <= s.capacity then 'confirmed' else 'waitlisted' end,
           'Racer', ((s.n * 7 + k) % ${racerCount})::text, 'racer' || ((s.n * 7 + k) % ${racerCount}) || '@bench.local',
           now() - make_interval(mins => ${registrantsPerEvent} - k)
    from soonest s cross join generate_series(1, ${registrantsPerEvent}) k`)
  // the reader came last: a seat where one was left, the waitlist's end otherwise
  await db.execute(sql`
    with soonest as (
      select id, capacity, row_number() over (order by starts_at, id) as n
      from events where status = 'scheduled' and starts_at > now()
      order by starts_at, id limit ${registeredEvents})
    insert into event_registrations (event_id, user_id, status, first_name, last_name, email)
    select id, ${readerId}, case when capacity > ${registrantsPerEvent} then 'confirmed' else 'waitlisted' end,
           'Ben', 'Ch', ${benchMember}
    from soonest where n % 5 = 0`)

  const race = await insertTestEvent(db, {
    title: 'Registration race',
    type: 'networking',
    capacity: 50,
    startsInHours: 30 * 24,
  })
  await db.execute(sql`analyze events`)
  await db.execute(sql`analyze event_registrations`)
  return { raceEventId: race.id, racerIds }
}

/**
 * Signed-in sessions for `userIds` without the sign-in endpoint, which allows 30
 * a minute per address (too few for 200 racers): a session row and its cookie,
 * signed with the server's secret as better-auth signs it (as the tests' harness
 * does). Returns each member's Cookie header, in order.
 */
export async function mintSessions(db: Db, userIds: string[], secret: string): Promise<string[]> {
  const tokens = userIds.map(() => randomBytes(24).toString('base64url'))
  await db.insert(session).values(
    userIds.map((userId, i) => ({
      id: crypto.randomUUID(),
      token: tokens[i]!,
      userId,
      expiresAt: new Date(Date.now() + 86_400_000),
    })),
  )
  return tokens.map((token) => {
    const signature = createHmac('sha256', secret).update(token).digest('base64')
    return `better-auth.session_token=${encodeURIComponent(`${token}.${signature}`)}`
  })
}

/** The event queries return promises (they are awaited); the drizzle builder beneath still renders its SQL. */
const sqlOf = (query: unknown) => (query as { toSQL(): { sql: string; params: unknown[] } }).toSQL()

export async function eventPlans(db: Db): Promise<Plan[]> {
  const pageSize = eventsPageSize + 1
  const rows = (await db.execute(sql`
    select starts_at::text as at, id from events
    where status = 'scheduled' and starts_at > now() order by starts_at, id offset ${deepEvents} limit 1`)) as unknown as {
    rows: Array<{ at: string; id: string }>
  }
  const deep = rows.rows[0]!
  const memberLists = [
    { label: 'events, first page', query: sqlOf(listUpcomingPage(db, pageSize)) },
    {
      label: `events, page ${deepEvents.toLocaleString('en')} deep`,
      query: sqlOf(listUpcomingPage(db, pageSize, deep)),
    },
  ]
  const plans: Plan[] = []
  for (const { label, query } of memberLists) {
    const text = await explain(db, query)
    plans.push({
      label: `${label}: walks events_starts_idx, no sequential scan of events`,
      text,
      indexed: text.includes('events_starts_idx') && !/Seq Scan on events\b/.test(text),
    })
  }
  const search = await explain(db, sqlOf(listAdminPage(db, { q: eventSearchWord, when: 'all' }, pageSize)))
  plans.push({
    label: `admin events, search "${eventSearchWord}", all: no sequential scan of events`,
    text: search,
    indexed: !/Seq Scan on events\b/.test(search),
  })
  return plans
}

// ---- chat (bench/chat.ts) ------------------------------------------------------

/** The chat bench's members `chatter0@bench.local` ... and coaches (admins) `coach0@bench.local` .... */
export const chatterEmail = (i: number) => `chatter${i}@bench.local`
export const coachEmail = (i: number) => `coach${i}@bench.local`

/** One signed-in party of the chat bench: the user's id and the Cookie header of a session minted for them. */
export type ChatParty = { id: string; cookie: string }

/**
 * `members` subscribed members and `coaches` admins, each with a signed-in session
 * (mintSessions: the sign-in endpoint's 30 a minute are too few). Their
 * conversations are started by bench/chat.ts through the API, which picks the coaches.
 */
export async function seedChatParties(db: Db, members: number, coaches: number, secret: string) {
  const passwordHash = await hashPassword(benchPassword)
  const make = async (count: number, email: (i: number) => string, admin: boolean) => {
    const ids: string[] = []
    for (let i = 0; i < count; i++) {
      const created = await createMember(db, {
        email: email(i),
        password: benchPassword,
        passwordHash,
        firstName: admin ? 'Coach' : 'Chatter',
        lastName: `${i}`,
        ...(admin ? { admin: true } : { subscribedDays: 30 }),
      })
      ids.push(created.id)
    }
    const cookies = await mintSessions(db, ids, secret)
    return ids.map((id, i): ChatParty => ({ id, cookie: cookies[i]! }))
  }
  return { members: await make(members, chatterEmail, false), coaches: await make(coaches, coachEmail, true) }
}
