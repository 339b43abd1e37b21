import { SQL, sql } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import type { Db } from '#server/db/client.ts'
import { figureQueries, listRecentUsers } from '#server/modules/admin/dashboard/queries.ts'
import { recentUsersShown } from '#shared/admin/dashboard.ts'
import { experienceLevels } from '#shared/constants.ts'
import { executionMs, explain as explainStatement, type Statement } from './explain.ts'
import type { Plan } from './seed.ts'

// The admin bench's data (bench/admin.ts), written in the server process
// (bench/server.ts, BENCH_SEED=members) before it listens: BENCH_MEMBERS members
// (100,000) with profiles, credentials and sign-in tracking, one joining every 10
// minutes back from now (about two years; some 1,000 in the last week); one in ten with a subscription (paid, in the free month, lapsed or
// cancelled, on either plan); one in five with a job application over the last
// year; one in fifty with a resume review (one in ten pending, one in ten in review, the rest reviewed). Then
// the EXPLAIN of every dashboard figure and of the recent users.

/** The last name bench/admin.ts searches the users table for: one member in 25 carries it. */
export const memberSearchWord = 'okafor'

const firstNames = ['Amara', 'Ben', 'Chen', 'Diego', 'Elif', 'Fatima', 'Grace', 'Hiro', 'Ines', 'Jonas', 'Kemi', 'Liam', 'Maya', 'Noah', 'Olga', 'Priya', 'Quinn', 'Rosa', 'Sami', 'Tara'] // prettier-ignore
const lastNames = ['Smith', 'Garcia', 'Nguyen', 'Okafor', 'Müller', 'Rossi', 'Kowalski', 'Tanaka', 'Haddad', 'Silva', 'Johnson', 'Brown', 'Lee', 'Martin', 'Dubois', 'Novak', 'Ivanova', 'Kaur', 'Jensen', 'Walker', 'Moreau', 'Costa', 'Fischer', 'Ahmed', 'Wright'] // prettier-ignore
const locations = ['New York, NY', 'Austin, TX', 'Chicago, IL', 'Toronto, ON', 'London, UK', 'Remote', null]
const careerLevels = [...experienceLevels, null]

const literal = (items: readonly (string | null)[]) =>
  sql.raw(`array[${items.map((item) => (item === null ? 'null' : `'${item.replace(/'/g, "''")}'`)).join(',')}]::text[]`)

