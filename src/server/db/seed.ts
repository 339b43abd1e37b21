import { count } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { user } from '#server/db/schema/auth.ts'
import { createMember, type MemberSpec } from '#server/modules/accounts/members.ts'
import { insertComment, insertPost, setLike } from '#server/modules/community/queries.ts'
import { demoJobs } from '#server/modules/jobs/demo-jobs.ts'
import { insertJob } from '#server/modules/jobs/queries.ts'
import { upsertSkills } from '#server/modules/profile/queries.ts'

// Demo accounts of the embedded default (README). They exist only in a demo
// database seeded on first start, never in a real deployment (SEED_DEMO_DATA).
export const demoAccounts = [
  { role: 'admin', email: 'admin@demo.prestigelabs.local', password: 'DemoAdmin2026', firstName: 'Avery', lastName: 'Admin', admin: true },
  { role: 'subscribed member', email: 'member@demo.prestigelabs.local', password: 'DemoMember2026', firstName: 'Morgan', lastName: 'Lee', subscribedDays: 30, location: 'Toronto', experienceLevel: 'Mid-Level', industries: ['Technology', 'Finance'] },
  { role: 'free member', email: 'free@demo.prestigelabs.local', password: 'DemoFree2026', firstName: 'Riley', lastName: 'Chen', location: 'Boston', experienceLevel: 'Early Career', industries: ['Education'] },
] as const satisfies ReadonlyArray<MemberSpec & { role: string }>

/** Seeds the demo accounts into an empty database; returns false when the database already had users. */
export async function seedDemoData(db: Db): Promise<boolean> {
  const [row] = await db.select({ users: count() }).from(user)
  if ((row?.users ?? 0) > 0) return false
  const ids: string[] = []
  for (const { role: _role, ...spec } of demoAccounts) ids.push((await createMember(db, spec as MemberSpec)).id)
  await seedDemoCommunity(db, { adminId: ids[0]!, memberId: ids[1]! })
  await seedDemoJobs(db, ids[0]!)
  // the subscribed member's own assessment, so the board shows how well each job fits
  await upsertSkills(db, ids[1]!, [
    { name: 'SQL', level: 'advanced' },
    { name: 'Python', level: 'intermediate' },
    { name: 'Data Analysis', level: 'advanced' },
    { name: 'Communication', level: 'advanced' },
    { name: 'Critical Thinking', level: 'intermediate' },
  ])
  return true
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
  const introduction = 'Hi all! Morgan here, product analyst in Toronto, moving towards product management. Happy to review SQL take-home tasks.'
  await insertComment(db, welcome.id, memberId, introduction, new Date(now - 49 * hour))
  await setLike(db, welcome.id, memberId, true)
  const question = await insertPost(db, {
    userId: memberId,
    content: 'Got my first PM interview on Thursday. Any tips for the product-sense round? I have been practising with the CIRCLES framework.',
    createdAt: new Date(now - 3 * hour),
  })
  const advice = 'Pick one user segment and go deep rather than listing every idea. Say your trade-offs out loud. Good luck!'
  await insertComment(db, question.id, adminId, advice, new Date(now - 2 * hour))
  await setLike(db, question.id, adminId, true)
}

const day = 24 * hour

/** The demo board: 36 open roles posted over the last five weeks (demo-jobs.ts). */
async function seedDemoJobs(db: Db, adminId: string) {
  const now = Date.now()
  for (const { postedDaysAgo, ...job } of demoJobs) {
    await insertJob(db, { ...job, createdBy: adminId, postedAt: new Date(now - postedDaysAgo * day - 3 * hour) })
  }
}
