import { randomInt } from 'node:crypto'
import { hashPassword, verifyPassword } from 'better-auth/crypto'
import { and, count, eq, inArray } from 'drizzle-orm'
import type { Config } from '#server/config.ts'
import { withTransaction, type Database, type Db } from '#server/db/client.ts'
import { account, session, user } from '#server/db/schema/auth.ts'
import { createMember, type MemberSpec } from '#server/modules/accounts/members.ts'
import { insertComment, insertPost, setLike } from '#server/modules/community/queries.ts'
import { demoJobs } from '#server/modules/jobs/demo-jobs.ts'
import { upsertSkills } from '#server/modules/profile/queries.ts'
import type { Storage } from '#server/platform/storage.ts'
import { createJob } from '#server/testing/jobs.ts'
import { Password } from '#shared/accounts/schemas.ts'
import { seedDemoCourses } from './demo-courses.ts'
import { seedDemoBlog } from './demo-blog.ts'
import { seedDemoEvents } from './demo-events.ts'
import { seedDemoLayoffs } from './demo-layoffs.ts'

// Demo accounts of the embedded default, with the passwords README documents.
// Outside production they are seeded into an empty database on first start.
// Production never holds an account with these published passwords: it seeds
// demo data only when SEED_DEMO_DATA=true, and then with random passwords.
export const demoAccounts = [
  {
    role: 'admin',
    email: 'admin@demo.prestigelabs.local',
    password: 'DemoAdmin2026',
    firstName: 'Avery',
    lastName: 'Admin',
    admin: true,
  },
  {
    role: 'subscribed member',
    email: 'member@demo.prestigelabs.local',
    password: 'DemoMember2026',
    firstName: 'Morgan',
    lastName: 'Lee',
    subscribedDays: 30,
    location: 'Toronto',
    experienceLevel: 'Mid-Level',
    industries: ['Technology', 'Finance'],
  },
  {
    role: 'free member',
    email: 'free@demo.prestigelabs.local',
    password: 'DemoFree2026',
    firstName: 'Riley',
    lastName: 'Chen',
    location: 'Boston',
    experienceLevel: 'Early Career',
    industries: ['Education'],
  },
] as const satisfies ReadonlyArray<MemberSpec & { role: string }>

/** `documented`: the passwords above (README); `random`: new ones, known only to the start that sets them. */
export type DemoPasswords = 'documented' | 'random'
export type SeedPlan = { seed: boolean; passwords: DemoPasswords }

/**
 * What this start does about demo data (README "Configuration", SEED_DEMO_DATA).
 * Unset, it seeds on the embedded database outside production only; production
 * seeds only when asked, and never with the published passwords.
 */
export function seedPlan(
  config: Pick<Config, 'NODE_ENV' | 'SEED_DEMO_DATA'>,
  databaseKind: Database['kind'],
): SeedPlan {
  const production = config.NODE_ENV === 'production'
  return {
    seed: config.SEED_DEMO_DATA ?? (databaseKind === 'pglite' && !production),
    passwords: production ? 'random' : 'documented',
  }
}

// No look-alike characters (0/O, 1/l/I): the password is read off a terminal.
const passwordAlphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789'

/** 20 characters drawn by node:crypto (about 116 bits), passing the sign-up password rules. */
export function randomDemoPassword(): string {
  for (;;) {
    const candidate = Array.from({ length: 20 }, () => passwordAlphabet[randomInt(passwordAlphabet.length)]).join('')
    if (Password.safeParse(candidate).success) return candidate
  }
}

export type DemoCredential = { role: string; email: string; password: string }

/**
 * Seeds the demo data into an empty database (the course catalogue's lesson video
 * into `storage`) and returns the demo accounts with the passwords they were
 * given; null when the database already had users, so a second start adds nothing.
 */
async function seedDemoData(
  db: Db,
  storage: Storage,
  { passwords = 'documented' }: { passwords?: DemoPasswords } = {},
): Promise<DemoCredential[] | null> {
  const [row] = await db.select({ users: count() }).from(user)
  if ((row?.users ?? 0) > 0) return null
  const ids: string[] = []
  const credentials: DemoCredential[] = demoAccounts.map(({ role, email, password }) => ({
    role,
    email,
    password: passwords === 'random' ? randomDemoPassword() : password,
  }))
  // hashed side by side (scrypt, on libuv's threads: 0.1 s of a first start), written in order
  const hashes = await Promise.all(credentials.map(({ password }) => hashPassword(password)))
  for (const [index, { role: _role, ...spec }] of demoAccounts.entries()) {
    const { password } = credentials[index]!
    ids.push((await createMember(db, { ...(spec as MemberSpec), password, passwordHash: hashes[index] })).id)
  }
  await seedDemoCommunity(db, { adminId: ids[0]!, memberId: ids[1]! })
  await seedDemoJobs(db, ids[0]!)
  await seedDemoCourses(db, storage, ids[0]!)
  await seedDemoEvents(db, storage, ids[0]!, [ids[1]!])
  await seedDemoBlog(db, storage, ids[0]!)
  await seedDemoLayoffs(db, storage, ids[0]!)
  // the subscribed member's own assessment, so the board shows how well each job fits
  await upsertSkills(db, ids[1]!, [
    { name: 'SQL', level: 'advanced' },
    { name: 'Python', level: 'intermediate' },
    { name: 'Data Analysis', level: 'advanced' },
    { name: 'Communication', level: 'advanced' },
    { name: 'Critical Thinking', level: 'intermediate' },
  ])
  return credentials
}

/** A demo account as the start line shows it: `password` only when it is the account's password now and this start may show it. */
export type DemoAccountAtStart = { role: string; email: string; password: string | null; replaced?: boolean }
export type DemoStart = { seeded: boolean; accounts: DemoAccountAtStart[]; hasAdmin: boolean }