export async function seedAdminMembers(db: Db, count: number) {
  await db.execute(sql`
    insert into "user" (id, name, email, email_verified, role, created_at, updated_at)
    select 'bench-member-' || g, f.name || ' ' || l.name,
           lower(f.name) || '.' || lower(l.name) || '.' || g || '@bench.local', true, 'user',
           now() - make_interval(mins => g * 10), now() - make_interval(mins => g * 10)
    from generate_series(1, ${count}) g
    cross join lateral (select (${literal(firstNames)})[1 + g % ${firstNames.length}] as name) f
    cross join lateral (select (${literal(lastNames)})[1 + (g / 7) % ${lastNames.length}] as name) l`)
  await db.execute(sql`
    insert into account (id, account_id, provider_id, user_id, password, created_at, updated_at)
    select 'bench-credential-' || g, 'bench-member-' || g, 'credential', 'bench-member-' || g,
           'not-a-password-hash', now(), now()
    from generate_series(1, ${count}) g`)
  // two in three have signed in: the last time within a month, from an address of their own
  await db.execute(sql`
    insert into user_profiles (id, first_name, last_name, location, career_level, last_login_at, last_ip_address,
                               login_count, created_at, updated_at)
    select 'bench-member-' || g, (${literal(firstNames)})[1 + g % ${firstNames.length}],
           (${literal(lastNames)})[1 + (g / 7) % ${lastNames.length}],
           (${literal(locations)})[1 + (g / 3) % ${locations.length}],
           (${literal(careerLevels)})[1 + (g / 5) % ${careerLevels.length}],
           case when g % 3 <> 0 then now() - make_interval(mins => g % 43200) end,
           case when g % 3 <> 0 then '10.' || (g / 65536) % 256 || '.' || (g / 256) % 256 || '.' || g % 256 end,
           case when g % 3 <> 0 then 1 + g % 60 else 0 end,
           now() - make_interval(mins => g * 10), now()
    from generate_series(1, ${count}) g`)
  await db.execute(sql`
    insert into user_subscriptions (user_id, plan_id, status, current_period_start, current_period_end, email)
    select 'bench-member-' || g, case when g % 70 = 0 then 'business' else 'full-access' end,
           (array['active', 'active', 'active', 'active', 'active', 'trialing', 'canceled', 'active'])[1 + (g / 10) % 8],
           now() - interval '10 days',
           -- one in eight 'active' rows lapsed (its period over, never renewed)
           case when (g / 10) % 8 = 7 then now() - interval '3 days' else now() + make_interval(days => 1 + g % 30) end,
           'member' || g || '@bench.local'
    from generate_series(10, ${count}, 10) g`)
  await db.execute(sql`
    insert into job_applications (user_id, job_title, company, first_name, last_name, email, phone, cover_letter,
                                  resume_key, resume_file_name, status, created_at, updated_at)
    select 'bench-member-' || g, 'Software Engineer', 'Bench Company ' || g % 97, 'Bench', 'Member',
           'member' || g || '@bench.local', '+1 555 0100', 'A short cover letter.', 'applications/bench-' || g || '.pdf',
           'resume.pdf', 'submitted', now() - make_interval(mins => (g * 7) % 525600), now()
    from generate_series(5, ${count}, 5) g`)
  await db.execute(sql`
    insert into resume_reviews (user_id, email, file_key, file_bytes, status, created_at)
    select 'bench-member-' || g, 'member' || g || '@bench.local', 'resumes/bench-' || g || '.pdf', 120000,
           (array['reviewed', 'reviewed', 'reviewed', 'reviewed', 'reviewed', 'reviewed', 'reviewed', 'reviewed', 'pending', 'in_review'])[1 + (g / 50) % 10],
           now() - make_interval(hours => g / 10)
    from generate_series(50, ${count}, 50) g`)
  // as a settled database is: statistics current and the visibility map set (autovacuum's work)
  for (const table of ['user', 'account', 'user_profiles', 'user_subscriptions', 'job_applications', 'resume_reviews'])
    await db.execute(sql.raw(`vacuum analyze "${table}"`))
}

const dialect = new PgDialect()

/** EXPLAIN ANALYZE of `query` (a builder's SQL or a statement). */
const explain = (db: Db, query: SQL | Statement) =>
  explainStatement(db, query instanceof SQL ? dialect.sqlToQuery(query) : query, 'analyze')

/** Under this a figure that must read most of its table still leaves /admin far inside its second. */
export const fullCountGoalMs = 100

/**
 * What each figure's query must do at 100,000 members. Counts of a slice (this
 * week, the open reviews) walk their index. An exact count of every member, and of
 * the subscriptions giving access (most rows of their table), read their table once
 * whatever the index: PostgreSQL's count has no shortcut (MVCC), and the planner
 * rightly prefers the table when most of its rows qualify; those are timed instead.
 */
const rules: Record<string, { index: string } | { table: string }> = {
  members: { table: 'user' },
  subscribers: { table: 'user_subscriptions' },
  mrrCents: { table: 'user_subscriptions' },
  signUpsThisWeek: { index: 'user_created_idx' },
  openReviews: { index: 'resume_reviews_open_idx' },
  applicationsThisWeek: { index: 'job_applications_created_idx' },
}

export async function adminPlans(db: Db): Promise<Plan[]> {
  const now = new Date()
  const since = new Date(now.getTime() - 7 * 86_400_000)
  const plans: Plan[] = []
  for (const [name, query] of Object.entries(figureQueries(now, since))) {
    const text = await explain(db, query)
    const rule = rules[name]!
    plans.push(
      'index' in rule
        ? { label: `dashboard figure ${name}: walks ${rule.index}`, text, indexed: text.includes(rule.index) }
        : {
            label: `dashboard figure ${name}: one pass over ${rule.table} under ${fullCountGoalMs} ms`,
            text,
            indexed: executionMs(text) < fullCountGoalMs,
          },
    )
  }
  const recent = await explain(db, listRecentUsers(db, recentUsersShown).toSQL())
  plans.push({
    label: 'dashboard recent users: walks user_created_idx',
    text: recent,
    indexed: recent.includes('user_created_idx'),
  })
  return plans
}