/**
 * Runs the seed plan and finds what the start line may say about the demo
 * accounts. A password is shown only when this start set it or the documented
 * one still signs in (checked against the stored hash): a database seeded
 * earlier, in production or with a password changed since, would make it a lie.
 * In production a demo account still using its published password (seeded
 * before production refused them) gets a random one and is signed out.
 */
export async function prepareDemoData(db: Db, plan: SeedPlan, storage: Storage): Promise<DemoStart> {
  const created = plan.seed ? await seedDemoData(db, storage, { passwords: plan.passwords }) : null
  if (created) return { seeded: true, accounts: created, hasAdmin: true }

  const accounts: DemoAccountAtStart[] = []
  if (plan.seed || plan.passwords === 'random') {
    const existing = await db
      .select({ userId: user.id, email: user.email, passwordHash: account.password })
      .from(user)
      .leftJoin(account, and(eq(account.userId, user.id), eq(account.providerId, 'credential')))
      .where(
        inArray(
          user.email,
          demoAccounts.map((demo) => demo.email),
        ),
      )
    const found = await Promise.all(
      demoAccounts.map(async (demo) => {
        const row = existing.find((candidate) => candidate.email === demo.email)
        if (!row) return null
        const published = row.passwordHash
          ? await verifyPassword({ hash: row.passwordHash, password: demo.password }).catch(() => false)
          : false
        if (!published) return { role: demo.role, email: demo.email, password: null }
        if (plan.passwords === 'documented') return { role: demo.role, email: demo.email, password: demo.password }
        const password = await replacePublishedPassword(db, row.userId, row.passwordHash!)
        return { role: demo.role, email: demo.email, password, replaced: password !== null }
      }),
    )
    for (const entry of found) if (entry && (plan.seed || entry.replaced)) accounts.push(entry)
  }
  const [admin] = await db.select({ id: user.id }).from(user).where(eq(user.role, 'admin')).limit(1)
  return { seeded: false, accounts, hasAdmin: Boolean(admin) }
}

/** Swaps a published password for a random one; null when another instance swapped it first. */
async function replacePublishedPassword(db: Db, userId: string, publishedHash: string): Promise<string | null> {
  const password = randomDemoPassword()
  const passwordHash = await hashPassword(password)
  return withTransaction(db, async (tx) => {
    const replaced = await tx
      .update(account)
      .set({ password: passwordHash, updatedAt: new Date() })
      .where(and(eq(account.userId, userId), eq(account.providerId, 'credential'), eq(account.password, publishedHash)))
      .returning({ id: account.id })
    if (replaced.length === 0) return null
    // whoever signed in with the published password is signed out
    await tx.delete(session).where(eq(session.userId, userId))
    return password
  })
}

/** What the start line says about demo data and the first admin. */
export function demoStartLines(start: DemoStart, plan: SeedPlan): string[] {
  const lines: string[] = []
  if (start.accounts.length > 0) {
    lines.push(start.seeded ? 'Demo data seeded. Demo accounts:' : 'Demo accounts:')
    for (const demo of start.accounts) {
      const detail =
        demo.password === null
          ? plan.passwords === 'random'
            ? '(password not shown: it was printed once, by the start that set it)'
            : '(password not shown: it is not the documented one)'
          : `password: ${demo.password}${demo.replaced ? '  (replaced the published password; its sessions were signed out)' : ''}`
      lines.push(`  ${demo.role.padEnd(18)} ${demo.email}  ${detail}`)
    }
    if (plan.passwords === 'random' && start.accounts.some((demo) => demo.password !== null)) {
      lines.push('These random passwords are printed only this once: keep them now.')
    }
  }
  if (!start.hasAdmin) {
    lines.push(
      'No admin account yet. Create the first one with the same DATA_DIR/DATABASE_URL:',
      "  npm run admin:create -- --email you@example.com --password 'A-Strong-Passw0rd' --first-name You --last-name Admin",
    )
  }
  return lines
}

const hour = 3_600_000

/** A few conversations so the demo feed is not empty; the demo accounts wrote them. */
async function seedDemoCommunity(db: Db, { adminId, memberId }: { adminId: string; memberId: string }) {
  const now = Date.now()
  const welcome = await insertPost(db, {
    userId: adminId,
    content:
      'Welcome to the Prestige Labs community! Introduce yourself below: what you do, what you are aiming for next, and one thing you could help others with.',
    createdAt: new Date(now - 50 * hour),
  })
  const introduction =
    'Hi all! Morgan here, product analyst in Toronto, moving towards product management. Happy to review SQL take-home tasks.'
  await insertComment(db, welcome.id, memberId, introduction, new Date(now - 49 * hour))
  await setLike(db, welcome.id, memberId, true)
  const question = await insertPost(db, {
    userId: memberId,
    content:
      'Got my first PM interview on Thursday. Any tips for the product-sense round? I have been practising with the CIRCLES framework.',
    createdAt: new Date(now - 3 * hour),
  })
  const advice =
    'Pick one user segment and go deep rather than listing every idea. Say your trade-offs out loud. Good luck!'
  await insertComment(db, question.id, adminId, advice, new Date(now - 2 * hour))
  await setLike(db, question.id, adminId, true)
}

const day = 24 * hour

/** The demo board: 36 open roles posted over the last five weeks (demo-jobs.ts). */
async function seedDemoJobs(db: Db, adminId: string) {
  const now = Date.now()
  for (const { postedDaysAgo, ...job } of demoJobs) {
    await createJob(db, { ...job, createdBy: adminId, postedAt: new Date(now - postedDaysAgo * day - 3 * hour) })
  }
}
